/// Names one timer; a handle whose timer finished or was cancelled is harmless to use.
///
/// `slot` is reused by later timers, so `generation` tells a stale handle from a live one.
public struct TimerHandle: Hashable, Sendable {
  /// Storage slot of the timer.
  public let slot: Int
  /// Bumped every time the slot is freed.
  public let generation: Int

  /// Creates a handle (normally only `TimerQueue` does).
  public init(slot: Int, generation: Int) {
    self.slot = slot
    self.generation = generation
  }
}
