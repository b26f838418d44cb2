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

/// Prints how long building the draw list of 10,000 sprites takes (release builds only matter).
final class DrawListPerformanceTests: XCTestCase {
  func testDrawListOfTenThousandSprites() {
    let scene = SceneGraph()
    for i in 0..<100 {
      let group = scene.makeNode(.group)
      group.x = Double(i)
      group.rotation = Double(i % 7)
      scene.root.add(group)
      for j in 0..<100 {
        let sprite = scene.makeNode(.image)
        sprite.x = Double(j)
        sprite.width = 32
        sprite.height = 32
        sprite.z = Double(j % 3)
        group.add(sprite)
      }
    }
    var total = 0
    let cpuStart = threadCPUTime()
    for _ in 0..<60 { total += scene.drawList().count }
    let cpu = (threadCPUTime() - cpuStart) * 1e3
    print(String(format: "drawList of 10k sprites: %.3f ms CPU per frame", cpu / 60))
    XCTAssertEqual(total, 60 * 10_000)
  }
}

private func threadCPUTime() -> Double {
  var spec = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
  return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}
