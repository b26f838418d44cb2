/// The running state of a `TweenAction`, built once when the action is added.
///
/// `advance` returns nil while running, or the unused part of `dt` when it just finished, so
/// sequences hand leftover time to the next step and end exactly on schedule.
/// Shared by all runners of one added action, so composites notice a cancel made by one of
/// their own `call` steps and stop mid-step.
final class ActionLife {
  var isCancelled = false
}

class ActionRunner {
  /// Progress within this tolerance of the end counts as done (sums of 1/60 s drift).
  static let tolerance = 1e-9

  func advance(_ dt: Double) -> Double? { dt }

  static func make(_ action: TweenAction, _ life: ActionLife) -> ActionRunner {
    switch action {
    case .tween(let tracks, let duration, let easing):
      return TweenRunner(tracks: tracks, duration: duration, easing: easing)
    case .wait(let seconds):
      return WaitRunner(seconds: seconds)
    case .call(let body):
      return CallRunner(body: body, life)
    case .sequence(let actions):
      return SequenceRunner(actions.map { make($0, life) }, life)
    case .parallel(let actions):
      return ParallelRunner(actions.map { make($0, life) }, life)
    }
  }
}

final class TweenRunner: ActionRunner {
  private let tracks: ContiguousArray<TweenTrack>
  private var from: ContiguousArray<Double>
  private let duration: Double
  private let easing: Easing
  private var elapsed: Double = 0
  private var started = false

  init(tracks: [TweenTrack], duration: Double, easing: Easing) {
    self.tracks = ContiguousArray(tracks)
    self.from = ContiguousArray(repeating: 0, count: tracks.count)
    self.duration = duration.isFinite ? max(duration, 0) : 0
    self.easing = easing
  }

  override func advance(_ dt: Double) -> Double? {
    if !started {
      // Read at start, not at creation, so a delayed or sequenced tween begins where the
      // value really is by then.
      started = true
      for i in tracks.indices { from[i] = tracks[i].read() }
    }
    elapsed += dt
    if elapsed >= duration - ActionRunner.tolerance {
      for i in tracks.indices { tracks[i].write(tracks[i].to) }
      return max(elapsed - duration, 0)
    }
    let eased = easing.apply(elapsed / duration)
    for i in tracks.indices {
      let start = from[i]
      tracks[i].write(start + (tracks[i].to - start) * eased)
    }
    return nil
  }
}

final class WaitRunner: ActionRunner {
  private var remaining: Double

  init(seconds: Double) {
    remaining = seconds.isFinite ? max(seconds, 0) : 0
  }

  override func advance(_ dt: Double) -> Double? {
    remaining -= dt
    return remaining <= ActionRunner.tolerance ? max(-remaining, 0) : nil
  }
}

final class CallRunner: ActionRunner {
  private let body: () -> Void
  private let life: ActionLife

  init(body: @escaping () -> Void, _ life: ActionLife) {
    self.body = body
    self.life = life
  }

  override func advance(_ dt: Double) -> Double? {
    guard !life.isCancelled else { return nil }
    body()
    return dt
  }
}

final class SequenceRunner: ActionRunner {
  private let steps: ContiguousArray<ActionRunner>
  private let life: ActionLife
  private var index = 0

  init(_ steps: [ActionRunner], _ life: ActionLife) {
    self.steps = ContiguousArray(steps)
    self.life = life
  }

  override func advance(_ dt: Double) -> Double? {
    var left = dt
    while index < steps.count {
      guard !life.isCancelled, let rest = steps[index].advance(left) else { return nil }
      index += 1
      left = rest
    }
    return left
  }
}

final class ParallelRunner: ActionRunner {
  private let branches: ContiguousArray<ActionRunner>
  private var done: ContiguousArray<Bool>
  private var running: Int
  private let life: ActionLife

  init(_ branches: [ActionRunner], _ life: ActionLife) {
    self.branches = ContiguousArray(branches)
    self.done = ContiguousArray(repeating: false, count: branches.count)
    self.running = branches.count
    self.life = life
  }

  override func advance(_ dt: Double) -> Double? {
    var left = dt
    for i in branches.indices where !done[i] {
      guard !life.isCancelled else { return nil }
      if let rest = branches[i].advance(dt) {
        done[i] = true
        running -= 1
        // The branch that used the most time this step decides what is left over.
        left = min(left, rest)
      }
    }
    return running == 0 ? left : nil
  }
}
