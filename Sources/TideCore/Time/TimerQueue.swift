/// One-shot and repeating timers on virtual time, stepped by `update(_:)`.
///
/// Rules that keep game code simple:
/// - Timers fire in due order; equal due times fire in the order they were scheduled.
/// - A timer added during `update` (from a callback) is first considered on the *next* update,
///   even with a zero delay, so a callback that re-arms itself cannot loop forever.
/// - A timer cancelled during `update` never fires afterwards, even if it was already due.
/// - `every` keeps its phase: it is rescheduled at `due + interval`, and catches up with one
///   fire per elapsed interval if a long `dt` passes several, but at most `Limits.timerCatchUp`
///   fires in one update: then the rest of the step is skipped, still on the timer's phase, so
///   no interval and no step can make one update run without end.
/// - Positive intervals shorter than `minimumInterval` count as `minimumInterval`.
/// - One update fires at most `Limits.timerFiresPerTick` timers in all; those still due wait,
///   in order, for the next update.
/// - Handles carry a generation: cancelling a finished, cancelled or reused handle does nothing.
public final class TimerQueue {
  private struct Entry {
    var due: Double
    var interval: Double
    var remaining: Int?  // fires left (`after` has 1); nil repeats forever
    var owner: Int
    var action: () -> Void
    /// The update in which it last fired, and how many times it fired in that update.
    var burstUpdate = -1
    var burst = 0
  }

  private struct Slot {
    var generation = 0
    var entry: Entry?
  }

  private struct Scheduled {
    var due: Double
    var order: Int
    var slot: Int
    var generation: Int

    func firesBefore(_ other: Scheduled) -> Bool {
      due < other.due || (due == other.due && order < other.order)
    }
  }

  /// Virtual seconds elapsed through `update(_:)`.
  public private(set) var now: Double = 0
  private var slots: [Slot] = []
  private var freeSlots: [Int] = []
  private var heap: [Scheduled] = []
  /// Entries in the heap, cancelled ones included (tests check they do not pile up).
  var heapCount: Int { heap.count }
  private var deferred: [Scheduled] = []
  private var nextOrder = 0
  private var isUpdating = false
  private var liveCount = 0
  private var updateNumber = 0

  /// The shortest interval of a repeating timer, in seconds (`Limits.interval`).
  public static let minimumInterval = Limits.interval.bounds.lowerBound

  /// Creates an empty queue at time zero.
  public init() {}

  /// Due times within this of `now` count as due: sums of 1/60 s steps drift by a few ulps.
  static let tolerance = 1e-9

  /// How many timers are scheduled.
  public var count: Int { liveCount }

  /// Calls `action` once, `delay` seconds from now. `owner` groups timers for `cancelAll(owner:)`.
  @discardableResult
  public func after(_ delay: Double, owner: Int = 0, _ action: @escaping () -> Void) -> TimerHandle {
    schedule(
      Entry(
        due: now + sanitized(delay), interval: 0, remaining: 1, owner: owner,
        action: action))
  }

  /// Calls `action` every `interval` seconds, `count` times (nil = until cancelled; a count
  /// below 1 counts as 1).
  /// A non-positive interval fires once per update.
  @discardableResult
  public func every(
    _ interval: Double, count: Int? = nil, owner: Int = 0, _ action: @escaping () -> Void
  ) -> TimerHandle {
    let step = interval.isFinite && interval > 0 ? max(interval, TimerQueue.minimumInterval) : 0
    return schedule(
      Entry(
        due: now + step, interval: step, remaining: count.map { max($0, 1) },
        owner: owner, action: action))
  }

  /// Stops a timer; returns false (and does nothing) for a finished, cancelled or stale handle.
  @discardableResult
  public func cancel(_ handle: TimerHandle) -> Bool {
    guard isLive(handle) else { return false }
    release(handle.slot)
    return true
  }

  /// Cancels every timer created with `owner`; returns how many.
  @discardableResult
  public func cancelAll(owner: Int) -> Int {
    var cancelled = 0
    for index in slots.indices where slots[index].entry?.owner == owner {
      release(index)
      cancelled += 1
    }
    return cancelled
  }

  /// Cancels every timer.
  public func removeAll() {
    for index in slots.indices where slots[index].entry != nil { release(index) }
  }

  /// Whether the handle's timer is still scheduled.
  public func isActive(_ handle: TimerHandle) -> Bool { isLive(handle) }

  /// Seconds until the handle's timer next fires, or nil when it is not active.
  public func timeRemaining(_ handle: TimerHandle) -> Double? {
    guard isLive(handle), let entry = slots[handle.slot].entry else { return nil }
    return max(entry.due - now, 0)
  }

  /// Asked before each timer fires during `update`: true stops the update there, and the timers
  /// still due fire in the next one (the engine stops a tick whose callbacks ran too long).
  public var shouldStop: (() -> Bool)?

  /// Advances virtual time by `dt` and fires every timer that came due, in due order.
  public func update(_ dt: Double) {
    guard !isUpdating else { return }  // a callback calling update would reorder time
    if dt.isFinite, dt > 0 { now += dt }
    isUpdating = true
    updateNumber += 1
    var fired = 0
    while fired < Limits.timerFiresPerTick, let top = heap.first, top.due <= now + TimerQueue.tolerance {
      if let shouldStop, shouldStop() { break }
      fired += 1
      popTop()
      guard top.generation == slots[top.slot].generation, var entry = slots[top.slot].entry else {
        continue  // cancelled after it was scheduled
      }
      let action = entry.action
      var last = false
      if let remaining = entry.remaining {
        entry.remaining = remaining - 1
        if remaining - 1 <= 0 { last = true }
      }
      if last {
        // Freed before the call so the callback sees the handle as finished.
        release(top.slot)
      } else {
        entry.due = entry.interval > 0 ? nextDue(of: &entry, firedAt: top.due) : now
        slots[top.slot].entry = entry
        let next = Scheduled(due: entry.due, order: takeOrder(), slot: top.slot, generation: top.generation)
        if entry.interval > 0 { push(next) } else { deferred.append(next) }
      }
      action()
    }
    isUpdating = false
    for item in deferred { push(item) }
    deferred.removeAll(keepingCapacity: true)
    compactIfMostlyStale()
  }

  /// When a repeating timer that just fired at `due` fires next: one interval on, or, once it has
  /// fired `Limits.timerCatchUp` times in this update, its first beat after `now`.
  private func nextDue(of entry: inout Entry, firedAt due: Double) -> Double {
    if entry.burstUpdate != updateNumber {
      entry.burstUpdate = updateNumber
      entry.burst = 0
    }
    entry.burst += 1
    guard entry.burst >= Limits.timerCatchUp else { return due + entry.interval }
    let beats = ((now + TimerQueue.tolerance - due) / entry.interval).rounded(.down) + 1
    let next = due + beats * entry.interval
    return next > now + TimerQueue.tolerance ? next : now + entry.interval
  }

  private func sanitized(_ seconds: Double) -> Double {
    seconds.isFinite && seconds > 0 ? seconds : 0
  }

  private func schedule(_ entry: Entry) -> TimerHandle {
    let index: Int
    if let reused = freeSlots.popLast() {
      index = reused
      slots[index].entry = entry
    } else {
      index = slots.count
      slots.append(Slot(generation: 0, entry: entry))
    }
    liveCount += 1
    let item = Scheduled(due: entry.due, order: takeOrder(), slot: index, generation: slots[index].generation)
    if isUpdating { deferred.append(item) } else { push(item) }
    return TimerHandle(slot: index, generation: slots[index].generation)
  }

  private func isLive(_ handle: TimerHandle) -> Bool {
    handle.slot >= 0 && handle.slot < slots.count && slots[handle.slot].generation == handle.generation
      && slots[handle.slot].entry != nil
  }

  private func release(_ index: Int) {
    slots[index].entry = nil
    slots[index].generation += 1
    freeSlots.append(index)
    liveCount -= 1
  }

  private func takeOrder() -> Int {
    defer { nextOrder += 1 }
    return nextOrder
  }

  /// Drops heap entries of cancelled timers once they outnumber live ones, so games that
  /// schedule and cancel long timers in a loop do not grow the heap without bound.
  private func compactIfMostlyStale() {
    guard heap.count > 64, heap.count > 2 * liveCount else { return }
    heap.removeAll { slots[$0.slot].generation != $0.generation || slots[$0.slot].entry == nil }
    for index in stride(from: heap.count / 2 - 1, through: 0, by: -1) { siftDown(index) }
  }

  private func push(_ item: Scheduled) {
    heap.append(item)
    var child = heap.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard heap[child].firesBefore(heap[parent]) else { break }
      heap.swapAt(child, parent)
      child = parent
    }
  }

  private func popTop() {
    let last = heap.removeLast()
    guard !heap.isEmpty else { return }
    heap[0] = last
    siftDown(0)
  }

  private func siftDown(_ start: Int) {
    var parent = start
    while true {
      let left = 2 * parent + 1
      let right = left + 1
      var first = parent
      if left < heap.count, heap[left].firesBefore(heap[first]) { first = left }
      if right < heap.count, heap[right].firesBefore(heap[first]) { first = right }
      if first == parent { return }
      heap.swapAt(parent, first)
      parent = first
    }
  }
}
