import Foundation
import TideCore
import TideSDL
import TideScript
import TideServe
import TideShots
import XCTest

/// `tide run --serve` played as a person plays it on a phone: Debian's headless Chromium opens
/// the printed address with touch emulation, and the test touches, reads and photographs the
/// page through the DevTools protocol. Every test here shares one browser process.
///
/// Skipped, saying so, only where no `chromium` is installed (`Scripts/setup` installs it).
final class BrowserTests: XCTestCase {
  nonisolated(unsafe) private static var shared: HeadlessChromium?

  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The one browser of this class, started by the first test that needs it.
  static func browser() throws -> HeadlessChromium {
    if let shared { return shared }
    guard let executable = HeadlessChromium.executable() else {
      throw XCTSkip("chromium is not installed (Scripts/setup installs Debian's): the page is not tested in a browser")
    }
    let browser = try HeadlessChromium(executable: executable)
    shared = browser
    return browser
  }

  override class func tearDown() {
    shared?.close()
    shared = nil
    super.tearDown()
  }

  // MARK: Playing

  func testARoundOfRpsByTouchIsRecordedAndResumesAfterADrop() throws {
    let data = try Self.scratch("data")
    let recording = data.appendingPathComponent("phone.input")
    let served = try ServedGame(
      game: "Content/rps", arguments: ["--seed", "3", "--record", recording.path], data: data)
    defer { served.stop() }
    let page = try Self.browser().newPage(width: 390, height: 844)
    defer { page.close() }
    try page.open(served.url)
    try page.wait(until: Self.textShown("Rock, Scissors, Paper!"))

    // The rock, tapped where the page shows it; the first touch takes the whole screen.
    XCTAssertEqual(try page.evaluate("tide.fullScreen()") as? Bool, false)
    try Self.tap(page, text: "✊")
    try page.wait(until: "tide.fullScreen()", timeout: 5)
    try page.wait(until: "tide.picture().some(i => i.text === 'Play Again')", timeout: 10)
    let result = try XCTUnwrap(
      page.evaluate("tide.picture().map(i => i.text).find(t => ['You won!', 'You lose!', 'Draw!'].includes(t))") as? String)
    let score = try XCTUnwrap(page.evaluate("tide.picture().map(i => i.text).find(t => t && t.startsWith('You ') && t.includes('·'))") as? String)
    XCTAssertTrue(["You 1 · Robot 0", "You 0 · Robot 1", "You 0 · Robot 0"].contains(score), score)
    let session = try XCTUnwrap(page.evaluate("tide.session") as? Int)

    // The network drops: the page comes back by itself to the same game, score and all.
    try page.evaluate("tide.drop()")
    try page.wait(until: "tide.connections >= 2 && tide.connected && tide.resumed", timeout: 10)
    XCTAssertEqual(try page.evaluate("tide.session") as? Int, session, "the same session")
    try page.wait(until: Self.textShown(score))
    try page.wait(until: Self.textShown(result))
    XCTAssertTrue(served.output.contains("session \(session) resumed"), served.output)

    // Play Again after the resume still plays.
    try Self.tap(page, text: "Play Again")
    try page.wait(until: Self.textShown("Rock, Scissors, Paper!"))
    try page.wait(until: "tide.settled()")
    let ended = try page.screenshot()
    let tick = try XCTUnwrap(page.evaluate("tide.tick") as? Int)

    // The server stops: the first session's input goes to --record, and replays headless to
    // the picture the phone showed.
    served.stop()
    let script = try String(contentsOf: recording, encoding: .utf8)
    XCTAssertTrue(script.contains("@seed 3"), script)
    XCTAssertTrue(script.contains("tap") || script.contains("down"), script)
    let shot = data.appendingPathComponent("replayed.png")
    let phone = data.appendingPathComponent("phone.png")
    try ended.write(to: phone)
    try Self.tide(["shot", "Content/rps", "--input", recording.path, "--at", Self.seconds(tick), "-o", shot.path])
    try PixelComparison.assertSame(page: phone, window: shot, label: "rps replayed from the phone's recording")
  }

  /// Serves `game` and opens it in a phone-sized page of the shared browser; the caller closes
  /// the page and stops the server.
  func open(_ game: String, _ arguments: [String] = []) throws -> (ServedGame, BrowserPage) {
    let served = try ServedGame(game: game, arguments: arguments, data: try Self.scratch("data"))
    do {
      let page = try Self.browser().newPage(width: 390, height: 844)
      do {
        try page.open(served.url)
      } catch {
        page.close()
        throw error
      }
      return (served, page)
    } catch {
      served.stop()
      throw error
    }
  }

  func testTwoFingersPopTwoBubblesInOneTouchEvent() throws {
    let (served, page) = try open("Content/bubblepop", ["--seed", "5"])
    defer { served.stop() }
    defer { page.close() }
    // The name field, a name typed, Play.
    try page.wait(until: Self.textShown("Play"))
    // A tap on the name field brings up the phone's keyboard, where the name is typed (GAMES.md
    // P1); Play puts it away.
    XCTAssertEqual(try page.evaluate("tide.keyboard()") as? NSNull, NSNull())
    try Self.tap(page, text: "Your name")
    XCTAssertEqual(try page.evaluate("tide.keyboard()") as? String, "text")
    try page.type("Ada")
    try page.wait(until: Self.textShown("Ada"))
    try Self.tap(page, text: "Play")
    try page.wait(until: "tide.keyboard() === null", timeout: 2)
    // After the countdown, bubbles: circles with their points on them.
    let bubbles = """
      (() => {
        const items = tide.picture();
        const found = [];
        for (const item of items) {
          if (item.k !== 'circle' || !(item.w >= 60) || item.a !== undefined || Math.abs(item.m[0] - 1) > 0.01) continue;
          const m = item.m;
          const p = tide.toPage(m[0] * item.w / 2 + m[2] * item.h / 2 + m[4], m[1] * item.w / 2 + m[3] * item.h / 2 + m[5]);
          if (p.y > 140) found.push({ id: item.id, x: p.x, y: p.y });
        }
        return found.length >= 2 ? found : null;
      })()
      """
    let found = try XCTUnwrap(page.wait(until: bubbles, timeout: 15) as? [[String: Any]])
    let score = "tide.picture().find(i => i.k === 'text' && i.fs === 36 && i.m[4] < 100).text"
    XCTAssertEqual(try page.evaluate(score) as? String, "0")
    let (one, two) = (found[0], found[1])
    // Both fingers land in one touch event, and lift in one.
    try page.touch("touchStart", [
      BrowserPage.TouchPoint(x: one["x"] as? Double ?? 0, y: one["y"] as? Double ?? 0, id: 1),
      BrowserPage.TouchPoint(x: two["x"] as? Double ?? 0, y: two["y"] as? Double ?? 0, id: 2),
    ])
    try page.touch("touchEnd", [])
    // Both are popped: the score is the sum of two bubbles' points (each 1 to 10, a same
    // colour pair with the combo bonus), and a burst of particles shows per pop.
    try page.wait(until: "tide.picture().filter(i => i.k === 'particles').length >= 2", timeout: 5)
    let points = try XCTUnwrap(Int(page.evaluate(score) as? String ?? ""))
    XCTAssertGreaterThanOrEqual(points, 2)
    let gains = try XCTUnwrap(page.evaluate("tide.picture().filter(i => i.k === 'text' && /^(\\+|Combo)/.test(i.text)).length") as? Int)
    XCTAssertEqual(gains, 2, "one gain label per popped bubble")
  }

  /// A settings field typed into as on a phone (GAMES.md P4, P-H2): its tap brings up the
  /// number keyboard, whose text comes as input with no keys; backspace deletes; a paste goes
  /// in pieces; a tap on anything else puts the keyboard away.
  func testAFieldIsTypedIntoWithThePhonesKeyboard() throws {
    let (served, page) = try open("Content/bubblepop", ["--seed", "5"])
    defer { served.stop() }
    defer { page.close() }
    try Self.tap(page, text: "Settings")
    try page.wait(until: Self.textShown("60"))
    // A press just after a tap reaches only what was under it before (conf.lua's tap_guard):
    // a person's next tap comes later.
    Thread.sleep(forTimeInterval: 0.5)
    try Self.tap(page, text: "60")
    XCTAssertEqual(try page.evaluate("tide.keyboard()") as? String, "numeric")
    try page.press(key: "Backspace", code: 8)
    try page.press(key: "Backspace", code: 8)
    try page.insertText("45")
    try page.wait(until: Self.textShown("45"))
    XCTAssertFalse(try page.evaluate(Self.textShown("4545")) as? Bool ?? true, "typed once")
    // A paste longer than a message may carry goes in pieces: the connection stays.
    try page.insertText(String(repeating: "7", count: 100))
    try page.wait(until: "tide.picture().some(i => i.k === 'text' && i.text.startsWith('4577777'))")
    XCTAssertEqual(try page.evaluate("tide.connected && tide.connections") as? Int, 1)
    try Self.tap(page, text: "Settings")
    try page.wait(until: "tide.keyboard() === null", timeout: 2)
  }

  func testASavedDataFileShowsOnThePageWithinASecond() throws {
    let game = try Self.scratch("tapper")
    try FileManager.default.removeItem(at: game)
    try FileManager.default.copyItem(at: Self.root.appendingPathComponent("Tests/TideServeTests/Fixtures/tapper"), to: game)
    let served = try ServedGame(game: game.path, arguments: [], data: try Self.scratch("data"))
    defer { served.stop() }
    let page = try Self.browser().newPage(width: 400, height: 600)
    defer { page.close() }
    try page.open(served.url)
    try page.wait(until: Self.textShown("hello"))
    // The button: the box at (100, 100), 200 by 100.
    let button = try XCTUnwrap(page.evaluate("tide.toPage(200, 150)") as? [String: Any])
    try page.tap(x: button["x"] as? Double ?? 0, y: button["y"] as? Double ?? 0)
    try page.wait(until: Self.textShown("taps: 1"))

    let file = game.appendingPathComponent("data/greeting.lua")
    let text = try String(contentsOf: file, encoding: .utf8)
    try text.replacingOccurrences(of: "\"hello\"", with: "\"hello from the data\"")
      .replacingOccurrences(of: "#ffffff", with: "#ff8000").write(to: file, atomically: true, encoding: .utf8)
    let saved = Date()
    try page.wait(until: Self.textShown("hello from the data"), timeout: 5)
    let took = Date().timeIntervalSince(saved)
    XCTAssertLessThan(took, 1, "the edit showed on the page \(took) s after the save")
    // The game's state is kept: the count, and the drawn colour is the new one.
    try page.wait(until: Self.textShown("reloaded at 1"))
    try page.wait(until: "tide.settled()")
    let drawn = try Self.pixel(page, atTextOf: "hello from the data")
    XCTAssertEqual(drawn, [255, 128, 0], "the greeting is drawn in its new colour")

    // A broken file shows the error overlay on the page; fixing it clears it.
    try text.replacingOccurrences(of: "return {", with: "return {{").write(to: file, atomically: true, encoding: .utf8)
    try page.wait(until: "tide.overlay() && tide.overlay().includes('greeting.lua')", timeout: 5)
    try text.write(to: file, atomically: true, encoding: .utf8)
    try page.wait(until: "!tide.overlay() && " + Self.textShown("hello"), timeout: 5)
  }

  // MARK: The page draws what the window draws

  /// One screen of each game, as its golden input leaves it: drawn by `tide shot` and by the
  /// page in Chromium from the same tick (`--input` and `--pause-at` on the server).
  func testThePageDrawsWhatTheWindowDraws() throws {
    let screens = [
      "rps/tests/golden/won.input", "rps-match/tests/golden/game_win.input",
      "bubblepop/tests/golden/play_combo.input", "bungle/tests/golden/win_pounce.input",
      "memory/tests/golden/pair.input", "picture-words/tests/golden/right_phone.input",
      "showcase/tests/golden/sparks.input", "showcase/tests/golden/clip.input", "showcase/tests/golden/camera.input",
      "showcase/tests/golden/fonts.input",
      "ui-gallery/tests/golden/home.input",
    ]
    let browser = try Self.browser()
    let scratch = try Self.scratch("shots")
    var failures: [String] = []
    for screen in screens {
      let input = Self.root.appendingPathComponent("Content").appendingPathComponent(screen)
      let game = "Content/" + screen.split(separator: "/")[0]
      let script = try String(contentsOf: input, encoding: .utf8)
      guard let at = script.split(separator: "\n").first(where: { $0.hasPrefix("@at ") }).map({ String($0.dropFirst(4)) }) else {
        XCTFail("\(screen) has no @at")
        continue
      }
      // The script's seed, else the one `tide shot` plays without it, for both.
      let seed = script.split(separator: "\n").first { $0.hasPrefix("@seed ") }.map { String($0.dropFirst(6)) } ?? "1"
      let name = screen.replacingOccurrences(of: "/", with: "-")
      let window = scratch.appendingPathComponent("\(name)-window.png")
      try Self.tide(["shot", game, "--input", input.path, "--at", at, "--seed", seed, "-o", window.path])
      let size = try PixelComparison.size(of: window)
      let served = try ServedGame(game: game, arguments: ["--input", input.path, "--pause-at", at, "--seed", seed], data: try Self.scratch("data"))
      defer { served.stop() }
      let page = try browser.newPage(width: size.width, height: size.height)
      defer { page.close() }
      try page.open(served.url)
      try page.wait(until: "tide.paused === \(Self.ticks(at)) && tide.settled()", timeout: 20)
      // Images decode and fonts arrive on their own time: one more frame drawn after both.
      try page.evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
      try page.wait(until: "tide.settled() && [...document.images].every(i => i.complete)")
      let drawn = scratch.appendingPathComponent("\(name)-page.png")
      try page.screenshot().write(to: drawn)
      do {
        try PixelComparison.check(page: drawn, window: window)
      } catch {
        failures.append("\(screen): \(error)")
      }
    }
    XCTAssertTrue(failures.isEmpty, failures.joined(separator: "\n") + "\n(pictures in \(scratch.path))")
  }

  /// The Jukebox fixture: music and a looping hum the game made, kept until the first touch
  /// (browsers allow sound only after one) and started then; volume, pause, resume and stop
  /// as the game asks; after a drop, what sounds now; silence while the page is put away.
  func testThePagePlaysTheGamesMusicAndVoicesFromTheFirstTouch() throws {
    let (served, page) = try open("Tests/TideServeTests/Fixtures/jukebox")
    defer { served.stop() }
    defer { page.close() }
    try page.wait(until: Self.textShown("taps: 0"))
    func tapButton() throws {
      let point = try XCTUnwrap(page.evaluate("tide.toPage(200, 150)") as? [String: Any])
      try page.tap(x: point["x"] as? Double ?? 0, y: point["y"] as? Double ?? 0)
    }
    // Waits for the page's sound to hold `condition`, saying what it held when it did not.
    func waitForSound(_ condition: String) throws {
      do {
        try page.wait(until: condition, timeout: 5)
      } catch {
        let sound = (try? page.evaluate("JSON.stringify(tide.sound())")) as? String ?? "?"
        throw PageError("\(error)\nthe page's sound: \(sound)")
      }
    }
    // Before any touch: no sound yet, but the page knows what should be sounding.
    try waitForSound("""
      (() => { const s = tide.sound();
        return s.state === 'none' && s.music && s.music.key === 'assets/tune.wav' && !s.music.playing
          && s.voices.length === 1 && s.voices[0].key === 'gen:hum' && s.voices[0].loops === -1 && !s.voices[0].playing; })()
      """)
    // The first touch starts the sound; its tap quietens the hum, pauses the music and plays
    // the tune once.
    try tapButton()
    try page.wait(until: Self.textShown("taps: 1"))
    try waitForSound("""
      (() => { const s = tide.sound(); const hum = s.voices.find(v => v.key === 'gen:hum');
        return s.state === 'running' && hum && hum.playing && hum.vol === 0.2 && hum.pan === -0.5
          && s.music && s.music.paused && !s.music.playing && s.started >= 2; })()
      """)
    // The second stops the hum and resumes the music.
    try tapButton()
    try page.wait(until: Self.textShown("taps: 2"))
    try waitForSound("""
      (() => { const s = tide.sound();
        return !s.voices.some(v => v.key === 'gen:hum') && s.music && !s.music.paused && s.music.playing; })()
      """)
    // A dropped connection: the page is hushed and given what sounds now, the music alone,
    // which goes on from where the game has it rather than from its start.
    let before = try XCTUnwrap(page.evaluate("tide.sound().started") as? Int)
    try page.evaluate("tide.drop()")
    try page.wait(until: "tide.connections >= 2 && tide.connected", timeout: 10)
    try waitForSound("""
      (() => { const s = tide.sound();
        return s.started > \(before) && s.music && s.music.playing && s.music.from > 0
          && !s.voices.some(v => v.key === 'gen:hum'); })()
      """)
    // Put away (the screen locked, another tab), the page goes quiet; back, it sounds again.
    let hidden = "Object.defineProperty(document, 'hidden', { value: %@, configurable: true }); document.dispatchEvent(new Event('visibilitychange'))"
    try page.evaluate(hidden.replacingOccurrences(of: "%@", with: "true"))
    try page.wait(until: "tide.sound().state === 'suspended'", timeout: 5)
    try page.evaluate(hidden.replacingOccurrences(of: "%@", with: "false"))
    try page.wait(until: "tide.sound().state === 'running' && tide.sound().music.playing", timeout: 5)
    // The third stops the music.
    try tapButton()
    try page.wait(until: Self.textShown("taps: 3"))
    try page.wait(until: "tide.sound().music === null", timeout: 5)
    // A page that lost the message with a made sound asks for it when the game plays it.
    try page.evaluate("tide.forgetMadeSounds()")
    let played = try XCTUnwrap(page.evaluate("tide.sound().started") as? Int)
    try tapButton()
    try page.wait(until: Self.textShown("taps: 4"))
    let drone = "tide.sound().voices.find(v => v.key === 'gen:drone')"
    try page.wait(until: "tide.sound().started > \(played) && \(drone).playing", timeout: 5)
    // A one-shot paused a while and resumed plays on from where it was.
    try tapButton()
    try page.wait(until: "\(drone).paused && !\(drone).playing", timeout: 5)
    Thread.sleep(forTimeInterval: 0.6)
    try tapButton()
    try page.wait(until: "!\(drone).paused && \(drone).playing", timeout: 5)
  }

  /// The page steps each emitter's particles itself, told only the steps' lengths and the
  /// newborn (protocol 4). At the paused tick of Showcase's sparks, its copies must hold what
  /// the engine's emitters hold, replayed headless to the same tick: every double to the bit.
  func testThePageStepsParticlesAsTheEngineDoes() throws {
    let input = Self.root.appendingPathComponent("Content/showcase/tests/golden/sparks.input")
    let script = try InputScript(text: String(contentsOf: input, encoding: .utf8))
    let time = try XCTUnwrap(script.shotTime, "the script's @at")
    let at = Self.seconds(Self.ticks(String(time)))
    var options = ScreenShot.options(for: script)  // as `tide shot` plays it, which the server matches
    options.saveDirectory = try Self.scratch("saves")
    let game = Self.root.appendingPathComponent("Content/showcase")
    let engine = try Engine(
      gameDirectory: game, backend: HeadlessBackend.withGameFonts(assetDirectory: game.appendingPathComponent("assets")),
      options: options)
    try engine.start()
    engine.replay(script, until: time)
    var expected: [Int: [[UInt64]]] = [:]
    engine.scene.forEachDrawn { node, _, _, _ in
      guard node.kind == .particles, let emitter = node.emitter else { return }
      var list: [[UInt64]] = []
      emitter.forEachState { p in
        list.append([p.x, p.y, p.vx, p.vy, p.rotation, p.spin, p.age, p.life, Double(p.paletteIndex)].map(\.bitPattern))
      }
      expected[node.id] = list
    }
    XCTAssertGreaterThan(expected.values.map(\.count).reduce(0, +), 20, "particles in flight at that tick")

    let served = try ServedGame(
      game: "Content/showcase", arguments: ["--input", input.path, "--pause-at", at, "--seed", String(options.seed)],
      data: try Self.scratch("data"))
    defer { served.stop() }
    let page = try Self.browser().newPage(width: 390, height: 844)
    defer { page.close() }
    try page.open(served.url)
    try page.wait(until: "tide.paused === \(Self.ticks(at)) && tide.settled()", timeout: 20)
    let copies = try XCTUnwrap(page.evaluate("tide.particles()") as? [String: [[String]]])
    var got: [Int: [[UInt64]]] = [:]
    for (id, list) in copies {
      got[Int(id) ?? -1] = list.map { $0.map { UInt64($0, radix: 16) ?? 0 } }
    }
    XCTAssertEqual(got.keys.sorted(), expected.keys.sorted(), "the same emitters")
    for (id, list) in expected {
      XCTAssertEqual(got[id]?.count, list.count, "emitter \(id): as many particles")
      XCTAssertTrue(got[id] == list, "emitter \(id): the particles to the bit")
    }
  }

  // MARK: Helpers

  /// A JavaScript test: a text item with exactly this text is in the page's picture.
  static func textShown(_ text: String) -> String {
    "tide.picture().some(i => i.text === \(jsString(text)))"
  }

  static func jsString(_ text: String) -> String {
    let data = (try? JSONSerialization.data(withJSONObject: [text])) ?? Data("[\"\"]".utf8)
    return String(String(decoding: data, as: UTF8.self).dropFirst().dropLast())
  }

  /// Taps the middle of the text item with this text (or placeholder), where the page shows it.
  static func tap(_ page: BrowserPage, text: String) throws {
    let point = try XCTUnwrap(page.wait(until: """
      (() => {
        const item = tide.picture().find(i => i.k === 'text' && i.text === \(jsString(text)));
        if (!item) return null;
        const m = item.m;
        return tide.toPage(m[0] * item.w / 2 + m[2] * item.h / 2 + m[4], m[1] * item.w / 2 + m[3] * item.h / 2 + m[5]);
      })()
      """) as? [String: Any])
    try page.tap(x: point["x"] as? Double ?? 0, y: point["y"] as? Double ?? 0)
  }

  /// The most saturated colour drawn inside a text item's box, read back from the canvas:
  /// the colour its glyphs were filled with.
  static func pixel(_ page: BrowserPage, atTextOf text: String) throws -> [Int] {
    let value = try page.evaluate("""
      (() => {
        const item = tide.picture().find(i => i.k === 'text' && i.text === \(jsString(text)));
        const a = tide.toPage(item.m[4], item.m[5]), b = tide.toPage(item.m[4] + item.w, item.m[5] + item.h);
        const canvas = document.querySelector('canvas');
        const scale = canvas.width / canvas.getBoundingClientRect().width;
        const data = canvas.getContext('2d').getImageData(Math.floor(a.x * scale), Math.floor(a.y * scale),
          Math.ceil((b.x - a.x) * scale), Math.ceil((b.y - a.y) * scale)).data;
        let best = [0, 0, 0], most = -1;
        for (let i = 0; i < data.length; i += 4) {
          const spread = Math.max(data[i], data[i + 1], data[i + 2]) - Math.min(data[i], data[i + 1], data[i + 2]);
          if (spread > most) { most = spread; best = [data[i], data[i + 1], data[i + 2]]; }
        }
        return best;
      })()
      """)
    return (value as? [Any] ?? []).compactMap { ($0 as? NSNumber)?.intValue }
  }

  static func ticks(_ seconds: String) -> Int { Int(((Double(seconds) ?? 0) * 60).rounded()) }

  static func seconds(_ ticks: Int) -> String { String(format: "%.4f", Double(ticks) / 60) }

  /// A fresh folder under the temporary directory, removed when the process ends or reused.
  static func scratch(_ name: String) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tide-browser-\(name)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  /// The built `tide` binary, next to the test bundle.
  static var tideBinary: URL {
    let bundle = Bundle(for: BrowserTests.self).bundleURL
    let candidates = [bundle.appendingPathComponent("tide"), bundle.deletingLastPathComponent().appendingPathComponent("tide")]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
  }

  /// Runs `tide` to the end in the repository's root, failing with its output when it fails.
  static func tide(_ arguments: [String]) throws {
    let process = Process()
    process.executableURL = tideBinary
    process.arguments = arguments
    process.currentDirectoryURL = root
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let printed = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw PageError("tide \(arguments.joined(separator: " ")): \(String(decoding: printed, as: UTF8.self))")
    }
  }
}

/// `tide run <game> --headless --serve` on loopback, as an author starts it.
final class ServedGame: @unchecked Sendable {
  let process = Process()
  let url: String
  private let lock = NSLock()
  private var printed = ""

  init(game: String, arguments: [String], data: URL) throws {
    process.executableURL = BrowserTests.tideBinary
    process.arguments = ["run", game, "--headless", "--serve", "--port", "0", "--bind", "127.0.0.1"] + arguments
    process.currentDirectoryURL = BrowserTests.root
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_DATA_HOME"] = data.path
    process.environment = environment
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    var url: String?
    let deadline = Date().addingTimeInterval(30)
    let reader = pipe.fileHandleForReading
    var text = ""
    while Date() < deadline, url == nil {
      let chunk = reader.availableData
      if chunk.isEmpty { break }
      text += String(decoding: chunk, as: UTF8.self)
      url = text.split(whereSeparator: \.isWhitespace).first { $0.hasPrefix("http://127.0.0.1:") && $0.contains("?k=") }.map(String.init)
    }
    printed = text
    guard let url else {
      process.terminate()
      throw PageError("tide run --serve printed no address: \(text)")
    }
    self.url = url
    // The rest of what it prints, for tests that read the log.
    Thread.detachNewThread { [self] in
      while true {
        let chunk = reader.availableData
        if chunk.isEmpty { return }
        lock.withLock { printed += String(decoding: chunk, as: UTF8.self) }
      }
    }
  }

  var output: String { lock.withLock { printed } }

  /// Stops the server as Ctrl-C does, so it writes its recordings, and waits for it.
  func stop() {
    guard process.isRunning else { return }
    process.interrupt()
    let deadline = Date().addingTimeInterval(10)
    while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
  }
}
