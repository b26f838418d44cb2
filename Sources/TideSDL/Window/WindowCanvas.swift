import CSDL2
import Foundation
import TideCore

/// Where the window's frames are drawn: one or more bands of pixel rows, each an SDL renderer
/// with its own `NodeRenderer`.
///
/// With the software renderer, blitting sprites is most of a busy frame. So the window's
/// surface (the X11 shared-memory image) is split into bands of rows, each drawn by a software
/// renderer of its own: every band walks the same draw list, skips what lies wholly outside
/// its rows and clips the rest, so the pixels are those of one renderer drawing it all. The
/// draw list copies how each node looks, so a `BandCrew` of worker threads draws frame N while
/// the main thread steps the game towards frame N+1, then joins in (see `SDLWindow.run`).
/// Any other renderer (OpenGL) is a single band drawn on the main thread.
final class WindowCanvas {
  /// One renderer and the rows it draws.
  final class Band {
    /// The `SDL_Renderer*`.
    let renderer: OpaquePointer
    let nodes: NodeRenderer
    let errorPainter = ErrorOverlayPainter()
    /// Pixel rows of the output this band draws; moved every frame to share the work.
    fileprivate(set) var rows: Range<Int>
    /// For a software band, the surface it draws into, which the canvas owns with the
    /// renderer: the window's pixels under a surface header of the band's own. SDL's software
    /// renderer sets its clip rectangle on the target surface, so bands sharing one header
    /// would clip each other's drawing.
    let target: UnsafeMutablePointer<SDL_Surface>?

    init(
      renderer: OpaquePointer, nodes: NodeRenderer, rows: Range<Int>,
      target: UnsafeMutablePointer<SDL_Surface>?
    ) {
      self.renderer = renderer
      self.nodes = nodes
      self.rows = rows
      self.target = target
    }

    /// The band's rows across the whole width, as an SDL rectangle.
    func rect(width: Int) -> SDL_Rect {
      SDL_Rect(x: 0, y: Int32(rows.lowerBound), w: Int32(width), h: Int32(rows.count))
    }
  }

  /// The render driver's name ("software", "opengl", ...).
  let rendererName: String
  private let window: OpaquePointer
  private let fonts: FontLibrary
  private let assets: AssetLibrary
  /// The window's own renderer, for any driver but software.
  private let windowRenderer: OpaquePointer?
  /// Threads (and so bands) the software renderer may use.
  private let threads: Int
  private(set) var bands: [Band] = []
  /// The window surface the bands were made over, as `refresh` compares it with the window's.
  private var madeOver: SurfaceFacts?
  /// The size of the window surface the software bands draw into, when they were made.
  private var surfaceSize: (width: Int32, height: Int32) { (madeOver?.width ?? 0, madeOver?.height ?? 0) }

  /// What the bands hold of a window surface: where it is, its size, and its pixels. SDL makes a
  /// new surface when the window changes size and frees the old one's pixels; the new one may
  /// come back at the old one's address and size (a fullscreen switch there and back between
  /// two frames), over new pixels, so those count too.
  struct SurfaceFacts: Equatable {
    let surface: UnsafeMutablePointer<SDL_Surface>
    let width: Int32
    let height: Int32
    let pixels: UnsafeMutableRawPointer?
    let pitch: Int32
  }
  /// The threads that draw the software bands besides the main thread, when it has help.
  private var crew: BandCrew?
  /// Bands per drawing thread: more bands than threads, so that whichever thread is free
  /// takes the next, and the main thread has some left when it is done stepping.
  private static let bandsPerThread = 3

  /// Creates the canvas for `window` with the named render driver; `threads` (at least 1) is
  /// how many threads, the main one included, draw the software renderer's bands.
  init(
    window: OpaquePointer, rendererName name: String, vsync: Bool, threads: Int,
    fonts: FontLibrary, assets: AssetLibrary
  ) throws {
    self.window = window
    self.fonts = fonts
    self.assets = assets
    self.threads = max(1, threads)
    rendererName = name
    if name == "software" {
      windowRenderer = nil
      crew = self.threads > 1 ? try BandCrew(threads: self.threads - 1) : nil
      try refresh()
      return
    }
    let index = try RenderDriver.index(named: name)
    SDL_SetHint(SDL_HINT_RENDER_VSYNC, vsync ? "1" : "0")
    // Queue draw calls and send them in one go at present: fewer round trips to the driver.
    SDL_SetHint(SDL_HINT_RENDER_BATCHING, "1")
    let flags = vsync ? SDL_RENDERER_PRESENTVSYNC.rawValue : 0
    guard let renderer = SDL_CreateRenderer(window, index, flags) else {
      throw SDLError.last("Creating the \(name) renderer")
    }
    windowRenderer = renderer
    bands = [
      Band(
        renderer: renderer, nodes: NodeRenderer(renderer: renderer, fonts: fonts, assets: assets),
        rows: 0..<Int(max(outputSize.height, 1)), target: nil)
    ]
  }

  deinit {
    crew?.stop()
    closeBands()
    if let windowRenderer { SDL_DestroyRenderer(windowRenderer) }
  }

  private func closeBands() {
    let owned = bands.compactMap { band in band.target.map { (band.renderer, $0) } }
    // The bands, their node renderers and so their textures go first, then the renderers.
    bands = []
    for (renderer, target) in owned {
      SDL_DestroyRenderer(renderer)
      SDL_FreeSurface(target)
    }
  }

  /// Follows the window's size: the software bands are made again over a new window surface
  /// (their textures too, so a resize reloads images; resizes are rare). Call on the main
  /// thread, between frames, after window events.
  func refresh() throws {
    finishDrawing()
    guard windowRenderer == nil else {
      // The one band follows the window's size; its renderer and textures stay.
      bands.first?.rows = 0..<Int(max(outputSize.height, 1))
      return
    }
    // SDL makes a new surface after a resize (and frees the old one, which the old bands
    // point into), so compare before anything draws.
    guard let current = SDL_GetWindowSurface(window) else {
      throw SDLError.last("Getting the window surface")
    }
    let facts = SurfaceFacts(current)
    if facts == madeOver && !bands.isEmpty { return }
    closeBands()
    madeOver = facts
    let size = (facts.width, facts.height)
    let height = Int(size.1)
    // Bands thinner than 64 rows cost more in per-band walks of the draw list than they save.
    let count = max(1, min(threads > 1 ? threads * Self.bandsPerThread : 1, height / 64))
    var made: [Band] = []
    for index in 0..<count {
      guard
        let target = SDL_CreateRGBSurfaceWithFormatFrom(
          current.pointee.pixels, size.0, size.1, 32, current.pointee.pitch,
          current.pointee.format.pointee.format)
      else {
        bands = made
        made = []
        closeBands()
        throw SDLError.last("Making a surface over the window's pixels")
      }
      guard let renderer = SDL_CreateSoftwareRenderer(target) else {
        SDL_FreeSurface(target)
        bands = made
        made = []
        closeBands()
        throw SDLError.last("Creating a software renderer for the window")
      }
      let rows = (height * index / count)..<(height * (index + 1) / count)
      made.append(
        Band(
          renderer: renderer,
          // The bands share the texture budgets: each loads every image and label it draws.
          nodes: NodeRenderer(
            renderer: renderer, fonts: fonts, assets: assets, share: count,
            surfaceFormat: target.pointee.format.pointee.format),
          rows: rows, target: target))
    }
    bands = made
  }

  /// The drawable size in pixels.
  var outputSize: (width: Int32, height: Int32) {
    if let windowRenderer {
      var width: Int32 = 0
      var height: Int32 = 0
      SDL_GetRendererOutputSize(windowRenderer, &width, &height)
      return (width, height)
    }
    return surfaceSize
  }

  /// Where to cut one draw list into bands, and its survey (`BandSplit.Survey`), for the
  /// output and bands it was worked out for.
  struct Plan {
    fileprivate var view = Affine.identity
    fileprivate var width: Int32 = -1
    fileprivate var height: Int32 = -1
    fileprivate var count = 0
    fileprivate var cuts: [Range<Int>] = []
    /// What the bands' renderers need of the list (empty with one band).
    fileprivate(set) var survey = BandSplit.Survey()
  }

  /// Works out `items`' plan under `view` into `plan` (reusing its storage). Touches no band,
  /// so the main thread may plan a frame while the bands still draw the one before.
  func plan(_ items: [DrawItem], view: Affine, into plan: inout Plan) {
    plan.view = view
    plan.width = surfaceSize.width
    plan.height = surfaceSize.height
    plan.count = bands.count
    guard bands.count > 1 else {
      plan.cuts = []
      plan.survey.reach.removeAll(keepingCapacity: true)
      plan.survey.bound = nil
      return
    }
    let assets = self.assets
    plan.cuts = BandSplit.bands(
      for: items, view: view, width: Int(plan.width), height: Int(plan.height), count: plan.count,
      imageSize: { assets.imageSize(named: $0) }, survey: &plan.survey)
  }

  /// Moves the edges between bands so that each has about the same share of `items` to draw
  /// (see `BandSplit`), as `plan` says; a plan made before the window changed size (or under
  /// another `view`) is worked out again first.
  func balance(_ items: [DrawItem], view: Affine, plan: inout Plan) {
    finishDrawing()
    if plan.view != view || plan.width != surfaceSize.width || plan.height != surfaceSize.height
      || plan.count != bands.count
    {
      self.plan(items, view: view, into: &plan)
    }
    guard bands.count > 1 else { return }
    // Bands beyond the cuts found draw nothing this frame.
    for (index, band) in bands.enumerated() {
      band.rows = index < plan.cuts.count ? plan.cuts[index] : 0..<0
    }
  }

  /// Whether frames are drawn by worker threads while the caller goes on (the game steps
  /// towards the next frame), rather than before `startDrawing` returns.
  var drawsBehind: Bool { crew != nil && bands.count > 1 }

  /// Starts drawing a frame: runs `body` for every band that has rows this frame, and returns
  /// how many do.
  ///
  /// With several software bands the crew's threads start on them and this returns at once;
  /// otherwise the bands draw here, before it returns. Either way the frame is done only after
  /// `finishDrawing()`, which everything that touches the bands or the window surface calls
  /// first.
  ///
  /// `body` must touch nothing but its band and data that stays unchanged until then: the draw
  /// list (values, not nodes) and the thread-safe fonts and assets.
  @discardableResult
  func startDrawing(_ body: @escaping (Band) -> Void) -> Int {
    finishDrawing()
    let bands = self.bands.filter { !$0.rows.isEmpty }
    guard let crew, bands.count > 1 else {
      for band in bands {
        body(band)
        SDL_RenderFlush(band.renderer)
      }
      return bands.count
    }
    crew.post(count: bands.count) { index in
      body(bands[index])
      SDL_RenderFlush(bands[index].renderer)
    }
    return bands.count
  }

  /// Waits until the frame started last is drawn, its queued SDL work flushed; the calling
  /// thread draws bands no other thread has started.
  func finishDrawing() {
    crew?.finish()
  }

  /// Shows the frame.
  func present() {
    finishDrawing()
    if let windowRenderer {
      SDL_RenderPresent(windowRenderer)
    } else {
      SDL_UpdateWindowSurface(window)
    }
  }

  /// Whether presenting blocks until the display's refresh. The software renderer never does;
  /// SDL 2.26 reports PRESENTVSYNC for it whenever the vsync hint is set, yet under Xvfb it
  /// presented ~2000 frames a second with the flag set, while OpenGL held to the display rate.
  var waitsForVsync: Bool {
    guard let windowRenderer else { return false }
    var info = SDL_RendererInfo()
    guard SDL_GetRendererInfo(windowRenderer, &info) == 0 else { return false }
    return info.flags & SDL_RENDERER_PRESENTVSYNC.rawValue != 0
  }

  /// The drawn frame's pixels, alpha forced opaque.
  func readPixels() throws -> RGBAImage {
    finishDrawing()
    let (width, height) = outputSize
    guard let renderer = bands.first?.renderer, width > 0, height > 0 else {
      throw SDLError("The window has no pixels to read")
    }
    var pixels = [UInt32](repeating: 0, count: Int(width) * Int(height))
    // Every band renderer targets the same surface, so the first reads all of it.
    let status = pixels.withUnsafeMutableBytes { buffer in
      SDL_RenderReadPixels(renderer, nil, PixelFormat.argb8888, buffer.baseAddress, width * 4)
    }
    guard status == 0 else { throw SDLError.last("Reading the window's pixels") }
    var image = RGBAImage(width: Int(width), height: Int(height), pixels: pixels)
    image.makeOpaque()
    return image
  }

  /// Threads for the software renderer's bands: `TIDE_RENDER_THREADS` when set (1 draws on
  /// the main thread alone), else one per active CPU, at most 8.
  static func defaultThreads(environment: [String: String] = ProcessInfo.processInfo.environment)
    -> Int
  {
    if let text = environment["TIDE_RENDER_THREADS"], let value = Int(text), value >= 1 {
      return min(value, 64)
    }
    return min(max(ProcessInfo.processInfo.activeProcessorCount, 1), 8)
  }
}

extension WindowCanvas.SurfaceFacts {
  init(_ surface: UnsafeMutablePointer<SDL_Surface>) {
    self.init(
      surface: surface, width: surface.pointee.w, height: surface.pointee.h, pixels: surface.pointee.pixels,
      pitch: surface.pointee.pitch)
  }
}
