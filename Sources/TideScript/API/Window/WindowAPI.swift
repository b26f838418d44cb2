import Foundation
import LuaBridge
import TideCore

extension Window {
  /// `tide.window`: fullscreen or not while the game runs (conf.lua's `window` says how it
  /// opens), and `tide.screenshot`.
  func install() {
    let m = module("tide.window")

    /// Fills the screen (true) or goes back to a window (false). The game keeps its design size
    /// and is letterboxed as in any window; headless runs only remember it.
    /// @param on boolean
    /// @example settings:on("tap", function() tide.window.set_fullscreen(not tide.window.is_fullscreen()) end)
    m.function("set_fullscreen") { [unowned self] lua in
      guard lua.type(at: 1) == .boolean else { throw lua.typeError(1, expected: "boolean") }
      fullscreen = lua.toBool(at: 1)
      return 0
    }

    /// Whether the game asked to fill the screen (conf.lua's `window.fullscreen`, `tide run
    /// --fullscreen`, or `set_fullscreen`).
    /// @return boolean
    /// @example if tide.window.is_fullscreen() then label.text = "Window" end
    m.function("is_fullscreen") { [unowned self] lua in
      lua.push(fullscreen)
      return 1
    }

    let tide = module("tide")
    /// Writes the next frame the window shows to `screenshots/<name>.png` in the game's data
    /// folder (where its saves are), replacing one of that name; returns that path. Headless
    /// runs draw no frames and write nothing. `name` is letters, digits, `_` and `-`.
    /// @param name string
    /// @return string
    /// @example tide.screenshot("level-" .. level)
    tide.function("screenshot") { [unowned self] lua in
      let name = try lua.checkString(1)
      guard !name.isEmpty, name.utf8.count <= 64,
        name.unicodeScalars.allSatisfy({ ($0.isASCII && CharacterSet.alphanumerics.contains($0)) || $0 == "_" || $0 == "-" })
      else {
        throw LuaArgumentError(arg: 1, message: "a screenshot is named in letters, digits, _ and - (at most 64), got '\(name)'")
      }
      lua.push(try requestScreenshot(named: name).path)
      return 1
    }
  }
}
