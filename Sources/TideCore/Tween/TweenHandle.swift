/// Names one running action in a `TweenSystem`; stale handles (finished, cancelled) are harmless.
public struct TweenHandle: Hashable, Sendable {
  /// Storage slot of the action.
  public let slot: Int
  /// Bumped every time the slot is freed, so an old handle never reaches a new action.
  public let generation: Int

  /// Creates a handle (normally only `TweenSystem` does).
  public init(slot: Int, generation: Int) {
    self.slot = slot
    self.generation = generation
  }
}
