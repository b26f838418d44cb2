import Foundation
import XCTest

@testable import TideDocs
@testable import TideScript

/// `docs/examples.md`: every game in `Content/`, kept current by this test.
final class ExamplesPageTests: XCTestCase {
  private var packageRoot: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  }

  func testCommittedPageIsCurrentAndShowsEveryGame() throws {
    let content = packageRoot.appendingPathComponent("Content")
    let page = try ExamplesPage.generate(content: content)
    let committed = try String(contentsOf: packageRoot.appendingPathComponent("docs/examples.md"), encoding: .utf8)
    XCTAssertEqual(committed, page, "docs/examples.md is out of date with Content/: run `tide docs`")
    let games = try FileManager.default.contentsOfDirectory(atPath: content.path).filter {
      FileManager.default.fileExists(atPath: content.appendingPathComponent("\($0)/main.lua").path)
    }
    XCTAssertGreaterThanOrEqual(games.count, 6)
    for game in games {
      XCTAssertTrue(page.contains("\n## \(game)\n"), "no section for \(game)")
      let image = try XCTUnwrap(page.range(of: "<img src=\"../Content/\(game)/"), "no screen for \(game)")
      let path = page[image.upperBound...].prefix { $0 != "\"" }
      XCTAssertTrue(FileManager.default.fileExists(atPath: content.appendingPathComponent("\(game)/\(path)").path), String(path))
    }
  }

  func testHeaderCommentBecomesParagraphsAndItems() {
    let source = """
      -- Shapes: a line
      -- that goes on.
      --
      -- Screens:
      --   clip: moles in
      --         holes.
      --   time: a clock.
      -- After the list.
      local x = 1
      -- not part of the header
      """
    XCTAssertEqual(ExamplesPage.headerParagraphs(source), [
      "Shapes: a line that goes on.", "Screens:", "- clip: moles in holes.\n- time: a clock.", "After the list.",
    ])
  }
}
