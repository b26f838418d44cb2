import CSDL2
import Foundation
import TideCore
import XCTest

@testable import TideSDL

/// A small game for window tests: bouncing sprites, a label, input recorded.
final class TestDriver: GameDriver {
  let designSize: Vec2
  let title = "Tide window test"
  let background = Color(r: 0.1, g: 0.12, b: 0.2)
  let scene: SceneGraph
  var overlay: Overlay?
  private(set) var received: [InputEvent] = []
  private(set) var steps = 0
  private(set) var polls = 0
  private(set) var presented = 0
  /// The step count each presented frame showed.
  private(set) var presentedSteps: [Int] = []
  /// Called with the step number before each step (tests drive SDL from here).
  var onStep: ((Int) -> Void)?
  /// How the game wants its window; tests change it between steps.
  var window = WindowSettings()
  /// Screenshots the game asks for, taken by the window after a step.
  var screenshotRequests: [URL] = []
  private var sprites: [(node: Node, vx: Double, vy: Double)] = []

  init(designSize: Vec2 = Vec2(390, 844), sprites count: Int = 50, fonts: FontLibrary) {
    self.designSize = designSize
    scene = SceneGraph(textMetrics: TTFTextMetrics(fonts: fonts))
    // Seeded, so the scene at a given step is known (the screenshot test relies on it).
    var random = TideRandom(seed: 7)
    for index in 0..<count {
      let node = scene.makeNode(.image)
      node.image = "sprite.png"
      node.width = 26
      node.height = 37
      node.x = Double(index * 37 % Int(designSize.x - 26))
      node.y = Double(index * 53 % Int(designSize.y - 37))
      scene.root.add(node)
      sprites.append((node, Double.random(in: -4...4, using: &random), Double.random(in: -2...2, using: &random)))
    }
    let label = scene.makeNode(.text)
    label.text = "Tide ✊ ✋ ✌️"
    label.fontSize = 28
    label.x = 20
    label.y = 20
    scene.root.add(label)
    let button = scene.makeNode(.rect)
    button.x = 95
    button.y = 700
    button.width = 200
    button.height = 60
    button.cornerRadius = 16
    button.fill = Color(r: 0.2, g: 0.5, b: 0.9)
    scene.root.add(button)
    let dot = scene.makeNode(.circle)
    dot.x = 195
    dot.y = 420
    dot.radius = 50
    dot.fill = Color(r: 1, g: 0.6, b: 0.1)
    scene.root.add(dot)
  }

  func enqueue(_ event: InputEvent) { received.append(event) }

  func takeScreenshotRequests() -> [URL] {
    defer { screenshotRequests.removeAll() }
    return screenshotRequests
  }

  /// The image sprites' top-left corners, in drawing order.
  var spriteOrigins: [Vec2] { sprites.map { Vec2($0.node.x, $0.node.y) } }

  func step() {
    steps += 1
    onStep?(steps)
    for index in sprites.indices {
      var (node, vx, vy) = sprites[index]
      node.x += vx
      node.y += vy
      vy += 0.5
      if node.x < 0 || node.x > designSize.x - 26 { vx = -vx }
      if node.y > designSize.y - 37 {
        vy = -abs(vy) * 0.9
        node.y = designSize.y - 37
      }
      sprites[index] = (node, vx, vy)
    }
  }

  func frameDidPresent() {
    presented += 1
    presentedSteps.append(steps)
  }
  func poll() { polls += 1 }
}

/// The letterbox math, and a real window when a display exists (run under xvfb-run).
final class WindowTests: XCTestCase {
  func testLetterboxKeepsAspectAndMapsPointsBack() {
    let box = Letterbox(design: Vec2(390, 844), outputWidth: 1280, outputHeight: 720)
    XCTAssertEqual(box.scale, 720.0 / 844, accuracy: 1e-9)
    XCTAssertEqual(box.y, 0)
    XCTAssertEqual(box.x, ((1280 - 390 * box.scale) / 2).rounded(.down))
    let centre = box.toDesign(Vec2(box.x + box.width / 2, box.height / 2))
    XCTAssertEqual(centre.x, 195, accuracy: 1e-9)
    XCTAssertEqual(centre.y, 422, accuracy: 1e-9)
    XCTAssertEqual(box.view.apply(Vec2(390, 844)).x, box.x + box.width, accuracy: 1e-9)
  }

  func testWindowSizeFitsTheScreen() {
    let (w, h) = Letterbox.windowSize(design: Vec2(390, 844), usableWidth: 1280, usableHeight: 720)
    XCTAssertLessThanOrEqual(h, 720)
    XCTAssertEqual(Double(w) / Double(h), 390.0 / 844, accuracy: 0.01)
    let small = Letterbox.windowSize(design: Vec2(320, 240), usableWidth: 1920, usableHeight: 1080)
    XCTAssertEqual(small.0, 320)
    XCTAssertEqual(small.1, 240)
  }

  func testRealWindowStepsAt60HzTakesInputAndScreenshots() throws {
    try requireDisplay()
    let fonts = try FontLibrary()
    let assets = try SceneFixtures.makeAssets()
    let driver = TestDriver(fonts: fonts)
    driver.overlay = nil
    // Where the sprites are in the screenshot: after step 30, i.e. as step 31 begins.
    var spritesAtShot: [Vec2] = []
    driver.onStep = { [unowned driver] step in
      if step == 31 { spritesAtShot = driver.spriteOrigins }
    }
    let (report, image, shot) = try runWithScreenshot(
      driver, assets: assets, named: "smoke", at: 0.5
    ) { options in
      options.maxSeconds = 1.0
      options.showStats = true
      options.scriptedInput = [
        ScheduledInput(time: 0.1, event: .pointerDown(Vec2(195, 730))),
        ScheduledInput(time: 0.2, event: .pointerUp(Vec2(195, 730))),
      ]
    }
    XCTAssertTrue(FileManager.default.fileExists(atPath: shot.path))
    // One second of wall time is about 60 fixed steps whatever the frame rate.
    XCTAssertEqual(Double(report.steps), 60, accuracy: 8, "\(report)")
    XCTAssertEqual(driver.polls, report.frames)
    XCTAssertEqual(driver.presented, report.frames)
    // The X server's pointer may add motion events; taps must arrive as scripted.
    let presses = driver.received.filter {
      if case .pointerMove = $0 { return false }
      return true
    }
    XCTAssertEqual(presses, [.pointerDown(Vec2(195, 730)), .pointerUp(Vec2(195, 730))])
    XCTAssertGreaterThan(image.width, 100)
    try assertScreenshot(image, design: driver.designSize, sprites: spritesAtShot)
    print("window smoke: \(report.frames) frames, \(report.steps) steps, "
      + "first frame \(Int(report.firstFrameSeconds * 1000)) ms, renderer \(report.rendererName), "
      + "\(image.width)x\(image.height) screenshot at \(shot.path)")
  }

  /// Checks a background pixel and a sprite pixel of the smoke test's screenshot, away from
  /// the label and stats panel at the top, the dot and the button, and any sprite drawn above.
  private func assertScreenshot(_ image: RGBAImage, design: Vec2, sprites: [Vec2]) throws {
    XCTAssertEqual(sprites.count, 50, "the screenshot was taken after step 30")
    let box = Letterbox(design: design, outputWidth: image.width, outputHeight: image.height)
    func pixel(_ point: Vec2) -> (r: Int, g: Int, b: Int) {
      let at = box.view.apply(point)
      let argb = image[Int(at.x), Int(at.y)]
      return (Int((argb >> 16) & 0xFF), Int((argb >> 8) & 0xFF), Int(argb & 0xFF))
    }
    func covered(_ point: Vec2, by origins: ArraySlice<Vec2>) -> Bool {
      origins.contains {
        point.x > $0.x - 3 && point.x < $0.x + 29 && point.y > $0.y - 3 && point.y < $0.y + 40
      }
    }
    func clearOfFixedNodes(_ point: Vec2) -> Bool {
      let dot = abs(point.x - 195) < 55 && abs(point.y - 420) < 55
      let button = point.x > 90 && point.x < 300 && point.y > 695
      return point.y > 100 && !dot && !button
    }
    let grid = stride(from: 105.0, to: 690, by: 10).flatMap { y in
      stride(from: 5.0, to: 385, by: 10).map { Vec2($0, y) }
    }
    let free = try XCTUnwrap(
      grid.first { clearOfFixedNodes($0) && !covered($0, by: sprites[...]) }, "no free spot")
    let background = pixel(free)
    XCTAssertEqual([background.r, background.g, background.b], [26, 31, 51], "background at \(free)")
    // The red top-left quadrant of the topmost sprite with nothing drawn over it there.
    let visible = sprites.indices.reversed().lazy.map { index in
      (Vec2(sprites[index].x + 6, sprites[index].y + 9), index)
    }.first { point, index in
      clearOfFixedNodes(point) && !covered(point, by: sprites[(index + 1)...])
    }
    let (point, index) = try XCTUnwrap(visible, "every sprite is covered")
    let red = pixel(point)
    XCTAssertTrue(red.r > 180 && red.g < 90 && red.b < 90, "sprite \(index) at \(point) is \(red)")
  }

  func testVsyncPacingNeverRunsFasterThanTheDisplay() throws {
    try requireDisplay()
    let fonts = try FontLibrary()
    let assets = try SceneFixtures.makeAssets()
    let driver = TestDriver(sprites: 5, fonts: fonts)
    var options = WindowOptions()
    options.gameDirectory = assets.directory?.deletingLastPathComponent()
    // The software renderer never waits for the display, so the loop paces itself.
    options.renderer = "software"
    options.maxSeconds = 2
    let report = try runWindow(driver: driver, options: options)
    // The rate the window paces to: the display's, else 60 Hz.
    var mode = SDL_DisplayMode()
    let hz = SDL_GetCurrentDisplayMode(0, &mode) == 0 && mode.refresh_rate >= 30
      ? Double(mode.refresh_rate) : 60
    // Frame n starts no earlier than (n - 1) / hz s in: at most 2 hz + 1 frames in two seconds.
    XCTAssertLessThanOrEqual(report.frames, Int(2 * hz) + 1, "\(report), display \(hz) Hz")
    XCTAssertGreaterThan(report.frames, Int(hz), "\(report), display \(hz) Hz")
  }

  func testScreenshotShowsExactlyTheRequestedStep() throws {
    try requireDisplay()
    let fonts = try FontLibrary()
    let assets = try SceneFixtures.makeAssets()
    let driver = TestDriver(sprites: 0, fonts: fonts)
    // A slow step just before the shot makes the next frame owe several steps at once.
    driver.onStep = { step in
      if step == 27 { Thread.sleep(forTimeInterval: 0.08) }
    }
    let (report, _, _) = try runWithScreenshot(
      driver, assets: assets, named: "shot-step", at: 0.5
    ) { $0.maxSeconds = 0.8 }
    // Like `tide shot --at 0.5`: the frame after exactly 30 steps, not one that overshot it.
    let shown = driver.presentedSteps.first { $0 >= 30 }
    XCTAssertEqual(shown, 30, "frames showed steps \(driver.presentedSteps)")
    // Steps held back for the shot run on the next frame; none are lost.
    XCTAssertEqual(report.steps, driver.steps)
    XCTAssertGreaterThan(driver.presentedSteps.last ?? 0, 40)
  }

  /// Bunnymark through the real window, vsync off: `TIDE_BENCH_BUNNIES=N` (and optionally
  /// `TIDE_BENCH_SPRITE=/path/bunny.png`, `TIDE_RENDERER`) under xvfb-run, release build.
  func testBunnymark() throws {
    let environment = ProcessInfo.processInfo.environment
    guard let count = environment["TIDE_BENCH_BUNNIES"].flatMap(Int.init),
      environment["DISPLAY"] != nil
    else { throw XCTSkip("set TIDE_BENCH_BUNNIES=N and run under xvfb-run") }
    let fonts = try FontLibrary()
    let assets = try SceneFixtures.makeAssets()
    if let sprite = environment["TIDE_BENCH_SPRITE"], let directory = assets.directory {
      let target = directory.appendingPathComponent("sprite.png")
      try? FileManager.default.removeItem(at: target)
      try FileManager.default.copyItem(at: URL(fileURLWithPath: sprite), to: target)
    }
    let driver = TestDriver(designSize: Vec2(1280, 720), sprites: count, fonts: fonts)
    var options = WindowOptions()
    options.gameDirectory = assets.directory?.deletingLastPathComponent()
    options.vsync = false
    options.maxSeconds = Double(environment["TIDE_BENCH_SECONDS"] ?? "") ?? 4
    let report = try runWindow(driver: driver, options: options)
    print(String(format: "Tide %@ n=%d fps=%.1f first frame %.0f ms", report.rendererName, count,
      report.averageFPS, report.firstFrameSeconds * 1000))
  }

  func testBandsOnSeveralThreadsDrawTheSamePixelsAsOne() throws {
    try requireDisplay()
    let fonts = try FontLibrary()
    let assets = try SceneFixtures.makeAssets()
    func screenshot(threads: Int) throws -> (RGBAImage, WindowRunReport) {
      // A design that fits the 1280x720 screen unscaled: shrunk to fit, every bouncing sprite
      // would be a scaled image no cut may cross, and how many bands the frames found room
      // for would depend on where the sprites were, that is on the machine's load.
      let driver = TestDriver(designSize: Vec2(390, 640), sprites: 200, fonts: fonts)
      // What SDL clips inexactly when scaled, across the rows where cuts would go.
      let scene = driver.scene
      for (index, scale) in [2.0, 3.5, 0.6].enumerated() {
        let big = scene.makeNode(.image)
        big.image = "sprite.png"
        big.width = 26 * scale
        big.height = 37 * scale
        big.x = 40 + Double(index) * 110
        big.y = 250 + Double(index) * 120
        big.rotation = index == 2 ? 30 : 0
        scene.root.add(big)
      }
      let title = scene.makeNode(.text)
      title.text = "Bands 🐇"
      title.fontSize = 30
      title.x = 120
      title.y = 560
      title.scale = 1.7
      scene.root.add(title)
      // Quit by event some steps after the screenshot's: a loaded machine takes longer, and a
      // wall-clock limit could end the run before the screenshot's step.
      driver.onStep = { step in if step == 20 { requestWindowQuit() } }
      let (report, image, _) = try runWithScreenshot(
        driver, assets: assets, named: "bands-\(threads)", at: 0.25
      ) { options in
        options.renderThreads = threads
        options.maxSeconds = 30
      }
      return (image, report)
    }
    let (one, oneReport) = try screenshot(threads: 1)
    let (three, threeReport) = try screenshot(threads: 3)
    XCTAssertEqual(oneReport.renderBands, 1)
    XCTAssertGreaterThanOrEqual(threeReport.renderBands, 3, "the bands really were drawn apart")
    XCTAssertEqual(one.width, three.width)
    XCTAssertEqual(one.height, three.height)
    var differing = 0
    for y in 0..<min(one.height, three.height) {
      for x in 0..<min(one.width, three.width) where one[x, y] != three[x, y] { differing += 1 }
    }
    XCTAssertEqual(differing, 0, "pixels that differ between one thread and three")
  }

  func testOpenGLDrawsSpritesAtTheirOwnSizeAsSharpAsSoftware() throws {
    try requireDisplay()
    let fonts = try FontLibrary()
    let assets = try SceneFixtures.makeAssets()
    // Between pixels, where filtering would blend neighbouring texels; a quarter pixel in, so
    // both renderers start the sprite on the same pixel.
    let origins = [Vec2(40.25, 60.25), Vec2(150.25, 100.25)]
    func screenshot(renderer: String) throws -> RGBAImage {
      // Small enough to open at scale 1 on any screen: the sprites are drawn at their size.
      let driver = TestDriver(designSize: Vec2(320, 240), sprites: 0, fonts: fonts)
      for origin in origins {
        let sprite = driver.scene.makeNode(.image)
        sprite.image = "sprite.png"
        sprite.width = 26
        sprite.height = 37
        sprite.x = origin.x
        sprite.y = origin.y
        driver.scene.root.add(sprite)
      }
      let (report, image, _) = try runWithScreenshot(
        driver, assets: assets, named: "sharp-\(renderer)", at: 0
      ) { options in
        options.renderer = renderer
        options.maxFrames = 3
      }
      XCTAssertEqual(report.rendererName, renderer)
      return image
    }
    let software = try screenshot(renderer: "software")
    let opengl = try screenshot(renderer: "opengl")
    XCTAssertEqual(software.width, 320, "drawn at scale 1")
    var differing = 0
    for origin in origins {
      for y in Int(origin.y) - 2..<Int(origin.y) + 40 {
        for x in Int(origin.x) - 2..<Int(origin.x) + 29 {
          if Self.largestChannelGap(software[x, y], opengl[x, y]) > 8 { differing += 1 }
        }
      }
    }
    XCTAssertEqual(differing, 0, "pixels of the sprites that OpenGL drew unlike software")
  }

  /// The largest difference between two pixels' colour channels.
  private static func largestChannelGap(_ a: UInt32, _ b: UInt32) -> Int {
    var largest = 0
    for shift: UInt32 in [0, 8, 16] {
      let one = Int((a >> shift) & 0xFF)
      let other = Int((b >> shift) & 0xFF)
      largest = max(largest, abs(one - other))
    }
    return largest
  }

  /// The game's say over the window: fullscreen at its word (the desktop's size under Xvfb)
  /// and back, and a screenshot of the frame after the one it asked in.
  func testFullscreenAndGameScreenshotsFollowTheGame() throws {
    try requireDisplay()
    let fonts = try FontLibrary()
    let assets = try SceneFixtures.makeAssets()
    let driver = TestDriver(sprites: 0, fonts: fonts)
    let shot = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("tide-game-shot-\(getpid())/screenshots/a.png")
    try? FileManager.default.removeItem(at: shot.deletingLastPathComponent().deletingLastPathComponent())
    // Each step waits for the window to follow the last ask before the next, so a slow,
    // loaded machine only takes longer: windowed, then fullscreen, a screenshot, windowed again.
    var seen: [String] = []
    var full: (Int32, Int32)?
    driver.onStep = { step in
      guard let window = (1...64).lazy.compactMap({ SDL_GetWindowFromID(UInt32($0)) }).first else { return }
      var w: Int32 = 0
      var h: Int32 = 0
      SDL_GetWindowSize(window, &w, &h)
      let isFull = SDL_GetWindowFlags(window) & SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue != 0
      switch seen.last {
      case nil where step >= 3 && !isFull:
        seen.append("windowed")
        driver.window.fullscreen = true
      case "windowed" where isFull && w == 1280:
        seen.append("fullscreen")
        full = (w, h)
        driver.screenshotRequests = [shot]
      case "fullscreen" where FileManager.default.fileExists(atPath: shot.path):
        seen.append("shot")
        driver.window.fullscreen = false
      case "shot" where !isFull:
        seen.append("windowed again")
        requestWindowQuit()
      default: break
      }
    }
    _ = try runWithScreenshot(driver, assets: assets, named: "fullscreen", at: 0.05) { $0.maxSeconds = 30 }
    XCTAssertEqual(seen, ["windowed", "fullscreen", "shot", "windowed again"])
    XCTAssertEqual(full.map { [$0.0, $0.1] }, [1280, 720], "the desktop's size")
    let image = try RGBAImage(contentsOf: shot)
    XCTAssertEqual([image.width, image.height], [1280, 720])
  }

  /// A virtual gamepad (SDL's own, as a real one reaches the window) is plugged in, presses
  /// and pushes, and is unplugged: the game gets each as pad 1 with GameController's names.
  func testAVirtualGamepadReachesTheGame() throws {
    try requireDisplay()
    let fonts = try FontLibrary()
    let assets = try SceneFixtures.makeAssets()
    let driver = TestDriver(sprites: 0, fonts: fonts)
    var device: Int32 = -1
    var joystick: OpaquePointer?
    // Each change waits for the game to have seen the one before: several steps can run
    // between two polls of SDL's events on a loaded machine, and a press released before a
    // poll would never be seen.
    func seen(_ event: GamepadEvent) -> Bool {
      driver.received.contains { if case .gamepad(let pad) = $0 { return pad == event } else { return false } }
    }
    var stage = 0
    driver.onStep = { step in
      switch stage {
      case 0 where step >= 5:
        device = SDL_JoystickAttachVirtual(SDL_JOYSTICK_TYPE_GAMECONTROLLER, 6, 15, 0)
        stage = device < 0 ? 4 : 1
      case 1 where driver.received.contains(where: { if case .gamepad(.added(pad: 1, _)) = $0 { true } else { false } }):
        // Pressed once the window has opened the pad: a press before that is its state, not an event.
        joystick = SDL_JoystickOpen(device)
        if let joystick {
          SDL_JoystickSetVirtualButton(joystick, Int32(SDL_CONTROLLER_BUTTON_A.rawValue), 1)
          SDL_JoystickSetVirtualAxis(joystick, Int32(SDL_CONTROLLER_AXIS_LEFTX.rawValue), -32768)
        }
        stage = 2
      case 2 where seen(.button(pad: 1, .a, down: true)) && seen(.axis(pad: 1, .leftx, -1)):
        if let joystick { SDL_JoystickSetVirtualButton(joystick, Int32(SDL_CONTROLLER_BUTTON_A.rawValue), 0) }
        stage = 3
      case 3 where seen(.button(pad: 1, .a, down: false)):
        if let joystick { SDL_JoystickClose(joystick) }
        joystick = nil
        SDL_JoystickDetachVirtual(device)
        stage = 4
      case 4 where seen(.removed(pad: 1)) || device < 0:
        requestWindowQuit()
        stage = 5
      default: break
      }
      // Whatever was missed, the run ends; the assertions below say what.
      if step == 600 { requestWindowQuit() }
    }
    _ = try runWithScreenshot(driver, assets: assets, named: "gamepad", at: 0.05) { $0.maxSeconds = 30 }
    XCTAssertGreaterThanOrEqual(device, 0, "SDL could not attach a virtual joystick: \(String(cString: SDL_GetError()))")
    let pads = driver.received.compactMap { event -> GamepadEvent? in
      if case .gamepad(let pad) = event { return pad } else { return nil }
    }
    guard case .added(pad: 1, _)? = pads.first else { return XCTFail("no pad 1 plugged in: \(pads)") }
    XCTAssertTrue(pads.contains(.button(pad: 1, .a, down: true)), "\(pads)")
    XCTAssertTrue(pads.contains(.axis(pad: 1, .leftx, -1)), "\(pads)")
    XCTAssertTrue(pads.contains(.button(pad: 1, .a, down: false)), "\(pads)")
    XCTAssertEqual(pads.last, .removed(pad: 1))
  }

  /// Every key SDL names for a window is a key games may name (docs/keys.md), so no key press
  /// is dropped for want of a name.
  func testEveryKeySDLNamesIsInTheTable() throws {
    try requireDisplay()
    try SDLLibrary.startVideo()
    var checked = 0
    for scancode in 0..<Int32(SDL_NUM_SCANCODES.rawValue) {
      let keycode = SDL_GetKeyFromScancode(SDL_Scancode(rawValue: UInt32(scancode)))
      guard keycode != 0, let raw = SDL_GetKeyName(keycode) else { continue }
      let name = String(cString: raw).lowercased()
      guard !name.isEmpty else { continue }
      XCTAssertTrue(KeyNames.isKey(name), "SDL names a key '\(name)' that KeyNames does not list")
      checked += 1
    }
    XCTAssertGreaterThan(checked, 150)
  }

  /// Real SDL finger events (as a touch screen sends them) reach the game as pointers of their
  /// own, numbered from 1; the mouse copies SDL makes of touches are dropped, and the wheel and
  /// the right button arrive as such.
  func testFingersWheelAndRightButtonReachTheGame() throws {
    try requireDisplay()
    let fonts = try FontLibrary()
    let assets = try SceneFixtures.makeAssets()
    let driver = TestDriver(sprites: 0, fonts: fonts)
    driver.onStep = { step in
      guard let window = (1...64).lazy.compactMap({ SDL_GetWindowFromID(UInt32($0)) }).first else { return }
      func finger(_ type: SDL_EventType, id: Int64, x: Float, y: Float) {
        var event = SDL_Event()
        event.tfinger.type = type.rawValue
        event.tfinger.touchId = 7
        event.tfinger.fingerId = id
        event.tfinger.x = x
        event.tfinger.y = y
        event.tfinger.pressure = 1
        event.tfinger.windowID = SDL_GetWindowID(window)
        SDL_PushEvent(&event)
      }
      switch step {
      case 5:
        // Two fingers with SDL's own large ids, and the mouse copy SDL makes of the first.
        finger(SDL_FINGERDOWN, id: 9001, x: 0.25, y: 0.5)
        finger(SDL_FINGERDOWN, id: 9002, x: 0.75, y: 0.5)
        var copy = SDL_Event()
        copy.button.type = SDL_MOUSEBUTTONDOWN.rawValue
        copy.button.which = UInt32.max
        copy.button.button = UInt8(SDL_BUTTON_LEFT)
        copy.button.windowID = SDL_GetWindowID(window)
        SDL_PushEvent(&copy)
      case 6:
        finger(SDL_FINGERMOTION, id: 9002, x: 0.5, y: 0.25)
      case 7:
        finger(SDL_FINGERUP, id: 9001, x: 0.25, y: 0.5)
        finger(SDL_FINGERUP, id: 9002, x: 0.5, y: 0.25)
      case 9:
        // A hundred fingers at once: twenty are pointers, the rest are left out.
        for id in 1...100 { finger(SDL_FINGERDOWN, id: Int64(id), x: Float(id) / 101, y: 0.9) }
      case 10:
        for id in 1...100 { finger(SDL_FINGERUP, id: Int64(id), x: Float(id) / 101, y: 0.9) }
      case 14:
        requestWindowQuit()
      case 8:
        var wheel = SDL_Event()
        wheel.wheel.type = SDL_MOUSEWHEEL.rawValue
        wheel.wheel.windowID = SDL_GetWindowID(window)
        wheel.wheel.y = -2
        wheel.wheel.preciseY = -2
        SDL_PushEvent(&wheel)
        var right = SDL_Event()
        right.button.type = SDL_MOUSEBUTTONDOWN.rawValue
        right.button.windowID = SDL_GetWindowID(window)
        right.button.button = UInt8(SDL_BUTTON_RIGHT)
        right.button.x = 10
        right.button.y = 10
        SDL_PushEvent(&right)
      default: break
      }
    }
    _ = try runWithScreenshot(driver, assets: assets, named: "fingers", at: 0.05) { $0.maxSeconds = 30 }
    let design = driver.designSize
    let seen = driver.received.filter { event in
      if case .pointerMove(_, .mouse) = event { return false }  // where the real mouse rests
      return true
    }
    let crowd = seen.compactMap { event -> PointerID? in
      if case .pointerDown(let p, let id) = event, p.y > design.y * 0.8 { return id } else { return nil }
    }
    XCTAssertEqual(crowd, (1...PointerID.maxFingers).map { .finger($0) }, "a hundred fingers down make twenty pointers")
    let lifted = seen.filter { if case .pointerUp(let p, _) = $0 { return p.y > design.y * 0.8 } else { return false } }
    XCTAssertEqual(lifted.count, PointerID.maxFingers)
    let fingers = seen.filter { event in
      switch event {
      case .pointerDown(let p, _), .pointerUp(let p, _): return p.y <= design.y * 0.8
      default: return true
      }
    }.compactMap { event -> (String, Vec2)? in
      switch event {
      case .pointerDown(let p, let id): return ("down \(id)", p)
      case .pointerMove(let p, let id): return ("move \(id)", p)
      case .pointerUp(let p, let id): return ("up \(id)", p)
      default: return nil
      }
    }
    // Where each finger was, as a fraction of the window (which keeps the design's shape).
    let expected: [(String, Double, Double)] = [
      ("down finger 1", 0.25, 0.5), ("down finger 2", 0.75, 0.5), ("move finger 2", 0.5, 0.25),
      ("up finger 1", 0.25, 0.5), ("up finger 2", 0.5, 0.25),
    ]
    XCTAssertEqual(fingers.map(\.0), expected.map(\.0))
    for (got, want) in zip(fingers, expected) {
      XCTAssertEqual(got.1.x, design.x * want.1, accuracy: 2, got.0)
      XCTAssertEqual(got.1.y, design.y * want.2, accuracy: 2, got.0)
    }
    XCTAssertTrue(seen.contains(.wheel(Vec2(x: 0, y: -2))), "the wheel: \(seen)")
    XCTAssertTrue(seen.contains { if case .mouseButton(.right, _, down: true) = $0 { return true } else { return false } })
  }

  func testResizedWindowLetterboxesAndMapsClicksBack() throws {
    try requireDisplay()
    let fonts = try FontLibrary()
    let assets = try SceneFixtures.makeAssets()
    let driver = TestDriver(sprites: 0, fonts: fonts)
    let design = driver.designSize
    driver.onStep = { step in
      guard let window = (1...64).lazy.compactMap({ SDL_GetWindowFromID(UInt32($0)) }).first
      else { return }
      if step == 5 { SDL_SetWindowSize(window, 900, 500) }
      if step == 15 {
        // A click at the design centre, in window pixels of the resized, letterboxed window.
        let scale = min(900 / design.x, 500 / design.y)
        let x = ((900 - design.x * scale) / 2).rounded(.down) + design.x / 2 * scale
        let y = design.y / 2 * scale
        for type in [SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP] {
          var event = SDL_Event()
          event.button.type = type.rawValue
          event.button.windowID = SDL_GetWindowID(window)
          event.button.button = UInt8(SDL_BUTTON_LEFT)
          event.button.state = UInt8(type == SDL_MOUSEBUTTONDOWN ? SDL_PRESSED : SDL_RELEASED)
          event.button.x = Int32(x.rounded())
          event.button.y = Int32(y.rounded())
          SDL_PushEvent(&event)
        }
      }
    }
    let (_, image, _) = try runWithScreenshot(
      driver, assets: assets, named: "resized", at: 0.5
    ) { $0.maxSeconds = 0.7 }
    XCTAssertEqual(image.width, 900)
    XCTAssertEqual(image.height, 500)
    XCTAssertEqual(image[10, 250], 0xFF00_0000, "left bar is black")
    XCTAssertEqual(image[890, 250], 0xFF00_0000, "right bar is black")
    XCTAssertNotEqual(image[450, 20], 0xFF00_0000, "the game fills the middle")
    let taps = driver.received.compactMap { event -> Vec2? in
      if case .pointerDown(let point, _) = event { return point }
      return nil
    }
    XCTAssertEqual(taps.count, 1)
    XCTAssertEqual(taps.first?.x ?? 0, design.x / 2, accuracy: 2)
    XCTAssertEqual(taps.first?.y ?? 0, design.y / 2, accuracy: 2)
  }

  /// Skips the test where there is no display to open a window on.
  private func requireDisplay() throws {
    guard ProcessInfo.processInfo.environment["DISPLAY"] != nil else {
      throw XCTSkip("no display; run under xvfb-run to open a real window")
    }
  }

  /// Runs `driver` in a real window over the `assets` game folder, with a screenshot at `at`
  /// seconds that must be written; `configure` sets the other options. Returns the run's
  /// report, the screenshot and where it was written.
  private func runWithScreenshot(
    _ driver: TestDriver, assets: AssetLibrary, named name: String, at seconds: Double,
    configure: (inout WindowOptions) -> Void
  ) throws -> (WindowRunReport, RGBAImage, URL) {
    let shot = URL(fileURLWithPath: NSTemporaryDirectory())
      .appendingPathComponent("tide-window-\(name).png")
    try? FileManager.default.removeItem(at: shot)
    var options = WindowOptions()
    options.gameDirectory = assets.directory?.deletingLastPathComponent()
    options.screenshotPath = shot
    options.screenshotAt = seconds
    configure(&options)
    let report = try runWindow(driver: driver, options: options)
    XCTAssertTrue(report.screenshotWritten)
    return (report, try RGBAImage(contentsOf: shot), shot)
  }
}
