import Foundation

/// Frame rate and frame time over the last half second or so, for the F3 panel.
struct FrameStats {
  /// Whether the panel is shown (F3); frames are only measured while it is.
  private(set) var isShown: Bool
  private var frames = 0
  private var frameTimeSum = 0.0
  private var workTimeSum = 0.0
  private var windowStart: Double?
  /// The text shown; refreshed twice a second so it stays readable (and its texture cached).
  private(set) var summary = "measuring…"

  /// Creates stats, shown or hidden.
  init(shown: Bool = true) {
    isShown = shown
  }

  /// Shows or hides the panel. Showing starts a fresh measurement: the time spent hidden is
  /// not frames, and would read as ~0 fps.
  mutating func toggle() {
    isShown.toggle()
    if isShown { self = FrameStats(shown: true) }
  }

  /// Records one frame: seconds since the previous frame and seconds spent stepping and drawing.
  /// `nodes` (a walk of the whole scene) is only asked for when the summary is refreshed.
  mutating func record(
    frameTime: Double, workTime: Double, now: Double, nodes: @autoclosure () -> Int
  ) {
    guard isShown else { return }
    guard let start = windowStart else {
      // The first frame includes start-up work; begin measuring after it.
      windowStart = now
      return
    }
    frames += 1
    frameTimeSum += frameTime
    workTimeSum += workTime
    guard now - start >= 0.5 else { return }
    let count = Double(frames)
    let fps = count / max(now - start, 1e-9)
    let frameMs = frameTimeSum / count * 1000
    let workMs = workTimeSum / count * 1000
    summary = String(
      format: "%.0f fps  %.1f ms  work %.1f ms  %d nodes", fps, frameMs, workMs, nodes())
    frames = 0
    frameTimeSum = 0
    workTimeSum = 0
    windowStart = now
  }
}
