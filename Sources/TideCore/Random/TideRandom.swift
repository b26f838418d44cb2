/// A seeded, portable random number generator: xoshiro256** (Blackman & Vigna, 2018).
///
/// The 256-bit state is filled from the 64-bit seed with SplitMix64, as the xoshiro authors
/// recommend, so nearby seeds (1, 2, 3…) still give unrelated streams and the state is never
/// all zero. The sequence for a seed is fixed forever: saves and tests may depend on it.
public struct TideRandom: RandomNumberGenerator, Sendable, Hashable {
  private var s0: UInt64
  private var s1: UInt64
  private var s2: UInt64
  private var s3: UInt64

  /// Creates a generator whose whole sequence is determined by `seed`.
  public init(seed: UInt64) {
    var splitMix = seed
    s0 = TideRandom.splitMix64(&splitMix)
    s1 = TideRandom.splitMix64(&splitMix)
    s2 = TideRandom.splitMix64(&splitMix)
    s3 = TideRandom.splitMix64(&splitMix)
  }

  /// Overwrites the raw state, to check the generator against the reference implementation.
  mutating func setStateForTesting(_ a: UInt64, _ b: UInt64, _ c: UInt64, _ d: UInt64) {
    s0 = a
    s1 = b
    s2 = c
    s3 = d
  }

  /// SplitMix64 (Steele, Lea & Flood): advances `state` by the golden-ratio increment and
  /// returns a well-mixed 64-bit value.
  static func splitMix64(_ state: inout UInt64) -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    let result = rotateLeft(s1 &* 5, 7) &* 9
    let t = s1 << 17
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = rotateLeft(s3, 45)
    return result
  }

  /// A uniform integer in `range` (both ends included), without modulo bias.
  public mutating func int(_ range: ClosedRange<Int>) -> Int {
    let span = UInt64(bitPattern: Int64(range.upperBound) &- Int64(range.lowerBound))
    if span == UInt64.max { return Int(truncatingIfNeeded: next()) }
    let offset = bounded(span + 1)
    return Int(truncatingIfNeeded: Int64(range.lowerBound) &+ Int64(bitPattern: offset))
  }

  /// A uniform index in `0..<count`; 0 when `count` is not positive.
  public mutating func index(_ count: Int) -> Int {
    guard count > 1 else { return 0 }
    return Int(bounded(UInt64(count)))
  }

  /// A uniform double in [0, 1) with 53 random bits.
  public mutating func float() -> Double {
    Double(next() >> 11) * 0x1.0p-53
  }

  /// A uniform double in [lo, hi).
  public mutating func float(_ lo: Double, _ hi: Double) -> Double {
    lo + (hi - lo) * float()
  }

  /// True with probability `p` (0...1).
  public mutating func chance(_ p: Double) -> Bool {
    float() < p
  }

  /// Shuffles `array` in place (Fisher–Yates), the same way for the same state.
  public mutating func shuffle<T>(_ array: inout [T]) {
    guard array.count > 1 else { return }
    for i in stride(from: array.count - 1, to: 0, by: -1) {
      let j = index(i + 1)
      if i != j { array.swapAt(i, j) }
    }
  }

  /// An index chosen with probability proportional to its weight; nil when no weight is
  /// positive or any weight is negative or not finite.
  public mutating func weightedIndex(_ weights: [Double]) -> Int? {
    var total = 0.0
    for w in weights {
      guard w.isFinite, w >= 0 else { return nil }
      total += w
    }
    guard total > 0 else { return nil }
    let target = float() * total
    var running = 0.0
    var lastPositive = 0
    for (i, w) in weights.enumerated() where w > 0 {
      running += w
      lastPositive = i
      if target < running { return i }
    }
    // Rounding can leave target a hair above the sum; the last positive weight takes it.
    return lastPositive
  }

  /// Lemire's nearly-divisionless method: uniform in 0..<bound (bound > 0).
  private mutating func bounded(_ bound: UInt64) -> UInt64 {
    var product = next().multipliedFullWidth(by: bound)
    if product.low < bound {
      let threshold = (0 &- bound) % bound
      while product.low < threshold {
        product = next().multipliedFullWidth(by: bound)
      }
    }
    return product.high
  }

  @inline(__always)
  private func rotateLeft(_ x: UInt64, _ k: UInt64) -> UInt64 {
    (x << k) | (x >> (64 - k))
  }
}
