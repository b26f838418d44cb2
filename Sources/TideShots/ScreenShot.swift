import Foundation
import TideCore
import TideSDL
import TideScript

/// A game's frame drawn offscreen after an input script is replayed: what `tide shot` writes,
/// what golden screens are compared with and what the layout check looks at.
///
/// Apart from the CLI so `swift test` (ContentGoldenTests) draws golden screens with the very
/// code `tide shot` and `tide test` use; neither TideScript (no SDL) nor TideSDL (no Lua) can
/// hold it.
public enum ScreenShot {
  /// The engine options `tide shot --input` plays a script with when no flag overrides them:
  /// its `@seed` (else 1), `@option`s and `@size`, no error log.
  public static func options(for script: InputScript) -> EngineOptions {
    var options = EngineOptions()
    options.seed = script.seed ?? 1
    options.options = script.options
    options.designSize = script.size
    options.logErrors = false
    return options
  }

  /// A frame and the engine that drew it (its errors, scene and size).
  public struct Frame {
    public let image: RGBAImage
    public let engine: Engine
  }

  /// Starts the game, replays `script` to `time` game seconds and renders that frame.
  ///
  /// Saves go to a scratch folder removed afterwards (unless `options` names one), so every
  /// shot starts from no saves. `backend` may be shared by shots of one game: its fonts and
  /// images load once.
  public static func render(
    game: URL, displayPath: String, script: InputScript, time: Double, options base: EngineOptions,
    backend: SDLBackend
  ) throws -> Frame {
    try render(files: FolderFiles(directory: game), displayPath: displayPath, script: script, time: time, options: base, backend: backend)
  }

  /// `render(game:...)` for the game in `files`: its folder, or a packed archive.
  public static func render(
    files: any GameFiles, displayPath: String, script: InputScript, time: Double, options base: EngineOptions,
    backend: SDLBackend
  ) throws -> Frame {
    var options = base
    let scratch = options.saveDirectory == nil
      ? FileManager.default.temporaryDirectory.appendingPathComponent("tide-shot-\(UUID().uuidString)") : nil
    if let scratch { options.saveDirectory = scratch }
    defer { if let scratch { try? FileManager.default.removeItem(at: scratch) } }
    let engine = try Engine.open(files, displayPath: displayPath, backend: backend, options: options)
    try engine.start()
    engine.replay(script, until: time)
    let image = try SDLOffscreen(assets: backend.assets, fonts: backend.fonts)
      .render(scene: engine.scene, size: engine.designSize, background: engine.background, overlay: engine.overlay)
    return Frame(image: image, engine: engine)
  }
}
