import Foundation
import XCTest

/// Each Lua module is installed by the part that owns its state: `API/<Name>/` holds a class
/// that is a `Part` and the binding that extends it. A binding written as one more
/// `extension Engine` would put the module's state back in the centre, so it fails here.
final class PartLayoutTests: XCTestCase {
  static let api = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Sources/TideScript/API")

  func testEveryPartFolderHoldsAPartAndBindingsThatExtendIt() throws {
    let fileManager = FileManager.default
    let folders = try fileManager.contentsOfDirectory(atPath: Self.api.path).sorted().filter { name in
      var isDirectory: ObjCBool = false
      return fileManager.fileExists(atPath: Self.api.appendingPathComponent(name).path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
    XCTAssertGreaterThanOrEqual(folders.count, 10, "the parts' folders under \(Self.api.path)")
    let partDeclaration = /final class (\w+): Part\b/
    let extensionDeclaration = /^extension (\w+)/.anchorsMatchLineEndings()
    let binding = /\b(?:module|type)\("/
    for folder in folders {
      let url = Self.api.appendingPathComponent(folder)
      let files = try fileManager.contentsOfDirectory(atPath: url.path).filter { $0.hasSuffix(".swift") }.sorted()
      let texts = try files.map { try String(contentsOf: url.appendingPathComponent($0), encoding: .utf8) }
      let parts = Set(texts.flatMap { $0.matches(of: partDeclaration).map { String($0.1) } })
      XCTAssertFalse(parts.isEmpty, "API/\(folder) declares no `final class X: Part`")
      for (file, text) in zip(files, texts) {
        let extended = text.matches(of: extensionDeclaration).map { String($0.1) }
        XCTAssertFalse(extended.contains("Engine"), "API/\(folder)/\(file) extends Engine; a part installs its own module")
        if text.contains(binding) {
          XCTAssertTrue(
            extended.contains { parts.contains($0) },
            "API/\(folder)/\(file) registers Lua functions but extends none of the folder's parts (\(parts.sorted()))")
        }
      }
    }
  }

  /// Every part is listed in `Engine.parts`, which installs and resets it; the engine keeps a
  /// stored property only for the parts it calls itself, so adding a part does not grow the centre.
  func testEveryPartIsListedAndTheEngineStaysSmall() throws {
    let sources = Self.api.deletingLastPathComponent()
    let engine = try String(contentsOf: sources.appendingPathComponent("Engine/Engine.swift"), encoding: .utf8)
    let listed = try XCTUnwrap(engine.firstMatch(of: /\n    parts = \[([^\]]*)\]/), "Engine.init lists no `parts = [...]`")
    let names = Set(listed.1.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
    // The engine names each part by its type with the first letter lowered (`tasks`, `camera`...),
    // or by the name given at its `let`.
    let made = engine.matches(of: /(?:let )?(\w+) = (?:try )?(\w+)\(context:/).map { (String($0.1), String($0.2)) }
    let enumerator = FileManager.default.enumerator(atPath: Self.api.path)
    var partTypes: [String] = []
    while let path = enumerator?.nextObject() as? String {
      guard path.hasSuffix(".swift") else { continue }
      let text = try String(contentsOf: Self.api.appendingPathComponent(path), encoding: .utf8)
      partTypes += text.matches(of: /final class (\w+): Part\b/).map { String($0.1) }
    }
    XCTAssertGreaterThanOrEqual(partTypes.count, 10)
    for type in partTypes {
      let variable = try XCTUnwrap(made.first { $0.1 == type }?.0, "Engine.init does not make the part \(type)")
      XCTAssertTrue(names.contains(variable), "the part \(type) (`\(variable)`) is not in Engine's `parts`")
    }
    // Stored properties at the type's own indentation: `let x` / `var x` without a getter body.
    let storedProperty = /^  (?:(?:package|public|private|internal|fileprivate)(?:\(set\))? )*(?:let|var) (\w+)[^{\n]*$/
    let stored = engine.matches(of: storedProperty.anchorsMatchLineEndings())
    XCTAssertLessThanOrEqual(stored.count, 15, "Engine's stored properties: \(stored.map { String($0.1) })")
  }
}
