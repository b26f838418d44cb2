import CSDL2
import Foundation
import TideCore

/// Draws a scene graph through an SDL renderer: rects, rounded rects, circles, images (with
/// frame animation) and text with colour emoji, each with its world transform, anchor, alpha,
/// tint, flip and z order.
///
/// Shapes are tessellated with anti-aliased edges (`SDL_RenderGeometry`); images and text are
/// cached textures drawn with `SDL_RenderCopyExF`. One instance per SDL renderer, used by one
/// thread at a time; several instances may draw the same draw list at once, each into its own
/// band of rows (see `WindowCanvas`).
final class NodeRenderer {
  /// The `SDL_Renderer*` drawn into.
  let renderer: OpaquePointer
  /// Fonts shared with text measuring.
  let fonts: FontLibrary
  /// Where image files come from.
  let assets: AssetLibrary
  /// Corners of lines and polygons a frame may draw.
  let framePoints: Int

  private let images: ImageTextureCache
  private let texts: TextTextureCache
  /// The soft disc and the square particles are drawn with, made on first use.
  private var particleTextures: (disc: Texture, square: Texture)?
  /// Buffers kept between frames so their capacity is reused.
  private var spare = FrameState()
  /// This renderer's note of the costly sprite it is drawing, which `draw(_:note:)` puts in
  /// the scene's `DrawingNote` while it draws.
  let drawer = DrawingNote.Drawer()

  /// What one `draw` call carries from item to item. It lives in a local variable during the
  /// frame: Swift checks exclusive access to class properties at run time, which showed up
  /// in profiles at ten thousand sprites a frame; locals are checked at compile time.
  private struct FrameState {
    var shapes = ShapeBatch()
    var quad: [SDL_Vertex] = []
    // Colour and alpha mod last set on a texture; sprites sharing a texture rarely change them.
    var modTexture: OpaquePointer?
    var modValue: UInt32 = 0
    // The tint and opacity last made into a mod, and that mod: sprites in a run share them,
    // and making one rounds four channels.
    var modTint = Color(r: .nan, g: .nan, b: .nan, a: .nan)
    var modOpacity = Double.nan
    var modColor = SDL_Color()
    // The last image looked up; runs of the same sprite skip the cache.
    var imageName = ""
    var image: Texture?
    // Rows of pixels this renderer draws (its band); items wholly outside are skipped.
    var top = -Double.infinity
    var bottom = Double.infinity
    // The renderer's whole output in pixels: what lies outside is culled, and what reaches far
    // past it is clipped before SDL sees it (see `SafeGeometry`).
    var target = SafeGeometry.Box(minX: 0, minY: 0, maxX: 0, maxY: 0)
    // The clip rectangle set on the renderer before the frame (a band's rows), restored after
    // a clipping group's items; nil when clipping was off.
    var baseClip: SDL_Rect?
    // The clip region of the items being drawn (its id), and for outlines that are not
    // rectangles the convex window in pixels that shapes and textures are cut to.
    var clipID = 0
    var window: [SIMD2<Double>]?
    // Set while the current region shows nothing at all: its items are skipped.
    var clippedAway = false
    // Pixels covered so far this frame, and the most a frame may cover (see `overdrawLayers`).
    var covered = 0.0
    var coverLimit = Double.infinity
    // What the item being drawn may still cover: lines and outlines stop there.
    var itemBudget = Double.infinity
    // Corners of lines and polygons the frame may still draw (`Limits.framePoints`).
    var pointsLeft = Limits.framePoints
    // False when the caller showed that the whole list stays within both limits
    // (`coverageBound`): then nothing is counted, as nothing could stop the frame.
    var counts = true
    // The largest text texture this output needs (`screenSide(target)`), once a frame.
    var textSide = Limits.textTextureSide

    /// Whether the box (0, 0, width, height) mapped by `t`, widened by `margin` pixels, misses
    /// the band. Cheaper than letting SDL clip it, and the reason bands divide the work.
    func missesBand(_ t: Affine, width: Double, height: Double, margin: Double = 0) -> Bool {
      let extent = t.yExtent(width: width, height: height)
      return extent.top - margin >= bottom || extent.bottom + margin <= top
    }

    mutating func setMod(_ handle: OpaquePointer, _ mod: SDL_Color) {
      let packed = UInt32(mod.r) << 24 | UInt32(mod.g) << 16 | UInt32(mod.b) << 8 | UInt32(mod.a)
      if handle == modTexture && packed == modValue { return }
      SDL_SetTextureColorMod(handle, mod.r, mod.g, mod.b)
      SDL_SetTextureAlphaMod(handle, mod.a)
      modTexture = handle
      modValue = packed
    }
  }

  /// Creates a renderer front end for `renderer` (an `SDL_Renderer*`, which must outlive it);
  /// its image and text textures stay within one `share`-th of `Limits.imageTextureBytes` and
  /// `Limits.textTextureBytes` (a window's bands split them).
  /// `surfaceFormat` is the pixel format of the surface a software renderer draws into (nil
  /// when unknown or not software), which lets shapes skip SDL's surface per triangle.
  /// `framePoints` is the corners a frame may draw, `Limits.framePoints` but for tests that
  /// prove the cap without drawing a quarter of a million corners.
  init(
    renderer: OpaquePointer, fonts: FontLibrary, assets: AssetLibrary, share: Int = 1,
    surfaceFormat: UInt32? = nil, framePoints: Int = Limits.framePoints
  ) {
    self.renderer = renderer
    self.framePoints = framePoints
    self.fonts = fonts
    self.assets = assets
    images = ImageTextureCache(renderer: renderer, assets: assets, byteBudget: Limits.imageTextureBytes / max(share, 1))
    texts = TextTextureCache(renderer: renderer, fonts: fonts, byteBudget: Limits.textTextureBytes / max(share, 1))
    SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
    spare.shapes.software = surfaceFormat.flatMap { SoftwareTriangles(renderer: renderer, format: $0) }
  }

  deinit {
    particleTextures?.disc.destroy()
    particleTextures?.square.destroy()
  }

  /// Draws every visible node of `scene` in painter's order.
  ///
  /// `view` maps design coordinates to renderer pixels (letterbox offset and scale);
  /// `pixelScale` is that scale, used to render text at full resolution.
  func draw(_ scene: SceneGraph, view: Affine = .identity, pixelScale: Double = 1) {
    draw(scene.drawList(), view: view, pixelScale: pixelScale, note: scene.drawingNote)
  }

  /// Draws `items` (a scene's draw list) in order, skipping shapes, images and text wholly
  /// outside pixel rows `rows` (drawing inside them is left to the renderer's clip rectangle).
  ///
  /// Reads the items and nothing of the scene, so several renderers can draw one list at once,
  /// on other threads, while the game changes its nodes.
  ///
  /// `bound` is `coverageBound(items, view:, ...)` when the caller worked it out once for
  /// several renderers drawing the same list (the window's bands): when it is within this
  /// renderer's limit, the frame cannot be stopped, so each item's coverage is not counted.
  ///
  /// `note` (the scene's) is told which polygon, line or text the drawing is at, for the message
  /// of a frame stuck in drawing: one store of an id per such sprite, none per image.
  ///
  /// `reach` is `BandSplit.Survey.reach` for these items under `view`, when the caller worked it
  /// out once for several bands: with `bound`, each band then passes over the items outside its
  /// rows without reading them (empty: every item is read).
  func draw(
    _ items: [DrawItem], view: Affine = .identity, pixelScale: Double = 1,
    rows: Range<Int>? = nil, bound: CoverageBound? = nil, reach: [Reach] = [], note: DrawingNote? = nil
  ) {
    note?.enter(drawer)
    defer { note?.leave(drawer) }
    images.beginFrame()
    texts.beginFrame()
    var frame = FrameState()
    swap(&frame, &spare)
    frame.modTexture = nil
    frame.imageName = ""
    frame.image = nil
    frame.top = rows.map { Double($0.lowerBound) } ?? -.infinity
    frame.bottom = rows.map { Double($0.upperBound) } ?? .infinity
    var outputWidth: Int32 = 0
    var outputHeight: Int32 = 0
    SDL_GetRendererOutputSize(renderer, &outputWidth, &outputHeight)
    frame.target = SafeGeometry.Box(minX: 0, minY: 0, maxX: Double(outputWidth), maxY: Double(outputHeight))
    frame.covered = 0
    frame.coverLimit = Self.overdrawLayers * Double(outputWidth) * Double(outputHeight)
    frame.pointsLeft = framePoints
    frame.itemBudget = .infinity
    frame.counts = !(bound.map {
      $0.width == outputWidth && $0.height == outputHeight && $0.pixels <= frame.coverLimit && $0.points <= framePoints
    } ?? false)
    frame.textSide = Self.screenSide(frame.target)
    frame.baseClip = nil
    if SDL_RenderIsClipEnabled(renderer) == SDL_TRUE {
      var rect = SDL_Rect()
      SDL_RenderGetClipRect(renderer, &rect)
      frame.baseClip = rect
    }
    frame.clipID = 0
    frame.window = nil
    frame.clippedAway = false
    // Skipping by reach leaves items uncounted, so only when nothing is counted.
    let skips = !frame.counts && reach.count == items.count
    reach.withUnsafeBufferPointer { reachBuffer in items.withUnsafeBufferPointer { buffer in
      guard let first = buffer.baseAddress else { return }
      let reach = reachBuffer.baseAddress
      // The next item after this one the band draws, once looked for.
      var ahead = 0
      for index in buffer.indices {
        let clipID = skips ? reach.map { $0[index].clip } ?? 0 : first[index].clip?.id ?? 0
        if clipID != frame.clipID { setClip(first[index].clip, view: view, &frame) }
        if frame.clippedAway { continue }
        if skips, let item = reach?[index], item.top >= frame.bottom || item.bottom <= frame.top {
          // What `draw(_:transform:...)` does for an item outside the band.
          if item.flushes && !frame.shapes.isEmpty { frame.shapes.flush(renderer, target: frame.target, window: frame.window) }
          continue
        }
        if skips, let reach, ahead <= index {
          // A band draws a few of thousands of items scattered over the list, and reading each
          // from memory stalled it: the next one's lines load while this one is drawn.
          ahead = index + 1
          while ahead < buffer.count && (reach[ahead].top >= frame.bottom || reach[ahead].bottom <= frame.top) { ahead += 1 }
          if ahead < buffer.count { Self.prefetch(first + ahead) }
        }
        let transform = view * first[index].transform
        if frame.counts {
          // A frame stops drawing once it has covered the screen `overdrawLayers` times over:
          // 200,000 sprites or particles each as big as the screen would otherwise take minutes.
          if frame.covered > frame.coverLimit { break }
          // And once it has drawn `Limits.framePoints` corners: tiny shapes cover nothing.
          let kind = first[index].look.kind
          if kind == .line || kind == .polygon {
            drawer.drawing(first[index].id)  // its coverage, counted next, grows with its points
            frame.pointsLeft -= first[index].look.points.count
            if frame.pointsLeft < 0 { break }
          }
          frame.itemBudget = frame.coverLimit - frame.covered
          frame.covered += Self.coverage(first + index, transform: transform, frame.target)
          frame.covered += Self.strokeCoverage(first + index, transform: transform, frame.target, budget: frame.itemBudget)
        }
        draw(first + index, transform: transform, view: view, pixelScale: pixelScale, &frame)
      }
    } }
    frame.shapes.flush(renderer, target: frame.target, window: frame.window)
    if frame.clipID != 0 { setClip(nil, view: view, &frame) }
    swap(&frame, &spare)
  }

  /// Starts loading the cache lines of `item`'s first 192 bytes: its transform, alpha, clip
  /// and the look's fields an image reads, which `DrawItem` stores first.
  @inline(__always)
  private static func prefetch(_ item: UnsafePointer<DrawItem>) {
    let start = UnsafeRawPointer(item)
    tide_prefetch(start)
    tide_prefetch(start + 64)
    tide_prefetch(start + 128)
    tide_prefetch(start + 191)
  }

  /// The rows of the output one draw-list item can paint, for a band to pass over the items
  /// outside its rows without reading them: with a window's thousands of sprites, every band
  /// reading every item cost more than anything else a band does besides blitting.
  struct Reach {
    /// The item draws nothing in a band whose rows end at or above `top` or start at or below
    /// `bottom`: the very test `draw` makes of it (its box's rows widened by the same margin),
    /// or -∞ and ∞ for kinds it tests otherwise, which are always read.
    var top: Double
    var bottom: Double
    /// Its clip region's id (0: none), which decides whether the clip changes before it.
    var clip: Int
    /// Whether `draw` flushes the shapes queued before it even when it lies outside (images).
    var flushes: Bool
  }

  /// The reach of `item`, whose transform with `view` applied is `t`. Mirrors the band tests
  /// in `draw(_:transform:...)` and `drawImage`: an image of known size (one at its file's size
  /// is measured only when drawn), a rect and a circle; any other kind is always read.
  @inline(__always)
  static func reach(_ item: UnsafePointer<DrawItem>, transform t: Affine, view: Affine) -> Reach {
    let clip = item.pointee.clip?.id ?? 0
    let width = item.pointee.look.width
    let height = item.pointee.look.height
    let margin: Double
    switch item.pointee.look.kind {
    case .image where !(width == 0 && height == 0): margin = imageMargin
    case .rect, .circle: margin = shapeMargin(strokeWidth: item.pointee.look.strokeWidth, view: view)
    default: return Reach(top: -.infinity, bottom: .infinity, clip: clip, flushes: false)
    }
    let extent = t.yExtent(width: width, height: height)
    return Reach(
      top: extent.top - margin, bottom: extent.bottom + margin, clip: clip, flushes: item.pointee.look.kind == .image)
  }

  /// How far past its box an image may paint a band's rows (filtering reaches a pixel over):
  /// the margin of the band tests in `drawImage` and of `reach`, which must agree.
  static let imageMargin = 1.0

  /// How far past its box a rect, circle, polygon or line may paint a band's rows:
  /// anti-aliasing a pixel or two, a stroke half its width (the margin of their band tests and
  /// of `reach`, which must agree).
  @inline(__always)
  static func shapeMargin(strokeWidth: Double, view: Affine) -> Double { 2 + strokeWidth * view.a }

  /// Times over the whole output a frame may paint before it draws no more; a real game paints
  /// it a few times (background, panels, sprites, text), so only runaway scenes reach this.
  static let overdrawLayers = 64.0

  /// The most any renderer of a `width` by `height` output can count drawing a list (see
  /// `coverageBound`).
  struct CoverageBound {
    var width: Int32
    var height: Int32
    var pixels: Double
    /// Corners of lines and polygons, which `Limits.framePoints` caps apart from the pixels.
    var points: Int

    /// Adds what `item`, whose transform with the view applied is `transform`, counts: one
    /// step of `coverageBound`, so that a walk over the list doing other work may count too.
    @inline(__always)
    mutating func add(_ item: UnsafePointer<DrawItem>, transform: Affine) {
      let target = SafeGeometry.Box(minX: 0, minY: 0, maxX: Double(width), maxY: Double(height))
      pixels += coverage(item, transform: transform, target)
      let kind = item.pointee.look.kind
      if kind == .line || kind == .polygon {
        points += item.pointee.look.points.count
        pixels += strokeCoverage(item, transform: transform, target, budget: .infinity)
      }
      guard kind == .particles else { return }
      let whole = (target.maxX - target.minX) * (target.maxY - target.minY)
      let scaleArea = abs(transform.determinant)
      for particle in item.pointee.look.particles where particle.size / 2 > 0 {
        pixels += min(scaleArea * particle.size * particle.size, whole)
      }
    }
  }

  /// What a renderer of a `width` by `height` output counts drawing all of `items` under
  /// `view`: every item's `coverage`, its strokes' (`strokeCoverage`, unbudgeted, so at least
  /// what a budgeted count adds) and every particle's share, added in the order `draw` adds
  /// them. A renderer that skips some (a band outside a clip region, a particle texture that did
  /// not load) adds the same non-negative terms less some, so it never counts more (rounding
  /// keeps the order of sums: a <= b gives a + c <= b + c). A NaN makes the bound NaN, which is
  /// within no limit, so such frames are counted item by item as before.
  ///
  /// Worked out once a frame for all the window's bands, where each band counting every item
  /// itself cost more than any other per-item work of the frame.
  static func coverageBound(_ items: [DrawItem], view: Affine, width: Int32, height: Int32) -> CoverageBound {
    var bound = CoverageBound(width: width, height: height, pixels: 0, points: 0)
    items.withUnsafeBufferPointer { buffer in
      guard let first = buffer.baseAddress else { return }
      for index in buffer.indices {
        bound.add(first + index, transform: view * first[index].transform)
      }
    }
    return bound
  }

  /// Pixels of the output under the item's box (its bounding box on the output, clipped to it):
  /// what lies off screen costs nothing, so a wide world under a camera is not counted.
  /// Particles count as they are drawn (`drawParticles`), so they count 0 here. `transform` is
  /// the item's with the view applied.
  ///
  /// Every band asks this of every item every frame, so it reads the item where it lies and
  /// allocates nothing: copying the look and building the corners as an array, per sprite per
  /// band, slowed the bunnymark down more than anything else in its frame.
  @inline(__always)
  static func coverage(
    _ item: UnsafePointer<DrawItem>, transform t: Affine, _ target: SafeGeometry.Box
  ) -> Double {
    let kind = item.pointee.look.kind
    if kind == .particles { return 0 }
    var low = Vec2(0, 0)
    var high = Vec2(item.pointee.look.width, item.pointee.look.height)
    if kind == .line || kind == .polygon {
      let bounds = item.pointee.look.pointBounds
      low = Vec2(bounds.minX, bounds.minY)
      high = Vec2(bounds.maxX, bounds.maxY)
    }
    let p0 = t.apply(low)
    let p1 = t.apply(Vec2(high.x, low.y))
    let p2 = t.apply(high)
    let p3 = t.apply(Vec2(low.x, high.y))
    let minX = min(min(min(p0.x, p1.x), p2.x), p3.x)
    let maxX = max(max(max(p0.x, p1.x), p2.x), p3.x)
    let minY = min(min(min(p0.y, p1.y), p2.y), p3.y)
    let maxY = max(max(max(p0.y, p1.y), p2.y), p3.y)
    let width = min(maxX, target.maxX) - max(minX, target.minX)
    let height = min(maxY, target.maxY) - max(minY, target.minY)
    guard width > 0, height > 0, width.isFinite, height.isFinite else { return 0 }
    return width * height
  }

  /// Pixels the segments of a line or a polygon's outline, and a big polygon's fill triangles,
  /// make the rasterizer visit, counted up to `budget` (`ShapeBatch.strokeCost`, `fillCost`),
  /// on top of `coverage`: segments may overlap without end, and long thin triangles have big
  /// boxes, so the box alone does not bound them. 0 for other kinds.
  static func strokeCoverage(
    _ item: UnsafePointer<DrawItem>, transform t: Affine, _ target: SafeGeometry.Box, budget: Double
  ) -> Double {
    let kind = item.pointee.look.kind
    guard kind == .line || kind == .polygon else { return 0 }
    let points = item.pointee.look.points
    func point(_ i: Int) -> SIMD2<Double> {
      let p = t.apply(points[i])
      return SIMD2(p.x, p.y)
    }
    var fill = 0.0
    if kind == .polygon, item.pointee.look.fill != nil {
      // The edge ramp, two triangles an edge, and the cut inside.
      fill = ShapeBatch.strokeCost(points.count, closed: true, reach: 1, perSegment: 2, target: target, budget: budget, point: point).cost
      fill += ShapeBatch.fillCost(item.pointee.look.fillTriangles, target: target, budget: budget - fill, point: point).cost
    }
    guard item.pointee.look.stroke != nil, item.pointee.look.strokeWidth > 0 else { return fill }
    let pixels = max(item.pointee.look.strokeWidth * ShapeBatch.areaScale(t), 1)
    return fill
      + ShapeBatch.strokeCost(
        points.count, closed: kind == .polygon, reach: kind == .line ? pixels / 2 + 0.5 : pixels + 0.5,
        perSegment: ShapeBatch.strokeTriangles, target: target, budget: budget - fill, point: point
      ).cost
  }

  /// Switches to the clip region of the next items: a clip rectangle (within the band's) for
  /// an unrotated box, or also a convex window that shapes and textures are cut to.
  private func setClip(_ region: ClipRegion?, view: Affine, _ frame: inout FrameState) {
    if !frame.shapes.isEmpty { frame.shapes.flush(renderer, target: frame.target, window: frame.window) }
    frame.clipID = region?.id ?? 0
    frame.window = nil
    frame.clippedAway = false
    guard let region else {
      if var base = frame.baseClip { SDL_RenderSetClipRect(renderer, &base) } else { SDL_RenderSetClipRect(renderer, nil) }
      return
    }
    let pixels = region.outline.map { corner -> SIMD2<Double> in
      let p = view.apply(corner)
      return SIMD2(p.x, p.y)
    }
    var low = SIMD2(Double.infinity, Double.infinity)
    var high = -low
    for p in pixels {
      low = pointwiseMin(low, p)
      high = pointwiseMax(high, p)
    }
    // Whole pixels: a rectangle edge on a pixel boundary clips crisply, as SDL clips by pixel.
    var box = SafeGeometry.Box(
      minX: max(low.x.rounded(), frame.target.minX), minY: max(low.y.rounded(), frame.target.minY),
      maxX: min(high.x.rounded(), frame.target.maxX), maxY: min(high.y.rounded(), frame.target.maxY))
    if let base = frame.baseClip {
      box.minX = max(box.minX, Double(base.x))
      box.minY = max(box.minY, Double(base.y))
      box.maxX = min(box.maxX, Double(base.x + base.w))
      box.maxY = min(box.maxY, Double(base.y + base.h))
    }
    guard pixels.count >= 3, box.maxX > box.minX, box.maxY > box.minY else {
      frame.clippedAway = true
      return
    }
    var rect = SDL_Rect(x: Int32(box.minX), y: Int32(box.minY), w: Int32(box.maxX - box.minX), h: Int32(box.maxY - box.minY))
    SDL_RenderSetClipRect(renderer, &rect)
    if !region.isAlignedRect { frame.window = pixels }
  }

  /// Draws one item of a draw list.
  ///
  /// Sprites are read where they lie in the list: an item passed or bound as a value is copied
  /// (strings and all) and destroyed again, for every sprite of every band, which showed in
  /// profiles. Shapes and text, which are few, are copied.
  /// `transform` is the item's with the view applied. Inlined, as is `drawImage`: most sprites
  /// of a band lie outside it, and for those the calls were most of what they cost.
  @inline(__always)
  private func draw(
    _ item: UnsafePointer<DrawItem>, transform: Affine, view: Affine, pixelScale: Double,
    _ frame: inout FrameState
  ) {
    let alpha = item.pointee.alpha
    switch item.pointee.look.kind {
    case .image:
      if !frame.shapes.isEmpty { frame.shapes.flush(renderer, target: frame.target, window: frame.window) }
      drawImage(item, transform: transform, alpha: alpha, &frame)
    case .text:
      if !frame.shapes.isEmpty { frame.shapes.flush(renderer, target: frame.target, window: frame.window) }
      drawer.drawing(item.pointee.id)
      drawText(
        item.pointee.look, transform: transform, alpha: alpha, pixelScale: pixelScale, &frame)
    case .rect, .circle:
      let look = item.pointee.look
      // Shapes outside the band are skipped here (images and text in `drawImage` and
      // `drawText`); anti-aliasing reaches a pixel past the edge, a stroke half its width.
      guard
        !frame.missesBand(
          transform, width: look.width, height: look.height,
          margin: Self.shapeMargin(strokeWidth: look.strokeWidth, view: view))
      else { return }
      let fill = shade(look.fill, look.tint, alpha)
      let stroke = shade(look.stroke, look.tint, alpha)
      if look.kind == .rect {
        frame.shapes.addRect(
          width: look.width, height: look.height, cornerRadius: look.cornerRadius,
          transform: transform, fill: fill, stroke: stroke, strokeWidth: look.strokeWidth)
      } else {
        frame.shapes.addEllipse(
          width: look.width, height: look.height, transform: transform, fill: fill,
          stroke: stroke, strokeWidth: look.strokeWidth)
      }
    case .particles:
      if !frame.shapes.isEmpty { frame.shapes.flush(renderer, target: frame.target, window: frame.window) }
      drawParticles(item, transform: transform, alpha: alpha, &frame)
    case .polygon, .line:
      let look = item.pointee.look
      let bounds = look.pointBounds
      guard
        !frame.missesBand(
          transform * .translate(bounds.x, bounds.y), width: bounds.width, height: bounds.height,
          margin: Self.shapeMargin(strokeWidth: look.strokeWidth, view: view))
      else { return }
      drawer.drawing(item.pointee.id)
      if look.kind == .polygon {
        frame.shapes.addPolygon(
          look.points, triangles: look.fillTriangles, transform: transform,
          fill: shade(look.fill, look.tint, alpha), stroke: shade(look.stroke, look.tint, alpha),
          strokeWidth: look.strokeWidth, target: frame.target, budget: frame.itemBudget)
      } else {
        frame.shapes.addPolyline(
          look.points, width: look.strokeWidth, transform: transform,
          color: shade(look.stroke, look.tint, alpha), target: frame.target, budget: frame.itemBudget)
      }
    case .group:
      break
    }
  }

  @inline(__always)
  private func drawImage(
    _ item: UnsafePointer<DrawItem>, transform: Affine, alpha: Double,
    _ frame: inout FrameState
  ) {
    guard let name = item.pointee.look.image else { return }
    var width = item.pointee.look.width
    var height = item.pointee.look.height
    // A sprite outside the band is skipped, before its image is looked up when its size is
    // known, so a band loads only the images it draws.
    let atFileSize = width == 0 && height == 0
    if !atFileSize && frame.missesBand(transform, width: width, height: height, margin: Self.imageMargin) {
      return
    }
    let found: Texture?
    if name == frame.imageName {
      found = frame.image
    } else {
      found = images.texture(named: name)
      frame.imageName = name
      frame.image = found
    }
    guard let texture = found else { return }
    if atFileSize {
      width = Double(texture.width)
      height = Double(texture.height)
      if frame.missesBand(transform, width: width, height: height, margin: Self.imageMargin) { return }
    }
    drawTexture(
      texture, transform: transform, width: width, height: height,
      flipX: item.pointee.look.flipX, flipY: item.pointee.look.flipY, tint: item.pointee.look.tint,
      alpha: alpha, &frame)
  }

  private func drawText(
    _ look: NodeLook, transform: Affine, alpha: Double, pixelScale: Double,
    _ frame: inout FrameState
  ) {
    guard !look.text.isEmpty, look.fontSize > 0, pixelScale > 0 else { return }
    let pixelSize = max(1, Int((look.fontSize * pixelScale).rounded()))
    // Text wholly outside the band is skipped before it is rendered, or every band would
    // render every label. The box was measured with the same fonts, give or take rounding,
    // which a line's height to spare covers.
    guard
      !frame.missesBand(
        transform, width: look.width, height: look.height, margin: Double(pixelSize))
    else { return }
    let align: UInt8
    switch look.align {
    case .left: align = 0
    case .center: align = 1
    case .right: align = 2
    }
    let color = SDL_Color(look.textColor)
    var tint = look.tint
    tint.a *= look.textColor.a
    // Text larger than the screen is drawn from a texture of the part on screen only, so no
    // label, however long or large, costs more than the screen in pixels.
    let block = Vec2(x: look.width * pixelScale, y: look.height * pixelScale)
    if block.x > Double(frame.textSide) || block.y > Double(frame.textSide) {
      guard let window = Self.visibleWindow(of: block, flipX: look.flipX, flipY: look.flipY, transform: transform, pixelScale: pixelScale, frame: frame),
        let texture = texts.texture(look.text, font: look.font, pixelSize: pixelSize, color: color, align: align, window: window)
      else { return }
      // A flipped text shows block pixel b at local pixel (block size - b): the window's quad
      // goes to the mirrored place, and drawTexture mirrors its content within it.
      let left = look.flipX ? block.x - Double(window.x + texture.width) : Double(window.x)
      let top = look.flipY ? block.y - Double(window.y + texture.height) : Double(window.y)
      drawTexture(
        texture, transform: transform * .translate(left / pixelScale, top / pixelScale),
        width: Double(texture.width) / pixelScale, height: Double(texture.height) / pixelScale,
        flipX: look.flipX, flipY: look.flipY, tint: tint, alpha: alpha, &frame)
      return
    }
    guard let texture = texts.texture(look.text, font: look.font, pixelSize: pixelSize, color: color, align: align)
    else { return }
    let width = Double(texture.width) / pixelScale
    let height = Double(texture.height) / pixelScale
    // Place the block by alignment inside the node's box, in case the box was measured
    // with other metrics than the ones drawing now. (A block larger than the screen took the
    // window path above, so this texture is whole.)
    let offset = (look.width - width) * Double(align) / 2
    drawTexture(
      texture, transform: transform * .translate(offset, 0), width: width, height: height,
      flipX: look.flipX, flipY: look.flipY, tint: tint, alpha: alpha, &frame)
  }

  /// Tiles a window of a text block snaps to, so a text scrolling by redraws its texture now and
  /// then rather than every frame.
  static let textWindowTile = 256

  /// The largest texture side a text needs on this output: its diagonal (text may be turned),
  /// rounded up to a tile, within `Limits.textTextureSide`.
  static func screenSide(_ target: SafeGeometry.Box) -> Int {
    let diagonal = ((target.maxX - target.minX) * (target.maxX - target.minX) + (target.maxY - target.minY) * (target.maxY - target.minY)).squareRoot()
    let tiles = Int((diagonal / Double(textWindowTile)).rounded(.up))
    return min(Limits.textTextureSide, max(1, tiles) * textWindowTile)
  }

  /// The part of a text block (`block` pixels), in its pixels, that this output (this band's
  /// rows) shows, snapped out to whole tiles and at most `frame.textSide` a side; nil when none
  /// of it shows.
  private static func visibleWindow(
    of block: Vec2, flipX: Bool, flipY: Bool, transform: Affine, pixelScale: Double, frame: FrameState
  ) -> PixelWindow? {
    guard let inverse = transform.inverted() else { return nil }
    let top = max(frame.target.minY, frame.top)
    let bottom = min(frame.target.maxY, frame.bottom)
    let corners = [
      Vec2(frame.target.minX, top), Vec2(frame.target.maxX, top), Vec2(frame.target.minX, bottom), Vec2(frame.target.maxX, bottom),
    ].map { inverse.apply($0) }
    let tile = Double(textWindowTile)
    // Local pixels to block pixels: mirrored when the text is flipped.
    let xs = corners.map { flipX ? block.x - $0.x * pixelScale : $0.x * pixelScale }
    let ys = corners.map { flipY ? block.y - $0.y * pixelScale : $0.y * pixelScale }
    let left = max(0, ((xs.min() ?? 0) / tile).rounded(.down) * tile)
    let right = min(block.x + tile, ((xs.max() ?? 0) / tile).rounded(.up) * tile)
    let upper = max(0, ((ys.min() ?? 0) / tile).rounded(.down) * tile)
    let lower = min(block.y + tile, ((ys.max() ?? 0) / tile).rounded(.up) * tile)
    guard [left, right, upper, lower].allSatisfy(\.isFinite), right > left, lower > upper else { return nil }
    let side = frame.textSide
    return PixelWindow(
      x: Int(left), y: Int(upper), width: min(Int(right - left), side), height: min(Int(lower - upper), side))
  }

  // MARK: - Particles

  /// Every particle of an emitter as a textured quad, all in one `SDL_RenderGeometry` call.
  private func drawParticles(_ item: UnsafePointer<DrawItem>, transform t: Affine, alpha: Double, _ frame: inout FrameState) {
    let look = item.pointee.look
    guard !look.particles.isEmpty, let shapes = makeParticleTextures() else { return }
    let texture: Texture
    switch look.particleShape {
    case .circle: texture = shapes.disc
    case .square: texture = shapes.square
    case .image(let name):
      guard let found = images.texture(named: name) else { return }
      texture = found
    }
    let tint = look.tint
    let safe = frame.target.widened(by: SafeGeometry.margin)
    var vertices: [SDL_Vertex] = []
    var indices: [Int32] = []
    vertices.reserveCapacity(look.particles.count * 4)
    indices.reserveCapacity(look.particles.count * 6)
    let uvs = [SIMD2(0.0, 0.0), SIMD2(1.0, 0.0), SIMD2(1.0, 1.0), SIMD2(0.0, 1.0)]
    let whole = (frame.target.maxX - frame.target.minX) * (frame.target.maxY - frame.target.minY)
    let scaleArea = abs(t.determinant)
    for particle in look.particles {
      let half = particle.size / 2
      guard half > 0 else { continue }
      if frame.counts {
        frame.covered += min(scaleArea * particle.size * particle.size, whole)  // as if all on screen
        if frame.covered > frame.coverLimit { break }
      }
      let c = t.apply(Vec2(particle.x, particle.y))
      // The quad's half-axes: the emitter's transform, turned by the particle's own spin.
      var ax = SIMD2(t.a, t.b) * half
      var ay = SIMD2(t.c, t.d) * half
      if particle.rotation != 0 {
        let (sine, cosine) = (sin(particle.rotation * .pi / 180), cos(particle.rotation * .pi / 180))
        (ax, ay) = (ax * cosine + ay * sine, ay * cosine - ax * sine)
      }
      let centre = SIMD2(c.x, c.y)
      let corners = [centre - ax - ay, centre + ax - ay, centre + ax + ay, centre - ax + ay]
      let reach = max(abs(ax.x) + abs(ay.x), abs(ax.y) + abs(ay.y))
      // Outside the band, or wholly off the target: nothing to draw.
      if centre.y + reach <= frame.top || centre.y - reach >= frame.bottom { continue }
      let color = particle.color
      let shade = SDL_Color(Color(r: color.r * tint.r, g: color.g * tint.g, b: color.b * tint.b, a: color.a * tint.a * alpha))
      guard shade.a > 0 else { continue }
      let inside = corners.allSatisfy {
        $0.x >= safe.minX && $0.x <= safe.maxX && $0.y >= safe.minY && $0.y <= safe.maxY
      }
      if inside && frame.window == nil {
        let base = Int32(vertices.count)
        for (corner, uv) in zip(corners, uvs) {
          vertices.append(
            SDL_Vertex(
              position: SDL_FPoint(x: Float(corner.x), y: Float(corner.y)), color: shade,
              tex_coord: SDL_FPoint(x: Float(uv.x), y: Float(uv.y))))
        }
        indices.append(contentsOf: [base, base + 1, base + 2, base, base + 2, base + 3])
        continue
      }
      // Far past the target, or inside a clipping group's outline: cut the quad first.
      let rgba = SIMD4(Double(shade.r), Double(shade.g), Double(shade.b), Double(shade.a))
      var polygon = SafeGeometry.clip(
        (0..<4).map { SafeGeometry.Corner(position: corners[$0], uv: uvs[$0], color: rgba) }, to: frame.target)
      if let window = frame.window { polygon = SafeGeometry.clip(polygon, toConvex: window) }
      SafeGeometry.appendFan(polygon, to: &vertices, &indices)
    }
    guard !indices.isEmpty else { return }
    SDL_SetTextureColorMod(texture.handle, 255, 255, 255)
    SDL_SetTextureAlphaMod(texture.handle, 255)
    frame.modTexture = nil  // the mods above may differ from what the cache remembers
    if look.particleBlend == .add { SDL_SetTextureBlendMode(texture.handle, SDL_BLENDMODE_ADD) }
    SDL_RenderGeometry(renderer, texture.handle, vertices, Int32(vertices.count), indices, Int32(indices.count))
    if look.particleBlend == .add { SDL_SetTextureBlendMode(texture.handle, SDL_BLENDMODE_BLEND) }
  }

  /// A white disc with a one-texel soft edge, and a white square, both 32 texels wide.
  private func makeParticleTextures() -> (disc: Texture, square: Texture)? {
    if let particleTextures { return particleTextures }
    let side = 32
    var disc = [UInt32](repeating: 0, count: side * side)
    let radius = Double(side) / 2
    for y in 0..<side {
      for x in 0..<side {
        let dx = Double(x) + 0.5 - radius
        let dy = Double(y) + 0.5 - radius
        let coverage = min(max(radius - (dx * dx + dy * dy).squareRoot(), 0), 1)
        disc[y * side + x] = UInt32((coverage * 255).rounded()) << 24 | 0x00FF_FFFF
      }
    }
    let square = [UInt32](repeating: 0xFFFF_FFFF, count: side * side)
    guard let discTexture = Self.texture(renderer, pixels: disc, side: side),
      let squareTexture = Self.texture(renderer, pixels: square, side: side)
    else { return nil }
    particleTextures = (discTexture, squareTexture)
    return particleTextures
  }

  private static func texture(_ renderer: OpaquePointer, pixels: [UInt32], side: Int) -> Texture? {
    var pixels = pixels
    return pixels.withUnsafeMutableBytes { bytes -> Texture? in
      guard
        let surface = SDL_CreateRGBSurfaceWithFormatFrom(
          bytes.baseAddress, Int32(side), Int32(side), 32, Int32(side * 4), PixelFormat.argb8888)
      else { return nil }
      defer { SDL_FreeSurface(surface) }
      return Texture.make(renderer: renderer, surface: surface, exactTwin: false)
    }
  }

  // MARK: - Textures

  /// Draws `texture` stretched over the box (0, 0, width, height) mapped by `transform`. The
  /// callers have skipped what lies outside the band.
  private func drawTexture(
    _ texture: Texture, transform t: Affine, width: Double, height: Double,
    flipX: Bool, flipY: Bool, tint: Color, alpha: Double, _ frame: inout FrameState
  ) {
    let opacity = tint.a * alpha
    guard opacity > 0, width > 0, height > 0 else { return }
    if tint.r != frame.modTint.r || tint.g != frame.modTint.g || tint.b != frame.modTint.b || opacity != frame.modOpacity {
      frame.modColor = SDL_Color(Color(r: tint.r, g: tint.g, b: tint.b, a: opacity))
      frame.modTint = tint
      frame.modOpacity = opacity
    }
    let mod = frame.modColor
    // Box corner and edge vectors in pixels.
    var origin = SIMD2(t.tx, t.ty)
    var across = SIMD2(t.a * width, t.b * width)
    let down = SIMD2(t.c * height, t.d * height)
    var mirrorX = flipX
    if let window = frame.window {
      // Inside a rounded, round or turned clipping group: cut to its outline unless wholly in it
      // (then the clip rectangle already set is enough).
      let corners = [origin, origin + across, origin + across + down, origin + down]
      if !SafeGeometry.inside(corners, convex: window) {
        frame.setMod(texture.handle, mod)
        drawClippedTexture(texture, corners: corners, flipX: flipX, flipY: flipY, mod: mod, &frame)
        return
      }
    }
    switch SafeGeometry.verdict(origin, origin + across, origin + across + down, origin + down, target: frame.target) {
    case .draw: break
    case .cull: return
    case .clip:
      let corners = [origin, origin + across, origin + across + down, origin + down]
      frame.setMod(texture.handle, mod)
      if abs(across.y) < 1e-9, abs(down.x) < 1e-9 {
        drawClippedAligned(texture, origin: origin, size: SIMD2(across.x, down.y), flipX: flipX, flipY: flipY, frame.target)
      } else {
        drawClippedTexture(texture, corners: corners, flipX: flipX, flipY: flipY, mod: mod, &frame)
      }
      return
    }
    if abs(across.y) < 1e-9, abs(down.x) < 1e-9, across.x > 0, down.y > 0 {
      // The common case: no rotation, no mirroring through a negative scale. At the
      // texture's own size nothing is resampled, so the nearest-sampled copy draws it.
      let ownSize =
        abs(across.x - Double(texture.width)) < 1e-6 && abs(down.y - Double(texture.height)) < 1e-6
      let handle = ownSize ? texture.exact ?? texture.handle : texture.handle
      frame.setMod(handle, mod)
      var rect = SDL_FRect(
        x: Float(origin.x), y: Float(origin.y), w: Float(across.x), h: Float(down.y))
      if !flipX && !flipY {
        SDL_RenderCopyF(renderer, handle, nil, &rect)
      } else {
        SDL_RenderCopyExF(renderer, handle, nil, &rect, 0, nil, Self.flip(flipX, flipY))
      }
      return
    }
    frame.setMod(texture.handle, mod)
    let acrossLength = (across * across).sum().squareRoot()
    let downLength = (down * down).sum().squareRoot()
    guard acrossLength > 1e-9, downLength > 1e-9 else { return }
    let skew = abs((across * down).sum()) / (acrossLength * downLength)
    guard skew < 1e-6 else {
      drawTextureQuad(
        texture, origin: origin, across: across, down: down, flipX: flipX, flipY: flipY, mod: mod,
        &frame.quad)
      return
    }
    if across.x * down.y - across.y * down.x < 0 {
      // A negative scale mirrors the box: start from the other side and flip the image.
      origin += across
      across = -across
      mirrorX.toggle()
    }
    let centre = origin + (across + down) / 2
    var rect = SDL_FRect(
      x: Float(centre.x - acrossLength / 2), y: Float(centre.y - downLength / 2),
      w: Float(acrossLength), h: Float(downLength))
    let degrees = atan2(across.y, across.x) * 180 / .pi
    SDL_RenderCopyExF(
      renderer, texture.handle, nil, &rect, degrees, nil, Self.flip(mirrorX, flipY))
  }

  /// Along an axis where texels are shown at most this many pixels wide, the visible texels go
  /// to SDL as one strip; wider ones go one by one, each cut to the target.
  private static let largestScaledTexel = 256.0

  /// An unrotated texture over the box at `origin` of `size` pixels (negative when mirrored)
  /// that reaches far past `target`: only the texels on the target, and one more on each side so
  /// smooth scaling blends the edges as before, go to SDL. SDL's software renderer scales a
  /// partly visible copy through a surface the size of its destination, so no destination
  /// reaches more than `largestScaledTexel` pixels past the target; at most a few dozen copies.
  private func drawClippedAligned(
    _ texture: Texture, origin: SIMD2<Double>, size: SIMD2<Double>, flipX: Bool, flipY: Bool,
    _ target: SafeGeometry.Box
  ) {
    // One axis at a time: where the box starts, its length, texels, mirroring, the target's span.
    struct Piece {
      var source: Int32
      var count: Int32
      var low: Double
      var high: Double
    }
    func pieces(
      start: Double, length: Double, texels: Int, mirrored: Bool, targetLow: Double, targetHigh: Double
    ) -> (pieces: [Piece], mirrored: Bool) {
      var low = start
      var extent = length
      var flip = mirrored
      if extent < 0 { low += extent; extent = -extent; flip.toggle() }
      let count = Double(texels)
      let texel = extent / count  // pixels per texel
      let visibleLow = max(low, targetLow)
      let visibleHigh = min(low + extent, targetHigh)
      guard texel > 0, visibleHigh > visibleLow else { return ([], flip) }
      // Texels in screen order (0 = leftmost or topmost), padded by one.
      let first = min(max(((visibleLow - low) / texel).rounded(.down) - 1, 0), count)
      let last = min(max(((visibleHigh - low) / texel).rounded(.up) + 1, 0), count)
      func source(_ d: Double, _ span: Double) -> Int32 { Int32(flip ? count - d - span : d) }
      if texel <= Self.largestScaledTexel {
        return ([Piece(source: source(first, last - first), count: Int32(last - first), low: low + first * texel, high: low + last * texel)], flip)
      }
      var result: [Piece] = []
      var d = first
      while d < last {
        let cellLow = max(low + d * texel, targetLow)
        let cellHigh = min(low + (d + 1) * texel, targetHigh)
        if cellHigh > cellLow { result.append(Piece(source: source(d, 1), count: 1, low: cellLow, high: cellHigh)) }
        d += 1
      }
      return (result, flip)
    }
    let across = pieces(
      start: origin.x, length: size.x, texels: texture.width, mirrored: flipX, targetLow: target.minX, targetHigh: target.maxX)
    let down = pieces(
      start: origin.y, length: size.y, texels: texture.height, mirrored: flipY, targetLow: target.minY, targetHigh: target.maxY)
    let flip = Self.flip(across.mirrored, down.mirrored)
    for column in across.pieces {
      for row in down.pieces {
        var src = SDL_Rect(x: column.source, y: row.source, w: column.count, h: row.count)
        var dest = SDL_FRect(
          x: Float(column.low), y: Float(row.low), w: Float(column.high - column.low), h: Float(row.high - row.low))
        SDL_RenderCopyExF(renderer, texture.handle, &src, &dest, 0, nil, flip)
      }
    }
  }

  /// A rotated texture over the box `corners` (top-left, top-right, bottom-right, bottom-left,
  /// in pixels) that reaches far past the target: only the part on the target is drawn, as
  /// triangles whose texture coordinates follow the clipped corners (SDL's software renderer
  /// rounds those to whole texels, which shows only at magnifications no game uses).
  private func drawClippedTexture(
    _ texture: Texture, corners: [SIMD2<Double>], flipX: Bool, flipY: Bool, mod: SDL_Color,
    _ frame: inout FrameState
  ) {
    let (u0, u1): (Double, Double) = flipX ? (1, 0) : (0, 1)
    let (v0, v1): (Double, Double) = flipY ? (1, 0) : (0, 1)
    let uvs = [SIMD2(u0, v0), SIMD2(u1, v0), SIMD2(u1, v1), SIMD2(u0, v1)]
    let color = SIMD4(Double(mod.r), Double(mod.g), Double(mod.b), Double(mod.a))
    var polygon = SafeGeometry.clip(
      (0..<4).map { SafeGeometry.Corner(position: corners[$0], uv: uvs[$0], color: color) },
      to: frame.target)
    if let window = frame.window { polygon = SafeGeometry.clip(polygon, toConvex: window) }
    guard !polygon.isEmpty else { return }
    var indices: [Int32] = []
    frame.quad.removeAll(keepingCapacity: true)
    SafeGeometry.appendFan(polygon, to: &frame.quad, &indices)
    SDL_RenderGeometry(renderer, texture.handle, frame.quad, Int32(frame.quad.count), indices, Int32(indices.count))
  }

  /// Skewed boxes (a rotated child of a non-uniformly scaled parent) need real geometry.
  private func drawTextureQuad(
    _ texture: Texture, origin: SIMD2<Double>, across: SIMD2<Double>, down: SIMD2<Double>,
    flipX: Bool, flipY: Bool, mod: SDL_Color, _ quad: inout [SDL_Vertex]
  ) {
    let u0: Float = flipX ? 1 : 0
    let u1: Float = flipX ? 0 : 1
    let v0: Float = flipY ? 1 : 0
    let v1: Float = flipY ? 0 : 1
    let corners: [(SIMD2<Double>, Float, Float)] = [
      (origin, u0, v0), (origin + across, u1, v0),
      (origin + across + down, u1, v1), (origin + down, u0, v1),
    ]
    quad.removeAll(keepingCapacity: true)
    for (point, u, v) in corners {
      quad.append(
        SDL_Vertex(
          position: SDL_FPoint(x: Float(point.x), y: Float(point.y)), color: mod,
          tex_coord: SDL_FPoint(x: u, y: v)))
    }
    let indices: [Int32] = [0, 1, 2, 0, 2, 3]
    SDL_RenderGeometry(renderer, texture.handle, quad, 4, indices, 6)
  }

  private static func flip(_ x: Bool, _ y: Bool) -> SDL_RendererFlip {
    var flags = SDL_FLIP_NONE.rawValue
    if x { flags |= SDL_FLIP_HORIZONTAL.rawValue }
    if y { flags |= SDL_FLIP_VERTICAL.rawValue }
    return SDL_RendererFlip(rawValue: flags)
  }

  // MARK: - Screen-space helpers (overlays)

  /// Fills a pixel rectangle with a colour (blended).
  func fillRect(x: Double, y: Double, width: Double, height: Double, color: Color) {
    let bytes = SDL_Color(color)
    SDL_SetRenderDrawColor(renderer, bytes.r, bytes.g, bytes.b, bytes.a)
    var rect = SDL_FRect(x: Float(x), y: Float(y), w: Float(width), h: Float(height))
    SDL_RenderFillRectF(renderer, &rect)
  }

  /// Draws one block of text at a pixel position and pixel size; returns its size in pixels.
  @discardableResult
  func drawText(_ text: String, x: Double, y: Double, pixelSize: Int, color: Color) -> (Double, Double) {
    guard !text.isEmpty,
      let texture = texts.texture(text, pixelSize: pixelSize, color: SDL_Color(color), align: 0)
    else { return (0, 0) }
    // Drawn at its own size, like `drawTexture`'s common case.
    let handle = texture.exact ?? texture.handle
    SDL_SetTextureColorMod(handle, 255, 255, 255)
    SDL_SetTextureAlphaMod(handle, color.bytes.a)
    var rect = SDL_FRect(
      x: Float(x.rounded()), y: Float(y.rounded()), w: Float(texture.width),
      h: Float(texture.height))
    SDL_RenderCopyF(renderer, handle, nil, &rect)
    return (Double(texture.width), Double(texture.height))
  }

  // MARK: - Colour

  /// A node colour multiplied by its tint and effective alpha; nil when there is nothing to draw.
  private func shade(_ color: Color?, _ tint: Color, _ alpha: Double) -> SDL_Color? {
    guard let color else { return nil }
    return SDL_Color(
      Color(r: color.r * tint.r, g: color.g * tint.g, b: color.b * tint.b, a: color.a * tint.a * alpha))
  }
}
