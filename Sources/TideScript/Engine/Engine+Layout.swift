import TideCore

extension Engine {
  /// The layout problems of the screen as it stands, at the current design size: the one
  /// analysis behind `tide check --layout` and a test's `app:layout_problems()`.
  ///
  /// `backdrop` gives the dominant colour drawn behind a scene rectangle with text hidden (the
  /// CLI reads it from a rendered frame); without it the colour is worked out from the filled
  /// shapes under each text.
  public func layoutProblems(backdrop: ((Rect) -> Color?)? = nil) -> [LayoutProblem] {
    LayoutCheck(
      scene: scene, screen: designSize, background: background,
      handlerTarget: { [unowned self] node in input.handlerTarget(for: node) }, backdrop: backdrop,
      scrolledWorld: scenes.current.flatMap { $0.camera.isAtRest ? nil : $0.camera.world }
    ).problems()
  }
}
