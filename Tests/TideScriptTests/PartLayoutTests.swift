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
}
