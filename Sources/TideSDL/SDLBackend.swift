import Foundation
import TideCore

/// The engine-facing half of the SDL backend: TTF text metrics, image sizes from the game's
/// assets, SDL_mixer sounds and hot-reload bookkeeping.
///
/// Drawing is done by `runWindow(driver:options:)` (or `SDLOffscreen`) from the driver's
/// scene. Pass this backend in `WindowOptions.backend` so the
/// window shares its fonts and assets.
public final class SDLBackend: Backend {
  /// Fonts shared by metrics and drawing.
  public let fonts: FontLibrary
  /// The game's `assets/` folder.
  public let assets: AssetLibrary
  /// Sound output; nil when the backend was made without audio (e.g. for `tide shot`).
  let audio: SDLAudio?
  private let metrics: TTFTextMetrics

  /// Creates the backend for the game in `gameDirectory`; `audio: false` never opens a device.
  public convenience init(gameDirectory: URL, audio: Bool = true) throws {
    try self.init(files: FolderFiles(directory: gameDirectory), audio: audio)
  }

  /// Creates the backend for the game in `files` (its folder or its archive).
  public init(files: any GameFiles, audio: Bool = true) throws {
    fonts = try FontLibrary()
    assets = AssetLibrary(files: files)
    metrics = TTFTextMetrics(fonts: fonts)
    self.audio = audio ? SDLAudio(assets: assets) : nil
  }


  /// Plays `assets/<sound>.wav|ogg|mp3|flac` once.
  public func play(sound: String, volume: Double) {
    audio?.play(sound, volume: volume)
  }

  /// Follows the engine's audio model through SDL_mixer.
  public func audio(_ command: AudioCommand) {
    audio?.handle(command)
  }


  /// DejaVu Sans plus colour-emoji widths, matching what is drawn.
  public var textMetrics: any TextMetrics { metrics }

  /// The PNG's pixel size.
  public func imageSize(named name: String) -> Vec2? {
    assets.imageSize(named: name)
  }

  /// Forgets cached textures, sounds and fonts for a changed file (e.g. "assets/roar.wav").
  public func reloadAsset(path: String) {
    assets.markChanged(path: path)
    if path.hasPrefix("assets/fonts/"), let font = assets.files?.diskURL(path)?.path {
      // Text nodes name a font by this path (`Node.font`); the engine re-measures them after.
      fonts.reload(fontFile: font)
      metrics.forget(font: font)
    }
    let name = (path as NSString).lastPathComponent
    audio?.reload(name)
    audio?.reload((name as NSString).deletingPathExtension)
  }
}
