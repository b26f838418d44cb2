import XCTest

@testable import TideCore

final class TideRandomTests: XCTestCase {
  func testKnownSequenceForSeed() {
    // SplitMix64 from 0 yields 0xE220A8397B1DCDAF first (the published test vector).
    var state: UInt64 = 0
    XCTAssertEqual(TideRandom.splitMix64(&state), 0xE220_A839_7B1D_CDAF)
    var a = TideRandom(seed: 42)
    var b = TideRandom(seed: 42)
    var c = TideRandom(seed: 43)
    let seqA = (0..<8).map { _ in a.next() }
    XCTAssertEqual(seqA, (0..<8).map { _ in b.next() })
    XCTAssertNotEqual(seqA, (0..<8).map { _ in c.next() })
  }

  func testXoshiroMatchesReferenceStep() {
    // Reference: xoshiro256** from Vigna's C code, state {1, 2, 3, 4} gives 11520, 0, 1509978240.
    var rng = TideRandom(seed: 0)
    rng.setStateForTesting(1, 2, 3, 4)
    XCTAssertEqual([rng.next(), rng.next(), rng.next()], [11520, 0, 1_509_978_240])
  }

  func testRangesAreRespected() {
    var rng = TideRandom(seed: 7)
    var seen = Set<Int>()
    for _ in 0..<10_000 {
      let v = rng.int(-3...3)
      XCTAssertTrue((-3...3).contains(v))
      seen.insert(v)
      let f = rng.float()
      XCTAssertTrue(f >= 0 && f < 1)
      let g = rng.float(5, 6)
      XCTAssertTrue(g >= 5 && g < 6)
      XCTAssertTrue((0..<5).contains(rng.index(5)))
    }
    XCTAssertEqual(seen.count, 7)
    XCTAssertEqual(rng.index(0), 0)
    XCTAssertEqual(rng.int(4...4), 4)
    _ = rng.int(Int.min...Int.max)  // full range must not trap
  }

  func testShuffleIsAPermutationAndDeterministic() {
    var a = TideRandom(seed: 99)
    var b = TideRandom(seed: 99)
    var x = Array(0..<52)
    var y = Array(0..<52)
    a.shuffle(&x)
    b.shuffle(&y)
    XCTAssertEqual(x, y)
    XCTAssertNotEqual(x, Array(0..<52))
    XCTAssertEqual(x.sorted(), Array(0..<52))
  }

  func testWeightedFrequencies() {
    var rng = TideRandom(seed: 2024)
    let weights = [50.0, 30, 0, 20]
    var counts = [0, 0, 0, 0]
    let n = 100_000
    for _ in 0..<n {
      guard let i = rng.weightedIndex(weights) else { return XCTFail("nil pick") }
      counts[i] += 1
    }
    XCTAssertEqual(Double(counts[0]) / Double(n), 0.5, accuracy: 0.01)
    XCTAssertEqual(Double(counts[1]) / Double(n), 0.3, accuracy: 0.01)
    XCTAssertEqual(counts[2], 0)
    XCTAssertEqual(Double(counts[3]) / Double(n), 0.2, accuracy: 0.01)
    XCTAssertNil(rng.weightedIndex([]))
    XCTAssertNil(rng.weightedIndex([0, 0]))
    XCTAssertNil(rng.weightedIndex([1, -1]))
    XCTAssertNil(rng.weightedIndex([1, .nan]))
  }

  func testIntIsRoughlyUniform() {
    var rng = TideRandom(seed: 5)
    var counts = [Int](repeating: 0, count: 6)
    for _ in 0..<60_000 { counts[rng.int(1...6) - 1] += 1 }
    for c in counts { XCTAssertEqual(Double(c), 10_000, accuracy: 400) }
  }
}

final class TideRandomPinnedTests: XCTestCase {
  /// Games, their tests and golden screenshots depend on what a seed gives: these values must
  /// never change by accident (a change is a deliberate, noted break of every recorded run).
  func testSeed42IsPinned() {
    var rng = TideRandom(seed: 42)
    XCTAssertEqual((0..<6).map { _ in rng.int(1...6) }, [1, 3, 5, 6, 6, 5])
    XCTAssertEqual(rng.float(), 0.7192585778779156)
    var list = [1, 2, 3, 4, 5, 6, 7, 8]
    rng.shuffle(&list)
    XCTAssertEqual(list, [5, 1, 3, 2, 8, 4, 6, 7])
    XCTAssertEqual((0..<6).map { _ in rng.weightedIndex([40, 30, 15, 10, 5]) ?? -1 }, [2, 3, 1, 3, 2, 2])
  }
}
