import CSDL2
import Foundation
import TideCore

/// The window, its renderer and the frame loop behind `runWindow(driver:options:)`.
final class SDLWindow {
  private let driver: any GameDriver
  private let options: WindowOptions
  private let window: OpaquePointer
  private let renderer: OpaquePointer
  private let rendererName: String
  private var nodes: NodeRenderer?
  private let errorPainter = ErrorOverlayPainter()
  private var stats: FrameStats
  /// The stats text's size in pixels, measured when the text or its size changes.
  private var statsTextSize: (text: String, pixelSize: Int, width: Int, height: Int)?
  private var letterbox: Letterbox
  /// Drawable pixels per window point on each axis (2 on a high-DPI display), for the pointer.
  private var pixelsPerPoint = Vec2(1, 1)
  private var pendingInput: [ScheduledInput]
  private let startTime: Double

  init(driver: any GameDriver, options: WindowOptions) throws {
    startTime = Self.now()
    self.driver = driver
    self.options = options
    stats = FrameStats(shown: options.showStats)
    pendingInput = options.scriptedInput.sorted { $0.time < $1.time }
    try SDLLibrary.startVideo()
    SDLLibrary.startImages()
    // A click that focuses the window should also reach the game.
    SDL_SetHint(SDL_HINT_MOUSE_FOCUS_CLICKTHROUGH, "1")
    SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0")
    let name = RenderDriver.requestedName(option: options.renderer)
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
    let flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
    guard
      let window = SDL_CreateWindow(
        driver.title, tide_sdl_windowpos_centered(), tide_sdl_windowpos_centered(),
        Int32(width), Int32(height), flags)
    else { throw SDLError.last("Creating the window") }

    let index: Int32
    do {
      index = try RenderDriver.index(named: name)
    } catch {
      SDL_DestroyWindow(window)
      throw error
    }
    SDL_SetHint(SDL_HINT_RENDER_VSYNC, options.vsync ? "1" : "0")
    var rendererFlags: UInt32 = 0
    if options.vsync { rendererFlags |= SDL_RENDERER_PRESENTVSYNC.rawValue }
    if name == "software" { rendererFlags = SDL_RENDERER_SOFTWARE.rawValue }
    guard let renderer = SDL_CreateRenderer(window, index, rendererFlags) else {
      let error = SDLError.last("Creating the \(name) renderer")
      SDL_DestroyWindow(window)
      throw error
    }
    self.window = window
    self.renderer = renderer
    rendererName = name
    letterbox = Letterbox(design: design, outputWidth: width, outputHeight: height)

    let fonts: FontLibrary
    let assets: AssetLibrary
    if let backend = options.backend {
      fonts = backend.fonts
      assets = backend.assets
    } else {
      do {
        fonts = try FontLibrary()
      } catch {
        SDL_DestroyRenderer(renderer)
        SDL_DestroyWindow(window)
        throw error
      }
      assets = options.gameDirectory.map { AssetLibrary(gameDirectory: $0) }
        ?? AssetLibrary(directory: nil)
    }
    nodes = NodeRenderer(renderer: renderer, fonts: fonts, assets: assets)
    // The drawable may be larger than the window (high DPI): measure before the first events.
    updateLetterbox()
    SDL_StartTextInput()
  }

  deinit {
    // Textures belong to the renderer: release them before it goes.
    nodes = nil
    SDL_StopTextInput()
    SDL_DestroyRenderer(renderer)
    SDL_DestroyWindow(window)
  }

  // MARK: - Loop

  func run() throws -> WindowRunReport {
    var report = WindowRunReport(
      frames: 0, steps: 0, seconds: 0, firstFrameSeconds: 0, rendererName: rendererName,
      screenshotWritten: false)
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
      options.vsync && !rendererWaitsForVsync()
      ? FramePacer(interval: 1 / refreshRate(), start: loopStart) : nil
    while true {
      let frameStart = Self.now()
      let elapsed = frameStart - previous
      previous = frameStart
      guard pumpEvents() else { break }
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
      drawFrame()
      if let path = options.screenshotPath, let shot = shotTick, tick >= shot {
        try screenshot(to: path)
        report.screenshotWritten = true
        shotTick = nil
      }
      SDL_RenderPresent(renderer)
      driver.frameDidPresent()
      report.frames += 1
      let after = Self.now()
      if report.frames == 1 { report.firstFrameSeconds = after - startTime }
      if stats.isShown {
        stats.record(
          frameTime: elapsed, workTime: after - frameStart, now: after,
          nodes: driver.scene.nodeCount)
      }
      if let maxFrames = options.maxFrames, report.frames >= maxFrames { break }
      if let maxSeconds = options.maxSeconds, after - loopStart >= maxSeconds { break }
      if let wait = pacer?.secondsToWait(now: after), wait > 0 {
        Thread.sleep(forTimeInterval: wait)
      }
    }
    report.seconds = Self.now() - loopStart
    return report
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
  private func updateLetterbox() -> (width: Int32, height: Int32) {
    var windowWidth: Int32 = 0
    var windowHeight: Int32 = 0
    var outputWidth: Int32 = 0
    var outputHeight: Int32 = 0
    SDL_GetWindowSize(window, &windowWidth, &windowHeight)
    SDL_GetRendererOutputSize(renderer, &outputWidth, &outputHeight)
    letterbox = Letterbox(
      design: driver.designSize, outputWidth: Int(outputWidth), outputHeight: Int(outputHeight))
    pixelsPerPoint = Vec2(
      windowWidth > 0 ? Double(outputWidth) / Double(windowWidth) : 1,
      windowHeight > 0 ? Double(outputHeight) / Double(windowHeight) : 1)
    return (outputWidth, outputHeight)
  }

  private func drawFrame() {
    guard let nodes else { return }
    let (outputWidth, outputHeight) = updateLetterbox()
    // Clear to the game's background and paint only the bars black: a full-window fill per
    // frame costs about a millisecond on the software renderer.
    let background = SDL_Color(driver.background)
    SDL_SetRenderDrawColor(renderer, background.r, background.g, background.b, 255)
    SDL_RenderClear(renderer)
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
    SDL_SetRenderDrawColor(renderer, 0, 0, 0, 255)
    for var bar in bars where bar.w > 0 && bar.h > 0 {
      SDL_RenderFillRect(renderer, &bar)
    }
    // Nodes partly off the design area must not spill into the bars.
    var clip = viewport
    if bars.isEmpty {
      SDL_RenderSetClipRect(renderer, nil)
    } else {
      SDL_RenderSetClipRect(renderer, &clip)
    }
    nodes.draw(driver.scene, view: letterbox.view, pixelScale: letterbox.scale)
    if let overlay = driver.overlay {
      errorPainter.draw(
        overlay, x: letterbox.x, y: letterbox.y, width: letterbox.width, height: letterbox.height,
        scale: letterbox.scale, with: nodes)
    }
    SDL_RenderSetClipRect(renderer, nil)
    if stats.isShown { drawStats(with: nodes) }
  }

  private func drawStats(with nodes: NodeRenderer) {
    let pixelSize = max(11, Int((12 * letterbox.scale).rounded()))
    let pad = Double(pixelSize) / 2
    let measured: (text: String, pixelSize: Int, width: Int, height: Int)
    if let known = statsTextSize, known.text == stats.summary, known.pixelSize == pixelSize {
      measured = known
    } else {
      let layout = nodes.fonts.layout(stats.summary, pixelSize: pixelSize)
      measured = (stats.summary, pixelSize, layout.width, layout.height)
      statsTextSize = measured
    }
    let (width, height) = (measured.width, measured.height)
    let left = letterbox.x + pad
    let top = letterbox.y + pad
    nodes.fillRect(
      x: left, y: top, width: Double(width) + 2 * pad, height: Double(height) + pad,
      color: Color(r: 0, g: 0, b: 0, a: 0.7))
    nodes.drawText(
      stats.summary, x: left + pad, y: top + pad / 2, pixelSize: pixelSize,
      color: Color(r: 0.6, g: 1, b: 0.6))
  }

  private func screenshot(to url: URL) throws {
    var width: Int32 = 0
    var height: Int32 = 0
    SDL_GetRendererOutputSize(renderer, &width, &height)
    var pixels = [UInt32](repeating: 0, count: Int(width) * Int(height))
    let status = pixels.withUnsafeMutableBytes { buffer in
      SDL_RenderReadPixels(renderer, nil, PixelFormat.argb8888, buffer.baseAddress, width * 4)
    }
    guard status == 0 else { throw SDLError.last("Reading the window's pixels") }
    var image = RGBAImage(width: Int(width), height: Int(height), pixels: pixels)
    image.makeOpaque()
    try image.writePNG(to: url)
  }

  // MARK: - Events

  /// Handles pending SDL events; false when the window was closed.
  private func pumpEvents() -> Bool {
    var event = SDL_Event()
    var pendingMove: Vec2?
    func flushMove() {
      if let move = pendingMove { driver.enqueue(.pointerMove(move)) }
      pendingMove = nil
    }
    while SDL_PollEvent(&event) != 0 {
      switch event.type {
      case SDL_QUIT.rawValue:
        return false
      case SDL_WINDOWEVENT.rawValue:
        // A click that follows a resize in the same batch must map through the new size.
        updateLetterbox()
      case SDL_MOUSEBUTTONDOWN.rawValue where event.button.button == SDL_BUTTON_LEFT:
        flushMove()
        driver.enqueue(.pointerDown(designPoint(event.button.x, event.button.y)))
      case SDL_MOUSEBUTTONUP.rawValue where event.button.button == SDL_BUTTON_LEFT:
        flushMove()
        driver.enqueue(.pointerUp(designPoint(event.button.x, event.button.y)))
      case SDL_MOUSEMOTION.rawValue:
        // Many motions can arrive per frame; only the latest position matters.
        pendingMove = designPoint(event.motion.x, event.motion.y)
      case SDL_KEYDOWN.rawValue, SDL_KEYUP.rawValue:
        flushMove()
        let down = event.type == SDL_KEYDOWN.rawValue
        let keycode = event.key.keysym.sym
        if keycode == SDLK_F3.rawValue {
          if down && event.key.repeat == 0 { stats.toggle() }
        } else if let name = KeyNames.name(keycode) {
          driver.enqueue(.key(name, down: down))
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

  /// Window coordinates (points) to design coordinates, through high-DPI and letterboxing.
  private func designPoint(_ x: Int32, _ y: Int32) -> Vec2 {
    letterbox.toDesign(Vec2(Double(x) * pixelsPerPoint.x, Double(y) * pixelsPerPoint.y))
  }

  // MARK: - Time

  /// Whether presenting blocks until the display's refresh. The software renderer reports
  /// PRESENTVSYNC whenever the vsync hint is set (SDL 2.26) yet never waits: under Xvfb it
  /// presented ~2000 frames a second with the flag set, while OpenGL held to the display rate.
  private func rendererWaitsForVsync() -> Bool {
    var info = SDL_RendererInfo()
    guard SDL_GetRendererInfo(renderer, &info) == 0 else { return false }
    return info.flags & SDL_RENDERER_PRESENTVSYNC.rawValue != 0
      && info.flags & SDL_RENDERER_SOFTWARE.rawValue == 0
  }

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
