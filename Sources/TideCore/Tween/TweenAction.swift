/// A description of animated work: tweens, waits and calls, composed in sequence or parallel.
public indirect enum TweenAction {
  /// Moves every track from its value at start to its `to` over `duration` seconds.
  case tween([TweenTrack], duration: Double, easing: Easing)
  /// Does nothing for the given seconds.
  case wait(Double)
  /// Calls a closure once, taking no time.
  case call(() -> Void)
  /// Runs actions one after another; time left over by one carries into the next.
  case sequence([TweenAction])
  /// Runs actions together; done when the longest is done.
  case parallel([TweenAction])
}
