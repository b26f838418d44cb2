import XCTest

@testable import TideCore

final class InputScriptTests: XCTestCase {
  func testEventsBecomeTicksInOrder() throws {
    let script = try InputScript(text: """
      # a comment
      @at 2.5
      @seed 7
      @size 375x667
      @option variant=animals
      0.5 tap 10 20
      1.0 down 1 2
      1.0 move 3 4
      1.5 up 5 6
      2.0 text Ada Lovelace
      2.1 key return
      """)
    XCTAssertEqual(script.shotTime, 2.5)
    XCTAssertEqual(script.seed, 7)
    XCTAssertEqual(script.size, Vec2(x: 375, y: 667))
    XCTAssertEqual(script.options, ["variant": "animals"])
    XCTAssertEqual(script.events(at: 30), [.pointerDown(Vec2(x: 10, y: 20))])
    XCTAssertEqual(script.events(at: 31), [.pointerUp(Vec2(x: 10, y: 20))])
    XCTAssertEqual(script.events(at: 60), [.pointerDown(Vec2(x: 1, y: 2)), .pointerMove(Vec2(x: 3, y: 4))])
    XCTAssertEqual(script.events(at: 90), [.pointerUp(Vec2(x: 5, y: 6))])
    XCTAssertEqual(script.events(at: 120), [.text("Ada Lovelace")])
    XCTAssertEqual(script.events(at: 126), [.key("return", down: true)])
    XCTAssertEqual(script.lastTick, 127)
  }

  func testDragSpreadsMovesOverTenTicks() throws {
    let script = try InputScript(text: "0 drag 0 0 100 0")
    XCTAssertEqual(script.entries.count, 12)
    XCTAssertEqual(script.events(at: 5), [.pointerMove(Vec2(x: 50, y: 0))])
    XCTAssertEqual(script.events(at: 11), [.pointerUp(Vec2(x: 100, y: 0))])
  }

  /// Fingers, other mouse buttons and the wheel have lines of their own, which a recording
  /// writes and reads back to the same events.
  func testFingersButtonsAndTheWheelRoundTrip() throws {
    let script = try InputScript(text: """
      0.5 tap 10 20 finger 2
      1.0 down 1 2 finger 1
      1.0 down 3 4 finger 2
      1.0 move 5 6 finger 2
      1.5 up 7 8 right
      2.0 wheel 0 -2.5
      2.5 down 9 9 mouse
      3.0 drag 0 0 100 0 finger 3
      """)
    XCTAssertEqual(script.events(at: 30), [.pointerDown(Vec2(x: 10, y: 20), pointer: .finger(2))])
    XCTAssertEqual(script.events(at: 31), [.pointerUp(Vec2(x: 10, y: 20), pointer: .finger(2))])
    XCTAssertEqual(script.events(at: 60), [
      .pointerDown(Vec2(x: 1, y: 2), pointer: .finger(1)), .pointerDown(Vec2(x: 3, y: 4), pointer: .finger(2)),
      .pointerMove(Vec2(x: 5, y: 6), pointer: .finger(2)),
    ])
    XCTAssertEqual(script.events(at: 90), [.mouseButton(.right, Vec2(x: 7, y: 8), down: false)])
    XCTAssertEqual(script.events(at: 120), [.wheel(Vec2(x: 0, y: -2.5))])
    XCTAssertEqual(script.events(at: 150), [.pointerDown(Vec2(x: 9, y: 9))])
    XCTAssertEqual(script.events(at: 185), [.pointerMove(Vec2(x: 50, y: 0), pointer: .finger(3))])
    var recording = InputRecording(seed: 1, size: nil, options: [:], engineVersion: "0", gameVersion: "0")
    for entry in script.entries { recording.append(entry.event, tick: entry.tick) }
    let text = recording.text(endTick: 400)
    XCTAssertTrue(text.contains("0.5000 down 10 20 finger 2\n"), text)
    XCTAssertTrue(text.contains("1.5000 up 7 8 right\n"), text)
    XCTAssertTrue(text.contains("2.0000 wheel 0 -2.5\n"), text)
    XCTAssertTrue(text.contains("2.5000 down 9 9\n"), text)
    XCTAssertEqual(try InputScript(text: text).entries.map(\.event), script.entries.map(\.event))
  }

  func testKeysKeepTheirPlaceOnTheKeyboard() throws {
    // A French keyboard's "a" sits where a US keyboard has "q"; its "left shift" where US has one.
    let script = try InputScript(text: """
      0.5 keydown a scancode q
      0.6 keyup a scancode q
      0.7 keydown left shift
      """)
    XCTAssertEqual(script.events(at: 30), [.key("a", down: true, scancode: "q")])
    XCTAssertEqual(script.events(at: 42), [.key("left shift", down: true)])
    var recording = InputRecording(seed: 1, size: nil, options: [:], engineVersion: "0", gameVersion: "0")
    for entry in script.entries { recording.append(entry.event, tick: entry.tick) }
    recording.append(.key("b", down: true, scancode: "b"), tick: 50)
    let text = recording.text(endTick: 60)
    XCTAssertTrue(text.contains("0.5000 keydown a scancode q\n"), text)
    XCTAssertTrue(text.contains("0.7000 keydown left shift\n"), text)
    XCTAssertTrue(text.contains("0.8333 keydown b\n"), "a key at its own place is written as before: \(text)")
    XCTAssertEqual(try InputScript(text: text).entries.map(\.event).prefix(3), script.entries.map(\.event).prefix(3))
    XCTAssertThrowsError(try InputScript(text: "0 keydown a scancode qq")) { error in
      XCTAssertTrue("\(error)".contains("line 1: scancode: "), "\(error)")
    }
  }

  func testBadPointersAndWheelsNameTheLine() {
    let cases = [
      "0 tap 1 2 finger 0": "line 1: a finger is numbered 1 to 20, got '0'",
      "0 tap 1 2 finger": "line 1: tap takes 2 numbers, then 'finger N', 'mouse' or a button (right, middle, x1, x2); got 'finger'",
      "0 move 1 2 right": "line 1: move takes 2 numbers, then 'finger N' or 'mouse'; got 'right'",
      "0 drag 1 2 3 4 5": "line 1: drag takes 4 numbers, then 'finger N' or 'mouse'; got '5'",
      "0 wheel 1": "line 1: wheel takes 2 numbers, -1000 to 1000 (right and up above 0)",
      "0 wheel nan 1": "line 1: wheel takes 2 numbers, -1000 to 1000 (right and up above 0)",
    ]
    for (text, message) in cases {
      XCTAssertThrowsError(try InputScript(text: text), text) { error in
        XCTAssertEqual((error as? InputScript.ParseError)?.description, message)
      }
    }
  }

  func testErrorsNameTheLine() {
    XCTAssertThrowsError(try InputScript(text: "0.5 tap 1\n")) { error in
      XCTAssertEqual((error as? InputScript.ParseError)?.description, "line 1: tap takes 2 numbers")
    }
    XCTAssertThrowsError(try InputScript(text: "\n1 wiggle 2 3")) { error in
      XCTAssertEqual((error as? InputScript.ParseError)?.line, 2)
    }
    for size in ["@size abcx375x667", "@size 375x", "@size x667", "@size 10x667"] {
      XCTAssertThrowsError(try InputScript(text: size), size)
    }
    XCTAssertThrowsError(try InputScript(text: "@speed 2")) { error in
      XCTAssertEqual((error as? InputScript.ParseError)?.description, "line 1: unknown directive @speed (expected @at, @seed, @size, @option, @engine, @game, @version, @end, @expect)")
    }
  }

  /// `inf tap 1 2`, `1e300 tap 1 2`, `@at inf` and `@size 1e308x1e308` crashed
  /// `tide shot` (a Double to Int trap on the tick, or a huge design size); now each names its line.
  func testNumbersOutOfRangeNameTheLine() {
    let cases = [
      "inf tap 1 2": "line 1: the time must be a finite number from 0 to 100000, got inf",
      "1e300 tap 1 2": "line 1: the time must be a finite number from 0 to 100000, got 1e+300",
      "nan tap 1 2": "line 1: the time must be a finite number from 0 to 100000, got nan",
      "-1 tap 1 2": "line 1: the time must be a finite number from 0 to 100000, got -1",
      "1 tap inf 2": "line 1: a coordinate of tap must be a finite number from -1000000 to 1000000, got inf",
      "1 drag 0 0 1e300 0": "line 1: a coordinate of drag must be a finite number from -1000000 to 1000000, got 1e+300",
      "\n@at inf": "line 2: @at must be a finite number from 0 to 100000, got inf",
      "@size 1e308x1e308": "line 1: @size takes WxH, e.g. 375x667, each side a finite number from 16 to 8192",
      "@size nanx100": "line 1: @size takes WxH, e.g. 375x667, each side a finite number from 16 to 8192",
    ]
    for (text, message) in cases {
      XCTAssertThrowsError(try InputScript(text: text), text) { error in
        XCTAssertEqual((error as? InputScript.ParseError)?.description, message, text)
      }
    }
  }

  /// A byte-order mark before the first line (Notepad writes one) was part of its first word:
  /// "@seed 7" became "line 1: expected '<seconds> <tap|drag|text|key> ...'".
  func testAByteOrderMarkIsSkipped() throws {
    let script = try InputScript(text: "\u{FEFF}@seed 7\r\n0.5 tap 10 20\r\n")
    XCTAssertEqual(script.seed, 7)
    XCTAssertEqual(script.events(at: 30), [.pointerDown(Vec2(x: 10, y: 20))])
  }

  /// CRLF line endings (a file saved on Windows) read like LF ones.
  func testCRLFLineEndings() throws {
    let script = try InputScript(text: "@at 2\r\n@size 375x667\r\n0.5 tap 10 20\r\n1 text Ada\r\n1.5 key return\r\n")
    XCTAssertEqual(script.shotTime, 2)
    XCTAssertEqual(script.size, Vec2(x: 375, y: 667))
    XCTAssertEqual(script.events(at: 30), [.pointerDown(Vec2(x: 10, y: 20))])
    XCTAssertEqual(script.events(at: 60), [.text("Ada")])
    XCTAssertEqual(script.events(at: 90), [.key("return", down: true)])
  }

  /// A recording made with `--option "greeting= Hello, Ada #1 \\x"` wrote the value raw, so the
  /// `#` cut it short and the space made "@option takes one value": the capsule did not replay.
  func testOptionValuesWithSpacesHashesAndBackslashesSurviveARecording() throws {
    let options = ["greeting": " Hello, Ada #1 \\x ", "variant": "animals"]
    let recording = InputRecording(seed: 3, size: nil, options: options, engineVersion: "1", gameVersion: "g")
    let script = try InputScript(text: recording.text(endTick: 60))
    XCTAssertEqual(script.options, options)
    // Hand-written lines read as before, a trailing comment included.
    XCTAssertEqual(try InputScript(text: "@option variant=lizard_spock # the five-way one").options, ["variant": "lizard_spock"])
    XCTAssertEqual(try InputScript(text: "@option title=Two words").options, ["title": "Two words"])
    XCTAssertThrowsError(try InputScript(text: "@option =x"))
  }

  /// A file of 4 million `drag` lines (60 MB) took over 4 GB and minutes to parse; now the
  /// events are counted as they are read and the line that goes over is named.
  func testTooManyEventsNameTheLineThatGoesOver() {
    let lines = String(repeating: "0 drag 1 1 2 2\n", count: Limits.inputScriptEvents / 12 + 1)
    XCTAssertThrowsError(try InputScript(text: lines)) { error in
      XCTAssertEqual(
        (error as? InputScript.ParseError)?.description,
        "line \(Limits.inputScriptEvents / 12 + 1): an input script may hold at most \(Limits.inputScriptEvents) events and expectations")
    }
    // A long text is no error: a bot may type one with app:type, and its capsule must replay.
    let long = String(repeating: "x", count: 100_000)
    XCTAssertEqual(try InputScript(text: "1 text " + long).entries.map(\.event), [.text(long)])
  }

  /// Expectations out of order are sorted once (stable), not inserted one by one.
  func testExpectationsAreSortedStably() throws {
    let script = try InputScript(text: "@expect 2 b\n@expect 1 a\n@expect 2 c\n@expect 0 z")
    XCTAssertEqual(script.expectations.map(\.expression), ["z", "a", "b", "c"])
    XCTAssertEqual(script.expectations.map(\.line), [4, 2, 1, 3])
  }

  /// Binary garbage, a folder, a missing file and one over the size limit are each one line that
  /// says why, read no further than the limit (a 200 MB line, or /dev/zero, is never loaded whole).
  func testFilesThatAreNotScriptsSayWhy() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tide-input-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let binary = folder.appendingPathComponent("binary.input")
    try Data("0.5 tap 1 2\n1 text ok\n".utf8 + [0xFF, 0xFE, 0x00, 0x80]).write(to: binary)
    let cases: [(URL, String)] = [
      (binary, "line 3: not UTF-8 text (an input script is a text file)"),
      (folder, "cannot read it: it is a folder"),
      (URL(fileURLWithPath: "/dev/zero"), "an input script may be at most 64 MB; this one is larger"),
    ]
    for (url, message) in cases {
      XCTAssertThrowsError(try InputScript.text(of: url), url.path) { error in
        XCTAssertEqual((error as? InputScript.FileError)?.description, message)
      }
    }
    XCTAssertThrowsError(try InputScript.text(of: folder.appendingPathComponent("missing.input"))) { error in
      XCTAssertTrue((error as? InputScript.FileError)?.description.hasPrefix("cannot read it: ") ?? false, "\(error)")
    }
    let good = folder.appendingPathComponent("good.input")
    try "0.5 tap 1 2\n".write(to: good, atomically: true, encoding: .utf8)
    XCTAssertEqual(try InputScript.text(of: good), "0.5 tap 1 2\n")
  }

  /// Escapes resolve as a recording writes them; what is not one is kept as written.
  func testEscapesResolveAndBrokenOnesStayAsWritten() throws {
    let cases = [
      "a\\u{23}b": "a#b", "\\u{1F600}": "\u{1F600}", "\\u{}": "\\u{}", "\\u{zz}": "\\u{zz}",
      "\\u{110000}": "\\u{110000}", "\\u{D800}": "\\u{D800}", "\\u{000000041}": "\\u{000000041}",
      "\\u{00000041}": "A", "x\\u{": "x\\u{", "\\u{\\u{41}": "\\u{A",
    ]
    for (written, read) in cases {
      XCTAssertEqual(try InputScript(text: "1 text " + written).entries.map(\.event), [.text(read)], written)
      XCTAssertEqual(try InputScript(text: "@option k=" + written).options["k"], read, written)
    }
    XCTAssertEqual(try InputScript(text: "1 keydown left\\u{20}shift").entries.map(\.event), [.key("left shift", down: true)])
  }

  /// A 150 KB line of unclosed `\u{` escapes hung `tide run --input` and `tide test` (each
  /// escape looked for its brace to the end of the line); text, keydown and @option values
  /// now read in one pass. The timeout only catches a hang: the parse takes a small fraction of it.
  func testUnclosedEscapesDoNotHang() throws {
    let junk = String(repeating: "\\u{", count: 100_000)
    let text = "1 text \(junk)\n@option k=\(junk)\n"
    let done = expectation(description: "parsed")
    nonisolated(unsafe) var parsed: InputScript?
    nonisolated(unsafe) var keyError: String?
    Thread.detachNewThread {
      parsed = try? InputScript(text: text)
      // A key line is read in the same one pass, then refused: that is no key's name.
      do {
        _ = try InputScript(text: "2 keydown \(junk)\n")
      } catch {
        keyError = (error as? InputScript.ParseError)?.reason
      }
      done.fulfill()
    }
    wait(for: [done], timeout: 120)
    XCTAssertEqual(parsed?.entries.map(\.event), [.text(junk)])
    XCTAssertEqual(parsed?.options["k"], junk)
    XCTAssertEqual(keyError?.hasPrefix("unknown key '\\u{\\u{"), true, keyError ?? "no error")
  }

  /// A bot typing 8 MB an act wrote an 88 MB crash capsule, which `--input` refuses: a
  /// recording now stops at what a script may hold, says so, and ends there, so it replays.
  func testARecordingNeverOutgrowsWhatAnInputScriptHolds() throws {
    XCTAssertLessThanOrEqual(InputRecording.maxBytes + (1 << 20), Limits.inputScriptBytes, "room for the header and comments")
    var recording = InputRecording(seed: 1, size: nil, options: [:], engineVersion: "1", gameVersion: "g")
    recording.byteLimit = 2 << 20  // the same rule at a size a test handles quickly
    let typed = String(repeating: "x", count: 300_000)
    for second in 0..<10 { recording.append(.text(typed), tick: second * 60) }
    XCTAssertEqual(recording.cappedAtTick, 6 * 60, "six of 300 KB fit in 2 MB")
    let text = recording.text(endTick: 600, comments: ["Crash capsule", String(repeating: "m", count: 100_000)])
    XCTAssertLessThanOrEqual(text.utf8.count, recording.byteLimit + (1 << 20))
    XCTAssertTrue(text.contains("\n# Recording capped at 6.0000 s: the session's input went past what an input script may hold (2 MB"), String(text.prefix(300)))
    XCTAssertTrue(text.contains("\n# " + String(repeating: "m", count: 4096) + " [cut]\n"))
    let script = try InputScript(text: text)
    XCTAssertEqual(script.entries.count, 6)
    XCTAssertEqual(script.endTime, 6)
  }

  /// The recording's size is counted as events come, without writing them: the count must
  /// never be less than what is written, whatever needs escaping.
  func testTheSizeARecordingCountsIsNeverLessThanItWrites() {
    let texts = ["", " ", "\u{3000}a\u{3000}", "#\\#", "\u{0}\u{1F}\u{7F}\n\r\t", "🙂 x 🙂", " #edge\\ ", String(repeating: "#", count: 1000)]
    var events: [InputEvent] = texts.flatMap { [InputEvent.text($0), .key($0, down: true), .key($0, down: false)] }
    for value in [-1.2345678901234567e-300, 1e6, -999_999.123456789, .pi] {
      events += [.pointerDown(Vec2(x: value, y: value)), .pointerMove(Vec2(x: value, y: -value)), .pointerUp(Vec2(x: 0, y: value))]
    }
    for event in events {
      XCTAssertGreaterThanOrEqual(InputRecording.lineBound(event), InputRecording.describe(event).utf8.count, "\(event)")
    }
  }
}
