import Foundation
import TideCore

/// A game's `conf.lua`: its title, author, design size, background, entry scene and options.
public struct GameConfig: Sendable {
  /// Window title.
  public var title: String
  /// Who made the game, for credits screens (`tide.game.author`); nil when conf.lua names nobody.
  public var author: String?
  /// The golden screen (`tests/golden/<name>.png`) docs/examples.md shows; nil: `start`, else the first.
  public var screenshot: String?
  /// Design width in design units (the game lays out in these; the window letterboxes).
  public var width: Double
  /// Design height.
  public var height: Double
  /// Clear colour behind everything.
  public var background: Color
  /// The scene entered once `main.lua` has run; nil when `main.lua` goes to one itself.
  public var scene: String?
  /// Options with their defaults; `--option key=value` may override them.
  public var options: [String: OptionValue]
  /// Module prefixes served from sibling game folders: `{ rps = "../rps" }` makes
  /// `require("rps.data.classic")` load `../rps/data/classic.lua`.
  public var modules: [String: String]
  /// The screen sizes the game supports (`sizes = { "390x844", "375x667" }`), which
  /// `tide check --layout` checks; empty when conf.lua names none (then the design size alone).
  public var sizes: [Vec2]
  /// The game's own version (`version = "1.2.0"`), written into its archive, recordings and
  /// crash capsules; nil when conf.lua names none.
  public var version: String?
  /// The name of the game's data folder (saves, crash capsules, logs); nil: the game folder's
  /// name, or for an archive the folder it was packed from.
  public var identity: String?
  /// How the game wants its window (`window = { fullscreen = true }`); `--fullscreen` overrides.
  public var window = WindowSettings()
  /// The font its text is drawn in where a sprite names none (`font = "ComicNeue-Bold"`, a file
  /// in `assets/fonts/`); nil: the engine's (DejaVu Sans).
  public var font: String?
  /// What draws `font` (`AssetCatalog.fontFile`), checked when conf.lua was read.
  var fontKey: String?
  /// How long after a tap ends a press must find a sprite that was there then (`tap_guard`,
  /// game seconds; 0 turns the guard off): see `TapGuard`.
  public var tapGuard = TapGuard.defaultInterval
  /// The smallest tap target, each side in design units, the layout check lets pass
  /// (`min_tap_size`): Apple's guidelines ask 44 points, Material's 48.
  public var minTapSize = LayoutCheck.defaultMinTapSize
  /// The design size from conf.lua and `--size`, restored by each test start without a `size`.
  var declaredSize = Vec2(x: 390, y: 844)
  /// The options as conf.lua declares them, before `--option` or a test overrides any.
  var declaredOptions: [String: OptionValue] = [:]

  /// Whether `name` can name a data folder: 1 to 64 of letters, digits, `_`, `-` and `.`, not
  /// starting with `.` (so never a hidden folder, `..` or a path).
  public static func isValidIdentity(_ name: String) -> Bool {
    guard !name.isEmpty, name.utf8.count <= 64, !name.hasPrefix(".") else { return false }
    return name.unicodeScalars.allSatisfy { ($0.isASCII && CharacterSet.alphanumerics.contains($0)) || "_-.".unicodeScalars.contains($0) }
  }

  /// The sizes `tide check --layout` checks: those declared, else the design size.
  public var checkedSizes: [Vec2] { sizes.isEmpty ? [Vec2(x: width, y: height)] : sizes }

  /// A default config for a game with no `conf.lua`.
  public init(title: String) {
    self.title = title
    author = nil
    screenshot = nil
    width = 390
    height = 844
    background = Color(r: 0.1, g: 0.1, b: 0.12, a: 1)
    scene = nil
    options = [:]
    modules = [:]
    sizes = []
  }
}

/// The value of a game option: options keep the type of their default.
public enum OptionValue: Sendable, Equatable {
  /// A string option.
  case string(String)
  /// A numeric option.
  case number(Double)
  /// A boolean option.
  case bool(Bool)
}
