import Foundation

/// Compares rendered pictures with committed reference ("golden") PNGs.
///
/// Rendering is deterministic here, but a small per-channel tolerance keeps goldens valid
/// across harmless changes such as a different rounding in a blend.
public enum GoldenImage {
  /// What a comparison found.
  public struct Report: CustomStringConvertible, Sendable {
    /// Whether the sizes differ (then nothing else was compared).
    public var sizeMismatch: Bool
    /// Pixels with any channel differing by more than the tolerance.
    public var differingPixels: Int
    /// Largest difference in any channel of any pixel (0...255).
    public var maxDelta: Int
    /// The first differing pixel, if any (for the failure message).
    public var firstDifference: (x: Int, y: Int)?
    /// The tolerance used.
    public var tolerance: Int

    /// True when the sizes match and no pixel differs beyond the tolerance.
    public var passed: Bool { !sizeMismatch && differingPixels == 0 }

    /// One line for test output.
    public var description: String {
      if sizeMismatch { return "image sizes differ" }
      if passed { return "images match (max channel delta \(maxDelta) <= \(tolerance))" }
      let at = firstDifference.map { " first at (\($0.x), \($0.y))" } ?? ""
      return "\(differingPixels) pixels differ by more than \(tolerance) (max delta \(maxDelta))\(at)"
    }
  }

  /// Compares two images channel by channel (alpha included).
  public static func compare(actual: RGBAImage, expected: RGBAImage, tolerance: Int = 2) -> Report {
    guard actual.width == expected.width, actual.height == expected.height else {
      return Report(
        sizeMismatch: true, differingPixels: max(actual.pixels.count, expected.pixels.count),
        maxDelta: 255, firstDifference: nil, tolerance: tolerance)
    }
    // Rendering is deterministic, so most comparisons find the same bytes: one memcmp settles
    // them (the loop below, per pixel, is most of `tide test`'s golden time in a debug build).
    let identical = actual.pixels.withUnsafeBytes { a in
      expected.pixels.withUnsafeBytes { e in
        guard a.count == e.count, let pa = a.baseAddress, let pe = e.baseAddress else { return a.count == e.count }
        return memcmp(pa, pe, a.count) == 0
      }
    }
    if identical {
      return Report(sizeMismatch: false, differingPixels: 0, maxDelta: 0, firstDifference: nil, tolerance: tolerance)
    }
    var differing = 0
    var maxDelta = 0
    var first: (x: Int, y: Int)?
    for index in 0..<actual.pixels.count {
      let a = actual.pixels[index]
      let e = expected.pixels[index]
      if a == e { continue }
      var delta = 0
      for shift in stride(from: 0, through: 24, by: 8) {
        let ca = Int((a >> UInt32(shift)) & 0xFF)
        let ce = Int((e >> UInt32(shift)) & 0xFF)
        delta = max(delta, abs(ca - ce))
      }
      maxDelta = max(maxDelta, delta)
      if delta > tolerance {
        differing += 1
        if first == nil { first = (index % actual.width, index / actual.width) }
      }
    }
    return Report(
      sizeMismatch: false, differingPixels: differing, maxDelta: maxDelta, firstDifference: first,
      tolerance: tolerance)
  }

  /// Compares `actual` with the golden PNG at `golden`.
  ///
  /// With `update` (tests pass `GoldenImage.updateRequested`) the golden is (re)written and the
  /// report passes. A missing golden without `update` throws, so a forgotten file cannot pass.
  /// When the comparison fails and `failureDirectory` is given, the actual image is written
  /// there for inspection.
  public static func check(
    _ actual: RGBAImage, golden: URL, tolerance: Int = 2, update: Bool = false,
    failureDirectory: URL? = nil
  ) throws -> Report {
    if update {
      try actual.writePNG(to: golden)
      return Report(
        sizeMismatch: false, differingPixels: 0, maxDelta: 0, firstDifference: nil,
        tolerance: tolerance)
    }
    guard FileManager.default.fileExists(atPath: golden.path) else {
      throw SDLError("Golden image \(golden.path) is missing; run with TIDE_UPDATE_GOLDEN=1 to create it")
    }
    let expected = try RGBAImage(contentsOf: golden)
    let report = compare(actual: actual, expected: expected, tolerance: tolerance)
    if !report.passed, let failureDirectory {
      let name = golden.deletingPathExtension().lastPathComponent + ".actual.png"
      try actual.writePNG(to: failureDirectory.appendingPathComponent(name))
    }
    return report
  }

  /// Whether the environment asks for goldens to be rewritten (`TIDE_UPDATE_GOLDEN=1`).
  public static var updateRequested: Bool {
    ProcessInfo.processInfo.environment["TIDE_UPDATE_GOLDEN"] == "1"
  }
}
