import Foundation
#if canImport(FoundationXML)
  import FoundationXML
#endif
import XCTest

/// `tide test` writes JUnit the same way every run.
extension CLITests {
  /// A game made by `tide new` in a scratch folder: 3 Lua tests, one replay, one golden screen.
  func newGame(_ name: String = "demo") throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tide-report-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    let made = try tide(["new", name, "--path", folder.path])
    XCTAssertEqual(made.status, 0, made.stdout + made.stderr)
    return folder.appendingPathComponent(name)
  }

  /// pl.xml wrote attributes in `pairs` order, which Lua changes from run to run.
  func testJUnitAttributesComeInTheSameOrderEveryRun() throws {
    let game = try newGame()
    var tags: Set<String> = []
    for _ in 0..<3 {
      let result = try tide(["test", game.path, "--format", "junit"], timeout: 120)
      XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
      // Each opening tag with its attribute names, values left out (times differ).
      let opening = try NSRegularExpression(pattern: "<(testsuites|testsuite|testcase)\\b[^>]*>")
      let names = try NSRegularExpression(pattern: "\\s([a-z]+)=['\"]")
      let text = result.stdout as NSString
      let shapes = opening.matches(in: result.stdout, range: NSRange(location: 0, length: text.length)).map { match in
        let tag = text.substring(with: match.range)
        let attributes = names.matches(in: tag, range: NSRange(location: 0, length: (tag as NSString).length))
          .map { (tag as NSString).substring(with: $0.range(at: 1)) }
        return text.substring(with: match.range(at: 1)) + " " + attributes.joined(separator: " ")
      }
      XCTAssertTrue(shapes.contains("testsuite name tests failures errors skip time timestamp"), "\(shapes)")
      tags.insert(shapes.joined(separator: "\n"))
    }
    XCTAssertEqual(tags.count, 1, "\(tags)")
  }
}
