import CSDL2

/// Resizes ARGB8888 surfaces with an area (box) filter, so a 128 px emoji shrunk to 20 px stays
/// smooth instead of shimmering the way point or bilinear sampling would.
enum SurfaceScaler {
  /// Returns a new ARGB8888 surface of the given size; the caller frees it.
  static func scaled(
    _ source: UnsafeMutablePointer<SDL_Surface>, width: Int, height: Int
  ) -> UnsafeMutablePointer<SDL_Surface>? {
    guard width > 0, height > 0,
      let converted = SDL_ConvertSurfaceFormat(source, PixelFormat.argb8888, 0)
    else { return nil }
    defer { SDL_FreeSurface(converted) }
    guard
      let output = SDL_CreateRGBSurfaceWithFormat(
        0, Int32(width), Int32(height), 32, PixelFormat.argb8888)
    else { return nil }
    let sourceWidth = Int(converted.pointee.w)
    let sourceHeight = Int(converted.pointee.h)
    let premultiplied = readPremultiplied(converted)
    // Separable filter: resize the rows, then the columns of the result.
    let rows = resample(
      premultiplied, width: sourceWidth, height: sourceHeight, along: .rows, to: width)
    let both = resample(rows, width: width, height: sourceHeight, along: .columns, to: height)
    writeUnpremultiplied(both, into: output)
    return output
  }

  private static func readPremultiplied(_ surface: UnsafeMutablePointer<SDL_Surface>) -> [SIMD4<Float>] {
    let width = Int(surface.pointee.w)
    let height = Int(surface.pointee.h)
    let pitch = Int(surface.pointee.pitch)
    var pixels = [SIMD4<Float>](repeating: .zero, count: width * height)
    guard let base = surface.pointee.pixels else { return pixels }
    for y in 0..<height {
      let row = (base + y * pitch).assumingMemoryBound(to: UInt32.self)
      for x in 0..<width {
        let argb = row[x]
        let alpha = Float((argb >> 24) & 0xFF) / 255
        pixels[y * width + x] = SIMD4(
          Float((argb >> 16) & 0xFF) * alpha, Float((argb >> 8) & 0xFF) * alpha,
          Float(argb & 0xFF) * alpha, alpha)
      }
    }
    return pixels
  }

  private static func writeUnpremultiplied(
    _ pixels: [SIMD4<Float>], into surface: UnsafeMutablePointer<SDL_Surface>
  ) {
    let width = Int(surface.pointee.w)
    let height = Int(surface.pointee.h)
    let pitch = Int(surface.pointee.pitch)
    guard let base = surface.pointee.pixels else { return }
    for y in 0..<height {
      let row = (base + y * pitch).assumingMemoryBound(to: UInt32.self)
      for x in 0..<width {
        let pixel = pixels[y * width + x]
        let alpha = min(max(pixel.w, 0), 1)
        guard alpha > 0 else {
          row[x] = 0
          continue
        }
        func channel(_ value: Float) -> UInt32 { UInt32(min(max(value / alpha, 0), 255).rounded()) }
        row[x] =
          UInt32((alpha * 255).rounded()) << 24 | channel(pixel.x) << 16 | channel(pixel.y) << 8
          | channel(pixel.z)
      }
    }
  }

  private enum Axis { case rows, columns }

  /// Resizes a `width`×`height` image along one axis to `target` samples (box filter when
  /// shrinking, linear when growing).
  private static func resample(
    _ input: [SIMD4<Float>], width: Int, height: Int, along axis: Axis, to target: Int
  ) -> [SIMD4<Float>] {
    let (lines, count) = axis == .rows ? (height, width) : (width, height)
    let outputWidth = axis == .rows ? target : width
    /// Where sample `i` of row or column `line` sits in an image `imageWidth` wide.
    func offset(_ line: Int, _ i: Int, _ imageWidth: Int) -> Int {
      axis == .rows ? line * imageWidth + i : i * imageWidth + line
    }
    var output = [SIMD4<Float>](repeating: .zero, count: target * lines)
    let weights = filterWeights(from: count, to: target)
    for line in 0..<lines {
      for (index, taps) in weights.enumerated() {
        var sum = SIMD4<Float>.zero
        for (position, weight) in taps {
          sum += input[offset(line, position, width)] * weight
        }
        output[offset(line, index, outputWidth)] = sum
      }
    }
    return output
  }

  /// For each output sample, the input samples it covers and their weights (summing to 1).
  private static func filterWeights(from count: Int, to target: Int) -> [[(Int, Float)]] {
    let ratio = Double(count) / Double(target)
    if ratio <= 1 {
      // Growing: linear interpolation between the two nearest samples.
      return (0..<target).map { index in
        let centre = (Double(index) + 0.5) * ratio - 0.5
        let left = max(0, min(count - 1, Int(centre.rounded(.down))))
        let right = min(count - 1, left + 1)
        let fraction = Float(max(0, min(1, centre - Double(left))))
        return [(left, 1 - fraction), (right, fraction)]
      }
    }
    return (0..<target).map { index in
      let start = Double(index) * ratio
      let end = start + ratio
      var taps: [(Int, Float)] = []
      var position = Int(start.rounded(.down))
      while Double(position) < end, position < count {
        let covered = min(end, Double(position + 1)) - max(start, Double(position))
        if covered > 0 { taps.append((position, Float(covered / ratio))) }
        position += 1
      }
      return taps
    }
  }
}
