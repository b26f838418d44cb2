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
  /// Plays an action `times` times (`TweenAction.forever` for no end). Each pass starts again
  /// from the values the first pass started from; with `yoyo`, every second pass plays the
  /// first one backwards instead (steps in reverse order, each tween back to where it began,
  /// calls run again), so the motion swings back and forth without a jump.
  case repeating(TweenAction, times: Int, yoyo: Bool)

  /// The `times` of a loop with no end.
  public static let forever = -1

  /// The nodes the action's tweens move, in order, each once.
  public var nodes: [Node] {
    var seen = Set<ObjectIdentifier>()
    var result: [Node] = []
    func collect(_ action: TweenAction) {
      switch action {
      case .tween(let tracks, _, _):
        for track in tracks {
          if case .node(let node, _) = track.target, seen.insert(ObjectIdentifier(node)).inserted {
            result.append(node)
          }
        }
      case .wait, .call: break
      case .sequence(let actions), .parallel(let actions): actions.forEach(collect)
      case .repeating(let action, _, _): collect(action)
      }
    }
    collect(self)
    return result
  }

  /// Seconds one pass takes, waits and delays included; calls take none.
  public var duration: Double {
    switch self {
    case .tween(_, let duration, _): return duration.isFinite ? max(duration, 0) : 0
    case .wait(let seconds): return seconds.isFinite ? max(seconds, 0) : 0
    case .call: return 0
    case .sequence(let actions): return actions.reduce(0) { $0 + $1.duration }
    case .parallel(let actions): return actions.map(\.duration).max() ?? 0
    case .repeating(let action, let times, _):
      return times < 0 ? .infinity : action.duration * Double(times)
    }
  }
}
