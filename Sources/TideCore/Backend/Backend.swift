/// What the engine needs from a platform: presenting frames, playing sounds, input, text metrics.
///
/// Implemented by `HeadlessBackend` (tests, `tide test`) and the SDL backends.
public protocol Backend: AnyObject {
  /// Draws `scene` (via `SceneGraph.drawList()`), then `overlay` over it when present.
  func present(_ scene: SceneGraph, overlay: Overlay?)
  /// Plays the sound asset called `sound` (without extension) at `volume` 0...1.
  func play(sound: String, volume: Double)
  /// Input that arrived since the last call, in design coordinates.
  func pollInput() -> [InputEvent]
  /// The metrics text nodes should be measured with.
  var textMetrics: any TextMetrics { get }
  /// The natural size of image asset `name` (e.g. "lion0.png"), or nil when unknown.
  func imageSize(named name: String) -> Vec2?
  /// Drops any cached copy of the asset at `path` (relative to the game folder) so it is reloaded.
  func reloadAsset(path: String)
}
