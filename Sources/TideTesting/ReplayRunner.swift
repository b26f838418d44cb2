import Foundation
import LuaBridge
import TideCore
import TideSDL
import TideScript

/// Runs a game's `tests/replays/*.input` as tests: each replays to its end with no script
/// error, and its `@expect <seconds> <Lua expression>` lines hold at their times.
///
/// Kept apart from the Lua test runner so `tide test` calls both and either can change alone.
public enum ReplayRunner {
  /// The replay files of a game, sorted.
  public static func files(in game: URL) -> [URL] {
    let folder = game.appendingPathComponent("tests/replays")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".input") }.sorted().map { folder.appendingPathComponent($0) }
  }

  /// Runs every replay of the game at `game` whose name (`tests/replays/<file>`) contains
  /// `filter`, if one is given: one test entry each.
  public static func run(game: URL, displayPath: String, filter: String? = nil) -> [TestEntry] {
    run(game: game, displayPath: displayPath) { name in filter.map { name.contains($0) } ?? true }
  }

  /// Runs every replay of the game at `game` whose name (`tests/replays/<file>`) `keep` keeps.
  public static func run(game: URL, displayPath: String, keep: (String) -> Bool) -> [TestEntry] {
    files(in: game).compactMap { file in
      let name = "tests/replays/" + file.lastPathComponent
      if !keep(name) { return nil }
      return TestEntry.timed {
        TestEntry(game: displayPath, file: name, failure: runOne(file, game: game, displayPath: displayPath))
      }
    }
  }

  /// Runs one replay; nil when it passed, else why not. `onSecond` sees the engine after every
  /// whole second of game time (determinism tests hash the scene there).
  public static func runOne(_ file: URL, game: URL, displayPath: String, onSecond: ((Engine) -> Void)? = nil) -> String? {
    let script: InputScript
    do {
      // Only plain files are replays: a FIFO left in the folder blocked `tide test` for good.
      script = try InputScript(text: try InputScript.text(of: file, regularFileOnly: true, inside: [game]))
    } catch let error as InputScript.ParseError {
      return error.description
    } catch let error as InputScript.FileError {
      return error.description
    } catch {
      return "cannot read it: \(error)"
    }
    let saves = FileManager.default.temporaryDirectory.appendingPathComponent("tide-replay-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: saves) }
    var options = EngineOptions()
    options.seed = script.seed ?? 1
    options.options = script.options
    options.designSize = script.size
    options.saveDirectory = saves
    options.logErrors = false
    let engine: Engine
    do {
      engine = try Engine(gameDirectory: game, displayPath: displayPath, backend: HeadlessBackend.withGameFonts(), options: options)
      try engine.start()
    } catch {
      return "game failed to start: \(error.description)"
    }
    let end = script.endTick()
    // An event at or past @end never plays: a hand-cut replay would pass without what it was
    // meant to test. (A recording writes only the events before its @end.)
    if let late = script.entries.first(where: { $0.tick >= end }) {
      return "an event at \(InputRecording.time(late.tick)) s is not before the replay's @end "
        + "(\(InputRecording.time(end)) s), so it would never play"
    }
    var next = 0
    var expectations = script.expectations[...]
    while true {
      while let expectation = expectations.first, expectation.tick <= engine.tick {
        expectations.removeFirst()
        if let failure = check(expectation, engine) { return failure }
      }
      if let first = engine.errors.all.first(where: { !$0.isWarning }) {
        return "\(first.title.lowercased()) by tick \(engine.tick): \(first.message)"
      }
      guard engine.tick < end else { break }
      while next < script.entries.count, script.entries[next].tick <= engine.tick {
        engine.enqueue(script.entries[next].event)
        next += 1
      }
      engine.step()
      if engine.tick % 60 == 0 { onSecond?(engine) }
    }
    if let late = expectations.first { return "line \(late.line): @expect after the replay's end" }
    return nil
  }

  /// Evaluates an expectation with `find`, `find_all`, `scene`, `time` and `reports` in scope.
  static func check(_ expectation: InputScript.Expectation, _ engine: Engine) -> String? {
    let lua = engine.lua
    let top = lua.top
    defer { lua.pop(lua.top - top) }
    let where_ = "line \(expectation.line) (@expect at tick \(expectation.tick))"
    // The queries that found nothing: `find{...}.text` then fails on a nil, and the message says which.
    var emptyFinds: [String] = []
    do {
      // One line, so Lua's positions are all line 1 (cut below: `where_` names the file's line);
      // the closing parenthesis on a line of its own, as a trailing `-- comment` would swallow it.
      try lua.load(
        "local find, find_all, scene, time, reports = ...; return (\(expectation.expression)\n)", chunkName: "=@expect")
      lua.push { lua in
        let query = try NodeQuery(lua, 1)
        if let node = engine.scene.find(where: query.matches) {
          engine.pushSprite(node, on: lua)
        } else {
          if emptyFinds.count < 4 { emptyFinds.append("find" + query.luaSource) }
          lua.pushNil()
        }
        return 1
      }
      lua.push { lua in
        let query = try NodeQuery(lua, 1)
        let nodes = engine.scene.findAll(where: query.matches)
        lua.newTable(narr: Int32(nodes.count))
        for (i, node) in nodes.enumerated() {
          engine.pushSprite(node, on: lua)
          lua.rawSet(-2, index: i + 1)
        }
        return 1
      }
      lua.push { lua in
        if let name = engine.currentSceneName { lua.push(name) } else { lua.pushNil() }
        return 1
      }
      lua.push { lua in
        lua.push(engine.time)
        return 1
      }
      lua.push { lua in
        engine.pushReports(on: lua)
        return 1
      }
      try lua.pcall(nargs: 5, nresults: 1)
    } catch {
      var message = error.message
      if let position = message.range(of: #"^@expect:\d+: "#, options: .regularExpression) { message.removeSubrange(position) }
      if !emptyFinds.isEmpty { message += " (\(emptyFinds.joined(separator: ", ")) found nothing)" }
      return "\(where_): \(shortened(message))"
    }
    return lua.toBool(at: -1) ? nil : "\(where_): not true: \(shortened(expectation.expression))"
  }

  /// `text` on one line and at most `Limits.errorMessageBytes`: the runner prints one line per
  /// replay, and error(string.rep("x\n", 1e6)) printed a million.
  static func shortened(_ text: String) -> String {
    let line = text.replacingOccurrences(of: "\r\n", with: " ").replacingOccurrences(of: "\n", with: " ")
    let bytes = line.utf8.count
    guard bytes > Limits.errorMessageBytes else { return line }
    var kept = Substring(line).utf8.prefix(Limits.errorMessageBytes)
    while !kept.isEmpty, String(kept) == nil { kept = kept.dropLast() }
    return (String(kept) ?? "") + "... (\(bytes - kept.count) more bytes)"
  }
}
