/// Runs tween actions on virtual time, stepped by `update(_:)`.
///
/// Rules:
/// - Plain node tweens (`.tween` whose tracks are all node properties, with or without delay)
///   step first, in the order added; every other action steps after them, in the order added.
///   An action added during `update` (from a callback) starts on the next update.
/// - A cancelled action stops where it is (values are not snapped to their targets) and its
///   `onDone` callbacks get `false`. A completed one writes exact targets and gets `true`.
/// - Handles carry a generation, so cancelling or querying a stale handle is harmless.
/// - Stepping allocates nothing; all state is built when an action is added (a loop builds each
///   pass's state as the pass begins, from the first pass's). Plain node
///   tweens live in one contiguous batch so 100k of them step in a couple of milliseconds.
public final class TweenSystem {
  private struct Slot {
    var generation = 0
    var isLive = false
    var owner = 0
    var onDone: [(Bool) -> Void] = []
    /// Set for composite actions.
    var life: ActionLife?
    /// Header index in `batch` for plain tweens (-1 otherwise or while deferred).
    var batchIndex = -1
    /// Keeps the nodes of a plain tween alive; the batch holds them unretained.
    var tracks: [TweenTrack] = []
  }

  /// One composite action in the active list.
  private struct Running {
    let runner: ActionRunner
    let life: ActionLife
    let slot: Int
  }

  /// `Running` without reference counting, for the step loop; the matching `Running` at the
  /// same index keeps the objects alive.
  private struct RunningRef {
    let runner: Unmanaged<ActionRunner>
    let flags: UnsafeMutablePointer<ActionLife.Flags>
    let slot: Int

    init(_ entry: Running) {
      runner = .passUnretained(entry.runner)
      flags = entry.life.flags
      slot = entry.slot
    }
  }

  private var slots: [Slot] = []
  private var freeSlots: [Int] = []
  private var batch = TweenBatch()
  private var active: [Running] = []
  private var activeRefs: [RunningRef] = []
  private var deferredRunning: [Running] = []
  private var deferredBatch: [(slot: Int, generation: Int, group: [TweenBatch.Entry])] = []
  private var isUpdating = false
  private var liveCount = 0
  // Counts ends (completions and cancels) so `update` compacts its lists only when needed.
  private var endCount = 0
  private var endCountAtLastCompaction = 0

  /// Creates an empty system.
  public init() {}

  deinit {
    batch.deallocate()
  }

  /// How many actions are running (including ones waiting out a delay).
  public var count: Int { liveCount }

  /// Starts `action` after `delay` seconds; `owner` groups actions for `cancelAll(owner:)`.
  @discardableResult
  public func add(_ action: TweenAction, delay: Double = 0, owner: Int = 0) -> TweenHandle {
    let index = takeSlot(owner: owner)
    let wait = delay.isFinite ? max(delay, 0) : 0
    if case .tween(let tracks, let duration, let easing) = action, let nodeTracks = TweenSystem.nodeTracks(tracks) {
      slots[index].tracks = tracks
      let length = duration.isFinite ? max(duration, 0) : 0
      if isUpdating {
        let group = nodeTracks.map { node, property, to in
          TweenBatch.Entry(
            node: node, property: property, to: to, easing: easing, groupSize: nodeTracks.count, slot: index,
            delay: wait, duration: length)
        }
        deferredBatch.append((index, slots[index].generation, group))
      } else {
        slots[index].batchIndex = batch.append(
          nodeTracks, duration: length, easing: easing, delay: wait, slot: index)
      }
    } else {
      let wrapped: TweenAction = wait > 0 ? .sequence([.wait(wait), action]) : action
      let life = ActionLife()
      slots[index].life = life
      let entry = Running(runner: ActionRunner.make(wrapped, life), life: life, slot: index)
      if isUpdating {
        deferredRunning.append(entry)
      } else {
        active.append(entry)
        activeRefs.append(RunningRef(entry))
      }
    }
    return TweenHandle(slot: index, generation: slots[index].generation)
  }

  /// Shorthand for a single tween of `tracks` over `duration` seconds.
  @discardableResult
  public func tween(
    _ tracks: [TweenTrack], duration: Double, easing: Easing = .linear, delay: Double = 0,
    owner: Int = 0
  ) -> TweenHandle {
    add(.tween(tracks, duration: duration, easing: easing), delay: delay, owner: owner)
  }

  /// Registers `callback` to run when the action ends: `true` on completion, `false` on cancel.
  /// Returns false (never calling it) when the handle is already finished or stale.
  @discardableResult
  public func onDone(_ handle: TweenHandle, _ callback: @escaping (_ completed: Bool) -> Void) -> Bool {
    guard isLive(handle) else { return false }
    slots[handle.slot].onDone.append(callback)
    return true
  }

  /// Whether the handle's action has ended (completed or cancelled) or the handle is stale.
  public func isFinished(_ handle: TweenHandle) -> Bool { !isLive(handle) }

  /// Stops an action where it is; returns false for a finished or stale handle.
  @discardableResult
  public func cancel(_ handle: TweenHandle) -> Bool {
    guard isLive(handle) else { return false }
    end(handle.slot, completed: false)
    return true
  }

  /// Cancels every action added with `owner`; returns how many.
  @discardableResult
  public func cancelAll(owner: Int) -> Int {
    var cancelled = 0
    for index in slots.indices where slots[index].isLive && slots[index].owner == owner {
      end(index, completed: false)
      cancelled += 1
    }
    return cancelled
  }

  /// Cancels every action.
  public func removeAll() {
    for index in slots.indices where slots[index].isLive { end(index, completed: false) }
  }

  /// Advances every running action by `dt` seconds.
  public func update(_ dt: Double) {
    guard !isUpdating else { return }  // re-entry from a callback would double-step
    isUpdating = true
    stepBatch(dt)
    stepRunning(dt)
    // Ended entries are skipped while stepping, so dropping them can wait until they are a
    // quarter of the storage: with many staggered tweens ending every frame, compacting each
    // frame would be a pass over all of them per frame.
    let ended = endCount - endCountAtLastCompaction
    if ended > 0, ended * 4 >= max(batch.count + active.count, 64) {
      endCountAtLastCompaction = endCount
      batch.compact { slot, header in slots[slot].batchIndex = header }
      compactRunning()
    }
    for item in deferredBatch where slots[item.slot].isLive && slots[item.slot].generation == item.generation {
      slots[item.slot].batchIndex = batch.append(group: item.group)
    }
    deferredBatch.removeAll(keepingCapacity: true)
    for entry in deferredRunning where !entry.life.isEnded {
      active.append(entry)
      activeRefs.append(RunningRef(entry))
    }
    deferredRunning.removeAll(keepingCapacity: true)
    isUpdating = false
  }

  /// The hot loop over plain tweens. Callbacks run from here may cancel (marking entries in
  /// this same storage) but never grow it: adds are deferred while updating.
  private func stepBatch(_ dt: Double) {
    let base = batch.base
    let count = batch.count
    let tolerance = ActionRunner.tolerance
    var i = 0
    while i < count {
      let size = Int(base[i].groupSize)
      defer { i += size }
      if base[i].ended { continue }
      var step = dt
      if base[i].delay > 0 {
        let left = base[i].delay - dt
        if left > tolerance {
          base[i].delay = left
          continue
        }
        base[i].delay = 0
        step = max(-left, 0)
      }
      if !base[i].started {
        // Read at start, not at creation, so a delayed tween begins where the value is by then.
        base[i].started = true
        for j in i..<(i + size) {
          base[j].from = base[j].read()
          base[j].takeBack()
        }
      }
      let elapsed = base[i].elapsed + step
      base[i].elapsed = elapsed
      let duration = base[i].duration
      if elapsed >= duration - tolerance {
        for j in i..<(i + size) { base[j].write(base[j].to) }
        base[i].ended = true
        end(Int(base[i].slot), completed: true)
        continue
      }
      let eased = base[i].easing.apply(elapsed / duration)
      for j in i..<(i + size) {
        let entry = base[j]
        entry.write(entry.from + (entry.to - entry.from) * eased)
      }
    }
  }

  /// Steps composite actions from local copies of the lists (moved out, not copied) so the
  /// loop touches no class storage.
  private func stepRunning(_ dt: Double) {
    guard !activeRefs.isEmpty else { return }
    let strong = active
    var refs = activeRefs
    activeRefs = []
    refs.withUnsafeMutableBufferPointer { list in
      for entry in list {
        // `strong` holds the runner and its life (owner of `flags`) for the whole loop.
        guard !entry.flags.pointee.isEnded else { continue }  // cancelled since the last update
        let finished = entry.runner._withUnsafeGuaranteedRef { $0.advance(dt) } != nil
        // A call action may have cancelled this very action while it ran.
        if finished, !entry.flags.pointee.isEnded {
          end(entry.slot, completed: !entry.flags.pointee.isOrphaned)
        }
      }
    }
    activeRefs = refs
    withExtendedLifetime(strong) {}
  }

  private func compactRunning() {
    var kept = 0
    for position in active.indices where !active[position].life.isEnded {
      if kept != position {
        active[kept] = active[position]
        activeRefs[kept] = activeRefs[position]
      }
      kept += 1
    }
    active.removeLast(active.count - kept)
    activeRefs.removeLast(activeRefs.count - kept)
  }

  private static func nodeTracks(_ tracks: [TweenTrack]) -> [(Node, NodeProperty, Double)]? {
    guard !tracks.isEmpty else { return nil }
    var result: [(Node, NodeProperty, Double)] = []
    result.reserveCapacity(tracks.count)
    for track in tracks {
      guard case .node(let node, let property) = track.target else { return nil }
      result.append((node, property, track.to))
    }
    return result
  }

  private func takeSlot(owner: Int) -> Int {
    let index: Int
    if let reused = freeSlots.popLast() {
      index = reused
    } else {
      index = slots.count
      slots.append(Slot())
    }
    slots[index].isLive = true
    slots[index].owner = owner
    liveCount += 1
    return index
  }

  private func isLive(_ handle: TweenHandle) -> Bool {
    handle.slot >= 0 && handle.slot < slots.count && slots[handle.slot].generation == handle.generation
      && slots[handle.slot].isLive
  }

  private func end(_ index: Int, completed: Bool) {
    let callbacks = slots[index].onDone
    if let life = slots[index].life {
      life.isCancelled = !completed
      life.isEnded = true
    }
    batch.markEnded(slots[index].batchIndex)
    slots[index].isLive = false
    slots[index].life = nil
    slots[index].batchIndex = -1
    slots[index].tracks = []
    slots[index].onDone = []
    slots[index].generation += 1
    liveCount -= 1
    endCount += 1
    // Safe to reuse at once: stale list entries are marked ended and dropped by compaction.
    freeSlots.append(index)
    for callback in callbacks { callback(completed) }
  }
}
