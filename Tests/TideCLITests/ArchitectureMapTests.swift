import Foundation
import XCTest

/// ARCHITECTURE.md draws every target with arrows to the targets it imports. A map that has
/// drifted from the code misleads the next engineer worse than none, so the drawing is checked
/// against the `import` lines of `Sources/`, and the README's copy against the drawing.
final class ArchitectureMapTests: XCTestCase {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  func testTheDrawnArrowsAreTheImportsOfSources() throws {
    let map = try Self.drawnMap(in: "ARCHITECTURE.md")
    let code = try Self.importsOfSources()
    XCTAssertEqual(Set(map.arrows.keys), Set(code.keys), "every folder of Sources/ is drawn once, and nothing else")
    for (target, found) in code.sorted(by: { $0.key < $1.key }) {
      guard let drawn = map.arrows[target] else { continue }
      for missing in found.imports.subtracting(drawn).sorted() {
        XCTFail("\(target) imports \(missing), but ARCHITECTURE.md draws no arrow \(target) ──► \(missing)")
      }
      // A C target's link to a system library is in Package.swift, not in a line of its own.
      guard found.hasSwift else { continue }
      for stale in drawn.subtracting(found.imports).sorted() {
        XCTFail("ARCHITECTURE.md draws \(target) ──► \(stale), but no file of Sources/\(target) imports it")
      }
    }
  }

  /// What a player runs may never reach a tool: a packed game carries the runtime alone.
  func testNoRuntimeTargetReachesATool() throws {
    let map = try Self.drawnMap(in: "ARCHITECTURE.md")
    XCTAssertFalse(map.runtime.isEmpty, "ARCHITECTURE.md names the runtime's targets on a `runtime:` line")
    for target in map.runtime.sorted() {
      XCTAssertNotNil(map.arrows[target], "the runtime target \(target) is drawn")
      for reached in Self.reach(from: target, in: map.arrows).sorted() where !map.runtime.contains(reached) {
        XCTFail("the runtime target \(target) reaches \(reached), which is not part of the runtime")
      }
    }
  }

  func testTheReadmeDrawsTheSameMap() throws {
    let architecture = try Self.drawnMap(in: "ARCHITECTURE.md")
    let readme = try Self.drawnMap(in: "README.md")
    XCTAssertEqual(readme.block, architecture.block, "README.md's layer drawing is a copy of ARCHITECTURE.md's")
  }

  /// The parser itself: a drawing it cannot read must fail, not pass as an empty map.
  func testAMapWithoutItsBlockIsAnError() {
    XCTAssertThrowsError(try Self.parse("# nothing drawn here\n", file: "x.md"))
    XCTAssertThrowsError(try Self.parse("```layers\nA ──► B\n", file: "x.md"), "an unclosed block")
    let map = try? Self.parse("```layers\nruntime: A\nA ──► B C\nB\nC ──► B\n```\n", file: "x.md")
    XCTAssertEqual(map?.arrows, ["A": ["B", "C"], "B": [], "C": ["B"]])
    XCTAssertEqual(map?.runtime, ["A"])
  }

  // MARK: Reading the drawing and the code

  struct DrawnMap {
    /// The lines of the fenced block, as written.
    var block: [String]
    /// Each target and the targets it has arrows to.
    var arrows: [String: Set<String>]
    /// The targets a player's build is made of.
    var runtime: Set<String>
  }

  struct MapError: Error, CustomStringConvertible {
    var description: String
  }

  static func drawnMap(in file: String) throws -> DrawnMap {
    try parse(String(contentsOf: root.appendingPathComponent(file), encoding: .utf8), file: file)
  }

  /// Reads the first ```layers block: `runtime: A B`, then a line a target, `A ──► B C` or a
  /// lone `A` for a target that imports none of the others.
  static func parse(_ text: String, file: String) throws -> DrawnMap {
    let lines = text.components(separatedBy: "\n")
    guard let start = lines.firstIndex(of: "```layers") else {
      throw MapError(description: "\(file) has no ```layers block")
    }
    guard let end = lines[(start + 1)...].firstIndex(of: "```") else {
      throw MapError(description: "\(file): the ```layers block is not closed")
    }
    var map = DrawnMap(block: Array(lines[(start + 1)..<end]), arrows: [:], runtime: [])
    for line in map.block where !line.trimmingCharacters(in: .whitespaces).isEmpty {
      if line.hasPrefix("runtime:") {
        map.runtime = Set(line.dropFirst("runtime:".count).split(separator: " ").map(String.init))
        continue
      }
      let sides = line.components(separatedBy: "──►")
      guard sides.count <= 2, let name = sides[0].split(separator: " ").first.map(String.init),
        sides[0].split(separator: " ").count == 1
      else { throw MapError(description: "\(file): cannot read the layer line '\(line)'") }
      guard map.arrows[name] == nil else { throw MapError(description: "\(file): \(name) is drawn twice") }
      map.arrows[name] = sides.count == 2 ? Set(sides[1].split(separator: " ").map(String.init)) : []
    }
    return map
  }

  struct FoundImports {
    /// The other folders of Sources/ this one's files import or include.
    var imports: Set<String> = []
    var hasSwift = false
  }

  /// Each folder of Sources/ and what its files import: a Swift file's `import` of another
  /// folder's module, a C file's `#include` of a header that lies in another folder.
  static func importsOfSources() throws -> [String: FoundImports] {
    let sources = root.appendingPathComponent("Sources")
    let files = FileManager.default
    let targets = try files.contentsOfDirectory(atPath: sources.path).filter { name in
      var isDirectory: ObjCBool = false
      return files.fileExists(atPath: sources.appendingPathComponent(name).path, isDirectory: &isDirectory)
        && isDirectory.boolValue && !name.hasPrefix(".")
    }
    let known = Set(targets)
    func paths(in target: String) -> [String] {
      let folder = sources.appendingPathComponent(target)
      return (files.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []).sorted()
    }
    // Header names can repeat across folders (two shim.h): an include means its own folder's
    // header first, and another folder's only when that one alone has it.
    var headers: [String: Set<String>] = [:]
    for target in targets {
      for path in paths(in: target) where path.hasSuffix(".h") {
        headers[(path as NSString).lastPathComponent, default: []].insert(target)
      }
    }
    var imports: [String: FoundImports] = [:]
    for target in targets {
      var found = FoundImports()
      let folder = sources.appendingPathComponent(target)
      for path in paths(in: target) where path.hasSuffix(".c") || path.hasSuffix(".h") {
        let text = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
        for line in text.split(separator: "\n") where line.hasPrefix("#include") {
          let name = line.dropFirst("#include".count).trimmingCharacters(in: CharacterSet(charactersIn: " <>\""))
          let owners = headers[(name as NSString).lastPathComponent] ?? []
          if !owners.contains(target), owners.count == 1, let owner = owners.first { found.imports.insert(owner) }
        }
      }
      for path in paths(in: target) where path.hasSuffix(".swift") {
        found.hasSwift = true
        let text = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
        for line in text.split(separator: "\n") {
          // `import X`, `@testable import X`, `package import X`, `import struct X.Y`.
          let words = line.split(separator: " ").map(String.init)
          guard let at = words.firstIndex(of: "import"), words[..<at].allSatisfy({ $0.hasPrefix("@") || $0 == "package" || $0 == "public" || $0 == "internal" })
          else { continue }
          let rest = words[(at + 1)...]
          guard var module = rest.first else { continue }
          if ["struct", "class", "enum", "protocol", "func", "var", "let", "typealias"].contains(module), rest.count > 1 {
            module = rest[rest.startIndex + 1]
          }
          let name = String(module.split(separator: ".").first ?? "")
          if known.contains(name), name != target { found.imports.insert(name) }
        }
      }
      imports[target] = found
    }
    return imports
  }

  static func reach(from target: String, in arrows: [String: Set<String>]) -> Set<String> {
    var seen = Set<String>()
    var next = Array(arrows[target] ?? [])
    while let name = next.popLast() {
      guard seen.insert(name).inserted else { continue }
      next.append(contentsOf: arrows[name] ?? [])
    }
    return seen
  }
}
