/// Paces a frame loop to a fixed rate when nothing else does (the software renderer never waits
/// for the display).
///
/// Frames aim at deadlines one interval apart, so sleeping a little too long one frame is made
/// up the next and the average rate is exact. A loop more than a frame behind starts afresh
/// rather than rushing frames out to catch up.
struct FramePacer {
  /// Seconds between frames.
  let interval: Double
  private var deadline: Double

  /// Paces frames `interval` seconds apart, the first starting at `start`.
  init(interval: Double, start: Double) {
    self.interval = interval
    deadline = start + interval
  }

  /// Seconds to wait at `now`, the end of a frame's work, before the next frame starts.
  mutating func secondsToWait(now: Double) -> Double {
    let wait = deadline - now
    if wait < -interval {
      deadline = now + interval
      return 0
    }
    deadline += interval
    return max(wait, 0)
  }
}
