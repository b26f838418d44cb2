import CSDL2

/// Draws coloured triangles for SDL's software renderer with the pixels SDL would give them,
/// at a fraction of the cost.
///
/// SDL's software renderer draws every coloured triangle through a temporary surface of its
/// own (allocated, rasterised, blended onto the target, freed), so a small anti-aliased circle,
/// some forty triangles, costs forty surfaces. Here the same rasterisation (SDL's integer
/// edge functions, top-left rule and colour interpolation, ported exactly) writes triangles
/// into one layer, and the layer goes to SDL as one texture copy, which blends through the
/// same blitter as those temporary surfaces (same pixel format, same blend mode, no colour
/// mod). A layer holds only triangles that share no pixel, so each pixel is blended once with
/// the colour its one triangle gave it, as before; where a triangle would cover a pixel the
/// layer already holds, the layer is drawn first and a new one begun. Pixels no triangle
/// covers stay fully transparent, which SDL's blend leaves untouched.
///
/// Pairs of triangles that SDL may turn into a filled rectangle (two triangles forming an
/// axis-aligned box), and triangles too large for a layer, go to SDL as they are.
///
/// The rasterisation is a Swift port of SDL 2's `src/render/software/SDL_triangle.c`
/// (Copyright (C) 1997-2022 Sam Lantinga, zlib licence, which permits altered versions marked
/// as such: this is one); it must stay in step with the SDL the engine links, or pixels move,
/// which the golden tests and `SoftwareTrianglesTests` would show.
final class SoftwareTriangles {
  private let renderer: OpaquePointer
  /// The layer's side in pixels: a small shape fits whole, a large one spans several layers.
  private static let side = 128
  private var texture: OpaquePointer?
  private var pixels: [UInt32]
  /// Which layer wrote each pixel (`generation`), so a layer need not be cleared to be reused.
  private var owner: [UInt16]
  private var generation: UInt16 = 1
  // The layer's top-left pixel on the target, and the part of it written so far.
  private var originX = 0
  private var originY = 0
  private var usedMinX = Int.max
  private var usedMinY = Int.max
  private var usedMaxX = Int.min
  private var usedMaxY = Int.min
  private var runIndices: [Int32] = []
  /// Layers sent to SDL so far (for tests).
  private(set) var layersDrawn = 0
  private var fixed: [SIMD2<Int>] = []

  /// For `renderer`, a software renderer drawing into a surface of pixel format `format`; nil
  /// when SDL would not blend its triangles through ARGB8888 surfaces (a target with an alpha
  /// channel in another layout), or the renderer is not the software one.
  init?(renderer: OpaquePointer, format: UInt32) {
    var info = SDL_RendererInfo()
    guard SDL_GetRendererInfo(renderer, &info) == 0, let name = info.name, String(cString: name) == "software"
    else { return nil }
    // SDL rasterises into a surface of the target's format when it has alpha, else ARGB8888.
    var bpp: Int32 = 0
    var r: UInt32 = 0
    var g: UInt32 = 0
    var b: UInt32 = 0
    var a: UInt32 = 0
    guard SDL_PixelFormatEnumToMasks(format, &bpp, &r, &g, &b, &a) == SDL_TRUE,
      a == 0 || format == PixelFormat.argb8888
    else { return nil }
    self.renderer = renderer
    pixels = [UInt32](repeating: 0, count: Self.side * Self.side)
    owner = [UInt16](repeating: 0, count: Self.side * Self.side)
  }

  deinit {
    if let texture { SDL_DestroyTexture(texture) }
  }

  /// Draws the triangles `indices` (triples into `vertices`) in order, every vertex being on
  /// or near the target (`SafeGeometry`'s margin). Returns false, drawing nothing, when the
  /// layer's texture cannot be made.
  func draw(_ vertices: [SDL_Vertex], _ indices: [Int32]) -> Bool {
    // SDL blends coloured triangles by the draw blend mode; the layer copies with BLEND.
    var mode = SDL_BLENDMODE_NONE
    guard SDL_GetRenderDrawBlendMode(renderer, &mode) == 0, mode == SDL_BLENDMODE_BLEND else { return false }
    if texture == nil {
      texture = SDL_CreateTexture(
        renderer, PixelFormat.argb8888, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), Int32(Self.side), Int32(Self.side))
      guard let texture else { return false }
      SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
    }
    // Vertices as SDL's software renderer takes them: truncated to whole pixels, then in its
    // fixed point (one fractional bit, so pixel centres fall on odd values).
    fixed.removeAll(keepingCapacity: true)
    for vertex in vertices {
      fixed.append(SIMD2(Int(Int32(vertex.position.x)) << 1, Int(Int32(vertex.position.y)) << 1))
    }
    let triangles = indices.count / 3
    var index = 0
    while index < triangles {
      // A run of triangles SDL might pair into rectangles goes to it untouched.
      var run = index
      while run < triangles && (pairsAsRect(vertices, indices, run - 1, run) || pairsAsRect(vertices, indices, run, run + 1) || tooLarge(indices, run)) {
        run += 1
      }
      if run > index {
        endLayer()
        runIndices.removeAll(keepingCapacity: true)
        runIndices.append(contentsOf: indices[(3 * index)..<(3 * run)])
        SDL_RenderGeometry(renderer, nil, vertices, Int32(vertices.count), runIndices, Int32(runIndices.count))
        index = run
        continue
      }
      let i0 = Int(indices[3 * index])
      let i1 = Int(indices[3 * index + 1])
      let i2 = Int(indices[3 * index + 2])
      if !rasterise(fixed[i0], fixed[i1], fixed[i2], vertices[i0].color, vertices[i1].color, vertices[i2].color) {
        // It overlaps the layer or does not fit in it: draw the layer, then this one alone.
        endLayer()
        _ = rasterise(fixed[i0], fixed[i1], fixed[i2], vertices[i0].color, vertices[i1].color, vertices[i2].color)
      }
      index += 1
    }
    endLayer()
    return true
  }

  /// Whether triangles `first` and `first + 1` might be drawn by SDL as one filled rectangle:
  /// their corners take at most four places, at most two columns and two rows. SDL asks for
  /// more (shared indices, matching colours), so this errs towards handing pairs to SDL.
  private func pairsAsRect(_ vertices: [SDL_Vertex], _ indices: [Int32], _ first: Int, _ second: Int) -> Bool {
    guard first >= 0, second < indices.count / 3 else { return false }
    var places = (SIMD2<Float>(), SIMD2<Float>(), SIMD2<Float>(), SIMD2<Float>())
    var count = 0
    var xs = (Float(0), Float(0))
    var xCount = 0
    var ys = (Float(0), Float(0))
    var yCount = 0
    for k in 0..<6 {
      let corner = k < 3 ? 3 * first + k : 3 * second + k - 3
      let p = vertices[Int(indices[corner])].position
      let place = SIMD2(p.x, p.y)
      let known = (count > 0 && places.0 == place) || (count > 1 && places.1 == place) || (count > 2 && places.2 == place)
        || (count > 3 && places.3 == place)
      if !known {
        switch count {
        case 0: places.0 = place
        case 1: places.1 = place
        case 2: places.2 = place
        case 3: places.3 = place
        default: return false
        }
        count += 1
      }
      if !((xCount > 0 && xs.0 == p.x) || (xCount > 1 && xs.1 == p.x)) {
        if xCount == 2 { return false }
        if xCount == 0 { xs.0 = p.x } else { xs.1 = p.x }
        xCount += 1
      }
      if !((yCount > 0 && ys.0 == p.y) || (yCount > 1 && ys.1 == p.y)) {
        if yCount == 2 { return false }
        if yCount == 0 { ys.0 = p.y } else { ys.1 = p.y }
        yCount += 1
      }
    }
    return true
  }

  /// Whether a triangle's box is wider or taller than a layer.
  private func tooLarge(_ indices: [Int32], _ triangle: Int) -> Bool {
    let a = fixed[Int(indices[3 * triangle])]
    let b = fixed[Int(indices[3 * triangle + 1])]
    let c = fixed[Int(indices[3 * triangle + 2])]
    let low = pointwiseMin(pointwiseMin(a, b), c)
    let high = pointwiseMax(pointwiseMax(a, b), c)
    let extent = (high &- low) &>> 1
    return extent.x >= Self.side || extent.y >= Self.side
  }

  /// Writes the triangle into the layer, exactly as SDL_SW_FillTriangle would into its own
  /// surface; false, writing nothing, when it would land on a pixel already written or outside
  /// the layer. Beginning a layer, it is placed around the triangle.
  private func rasterise(
    _ d0: SIMD2<Int>, _ d1: SIMD2<Int>, _ d2: SIMD2<Int>, _ c0: SDL_Color, _ c1: SDL_Color, _ c2: SDL_Color
  ) -> Bool {
    func cross(_ a: SIMD2<Int>, _ b: SIMD2<Int>, _ cx: Int, _ cy: Int) -> Int {
      (b.x - a.x) * (cy - a.y) - (b.y - a.y) * (cx - a.x)
    }
    func isTopLeft(_ a: SIMD2<Int>, _ b: SIMD2<Int>, _ clockwise: Bool) -> Bool {
      if clockwise {
        return (a.y == b.y && a.x < b.x) || b.y < a.y
      }
      return (a.y == b.y && b.x < a.x) || a.y < b.y
    }
    var area = cross(d0, d1, d2.x, d2.y)
    if area == 0 { return true }  // SDL draws nothing for a flat triangle
    let minX = min(d0.x, d1.x, d2.x)
    let maxX = max(d0.x, d1.x, d2.x)
    let minY = min(d0.y, d1.y, d2.y)
    let maxY = max(d0.y, d1.y, d2.y)
    let boxX = minX >> 1
    let boxY = minY >> 1
    let boxW = (maxX - minX) >> 1
    let boxH = (maxY - minY) >> 1
    if boxW <= 0 || boxH <= 0 { return true }
    if usedMinX > usedMaxX {
      // An empty layer: centre it on this triangle.
      originX = boxX + boxW / 2 - Self.side / 2
      originY = boxY + boxH / 2 - Self.side / 2
    }
    let left = boxX - originX
    let top = boxY - originY
    guard left >= 0, top >= 0, left + boxW <= Self.side, top + boxH <= Self.side else { return false }
    let clockwise = area > 0
    area = abs(area)
    var d2d1y = (d1.y - d2.y) << 1
    var d0d2y = (d2.y - d0.y) << 1
    var d1d0y = (d0.y - d1.y) << 1
    var d1d2x = (d2.x - d1.x) << 1
    var d2d0x = (d0.x - d2.x) << 1
    var d0d1x = (d1.x - d0.x) << 1
    let px = (boxX << 1) + 1
    let py = (boxY << 1) + 1
    var w0Row = cross(d1, d2, px, py)
    var w1Row = cross(d2, d0, px, py)
    var w2Row = cross(d0, d1, px, py)
    if !clockwise {
      d2d1y = -d2d1y
      d0d2y = -d0d2y
      d1d0y = -d1d0y
      d1d2x = -d1d2x
      d2d0x = -d2d0x
      d0d1x = -d0d1x
      w0Row = -w0Row
      w1Row = -w1Row
      w2Row = -w2Row
    }
    let bias0 = isTopLeft(d1, d2, clockwise) ? 0 : -1
    let bias1 = isTopLeft(d2, d0, clockwise) ? 0 : -1
    let bias2 = isTopLeft(d0, d1, clockwise) ? 0 : -1
    let generation = self.generation
    let side = Self.side
    // The pixels of a row inside the triangle are one span: where each edge function, a step
    // per pixel, stays at or above its bias. Worked out per row rather than tested per pixel.
    let steps = (d2d1y, d0d2y, d1d0y)
    let biases = (bias0, bias1, bias2)
    func span(_ w0: Int, _ w1: Int, _ w2: Int) -> (Int, Int) {
      var low = 0
      var high = boxW
      // Narrows low..<high to where w + x * step + bias >= 0; false when nowhere.
      func edge(_ w: Int, _ step: Int, _ bias: Int) -> Bool {
        let need = -bias - w
        if step == 0 { return need <= 0 }
        if step > 0 {
          low = max(low, Self.ceilDiv(need, step))
        } else {
          high = min(high, Self.floorDiv(-need, -step) + 1)
        }
        return true
      }
      guard edge(w0, steps.0, biases.0), edge(w1, steps.1, biases.1), edge(w2, steps.2, biases.2) else { return (0, 0) }
      return (low, max(low, high))
    }
    // First pass: refuse the triangle if it lands on a pixel this layer already holds.
    let free = owner.withUnsafeBufferPointer { owners -> Bool in
      var r0 = w0Row
      var r1 = w1Row
      var r2 = w2Row
      for y in 0..<boxH {
        let (low, high) = span(r0, r1, r2)
        let row = (top + y) * side + left
        for x in low..<high where owners[row + x] == generation { return false }
        r0 += d1d2x
        r1 += d2d0x
        r2 += d0d1x
      }
      return true
    }
    guard free else { return false }
    func same(_ a: SDL_Color, _ b: SDL_Color) -> Bool { a.r == b.r && a.g == b.g && a.b == b.b && a.a == b.a }
    let uniform = same(c0, c1) && same(c1, c2)
    func argb(_ r: Int, _ g: Int, _ b: Int, _ a: Int) -> UInt32 {
      UInt32(a) << 24 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
    }
    let flat = argb(Int(c0.r), Int(c0.g), Int(c0.b), Int(c0.a))
    var wrote = false
    pixels.withUnsafeMutableBufferPointer { out in
      owner.withUnsafeMutableBufferPointer { owners in
        for y in 0..<boxH {
          let (low, high) = span(w0Row, w1Row, w2Row)
          let row = (top + y) * side + left
          if low < high {
            wrote = true
            var w0 = w0Row + low * d2d1y
            var w1 = w1Row + low * d0d2y
            var w2 = w2Row + low * d1d0y
            for x in low..<high {
              if uniform {
                out[row + x] = flat
              } else {
                let r = (w0 * Int(c0.r) + w1 * Int(c1.r) + w2 * Int(c2.r)) / area
                let g = (w0 * Int(c0.g) + w1 * Int(c1.g) + w2 * Int(c2.g)) / area
                let b = (w0 * Int(c0.b) + w1 * Int(c1.b) + w2 * Int(c2.b)) / area
                let a = (w0 * Int(c0.a) + w1 * Int(c1.a) + w2 * Int(c2.a)) / area
                out[row + x] = argb(r, g, b, a)
              }
              owners[row + x] = generation
              w0 += d2d1y
              w1 += d0d2y
              w2 += d1d0y
            }
          }
          w0Row += d1d2x
          w1Row += d2d0x
          w2Row += d0d1x
        }
      }
    }
    if wrote {
      usedMinX = min(usedMinX, left)
      usedMinY = min(usedMinY, top)
      usedMaxX = max(usedMaxX, left + boxW)
      usedMaxY = max(usedMaxY, top + boxH)
    }
    return true
  }

  /// `a / b` rounded up, for `b` > 0.
  private static func ceilDiv(_ a: Int, _ b: Int) -> Int {
    let q = a / b
    return q * b < a ? q + 1 : q
  }

  /// `a / b` rounded down, for `b` > 0.
  private static func floorDiv(_ a: Int, _ b: Int) -> Int {
    let q = a / b
    return q * b > a ? q - 1 : q
  }

  /// Sends the layer's written part to SDL as one texture copy and empties the layer.
  private func endLayer() {
    guard usedMinX < usedMaxX, usedMinY < usedMaxY, let texture else {
      usedMinX = .max
      usedMinY = .max
      usedMaxX = .min
      usedMaxY = .min
      return
    }
    let width = usedMaxX - usedMinX
    let height = usedMaxY - usedMinY
    var source = SDL_Rect(x: 0, y: 0, w: Int32(width), h: Int32(height))
    var place = SDL_Rect(x: Int32(originX + usedMinX), y: Int32(originY + usedMinY), w: Int32(width), h: Int32(height))
    pixels.withUnsafeMutableBufferPointer { out in
      guard let base = out.baseAddress else { return }
      SDL_UpdateTexture(texture, &source, base + usedMinY * Self.side + usedMinX, Int32(Self.side * 4))
      SDL_RenderCopy(renderer, texture, &source, &place)
      layersDrawn += 1
      // Unwritten pixels must read as transparent in the next layer.
      for y in usedMinY..<usedMaxY {
        (base + y * Self.side + usedMinX).update(repeating: 0, count: width)
      }
    }
    if generation == .max {
      owner.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
      generation = 1
    } else {
      generation += 1
    }
    usedMinX = .max
    usedMinY = .max
    usedMaxX = .min
    usedMaxY = .min
  }
}
