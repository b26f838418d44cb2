/// Runs tween actions on virtual time, stepped by `update(_:)`.
///
/// Rules:
/// - Actions step in the order they were added. One added during `update` (from a callback)
///   starts on the next update.
/// - A cancelled action stops where it is (values are not snapped to their targets) and its
///   `onDone` callbacks get `false`. A completed one writes exact targets and gets `true`.
/// - Handles carry a generation, so cancelling or querying a stale handle is harmless.
/// - Stepping allocates nothing; all state is built when an action is added.
public final class TweenSystem {
  private struct Slot {
    var generation = 0
    var runner: ActionRunner?
    var life: ActionLife?
    var owner = 0
    var onDone: [(Bool) -> Void] = []
  }

  private var slots: [Slot] = []
  private var freeSlots: [Int] = []
  private var releasedSlots: [Int] = []
  private var active: [Int] = []
  private var deferred: [Int] = []
  private var isUpdating = false
  private var liveCount = 0

  /// Creates an empty system.
  public init() {}

  /// How many actions are running (including ones waiting out a delay).
  public var count: Int { liveCount }

  /// Starts `action` after `delay` seconds; `owner` groups actions for `cancelAll(owner:)`.
  @discardableResult
  public func add(_ action: TweenAction, delay: Double = 0, owner: Int = 0) -> TweenHandle {
    let wrapped: TweenAction = delay > 0 ? .sequence([.wait(delay), action]) : action
    let life = ActionLife()
    let runner = ActionRunner.make(wrapped, life)
    let index: Int
    if let reused = freeSlots.popLast() {
      index = reused
    } else {
      index = slots.count
      slots.append(Slot())
    }
    slots[index].runner = runner
    slots[index].life = life
    slots[index].owner = owner
    liveCount += 1
    if isUpdating { deferred.append(index) } else { active.append(index) }
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
    for index in slots.indices where slots[index].runner != nil && slots[index].owner == owner {
      end(index, completed: false)
      cancelled += 1
    }
    return cancelled
  }

  /// Cancels every action.
  public func removeAll() {
    for index in slots.indices where slots[index].runner != nil { end(index, completed: false) }
  }

  /// Advances every running action by `dt` seconds.
  public func update(_ dt: Double) {
    guard !isUpdating else { return }  // re-entry from a callback would double-step
    isUpdating = true
    // Slots freed before this pass are dropped from `active` by it, so they become reusable
    // after it; ones freed during the pass may still be listed and wait one more update.
    let purgedByThisPass = releasedSlots.count
    var kept = 0
    for position in active.indices {
      let index = active[position]
      // Skip slots cancelled since they were queued (possibly reused by a deferred add).
      guard let runner = slots[index].runner else { continue }
      let generation = slots[index].generation
      let finished = runner.advance(dt) != nil
      // A call action may have cancelled this very action while it ran.
      guard slots[index].generation == generation else { continue }
      if finished {
        end(index, completed: true)
      } else {
        active[kept] = index
        kept += 1
      }
    }
    active.removeLast(active.count - kept)
    freeSlots.append(contentsOf: releasedSlots[0..<purgedByThisPass])
    releasedSlots.removeFirst(purgedByThisPass)
    isUpdating = false
    active.append(contentsOf: deferred)
    deferred.removeAll(keepingCapacity: true)
  }

  private func isLive(_ handle: TweenHandle) -> Bool {
    handle.slot >= 0 && handle.slot < slots.count && slots[handle.slot].generation == handle.generation
      && slots[handle.slot].runner != nil
  }

  private func end(_ index: Int, completed: Bool) {
    let callbacks = slots[index].onDone
    slots[index].life?.isCancelled = !completed
    slots[index].life = nil
    slots[index].runner = nil
    slots[index].onDone = []
    slots[index].generation += 1
    liveCount -= 1
    // Not reusable yet: `active` may still list it, and reuse would step the new action twice.
    releasedSlots.append(index)
    for callback in callbacks { callback(completed) }
  }
}
