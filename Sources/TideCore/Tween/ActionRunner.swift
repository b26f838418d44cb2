/// Shared by all runners of one added action, so composites notice a cancel made by one of
/// their own `call` steps and stop mid-step.
final class ActionLife {
  struct Flags {
    var isCancelled = false
    var isEnded = false
    /// Set by a loop whose sprites were all removed: it ends as if cancelled.
    var isOrphaned = false
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

  /// Set when a loop ended because every node it moves was removed from the scene.
  var isOrphaned: Bool {
    get { flags.pointee.isOrphaned }
    set { flags.pointee.isOrphaned = newValue }
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

  /// Seconds one run of this runner takes (infinity for a loop without end).
  var duration: Double { 0 }

  /// A fresh runner that plays this finished one again, from the values it started from.
  func replay() -> ActionRunner { ActionRunner() }

  /// A fresh runner that plays this finished one backwards, ending where it started.
  func reversed() -> ActionRunner { ActionRunner() }

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
    case .repeating(let action, let times, let yoyo):
      return RepeatRunner(first: make(action, life), times: times, yoyo: yoyo, nodes: action.nodes, life)
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
  private let length: Double
  private let easing: Easing
  /// Plays from `to` back to `from` (a yoyo's return pass).
  private let backward: Bool

  init(tracks: [TweenTrack], duration: Double, easing: Easing) {
    self.tracks = tracks
    backward = false
    count = tracks.count
    (storage, progress, channels) = TweenRunner.allocate(count, started: false)
    for (i, track) in tracks.enumerated() {
      switch track.target {
      case .node(let node, let property):
        (channels + i).initialize(to: Channel(node: .passUnretained(node), property: property, from: 0, to: track.to))
      case .custom:
        (channels + i).initialize(to: Channel(node: nil, property: .x, from: 0, to: track.to))
      }
    }
    length = duration.isFinite ? max(duration, 0) : 0
    self.easing = easing
  }

  /// A pass over the same channels with their `from` already read, forwards or backwards.
  private init(repeating other: TweenRunner, backward: Bool) {
    tracks = other.tracks
    count = other.count
    length = other.length
    easing = other.easing
    self.backward = backward
    (storage, progress, channels) = TweenRunner.allocate(count, started: true)
    channels.initialize(from: other.channels, count: count)
  }

  /// One block for the progress and `count` channels (left uninitialised).
  private static func allocate(_ count: Int, started: Bool) -> (
    UnsafeMutableRawPointer, UnsafeMutablePointer<Progress>, UnsafeMutablePointer<Channel>
  ) {
    let channelAlignment = MemoryLayout<Channel>.alignment
    let channelOffset =
      (MemoryLayout<Progress>.stride + channelAlignment - 1) / channelAlignment * channelAlignment
    let storage = UnsafeMutableRawPointer.allocate(
      byteCount: channelOffset + MemoryLayout<Channel>.stride * max(count, 1),
      alignment: max(MemoryLayout<Progress>.alignment, channelAlignment))
    let progress = storage.bindMemory(to: Progress.self, capacity: 1)
    progress.initialize(to: Progress(elapsed: 0, started: started))
    let channels = (storage + channelOffset).bindMemory(to: Channel.self, capacity: max(count, 1))
    return (storage, progress, channels)
  }

  override var duration: Double { length }
  override func replay() -> ActionRunner { TweenRunner(repeating: self, backward: false) }
  override func reversed() -> ActionRunner { TweenRunner(repeating: self, backward: true) }

  deinit {
    // Both element types are trivial, so freeing the block is enough.
    storage.deallocate()
  }

  override func advance(_ dt: Double) -> Double? {
    if !progress.pointee.started {
      // Read at start, not at creation, so a delayed or sequenced tween begins where the
      // value really is by then.
      progress.pointee.started = true
      for i in 0..<count {
        channels[i].from = read(i)
        // The steps to come stay in the node, not handed to a script's table one by one.
        let channel = channels[i]
        channel.node?._withUnsafeGuaranteedRef { $0.takeBack(channel.property) }
      }
    }
    progress.pointee.elapsed += dt
    let elapsed = progress.pointee.elapsed
    if elapsed >= length - ActionRunner.tolerance {
      for i in 0..<count { write(i, backward ? channels[i].from : channels[i].to) }
      return max(elapsed - length, 0)
    }
    // Backwards is the forward curve read from its end, so a yoyo retraces its path exactly.
    let eased = easing.apply(backward ? 1 - elapsed / length : elapsed / length)
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
  private let seconds: Double
  private var remaining: Double

  init(seconds: Double) {
    self.seconds = seconds.isFinite ? max(seconds, 0) : 0
    remaining = self.seconds
  }

  override var duration: Double { seconds }
  override func replay() -> ActionRunner { WaitRunner(seconds: seconds) }
  override func reversed() -> ActionRunner { WaitRunner(seconds: seconds) }

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

  override func replay() -> ActionRunner { CallRunner(body: body, life) }
  override func reversed() -> ActionRunner { CallRunner(body: body, life) }

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

  override var duration: Double { steps.reduce(0) { $0 + $1.duration } }
  override func replay() -> ActionRunner { SequenceRunner(steps.map { $0.replay() }, life) }
  override func reversed() -> ActionRunner { SequenceRunner(steps.reversed().map { $0.reversed() }, life) }

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

  override var duration: Double { branches.map(\.duration).max() ?? 0 }
  override func replay() -> ActionRunner { ParallelRunner(branches.map { $0.replay() }, life) }

  /// Branches that ended early forwards start late backwards, so every branch is back at its
  /// start when the group ends.
  override func reversed() -> ActionRunner {
    let total = duration
    return ParallelRunner(
      branches.map { branch in
        let lead = total - branch.duration
        return lead > ActionRunner.tolerance
          ? SequenceRunner([WaitRunner(seconds: lead), branch.reversed()], life) : branch.reversed()
      }, life)
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

/// Plays a pass `times` times (forever when negative), alternating directions with `yoyo`.
/// Every pass after the first is made from the first, which holds the values the loop started
/// from; so a loop without yoyo jumps back to its start, and a yoyo never drifts.
final class RepeatRunner: ActionRunner {
  /// A pass shorter than a tick could otherwise loop without end inside one step.
  static let maxPassesPerStep = 1000

  private let first: ActionRunner
  private var current: ActionRunner
  private let times: Int
  private let yoyo: Bool
  private let nodes: [Node]
  private let life: ActionLife
  private var passes = 0

  init(first: ActionRunner, times: Int, yoyo: Bool, nodes: [Node], _ life: ActionLife) {
    self.first = first
    current = first
    self.times = times
    self.yoyo = yoyo
    self.nodes = nodes
    self.life = life
  }

  override var duration: Double { times < 0 ? .infinity : first.duration * Double(times) }

  override func replay() -> ActionRunner {
    RepeatRunner(first: first.replay(), times: times, yoyo: yoyo, nodes: nodes, life)
  }

  /// Backwards, each pass is the reverse of its forward twin, in reverse order: for a yoyo
  /// that is the same alternation begun from the other end.
  override func reversed() -> ActionRunner {
    RepeatRunner(first: first.reversed(), times: times, yoyo: yoyo, nodes: nodes, life)
  }

  override func advance(_ dt: Double) -> Double? {
    if times == 0 { return dt }
    // A loop over sprites that have all left the scene would run unseen for ever.
    if !nodes.isEmpty, !nodes.contains(where: { $0.isAttached }) {
      life.isOrphaned = true
      return 0
    }
    var left = dt
    var passesThisStep = 0
    while true {
      guard !life.isCancelled, let rest = current.advance(left) else { return nil }
      passes += 1
      if times > 0, passes >= times { return rest }
      current = yoyo && passes % 2 == 1 ? first.reversed() : first.replay()
      passesThisStep += 1
      // Time beyond this many passes is dropped: the loop keeps its place in the cycle's
      // order but not its phase, rather than stalling the tick.
      if passesThisStep >= RepeatRunner.maxPassesPerStep { return nil }
      left = rest
    }
  }
}
