/// Shared by all runners of one added action, so composites notice a cancel made by one of
/// their own `call` steps and stop mid-step.
final class ActionLife {
  struct Flags {
    var isCancelled = false
    var isEnded = false
  }

  // Behind a `let` pointer: read on every step of every action, and pointer memory needs no
  // dynamic exclusivity check (a class `var` would cost a runtime call per read). The step
  // loop keeps this pointer itself to save a memory hop.
  let flags = UnsafeMutablePointer<Flags>.allocate(capacity: 1)

  init() {
    flags.initialize(to: Flags())
  }

  deinit {
    flags.deinitialize(count: 1)
    flags.deallocate()
  }

  /// Set when the action was cancelled; composites stop stepping.
  var isCancelled: Bool {
    get { flags.pointee.isCancelled }
    set { flags.pointee.isCancelled = newValue }
  }

  /// Set when the action ended either way; the system drops it from its active list.
  var isEnded: Bool {
    get { flags.pointee.isEnded }
    set { flags.pointee.isEnded = newValue }
  }
}

/// The running state of a `TweenAction`, built once when the action is added.
///
/// `advance` returns nil while running, or the unused part of `dt` when it just finished, so
/// sequences hand leftover time to the next step and end exactly on schedule.
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

/// Steps one tween inside a sequence or parallel group (plain tweens, the common case, are
/// stepped by `TweenBatch` instead). Its state lives in memory it allocates itself: `let`
/// pointers need no exclusivity checks and node tracks are written through unretained
/// references (the `tracks` array keeps the nodes alive) without reference counting per step.
final class TweenRunner: ActionRunner {
  private struct Progress {
    var elapsed: Double
    var started: Bool
  }

  private struct Channel {
    var node: Unmanaged<Node>?  // nil: a closure track, reached through `tracks`
    var property: NodeProperty
    var from: Double
    var to: Double
  }

  private let tracks: [TweenTrack]
  // One allocation for progress and channels: fewer cache misses when 100k tweens step.
  private let storage: UnsafeMutableRawPointer
  private let progress: UnsafeMutablePointer<Progress>
  private let channels: UnsafeMutablePointer<Channel>
  private let count: Int
  private let duration: Double
  private let easing: Easing

  init(tracks: [TweenTrack], duration: Double, easing: Easing) {
    self.tracks = tracks
    count = tracks.count
    let channelAlignment = MemoryLayout<Channel>.alignment
    let channelOffset =
      (MemoryLayout<Progress>.stride + channelAlignment - 1) / channelAlignment * channelAlignment
    storage = .allocate(
      byteCount: channelOffset + MemoryLayout<Channel>.stride * max(count, 1),
      alignment: max(MemoryLayout<Progress>.alignment, channelAlignment))
    progress = storage.bindMemory(to: Progress.self, capacity: 1)
    progress.initialize(to: Progress(elapsed: 0, started: false))
    channels = (storage + channelOffset).bindMemory(to: Channel.self, capacity: max(count, 1))
    for (i, track) in tracks.enumerated() {
      switch track.target {
      case .node(let node, let property):
        (channels + i).initialize(to: Channel(node: .passUnretained(node), property: property, from: 0, to: track.to))
      case .custom:
        (channels + i).initialize(to: Channel(node: nil, property: .x, from: 0, to: track.to))
      }
    }
    self.duration = duration.isFinite ? max(duration, 0) : 0
    self.easing = easing
  }

  deinit {
    // Both element types are trivial, so freeing the block is enough.
    storage.deallocate()
  }

  override func advance(_ dt: Double) -> Double? {
    if !progress.pointee.started {
      // Read at start, not at creation, so a delayed or sequenced tween begins where the
      // value really is by then.
      progress.pointee.started = true
      for i in 0..<count { channels[i].from = read(i) }
    }
    progress.pointee.elapsed += dt
    let elapsed = progress.pointee.elapsed
    if elapsed >= duration - ActionRunner.tolerance {
      for i in 0..<count { write(i, channels[i].to) }
      return max(elapsed - duration, 0)
    }
    let eased = easing.apply(elapsed / duration)
    for i in 0..<count {
      let channel = channels[i]
      write(i, channel.from + (channel.to - channel.from) * eased)
    }
    return nil
  }

  @inline(__always)
  private func read(_ i: Int) -> Double {
    let channel = channels[i]
    if let node = channel.node {
      return node._withUnsafeGuaranteedRef { $0[channel.property] }
    }
    return tracks[i].read()
  }

  @inline(__always)
  private func write(_ i: Int, _ value: Double) {
    let channel = channels[i]
    if let node = channel.node {
      node._withUnsafeGuaranteedRef { $0[channel.property] = value }
    } else {
      tracks[i].write(value)
    }
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
