import Foundation
import XCTest

/// `tide check --layout` on Tests/Fixtures/layout: a screen that holds one layout problem per
/// `--option problem=...`, and none with the default. Rendered offscreen with the real fonts.
final class LayoutCheckTests: XCTestCase {
  static let fixture = "Tests/Fixtures/layout"

  func layout(_ extra: [String]) throws -> CLIResult {
    try tide(["check", "--layout", Self.fixture] + extra, timeout: 60)
  }

  /// Problem lines: the rest of stdout is the check's own summary lines, the screens checked
  /// and warnings of presses that hit nothing.
  func problems(_ result: CLIResult) -> [String] {
    result.stdout.split(separator: "\n").map(String.init).filter { $0.hasPrefix("\(Self.fixture) ") && !$0.contains(": warning: ") }
  }

  func testCleanScreenPassesAtEveryDeclaredSizeAndEachGoldenAtItsOwn() throws {
    let result = try layout([])
    XCTAssertEqual(result.status, 0, result.stderr + result.stdout)
    XCTAssertEqual(problems(result), [])
    // first screen at both conf.lua sizes, tablet.input at its @size alone.
    XCTAssertTrue(result.stdout.contains("no layout problems in 3 screens (sizes 240x320, 320x240, 400x300)"), result.stdout)
  }

  /// Star Catcher, an action game: stars fall through a clipped field and grow in, a "+1" fades
  /// as a sprite with alpha, what moves is marked moving. It passes as drawn.
  func testAnActionGamePassesAsDrawn() throws {
    let result = try tide(["check", "--layout", "Tests/Fixtures/star-catcher"], timeout: 60)
    XCTAssertEqual(result.status, 0, result.stderr + result.stdout)
    XCTAssertFalse(result.stdout.contains("warning"), result.stdout)
    XCTAssertTrue(result.stdout.contains("no layout problems in 4 screens (sizes 375x667, 390x844)"), result.stdout)
  }

  func testAModalOverTheScreenIsNotAProblem() throws {
    // The dim takes the button's taps and the panel's text overlaps the title, all on purpose.
    let result = try layout(["--option", "problem=modal"])
    XCTAssertEqual(result.status, 0, result.stderr + result.stdout)
    XCTAssertEqual(problems(result), [])
  }

  func testEachProblemIsFoundNamingScreenSizeAndSprite() throws {
    let cases: [(option: String, line: String)] = [
      ("offscreen", "first screen 240x320: text outside the screen: Node(text #3 'title') 'Title'"),
      ("widget", "first screen 240x320: text outside its widget: Node(text #5 'label') 'A label far too long'"),
      ("overlap", "first screen 240x320: text overlaps text: Node(text #3 'title') 'Title' and Node(text #6 'hint') 'Hint'"),
      ("covered", "first screen 240x320: tappable sprite covered: Node(rect #4 'button') at (120, 160) is under Node(rect #6 'bar')"),
      ("contrast", "first screen 240x320: low contrast: Node(text #6 'hint') 'Hint' is #333333 on #202020, 1.29:1 (needs 4.5:1)"),
    ]
    for (option, line) in cases {
      let result = try layout(["--option", "problem=\(option)"])
      XCTAssertEqual(result.status, 1, option)
      let found = problems(result)
      XCTAssertTrue(found.contains { $0.hasPrefix("\(Self.fixture) \(line)") }, "\(option): \(found)")
      // The same problem at the other sizes, and nothing else.
      XCTAssertEqual(found.count, 3, "\(option): \(found)")
      XCTAssertTrue(found.contains { $0.hasPrefix("\(Self.fixture) tests/golden/tablet.input 400x300: ") }, "\(option): \(found)")
      XCTAssertEqual(result.stderr, "tide: 3 layout problems (--warn reports them without failing)\n", option)
    }
  }

  func testWarnReportsButExitsZero() throws {
    let result = try layout(["--warn", "--option", "problem=contrast"])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertEqual(problems(result).count, 3, result.stdout)
    XCTAssertEqual(result.stderr, "")
    XCTAssertTrue(result.stdout.contains("3 layout problems in 3 screens"), result.stdout)
  }

  func testSizeChecksThatSizeOnly() throws {
    let result = try layout(["--size", "320x240", "--option", "problem=offscreen"])
    XCTAssertEqual(result.status, 1)
    let found = problems(result)
    // The first screen at 320x240; tablet.input taps 400x300's layout, so it is skipped there.
    XCTAssertEqual(found.count, 1, "\(found)")
    XCTAssertTrue(found.allSatisfy { $0.contains(" 320x240: text outside the screen") }, "\(found)")
    XCTAssertTrue(result.stdout.contains("  skipped Tests/Fixtures/layout tests/golden/tablet.input: made for @size 400x300, not 320x240\n"), result.stdout)
  }

  /// --warn reports lint warnings without failing, as it does layout problems; --strict, the
  /// old way to fail on warnings (now the default), cannot be said with it.
  func testWarnAndStrictAreOpposites() throws {
    let result = try tide(["check", "--warn", "--strict", Self.fixture])
    XCTAssertNotEqual(result.status, 0)
    XCTAssertTrue(result.stderr.contains("--strict and --warn say opposite things"), result.stderr)
    XCTAssertTrue(result.stderr.contains("tide check"), "the usage names the subcommand: \(result.stderr)")
  }
  /// A game whose one button sits at the bottom right of any screen: a tap placed for 240x320
  /// reaches the next scene there and lands on nothing at 320x240.
  func cornerButtonGame(input: String) throws -> URL {
    try makeGame([
      "conf.lua": "return { title = \"Corner\", width = 240, height = 320, sizes = { \"240x320\", \"320x240\" }, scene = \"play\" }\n",
      "main.lua": """
        tide.scene.define("play", {
          enter = function()
            local w, h = tide.screen.width, tide.screen.height
            local button = tide.sprite.rect{ x = w - 30, y = h - 30, w = 48, h = 48, anchor = "center", fill = "#ffffff" }
            button:on("tap", function() tide.scene.go("done") end)
          end,
        })
        tide.scene.define("done", { enter = function() tide.sprite.text("Done", { x = 120, y = 100, anchor = "center" }) end })

        """,
      "tests/golden/next.input": input,
    ])
  }

  /// Each screen and size checked is named with the scene it reached. The input's tap was placed
  /// for 240x320; at 320x240 it misses the button and the screen checked is not the one the input
  /// leads to: a warning says so (and does not fail the check). One run serves both, as it is the
  /// same game and check.
  func testEachScreenAndSizeCheckedIsNamedAndATapThatHitsNothingAtAnotherSizeIsAWarning() throws {
    let game = try cornerButtonGame(input: "@at 1\n0.5 tap 210 290\n")
    let result = try tide(["check", "--layout", game.path], timeout: 60)
    XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
    let checked = result.stdout.split(separator: "\n").filter { $0.hasPrefix("  checked ") }
    XCTAssertEqual(checked, [
      "  checked \(game.path) first screen 240x320: scene 'play' at 1 s",
      "  checked \(game.path) first screen 320x240: scene 'play' at 1 s",
      "  checked \(game.path) tests/golden/next.input 240x320: scene 'done' at 1 s",
      "  checked \(game.path) tests/golden/next.input 320x240: scene 'play' at 1 s",
    ], result.stdout)
    let warnings = result.stdout.split(separator: "\n").filter { $0.contains(": warning: ") }
    XCTAssertEqual(warnings.count, 1, result.stdout)
    XCTAssertTrue(warnings.first?.hasPrefix(
      "\(game.path) tests/golden/next.input 320x240: warning: 1 of 1 presses hit nothing that takes input "
        + "(the first at 0.5 s, (210, 290)), so this may not be the screen the input was made for; "
        + "its taps are design points of another size: give it @size") ?? false, result.stdout)
    XCTAssertTrue(result.stdout.contains("no layout problems in 4 screens (sizes 240x320, 320x240), 1 warning"), result.stdout)

    // With @size the input is checked at its own size alone, where its tap lands.
    let sized = try cornerButtonGame(input: "@size 240x320\n@at 1\n0.5 tap 210 290\n")
    let clean = try tide(["check", "--layout", sized.path], timeout: 60)
    XCTAssertFalse(clean.stdout.contains("warning"), clean.stdout)
    XCTAssertTrue(clean.stdout.contains("in 3 screens (sizes 240x320, 320x240)\n"), clean.stdout)
  }

  /// Content/memory's win screen is reached, and checked, at both of its sizes.
  func testMemoryWinScreenIsCheckedOnTheSmallPhone() throws {
    let result = try tide(["check", "--layout", "Content/memory"], timeout: 120)
    XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
    XCTAssertFalse(result.stdout.contains("warning"), result.stdout)
    XCTAssertTrue(result.stdout.contains("  checked Content/memory tests/golden/won.input 390x844: scene 'won' at 15 s\n"), result.stdout)
    XCTAssertTrue(result.stdout.contains("  checked Content/memory tests/golden/won_phone.input 375x667: scene 'won' at 15 s\n"), result.stdout)
  }

  /// With `--size`, a golden input made for another size (`@size`) is skipped and said, not
  /// played with the other layout's taps (it reached 'play' and warned of missed presses).
  func testSizeSkipsGoldenInputsMadeForAnotherSize() throws {
    let result = try tide(["check", "--layout", "Content/memory", "--size", "375x667"], timeout: 120)
    XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
    XCTAssertTrue(result.stdout.contains("  skipped Content/memory tests/golden/won.input: made for @size 390x844, not 375x667\n"), result.stdout)
    XCTAssertFalse(result.stdout.contains("checked Content/memory tests/golden/won.input"), result.stdout)
    XCTAssertTrue(result.stdout.contains("  checked Content/memory tests/golden/won_phone.input 375x667: scene 'won' at 15 s\n"), result.stdout)
    XCTAssertFalse(result.stdout.contains("warning"), result.stdout)
  }
}
