import Foundation
import TideSDL
import XCTest

/// Whether the page's picture and the window's agree, within what two rasterisers' edges and
/// glyphs differ by (docs/serve.md, "Testing it"):
///
/// - a pixel agrees when the other picture has a pixel within `reach` pixels of it whose every
///   channel is within `channelTolerance` of it (anti-aliasing, a glyph's sub-pixel place),
///   looked at both ways, so a sprite missing from either picture counts;
/// - at most `maxDiffering` of the pixels may disagree, and no connected patch of disagreeing
///   pixels may be larger than `maxPatch` (a missing sprite, a shifted panel, a wrong colour
///   is one large patch; rasterising differences are thin scattered edges).
enum PixelComparison {
  static let channelTolerance = 48
  static let reach = 1
  static let maxDiffering = 0.02
  static let maxPatch = 400

  struct Mismatch: Error, CustomStringConvertible {
    let description: String
  }

  static func size(of file: URL) throws -> (width: Int, height: Int) {
    let image = try RGBAImage(contentsOf: file)
    return (image.width, image.height)
  }

  static func assertSame(page: URL, window: URL, label: String, file: StaticString = #filePath, line: UInt = #line) throws {
    do {
      try check(page: page, window: window)
    } catch {
      XCTFail("\(label): \(error) (pictures: \(page.path), \(window.path))", file: file, line: line)
    }
  }

  /// Throws, saying how they differ, unless the two PNGs agree.
  static func check(page: URL, window: URL) throws {
    let a = try RGBAImage(contentsOf: page)
    let b = try RGBAImage(contentsOf: window)
    guard a.width == b.width, a.height == b.height else {
      throw Mismatch(description: "the page is \(a.width)x\(a.height), the window \(b.width)x\(b.height)")
    }
    var differs = [Bool](repeating: false, count: a.width * a.height)
    var count = 0
    for y in 0..<a.height {
      for x in 0..<a.width where !near(a, x, y, in: b) || !near(b, x, y, in: a) {
        differs[y * a.width + x] = true
        count += 1
      }
    }
    let fraction = Double(count) / Double(differs.count)
    let (patch, at) = largestPatch(differs, width: a.width, height: a.height)
    if fraction > maxDiffering || patch > maxPatch {
      throw Mismatch(description: String(
        format: "%.2f%% of the pixels differ (at most %.2f%%); the largest patch is %d pixels around (%d, %d) (at most %d)",
        fraction * 100, maxDiffering * 100, patch, at.x, at.y, maxPatch))
    }
  }

  private static func near(_ image: RGBAImage, _ x: Int, _ y: Int, in other: RGBAImage) -> Bool {
    let pixel = image.pixels[y * image.width + x]
    if pixel == other.pixels[y * other.width + x] { return true }
    for dy in -reach...reach {
      let oy = y + dy
      guard oy >= 0, oy < other.height else { continue }
      for dx in -reach...reach {
        let ox = x + dx
        guard ox >= 0, ox < other.width else { continue }
        if close(pixel, other.pixels[oy * other.width + ox]) { return true }
      }
    }
    return false
  }

  private static func close(_ p: UInt32, _ q: UInt32) -> Bool {
    for shift in stride(from: 0, to: 32, by: 8) {
      let a = Int((p >> UInt32(shift)) & 0xff)
      let b = Int((q >> UInt32(shift)) & 0xff)
      if abs(a - b) > channelTolerance { return false }
    }
    return true
  }

  /// The size of the largest 8-connected patch of differing pixels, and one of its pixels.
  private static func largestPatch(_ differs: [Bool], width: Int, height: Int) -> (Int, (x: Int, y: Int)) {
    var seen = [Bool](repeating: false, count: differs.count)
    var best = 0
    var bestAt = (x: 0, y: 0)
    var stack: [Int] = []
    for start in differs.indices where differs[start] && !seen[start] {
      seen[start] = true
      stack = [start]
      var size = 0
      while let index = stack.popLast() {
        size += 1
        let x = index % width
        let y = index / width
        for dy in -1...1 {
          for dx in -1...1 {
            let nx = x + dx
            let ny = y + dy
            guard nx >= 0, nx < width, ny >= 0, ny < height else { continue }
            let next = ny * width + nx
            if differs[next] && !seen[next] {
              seen[next] = true
              stack.append(next)
            }
          }
        }
      }
      if size > best {
        best = size
        bestAt = (start % width, start / width)
      }
    }
    return (best, bestAt)
  }
}
