extension Node {
  /// Starts a frame animation: shows `frames` in turn at `fps`, stepped by `SceneGraph.update(_:)`.
  /// A non-looping animation stops on its last frame and then calls `onFinish`.
  public func play(_ frames: [String], fps: Double, loop: Bool = true, onFinish: (() -> Void)? = nil) {
    self.frames = frames
    frameIndex = 0
    animationFPS = max(fps, 0)
    animationLoops = loop
    animationTime = 0
    animationFinished = onFinish
    isPlaying = !frames.isEmpty && fps > 0
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
    let frame = Int((animationTime * animationFPS + 1e-9).rounded(.down))
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
