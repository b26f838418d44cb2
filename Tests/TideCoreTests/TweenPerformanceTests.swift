import Foundation
import XCTest

import TideCore

/// Prints how long 100,000 running tweens take per step; meaningful only in a release build
/// (`swift test -c release --filter TweenPerformanceTests`). No assertion on the time.
final class TweenPerformanceTests: XCTestCase {
  func testStepHundredThousandTweens() {
    let scene = SceneGraph()
    let tweens = TweenSystem()
    let easings = Easing.allCases
    for i in 0..<100_000 {
      let node = scene.makeNode(.image)
      scene.root.add(node)
      let property: NodeProperty = i % 2 == 0 ? .x : .alpha
      tweens.tween(
        [TweenTrack(node: node, property: property, to: 1)], duration: 10,
        easing: easings[i % easings.count])
    }
    let frames = 60
    let start = DispatchTime.now().uptimeNanoseconds
    let cpuStart = threadCPUTime()
    for _ in 0..<frames { tweens.update(1.0 / 60) }
    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    let cpu = (threadCPUTime() - cpuStart) * 1e3
    // Thread CPU time too: on a busy build machine wall time includes time spent descheduled.
    print(
      String(
        format: "100k tweens: %.3f ms per step wall, %.3f ms CPU (%d steps)", elapsed / Double(frames),
        cpu / Double(frames), frames))
    XCTAssertEqual(tweens.count, 100_000)
  }
}

private func threadCPUTime() -> Double {
  var spec = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
  return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}
