import Foundation

/// Frame rate and frame time over the last second, for the F3 panel.
struct FrameStats {
  private var frameTimes: [Double] = []
  private var workTimes: [Double] = []
  private var windowStart: Double?
  /// The text shown; refreshed twice a second so it stays readable (and its texture cached).
  private(set) var summary = "measuring…"

  /// Records one frame: seconds since the previous frame and seconds spent stepping and drawing.
  mutating func record(frameTime: Double, workTime: Double, now: Double, nodes: Int) {
    guard let start = windowStart else {
      // The first frame includes start-up work; begin measuring after it.
      windowStart = now
      return
    }
    frameTimes.append(frameTime)
    workTimes.append(workTime)
    guard now - start >= 0.5 else { return }
    let frames = Double(frameTimes.count)
    let fps = frames / max(now - start, 1e-9)
    let frameMs = frameTimes.reduce(0, +) / frames * 1000
    let workMs = workTimes.reduce(0, +) / frames * 1000
    summary = String(
      format: "%.0f fps  %.1f ms  work %.1f ms  %d nodes", fps, frameMs, workMs, nodes)
    frameTimes.removeAll(keepingCapacity: true)
    workTimes.removeAll(keepingCapacity: true)
    windowStart = now
  }
}
