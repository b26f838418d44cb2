extension Node {
  /// Starts a frame animation: shows `frames` in turn at `fps`, stepped by `SceneGraph.update(_:)`.
  /// A non-looping animation stops on its last frame and then calls `onFinish`.
  public func play(_ frames: [String], fps: Double, loop: Bool = true, onFinish: (() -> Void)? = nil) {
    self.frames = frames
    frameIndex = 0
    // Bounded here too (scripts are checked against `Limits.fps`): the frame number below must
    // stay convertible to Int however long the animation runs.
    animationFPS = fps.isFinite ? min(max(fps, 0), Limits.fps.bounds.upperBound) : 0
    animationLoops = loop
    animationTime = 0
    animationFinished = onFinish
    isPlaying = !frames.isEmpty && animationFPS > 0
    if isPlaying { graph?.registerAnimation(self) }
  }

  /// Stops the frame animation, optionally showing `frame` (an index into `frames`).
  public func stop(frame: Int? = nil) {
    isPlaying = false
    animationFinished = nil
    if let frame { frameIndex = frame }
  }

  /// Advances the animation clock by `dt`; returns the finish callback when it just ended.
  func stepAnimation(_ dt: Double) -> (() -> Void)? {
    guard isPlaying, !frames.isEmpty else { return nil }
    animationTime += dt
    // Tiny slack so 1/60 steps summed to a frame boundary land on that frame.
    let position = (animationTime * animationFPS + 1e-9).rounded(.down)
    // Past 2^52 frames (a century at 1000 fps) the count stops; it never overflows Int.
    let frame = position.isFinite ? Int(min(max(position, 0), 0x1p52)) : 0
    if animationLoops {
      let index = frame % frames.count
      if index != frameIndex { frameIndex = index }
      return nil
    }
    if frame < frames.count {
      if frame != frameIndex { frameIndex = frame }
      return nil
    }
    frameIndex = frames.count - 1
    isPlaying = false
    let done = animationFinished
    animationFinished = nil
    return done
  }
}
