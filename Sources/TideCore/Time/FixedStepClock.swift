/// Turns real frame time into a whole number of fixed simulation steps (60 Hz by default).
///
/// The simulation only ever sees `dt`, so the same input at the same ticks gives the same
/// state whatever the display's frame rate.
public struct FixedStepClock: Sendable {
  /// Steps per second.
  public let hz: Int
  /// Seconds per step.
  public let dt: Double
  /// At most this many steps per `accumulate(real:)`, so a stall does not spiral.
  public let maxStepsPerFrame: Int
  /// Steps taken so far.
  public private(set) var tick: Int = 0
  /// Real time received but not yet turned into steps.
  public private(set) var backlog: Double = 0

  /// Creates a clock at `hz` steps a second.
  public init(hz: Int = 60, maxStepsPerFrame: Int = 8) {
    self.hz = max(hz, 1)
    self.dt = 1 / Double(max(hz, 1))
    self.maxStepsPerFrame = max(maxStepsPerFrame, 1)
  }

  /// Simulated seconds so far (`tick * dt`, computed from the tick so it never drifts).
  public var time: Double { Double(tick) * dt }

  /// Adds `real` seconds of wall time and returns how many steps to run now; `tick`
  /// advances by that many. Time beyond `maxStepsPerFrame` steps is dropped (the game slows
  /// down rather than freezing).
  public mutating func accumulate(real: Double) -> Int {
    guard real.isFinite, real > 0 else { return 0 }
    backlog += real
    // A hair of slack so 1/60 s frames measured as 0.0166666 still yield one step.
    var steps = Int(((backlog + 1e-9) / dt).rounded(.down))
    if steps > maxStepsPerFrame {
      steps = maxStepsPerFrame
      backlog = 0
    } else {
      backlog = max(backlog - Double(steps) * dt, 0)
    }
    tick += steps
    return steps
  }

  /// Advances one step (for headless runs that step directly).
  public mutating func step() {
    tick += 1
  }
}
