import Foundation
import TideCore

/// Text measured the way the window draws it, for a game played with no window.
///
/// Tests, bots, replays, `app:layout_problems()` and headless runs fit text (wrap, shrink, cut
/// with "…") from its measured width, so they must measure with the fonts the window draws
/// with: otherwise a session recorded in a window replays headless to another layout, and a test
/// passes on a layout no player sees. SDL_ttf needs no display, so this is the same code and the
/// same fonts as the window's, not an imitation of them.
public enum GameFonts {
  /// One font library for every headless engine of the process: opening the fonts is the slow
  /// part, and the library is thread-safe. Made on first use, which says once when it fails.
  private static let shared: Result<FontLibrary, any Error> = {
    let opened = Result { try FontLibrary() }
    if case .failure(let error) = opened {
      let reason = (error as? SDLError)?.message ?? "\(error)"
      FileHandle.standardError.write(Data(
        "tide: no font could load (\(reason)); text is measured approximately, so layouts may differ from the window's\n".utf8))
    }
    return opened
  }()

  /// Why no font could load, or nil when they did; approximate metrics stand in then.
  public static var problem: String? {
    if case .failure(let error) = shared { return (error as? SDLError)?.message ?? "\(error)" }
    return nil
  }

  /// Metrics measured with the game fonts (a cache of its own per call, in front of the shared
  /// library's, which is locked), or `ApproximateTextMetrics` when no font can load (said once
  /// on standard error; see `problem`).
  public static func metrics() -> any TextMetrics {
    switch shared {
    case .success(let fonts): return TTFTextMetrics(fonts: fonts)
    case .failure: return ApproximateTextMetrics()
    }
  }
}

extension HeadlessBackend {
  /// A headless backend that measures text with the game fonts (`GameFonts`), and reads image
  /// sizes from `assetDirectory` when given.
  public static func withGameFonts(assetDirectory: URL? = nil) -> HeadlessBackend {
    HeadlessBackend(assetDirectory: assetDirectory, textMetrics: GameFonts.metrics())
  }
}
