import CSDL2

/// SDL_image, opened the first time an image file is read (see shim.h): a headless run that
/// draws nothing never loads it, or the dozen image codecs it brings.
enum SDLImage {
  /// Why SDL_image cannot be opened on this machine, or nil when it can.
  static var problem: String? { tide_sdl_image_problem().map { String(cString: $0) } }

  /// Starts its PNG, JPEG and WebP loaders; `load` starts one on first use anyway, so a
  /// failure here only moves that cost.
  static func start() {
    guard let api = tide_sdl_image()?.pointee else { return }
    _ = api.IMG_Init(Int32(IMG_INIT_PNG.rawValue | IMG_INIT_JPG.rawValue | IMG_INIT_WEBP.rawValue))
  }

  /// The image in file `path` as a new surface, or nil with SDL's error set.
  static func load(_ path: String) -> UnsafeMutablePointer<SDL_Surface>? {
    guard let api = tide_sdl_image()?.pointee else { return unavailable() }
    return api.IMG_Load(path)
  }

  /// The image read from `source`, which is closed either way, or nil with SDL's error set.
  static func load(_ source: UnsafeMutablePointer<SDL_RWops>) -> UnsafeMutablePointer<SDL_Surface>? {
    guard let api = tide_sdl_image()?.pointee else {
      SDL_RWclose(source)
      return unavailable()
    }
    return api.IMG_Load_RW(source, 1)
  }

  /// Writes `surface` to `path` as a PNG.
  static func savePNG(_ surface: UnsafeMutablePointer<SDL_Surface>, to path: String) throws(SDLError) {
    guard let api = tide_sdl_image()?.pointee else { throw SDLError("Writing \(path): \(problem ?? "")") }
    if api.IMG_SavePNG(surface, path) != 0 { throw SDLError.last("Writing \(path)") }
  }

  private static func unavailable() -> UnsafeMutablePointer<SDL_Surface>? {
    tide_sdl_set_error(problem ?? "SDL_image could not be opened")
    return nil
  }
}

/// The SDL libraries opened when first used rather than linked, which a packed game's bundle
/// must carry beside the player.
public enum SDLOpenedLibraries {
  /// Each one's name and the file it is opened from (nil when this machine cannot open it).
  public static var files: [(name: String, path: String?)] {
    [
      ("SDL_image", tide_sdl_image_path().map { String(cString: $0) }),
      ("SDL_mixer", tide_sdl_mixer_path().map { String(cString: $0) }),
    ]
  }
}
