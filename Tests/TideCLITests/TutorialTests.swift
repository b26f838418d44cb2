import Foundation
import XCTest

/// docs/tutorial.md builds Content/memory step by step, and cannot drift from it.
///
/// A fenced block whose info string names a file and a step (```lua -- main.lua, step 3) is that
/// file's whole text at that step; a ```sh -- step 1 block holds `rm` lines run in the game folder
/// before that step's files are written. Starting from `tide new memory`, every step must pass
/// `tide check --strict` and run headless with the tutorial's smoke taps without an error; the last
/// must pass `tide test` and be Content/memory, file for file and byte for byte, but for what
/// commands make (the golden PNGs and the recorded replays).
final class TutorialTests: XCTestCase {
  static let tutorial = CLITests.root.appendingPathComponent("docs/tutorial.md")
  static let game = CLITests.root.appendingPathComponent("Content/memory")

  struct Step {
    var number: Int
    var removals: [String] = []
    var files: [(path: String, text: String)] = []
  }

  struct TutorialError: Error, CustomStringConvertible {
    var description: String
  }

  func testEveryStepRunsAndTheLastIsContentMemory() throws {
    let steps = try Self.steps(in: String(contentsOf: Self.tutorial, encoding: .utf8))
    XCTAssertGreaterThanOrEqual(steps.count, 4, "the tutorial should build the game in several steps")
    // The smoke taps (tests/smoke.input, as the tutorial writes it) drive every step's run, so a
    // tap handler's error shows in the step that brings it.
    guard let smoke = steps.flatMap(\.files).last(where: { $0.path == "tests/smoke.input" }) else {
      return XCTFail("docs/tutorial.md writes no tests/smoke.input")
    }
    let scratch = try scratchFolder()
    let taps = scratch.appendingPathComponent("smoke.input")
    try smoke.text.write(to: taps, atomically: true, encoding: .utf8)

    let folder = try newGame(in: scratch)
    for step in steps {
      try apply(step, to: folder)
      let check = try tide(["check", "--strict", folder.path], timeout: 120)
      XCTAssertEqual(check.status, 0, "step \(step.number): tide check --strict\n\(check.stdout)\(check.stderr)")
      let run = try tide(["run", folder.path, "--headless", "--seconds", "3", "--input", taps.path], timeout: 120)
      XCTAssertEqual(run.status, 0, "step \(step.number): tide run --headless\n\(run.stdout)\(run.stderr)")
      XCTAssertTrue(run.stdout.contains("; 0 errors;"), "step \(step.number): \(run.stdout)")
    }
    let test = try tide(["test", folder.path], timeout: 300)
    XCTAssertEqual(test.status, 0, "the last step's tide test\n\(test.stdout)\(test.stderr)")
    XCTAssertTrue(test.stdout.contains(" passed, 0 failed"), test.stdout)

    let differences = try Self.differences(built: folder, game: Self.game)
    XCTAssertEqual(differences, [], "docs/tutorial.md and Content/memory differ:\n" + differences.joined(separator: "\n"))
  }

  /// The comparison is what keeps the two together: one byte changed in the tutorial's last
  /// main.lua, or a file it no longer writes, must be reported.
  func testATutorialThatDriftedFromTheGameIsCaught() throws {
    let steps = try Self.steps(in: String(contentsOf: Self.tutorial, encoding: .utf8))
    guard let last = steps.indices.last(where: { i in steps[i].files.contains { $0.path == "main.lua" } }),
      let file = steps[last].files.firstIndex(where: { $0.path == "main.lua" })
    else { return XCTFail("docs/tutorial.md writes no main.lua") }

    var edited = steps
    edited[last].files[file].text = edited[last].files[file].text.replacingOccurrences(of: "peek_time", with: "peek_tim")
    let folder = try newGame(in: scratchFolder())
    for step in edited { try apply(step, to: folder) }
    XCTAssertTrue(try Self.differences(built: folder, game: Self.game).contains { $0.hasPrefix("differs: main.lua") })

    var dropped = steps
    for i in dropped.indices { dropped[i].files.removeAll { $0.path == "data/board.lua" } }
    let other = try newGame(in: scratchFolder())
    for step in dropped { try apply(step, to: other) }
    XCTAssertTrue(try Self.differences(built: other, game: Self.game).contains("only in Content/memory: data/board.lua"))
  }

  func testTheStepsAreReadAsTheTutorialSaysTheyAre() throws {
    let text = """
      Intro.

      ```sh
      tide run Content/memory
      ```

      ```sh -- step 1
      rm -r data/game.lua tests
      ```

      ```lua -- main.lua, step 1
      print("one")

      ```

      ```lua -- main.lua, step 2
      print("two")
      ```

      """
    let steps = try Self.steps(in: text)
    XCTAssertEqual(steps.map(\.number), [1, 2])
    XCTAssertEqual(steps[0].removals, ["data/game.lua", "tests"])
    XCTAssertEqual(steps[0].files.map(\.path), ["main.lua"])
    XCTAssertEqual(steps[0].files.first?.text, "print(\"one\")\n\n")
    XCTAssertEqual(steps[1].files.first?.text, "print(\"two\")\n")

    XCTAssertThrowsError(try Self.steps(in: "```lua -- main.lua, step 2\n```\n```lua -- main.lua, step 1\n```\n"))
    XCTAssertThrowsError(try Self.steps(in: "```sh -- step 1\ncd Content/memory\n```\n"))
    XCTAssertThrowsError(try Self.steps(in: "```lua -- ../main.lua, step 1\n```\n"))
    XCTAssertThrowsError(try Self.steps(in: "```lua -- main.lua, step 1\nx = 1\n"))
    XCTAssertThrowsError(try Self.steps(in: "```lua -- main.lua\n```\n"))
  }

  // MARK: - Reading the tutorial

  /// The steps of a tutorial, in order: the files each writes and the paths it removes first.
  static func steps(in text: String) throws -> [Step] {
    var steps: [Step] = []
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
    var lineNumber = 0
    while let line = lines.popFirst() {
      lineNumber += 1
      guard line.hasPrefix("```") else { continue }
      let opened = lineNumber
      var body: [Substring] = []
      var closed = false
      while let inner = lines.popFirst() {
        lineNumber += 1
        if inner == "```" {
          closed = true
          break
        }
        body.append(inner)
      }
      guard closed else { throw TutorialError(description: "line \(opened): the block never closes") }
      let info = line.dropFirst(3)
      guard let dashes = info.range(of: " -- ") else { continue }  // an untagged block: commands, output
      let tag = String(info[dashes.upperBound...])
      let (path, number) = try parseTag(tag, line: opened)
      if let last = steps.last, number < last.number {
        throw TutorialError(description: "line \(opened): step \(number) comes after step \(last.number)")
      }
      if steps.last?.number != number { steps.append(Step(number: number)) }
      if let path {
        guard !steps[steps.count - 1].files.contains(where: { $0.path == path }) else {
          throw TutorialError(description: "line \(opened): step \(number) writes \(path) twice")
        }
        steps[steps.count - 1].files.append((path, body.map { $0 + "\n" }.joined()))
      } else {
        steps[steps.count - 1].removals += try removals(body, line: opened)
      }
    }
    return steps
  }

  /// `main.lua, step 3` (a file) or `step 1` (removals).
  private static func parseTag(_ tag: String, line: Int) throws -> (String?, Int) {
    let parts = tag.components(separatedBy: ", ")
    guard let stepPart = parts.last, stepPart.hasPrefix("step "), let number = Int(stepPart.dropFirst(5)), parts.count <= 2
    else { throw TutorialError(description: "line \(line): '\(tag)' is not 'FILE, step N' or 'step N'") }
    guard parts.count == 2 else { return (nil, number) }
    return (try checkedPath(parts[0], line: line), number)
  }

  /// The paths of `rm` lines; any other command in a step's shell block would go untested.
  private static func removals(_ body: [Substring], line: Int) throws -> [String] {
    var paths: [String] = []
    for command in body where !command.trimmingCharacters(in: .whitespaces).isEmpty {
      let words = command.split(separator: " ").map(String.init)
      guard words.first == "rm" else {
        throw TutorialError(description: "line \(line): a step's sh block may only remove files, not '\(command)'")
      }
      paths += try words.dropFirst().filter { !$0.hasPrefix("-") }.map { try checkedPath($0, line: line) }
    }
    return paths
  }

  /// A path inside the game folder.
  private static func checkedPath(_ path: String, line: Int) throws -> String {
    guard !path.isEmpty, !path.hasPrefix("/"), !path.split(separator: "/").contains("..") else {
      throw TutorialError(description: "line \(line): '\(path)' is not a path inside the game folder")
    }
    return path
  }

  // MARK: - Building and comparing

  private func scratchFolder() throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tide-tutorial-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    return dir
  }

  /// `tide new memory`, as the tutorial starts.
  private func newGame(in folder: URL) throws -> URL {
    let made = try tide(["new", "memory", "--path", folder.path], timeout: 120)
    guard made.status == 0 else { throw TutorialError(description: "tide new memory failed: \(made.stderr)") }
    return folder.appendingPathComponent("memory")
  }

  private func apply(_ step: Step, to folder: URL) throws {
    for path in step.removals {
      let url = folder.appendingPathComponent(path)
      guard FileManager.default.fileExists(atPath: url.path) else {
        throw TutorialError(description: "step \(step.number) removes \(path), which is not there")
      }
      try FileManager.default.removeItem(at: url)
    }
    for (path, text) in step.files {
      let url = folder.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
  }

  /// Files the reader makes with commands rather than by typing: golden PNGs, recorded replays,
  /// and the editor library and lint standard `tide new` writes.
  static func isMadeByCommands(_ path: String) -> Bool {
    (path.hasPrefix("tests/golden/") && path.hasSuffix(".png")) || path.hasPrefix("tests/replays/")
      || path.hasPrefix(".meta/") || path == ".luacheckrc"
  }

  /// What differs between the folder the tutorial built and the game, one line each; empty when
  /// they agree. The game must also hold a PNG for each golden input and at least one replay.
  static func differences(built: URL, game: URL) throws -> [String] {
    let mine = try files(in: built).filter { !isMadeByCommands($0) }
    let theirs = try files(in: game)
    var found: [String] = []
    for path in mine.subtracting(theirs).sorted() { found.append("only in the tutorial: \(path)") }
    for path in theirs.filter({ !isMadeByCommands($0) }).subtracting(mine).sorted() {
      found.append("only in Content/memory: \(path)")
    }
    for path in mine.intersection(theirs).sorted() {
      let a = try comparable(built.appendingPathComponent(path))
      let b = try comparable(game.appendingPathComponent(path))
      guard a != b else { continue }
      let lineA = String(decoding: a, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
      let lineB = String(decoding: b, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
      let first = lineA.indices.first { $0 >= lineB.count || lineA[$0] != lineB[$0] } ?? lineA.count
      found.append("differs: \(path) from line \(first + 1)")
    }
    for input in theirs where input.hasPrefix("tests/golden/") && input.hasSuffix(".input") {
      let png = String(input.dropLast(".input".count)) + ".png"
      if !theirs.contains(png) { found.append("no golden screen: Content/memory/\(png)") }
    }
    if !theirs.contains(where: { $0.hasPrefix("tests/replays/") && $0.hasSuffix(".input") }) {
      found.append("no recorded replay in Content/memory/tests/replays/")
    }
    return found
  }

  /// A file's bytes, but for `.luarc.json`'s path to the LuaLS library, which `tide new` writes
  /// relative to where the game is made (absolute in a scratch folder).
  private static func comparable(_ url: URL) throws -> Data {
    let data = try Data(contentsOf: url)
    guard url.lastPathComponent == ".luarc.json" else { return data }
    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
    return Data(lines.filter { !$0.contains("\"workspace.library\"") }.joined(separator: "\n").utf8)
  }

  /// Every regular file under `folder`, hidden ones included, by path inside it.
  private static func files(in folder: URL) throws -> Set<String> {
    let base = folder.standardizedFileURL.path + "/"
    guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else {
      throw TutorialError(description: "cannot list \(folder.path)")
    }
    var paths: Set<String> = []
    for case let url as URL in walker {
      guard try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true else { continue }
      let path = url.standardizedFileURL.path
      paths.insert(path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path)
    }
    return paths
  }
}
