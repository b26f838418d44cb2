import CSDL2
import Foundation
import TideCore

/// The window, its renderer and the frame loop behind `runWindow(driver:options:)`.
final class SDLWindow {
  private let driver: any GameDriver
  private let options: WindowOptions
  private let window: OpaquePointer
  /// Optional only so that `deinit` can release it (and its renderers) before the window.
  private var canvas: WindowCanvas?
  private let fonts: FontLibrary
  private var stats: FrameStats
  /// The stats text's size in pixels, measured when the text or its size changes.
  private var statsTextSize: (text: String, pixelSize: Int, width: Int, height: Int)?
  private var letterbox: Letterbox
  /// Drawable pixels per window point on each axis (2 on a high-DPI display), for the pointer.
  private var pixelsPerPoint = Vec2(1, 1)
  /// The drawable size in pixels, which finger positions (0 to 1 across the window) scale to.
  private var outputPixels = Vec2(1, 1)
  /// Our number for each finger down, by SDL's touch device and finger id (see `PointerID`).
  private var fingers: [FingerKey: Int] = [:]
  /// Each gamepad open, by SDL's joystick instance id: its number (see `GamepadEvent`) and handle.
  private var pads: [SDL_JoystickID: (number: Int, controller: OpaquePointer)] = [:]
  private var pendingInput: [ScheduledInput]
  private let startTime: Double
  /// What `run` reports; kept here because frames are shown from more than one place.
  private var report: WindowRunReport
  /// A frame drawn, or still being drawn by the canvas's worker threads, and not shown yet.
  private var inFlight: FrameInFlight?
  private var framesShown = 0

  /// A draw list's array kept for its storage: with frames drawn behind, one list is drawn
  /// while the next is built.
  private var spareDrawList: [DrawItem] = []
  /// The band plan of the list being built, and that of the frame in flight, whose survey the
  /// bands may still read; they alternate like the lists.
  private var plan = WindowCanvas.Plan()
  private var planInFlight = WindowCanvas.Plan()

  private struct FrameInFlight {
    /// What it draws.
    var items: [DrawItem]
    /// Whether it is the frame the screenshot was asked of.
    var isShot: Bool
    /// Where to write it for the game (`tide.screenshot`).
    var gameShots: [URL] = []
  }

  /// Whether the window fills the screen now (it follows `driver.window.fullscreen`).
  private var isFullscreen = false

  init(driver: any GameDriver, options: WindowOptions) throws {
    startTime = Self.now()
    self.driver = driver
    self.options = options
    stats = FrameStats(shown: options.showStats)
    pendingInput = options.scriptedInput.sorted { $0.time < $1.time }
    try SDLLibrary.startVideo()
    SDLLibrary.startGamepads(extraMappings: options.gameFiles?.contents("gamecontrollerdb.txt"))
    SDLImage.start()
    // A click that focuses the window should also reach the game.
    SDL_SetHint(SDL_HINT_MOUSE_FOCUS_CLICKTHROUGH, "1")
    SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0")
    let name = RenderDriver.requestedName(option: options.renderer)
    report = WindowRunReport(
      frames: 0, steps: 0, seconds: 0, firstFrameSeconds: 0, rendererName: name,
      screenshotWritten: false)
    if name == "software" {
      // Otherwise SDL shows the software renderer's pixels through an OpenGL texture, which
      // under Mesa llvmpipe cost about a third of each frame and ~100 ms of start-up; the
      // plain X11 (XShm) framebuffer is faster. An SDL_FRAMEBUFFER_ACCELERATION in the
      // environment still wins.
      SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
    }

    let design = driver.designSize
    var usable = SDL_Rect()
    if SDL_GetDisplayUsableBounds(0, &usable) != 0 {
      usable = SDL_Rect(x: 0, y: 0, w: 1280, h: 720)
    }
    let (width, height) = Letterbox.windowSize(
      design: design, usableWidth: Int(usable.w), usableHeight: Int(usable.h))
    let wanted = driver.window
    var flags = SDL_WINDOW_ALLOW_HIGHDPI.rawValue
    if wanted.resizable { flags |= SDL_WINDOW_RESIZABLE.rawValue }
    if wanted.fullscreen { flags |= SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue }
    isFullscreen = wanted.fullscreen
    guard
      let window = SDL_CreateWindow(
        driver.title, tide_sdl_windowpos_centered(), tide_sdl_windowpos_centered(),
        Int32(width), Int32(height), flags)
    else { throw SDLError.last("Creating the window") }

    self.window = window
    letterbox = Letterbox(design: design, outputWidth: width, outputHeight: height)
    if let min = wanted.minSize { SDL_SetWindowMinimumSize(window, Int32(min.x), Int32(min.y)) }
    if let icon = wanted.icon, let files = options.gameFiles {
      // A broken icon costs the game nothing: the system's stays, and the reason is printed.
      if let surface = AssetLibrary(files: files).load("assets/" + icon, fromFile: SDLImage.load, fromMemory: SDLImage.load) {
        SDL_SetWindowIcon(window, surface)
        SDL_FreeSurface(surface)
      } else {
        FileHandle.standardError.write(Data("tide: window.icon '\(icon)': \(String(cString: SDL_GetError()))\n".utf8))
      }
    }

    let assets: AssetLibrary
    if let backend = options.backend {
      fonts = backend.fonts
      assets = backend.assets
    } else {
      do {
        fonts = try FontLibrary()
      } catch {
        SDL_DestroyWindow(window)
        throw error
      }
      assets = AssetLibrary(files: options.gameFiles)
    }
    do {
      canvas = try WindowCanvas(
        window: window, rendererName: name, vsync: options.vsync && wanted.vsync,
        threads: options.renderThreads ?? WindowCanvas.defaultThreads(), fonts: fonts,
        assets: assets)
    } catch {
      SDL_DestroyWindow(window)
      throw error
    }
    // The drawable may be larger than the window (high DPI): measure before the first events.
    try updateLetterbox()
    SDL_StartTextInput()
  }

  deinit {
    canvas = nil
    SDL_StopTextInput()
    SDL_DestroyWindow(window)
  }

  // MARK: - Loop

  func run() throws -> WindowRunReport {
    guard let canvas else { throw SDLError("The window has no canvas") }
    // Fixed steps for the real time that passed; a long stall is dropped, not replayed.
    var clock = FixedStepClock(hz: 60, maxStepsPerFrame: options.maxStepsPerFrame)
    // Steps run so far, and steps due but held back so the screenshot shows its exact step.
    var tick = 0
    var held = 0
    // The step to screenshot after, rounded like `tide shot --at` (Engine.replay).
    var shotTick =
      options.screenshotPath == nil
      ? nil : max(0, Int((options.screenshotAt * Double(clock.hz)).rounded()))
    var previous = Self.now()
    let loopStart = previous
    // Not every renderer waits for the display (the software one never does): pace those here.
    var pacer =
      options.vsync && driver.window.vsync && !canvas.waitsForVsync
      ? FramePacer(interval: 1 / refreshRate(), start: loopStart) : nil
    while true {
      let frameStart = Self.now()
      let elapsed = frameStart - previous
      previous = frameStart
      guard try pumpEvents() else { break }
      driver.poll()
      var steps = held + clock.accumulate(real: elapsed)
      held = 0
      if let shotTick, tick + steps > shotTick {
        // Stop at the screenshot's step; the rest run next frame.
        held = tick + steps - shotTick
        steps = shotTick - tick
      }
      for _ in 0..<steps {
        feedScheduledInput(upTo: Double(tick) * clock.dt)
        driver.step()
        tick += 1
      }
      report.steps += steps
      let gameShots = driver.takeScreenshotRequests()
      if driver.window.fullscreen != isFullscreen {
        isFullscreen.toggle()
        // The desktop's resolution, not a mode change: quick, and the letterbox does the rest.
        SDL_SetWindowFullscreen(window, isFullscreen ? SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue : 0)
        try updateLetterbox()
      }
      // When the canvas draws behind, the last frame was drawn during those steps, and may
      // still be: this frame's list is built meanwhile, into the last-but-one frame's array.
      // The last frame is shown before this one starts; that costs a frame of latency and
      // gains the steps' time.
      var items: [DrawItem] = []
      swap(&items, &spareDrawList)
      driver.scene.drawList(into: &items)
      // Planned while the last frame may still be drawing: the bands' threads wait for no plan.
      canvas.plan(items, view: letterbox.view, into: &plan)
      try showFrameInFlight()
      report.renderBands = max(report.renderBands, try drawFrame(items, on: canvas))
      swap(&plan, &planInFlight)
      report.frames += 1
      let isShot = shotTick.map { tick >= $0 } ?? false
      if isShot { shotTick = nil }
      inFlight = FrameInFlight(items: items, isShot: isShot, gameShots: gameShots)
      // The first frame is shown at once, so start-up waits for no step.
      if !canvas.drawsBehind || report.frames == 1 { try showFrameInFlight() }
      let after = Self.now()
      if stats.isShown {
        stats.record(
          frameTime: elapsed, workTime: after - frameStart, now: after,
          nodes: driver.scene.nodeCount)
      }
      if let maxFrames = options.maxFrames, report.frames >= maxFrames { break }
      // A screenshot asked for is of game time, which falls behind the wall clock when frames
      // stall (a loaded machine drops the time of a long frame): the window waits for it.
      if let maxSeconds = options.maxSeconds, after - loopStart >= maxSeconds, shotTick == nil { break }
      if let wait = pacer?.secondsToWait(now: after), wait > 0 {
        Thread.sleep(forTimeInterval: wait)
      }
    }
    try showFrameInFlight()
    report.seconds = Self.now() - loopStart
    return report
  }

  /// Waits for the frame in flight, if any, takes the screenshot if it is the one asked for,
  /// and shows it.
  private func showFrameInFlight() throws {
    guard let frame = inFlight, let canvas else { return }
    inFlight = nil
    canvas.finishDrawing()
    // Its array is free again (the threads let go of it), for the list after next.
    spareDrawList = frame.items
    if frame.isShot, let path = options.screenshotPath {
      try canvas.readPixels().writePNG(to: path)
      report.screenshotWritten = true
    }
    if !frame.gameShots.isEmpty { writeGameShots(frame.gameShots, from: canvas) }
    canvas.present()
    driver.frameDidPresent()
    framesShown += 1
    if framesShown == 1 { report.firstFrameSeconds = Self.now() - startTime }
  }

  private func feedScheduledInput(upTo time: Double) {
    while let next = pendingInput.first, next.time <= time + 1e-9 {
      driver.enqueue(next.event)
      pendingInput.removeFirst()
    }
  }

  // MARK: - Drawing

  /// Fits the design area to the window's current size; returns the drawable size in pixels.
  @discardableResult
  private func updateLetterbox() throws -> (width: Int32, height: Int32) {
    guard let canvas else { return (0, 0) }
    // A resize gives the software renderer a new window surface to draw into.
    try canvas.refresh()
    var windowWidth: Int32 = 0
    var windowHeight: Int32 = 0
    SDL_GetWindowSize(window, &windowWidth, &windowHeight)
    let (outputWidth, outputHeight) = canvas.outputSize
    letterbox = Letterbox(
      design: driver.designSize, outputWidth: Int(outputWidth), outputHeight: Int(outputHeight))
    pixelsPerPoint = Vec2(
      windowWidth > 0 ? Double(outputWidth) / Double(windowWidth) : 1,
      windowHeight > 0 ? Double(outputHeight) / Double(windowHeight) : 1)
    outputPixels = Vec2(Double(outputWidth), Double(outputHeight))
    return (outputWidth, outputHeight)
  }

  /// Starts drawing `items` (the scene's draw list), the error overlay and the stats panel;
  /// each band of the canvas draws its own rows, on its own thread. Returns how many bands
  /// draw.
  private func drawFrame(_ items: [DrawItem], on canvas: WindowCanvas) throws -> Int {
    let (outputWidth, outputHeight) = try updateLetterbox()
    let overlay = driver.overlay
    let background = SDL_Color(driver.background)
    let viewport = SDL_Rect(
      x: Int32(letterbox.x), y: Int32(letterbox.y), w: Int32(letterbox.width.rounded()),
      h: Int32(letterbox.height.rounded()))
    var bars: [SDL_Rect] = []
    if viewport.x > 0 {
      bars.append(SDL_Rect(x: 0, y: 0, w: viewport.x, h: outputHeight))
      bars.append(
        SDL_Rect(
          x: viewport.x + viewport.w, y: 0, w: outputWidth - viewport.x - viewport.w,
          h: outputHeight))
    }
    if viewport.y > 0 {
      bars.append(SDL_Rect(x: 0, y: 0, w: outputWidth, h: viewport.y))
      bars.append(
        SDL_Rect(
          x: 0, y: viewport.y + viewport.h, w: outputWidth, h: outputHeight - viewport.y - viewport.h
        ))
    }
    bars.removeAll { $0.w <= 0 || $0.h <= 0 }
    let statsPanel = stats.isShown ? statsPanel() : nil
    let letterbox = self.letterbox
    // Every band would count the whole list's coverage for the overdraw cap, and read every
    // item to find those in its rows; planning the bands works both out once (with one band,
    // that band's own count is as cheap).
    canvas.balance(items, view: letterbox.view, plan: &plan)
    let survey = plan.survey
    let note = driver.scene.drawingNote
    return canvas.startDrawing { band in
      let renderer = band.renderer
      var rows = band.rect(width: Int(outputWidth))
      // Fill, not SDL_RenderClear, which ignores the clip and would wipe the other bands.
      // Without blending it is a plain memory fill.
      SDL_RenderSetClipRect(renderer, &rows)
      SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE)
      SDL_SetRenderDrawColor(renderer, background.r, background.g, background.b, 255)
      SDL_RenderFillRect(renderer, &rows)
      SDL_SetRenderDrawColor(renderer, 0, 0, 0, 255)
      for var bar in bars { SDL_RenderFillRect(renderer, &bar) }
      SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
      // Nodes partly off the design area must not spill into the bars.
      var clip = SDL_Rect()
      var design = viewport
      if SDL_IntersectRect(&design, &rows, &clip) == SDL_TRUE {
        SDL_RenderSetClipRect(renderer, &clip)
        band.nodes.draw(
          items, view: letterbox.view, pixelScale: letterbox.scale, rows: band.rows, bound: survey.bound,
          reach: survey.reach, note: note)
        if let overlay {
          band.errorPainter.draw(
            overlay, x: letterbox.x, y: letterbox.y, width: letterbox.width,
            height: letterbox.height, scale: letterbox.scale, with: band.nodes)
        }
      }
      SDL_RenderSetClipRect(renderer, &rows)
      if let statsPanel { Self.draw(statsPanel, with: band.nodes) }
      SDL_RenderSetClipRect(renderer, nil)
    }
  }

  /// The F3 panel: its text, where it goes and its size, in pixels.
  private struct StatsPanel {
    var text: String
    var pixelSize: Int
    var left: Double
    var top: Double
    var pad: Double
    var width: Int
    var height: Int
  }

  private func statsPanel() -> StatsPanel {
    let pixelSize = max(11, Int((12 * letterbox.scale).rounded()))
    let measured: (text: String, pixelSize: Int, width: Int, height: Int)
    if let known = statsTextSize, known.text == stats.summary, known.pixelSize == pixelSize {
      measured = known
    } else {
      let layout = fonts.layout(stats.summary, pixelSize: pixelSize)
      measured = (stats.summary, pixelSize, layout.width, layout.height)
      statsTextSize = measured
    }
    let pad = Double(pixelSize) / 2
    return StatsPanel(
      text: measured.text, pixelSize: pixelSize, left: letterbox.x + pad, top: letterbox.y + pad,
      pad: pad, width: measured.width, height: measured.height)
  }

  private static func draw(_ panel: StatsPanel, with nodes: NodeRenderer) {
    nodes.fillRect(
      x: panel.left, y: panel.top, width: Double(panel.width) + 2 * panel.pad,
      height: Double(panel.height) + panel.pad, color: Color(r: 0, g: 0, b: 0, a: 0.7))
    nodes.drawText(
      panel.text, x: panel.left + panel.pad, y: panel.top + panel.pad / 2,
      pixelSize: panel.pixelSize, color: Color(r: 0.6, g: 1, b: 0.6))
  }

  // MARK: - Events

  /// Handles pending SDL events; false when the window was closed.
  private func pumpEvents() throws -> Bool {
    var event = SDL_Event()
    var pendingMove: Vec2?
    // A stick sends dozens of motions a frame; the game needs where each axis ended up.
    var pendingAxes: [Int: Double] = [:]
    var axisOrder: [Int] = []
    func flushMove() {
      if let move = pendingMove { driver.enqueue(.pointerMove(move)) }
      pendingMove = nil
      for key in axisOrder {
        if let value = pendingAxes[key], let axis = GamepadAxis.allCases.dropFirst(key % 8).first {
          driver.enqueue(.gamepad(.axis(pad: key / 8, axis, value)))
        }
      }
      pendingAxes.removeAll()
      axisOrder.removeAll()
    }
    while SDL_PollEvent(&event) != 0 {
      switch event.type {
      case SDL_QUIT.rawValue:
        return false
      case SDL_WINDOWEVENT.rawValue:
        // The frame in flight was drawn into the window surface a resize replaces: show it
        // (or, when SDL has already let go of that surface, lose it) before it is freed.
        try showFrameInFlight()
        // A click that follows a resize in the same batch must map through the new size.
        try updateLetterbox()
      // SDL also reports each touch as the mouse (`which` is SDL_TOUCH_MOUSEID): the finger
      // events below carry it already, so those copies would press twice.
      case SDL_MOUSEBUTTONDOWN.rawValue where event.button.which != Self.touchMouse,
        SDL_MOUSEBUTTONUP.rawValue where event.button.which != Self.touchMouse:
        flushMove()
        let p = designPoint(event.button.x, event.button.y)
        let down = event.type == SDL_MOUSEBUTTONDOWN.rawValue
        switch Int32(event.button.button) {
        case SDL_BUTTON_LEFT: driver.enqueue(down ? .pointerDown(p) : .pointerUp(p))
        case SDL_BUTTON_RIGHT: driver.enqueue(.mouseButton(.right, p, down: down))
        case SDL_BUTTON_MIDDLE: driver.enqueue(.mouseButton(.middle, p, down: down))
        case SDL_BUTTON_X1: driver.enqueue(.mouseButton(.x1, p, down: down))
        case SDL_BUTTON_X2: driver.enqueue(.mouseButton(.x2, p, down: down))
        default: break
        }
      case SDL_MOUSEMOTION.rawValue where event.motion.which != Self.touchMouse:
        // Many motions can arrive per frame; only the latest position matters.
        pendingMove = designPoint(event.motion.x, event.motion.y)
      case SDL_MOUSEWHEEL.rawValue where event.wheel.which != Self.touchMouse:
        flushMove()
        // Touchpads turn by fractions of a notch; "natural" scrolling flips the reported sign back.
        let flip: Float = event.wheel.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue ? -1 : 1
        let delta = Vec2(Double(event.wheel.preciseX * flip), Double(event.wheel.preciseY * flip))
        if delta != .zero { driver.enqueue(.wheel(delta)) }
      case SDL_FINGERDOWN.rawValue, SDL_FINGERMOTION.rawValue, SDL_FINGERUP.rawValue:
        flushMove()
        handleFinger(event.tfinger, type: event.type)
      case SDL_CONTROLLERAXISMOTION.rawValue:
        guard let pad = pads[event.caxis.which]?.number,
          let axis = SDL_GameControllerGetStringForAxis(SDL_GameControllerAxis(Int32(event.caxis.axis))).flatMap({ GamepadAxis(rawValue: String(cString: $0)) }),
          let index = GamepadAxis.allCases.firstIndex(of: axis)
        else { break }
        let key = pad * 8 + index
        if pendingAxes[key] == nil { axisOrder.append(key) }
        // SDL's range is -32768...32767: both ends reach ±1.
        let raw = Double(event.caxis.value)
        pendingAxes[key] = raw < 0 ? raw / 32768 : raw / 32767
      case SDL_CONTROLLERBUTTONDOWN.rawValue, SDL_CONTROLLERBUTTONUP.rawValue:
        flushMove()
        guard let pad = pads[event.cbutton.which]?.number,
          let button = SDL_GameControllerGetStringForButton(SDL_GameControllerButton(Int32(event.cbutton.button)))
            .flatMap({ GamepadButton(rawValue: String(cString: $0)) })
        else { break }
        driver.enqueue(.gamepad(.button(pad: pad, button, down: event.type == SDL_CONTROLLERBUTTONDOWN.rawValue)))
      case SDL_CONTROLLERDEVICEADDED.rawValue:
        flushMove()
        addPad(deviceIndex: event.cdevice.which)
      case SDL_CONTROLLERDEVICEREMOVED.rawValue:
        flushMove()
        if let pad = pads.removeValue(forKey: event.cdevice.which) {
          SDL_GameControllerClose(pad.controller)
          driver.enqueue(.gamepad(.removed(pad: pad.number)))
        }
      case SDL_KEYDOWN.rawValue, SDL_KEYUP.rawValue:
        flushMove()
        let down = event.type == SDL_KEYDOWN.rawValue
        let keycode = event.key.keysym.sym
        if keycode == SDLK_F3.rawValue {
          if down && event.key.repeat == 0 { stats.toggle() }
        } else if let name = SDLKeyNames.name(keycode) {
          let place = SDLKeyNames.name(scancode: event.key.keysym.scancode)
          driver.enqueue(.key(name, down: down, scancode: place == name ? nil : place))
        }
      case SDL_TEXTINPUT.rawValue:
        flushMove()
        let text = withUnsafeBytes(of: event.text.text) { raw in
          String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        if !text.isEmpty { driver.enqueue(.text(text)) }
      default:
        break
      }
    }
    flushMove()
    return true
  }

  /// Writes the frame the game asked for; a file that cannot be written is reported on the
  /// console and the game goes on.
  private func writeGameShots(_ urls: [URL], from canvas: WindowCanvas) {
    do {
      let pixels = try canvas.readPixels()
      for url in urls {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try pixels.writePNG(to: url)
      }
    } catch {
      FileHandle.standardError.write(Data("tide: tide.screenshot could not write \(urls.map(\.path).joined(separator: ", ")): \(error)\n".utf8))
    }
  }

  /// Opens the pad at SDL device index `index` and tells the game, numbered as `GamepadEvent`
  /// says; a pad past the most there may be, or one SDL cannot open, is left alone.
  private func addPad(deviceIndex index: Int32) {
    guard SDL_IsGameController(index) == SDL_TRUE, let controller = SDL_GameControllerOpen(index) else { return }
    let id = SDL_JoystickInstanceID(SDL_GameControllerGetJoystick(controller))
    let taken = Set(pads.values.map(\.number))
    guard pads[id] == nil, let number = (1...GamepadEvent.maxPads).first(where: { !taken.contains($0) }) else {
      if pads[id] == nil { SDL_GameControllerClose(controller) }
      return
    }
    pads[id] = (number, controller)
    let name = SDL_GameControllerName(controller).map { String(cString: $0) } ?? "gamepad"
    driver.enqueue(.gamepad(.added(pad: number, name: name)))
  }

  /// The mouse `which` of events SDL makes up from touches.
  private static let touchMouse = UInt32.max

  /// Which finger an SDL finger event is about: ids are only unique per touch device.
  private struct FingerKey: Hashable {
    var touch: Int64
    var finger: Int64
  }

  /// Queues a finger's down, move or up as its own pointer, numbered as `PointerID` says.
  private func handleFinger(_ finger: SDL_TouchFingerEvent, type: UInt32) {
    let key = FingerKey(touch: finger.touchId, finger: finger.fingerId)
    let p = letterbox.toDesign(Vec2(Double(finger.x) * outputPixels.x, Double(finger.y) * outputPixels.y))
    if type == SDL_FINGERDOWN.rawValue {
      let taken = Set(fingers.values)
      guard fingers[key] == nil, let n = (1...PointerID.maxFingers).first(where: { !taken.contains($0) }) else { return }
      fingers[key] = n
      driver.enqueue(.pointerDown(p, pointer: .finger(n)))
    } else if let n = fingers[key] {
      if type == SDL_FINGERUP.rawValue {
        fingers[key] = nil
        driver.enqueue(.pointerUp(p, pointer: .finger(n)))
      } else {
        driver.enqueue(.pointerMove(p, pointer: .finger(n)))
      }
    }
  }

  /// Window coordinates (points) to design coordinates, through high-DPI and letterboxing.
  private func designPoint(_ x: Int32, _ y: Int32) -> Vec2 {
    letterbox.toDesign(Vec2(Double(x) * pixelsPerPoint.x, Double(y) * pixelsPerPoint.y))
  }

  // MARK: - Time

  private func refreshRate() -> Double {
    var mode = SDL_DisplayMode()
    let display = max(SDL_GetWindowDisplayIndex(window), 0)
    if SDL_GetCurrentDisplayMode(display, &mode) == 0, mode.refresh_rate >= 30 {
      return Double(mode.refresh_rate)
    }
    return 60
  }

  private static func now() -> Double {
    Double(SDL_GetPerformanceCounter()) / Double(SDL_GetPerformanceFrequency())
  }
}
