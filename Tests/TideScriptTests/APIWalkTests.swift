import Foundation
import TideDocs
import TideScript
import XCTest

/// `docs/api.md` names exactly what a game and a test can reach under `tide` at run time.
final class APIWalkTests: XCTestCase {
  private var packageRoot: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  }

  /// Names reachable but not yet documented. This list may only shrink: a name documented
  /// since must leave it, and a new name must get docs rather than join it.
  static let knownGaps: Set<String> = []

  /// Every `tide.…` heading of docs/api.md: modules (`## tide.ui`) and entries (`### tide.ui.go`).
  private func documentedNames() throws -> Set<String> {
    let text = try String(contentsOf: packageRoot.appendingPathComponent("docs/api.md"), encoding: .utf8)
    var names = Set<String>()
    for line in text.split(separator: "\n") where line.hasPrefix("## tide") || line.hasPrefix("### tide") {
      let heading = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
      names.insert(String(heading.prefix { $0 != "(" && $0 != " " }))
    }
    return names
  }

  func testEveryNameUnderTideIsDocumentedAndEveryDocumentedNameExists() throws {
    let walked = try Engine.runtimeNames()
    let reachable = Set(["tide"] + walked.game.dottedNames() + walked.test.dottedNames())
    let documented = try documentedNames()
    let undocumented = reachable.subtracting(documented).subtracting(Self.knownGaps).sorted()
    XCTAssertEqual(undocumented, [], undocumented.map { name in
      "\n\(name) is reachable at run time but docs/api.md does not document it: add a `///` comment above its "
        + "`m.function(\"…\")` in Sources/TideScript/API (or a `---` block above it in Sources/TideScript/Lua/tide/<module>.lua), then run `swift run tide docs`"
    }.joined())
    let absent = documented.subtracting(reachable).sorted()
    XCTAssertEqual(absent, [], absent.map { "\n\($0) is documented in docs/api.md but nothing under `tide` has that name at run time: fix the doc comment or the binding, then run `swift run tide docs`" }.joined())
    let closed = Self.knownGaps.intersection(documented).union(Self.knownGaps.subtracting(reachable)).sorted()
    XCTAssertEqual(closed, [], "documented or gone since: remove from APIWalkTests.knownGaps: \(closed)")
  }
}
