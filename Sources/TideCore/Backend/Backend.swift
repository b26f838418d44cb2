/// What the engine needs from a platform while a game runs: sounds, text metrics, image sizes
/// and asset reloads.
///
/// Drawing and input are not here: a window runner draws the `GameDriver`'s scene itself and
/// queues input with `GameDriver.enqueue`. Implemented by `HeadlessBackend` (tests, `tide test`)
/// and `SDLBackend`.
public protocol Backend: AnyObject {
  /// Plays the sound asset called `sound` (without extension) at `volume` 0...1, once.
  func play(sound: String, volume: Double)
  /// Follows the engine's audio model (`AudioMixer`): voices, music, generated sounds.
  func audio(_ command: AudioCommand)
  /// The metrics text nodes should be measured with.
  var textMetrics: any TextMetrics { get }
  /// The natural size of image asset `name` (e.g. "lion0.png"), or nil when unknown.
  func imageSize(named name: String) -> Vec2?
  /// Drops any cached copy of the asset at `path` (relative to the game folder) so it is reloaded.
  func reloadAsset(path: String)
}

extension Backend {
  /// A backend that only plays one-shot sounds starts each voice once and ignores the rest.
  public func audio(_ command: AudioCommand) {
    if case .play(_, let sound, let volume, _, _) = command { play(sound: sound, volume: volume) }
  }
}
