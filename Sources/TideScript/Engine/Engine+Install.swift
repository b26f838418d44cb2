import LuaBridge
import TideCore

extension Engine {
  /// Builds the `tide` table from every part's module, and the sandbox's `require`.
  package func install() {
    lua.push(tideTable)
    lua.setGlobal("tide")

    for part in parts { part.install() }
  }

  // Installs per-start values: `tide.screen`, `tide.options`, `tide.game`, and the library's `tide.rules` and `tide.ui`.
  package func installStartValues() throws(LuaError) {
    let m = module("tide")
    lua.push(m.table)
    lua.newTable()
    /// @name tide.screen.width
    /// The design width in design units: conf.lua's `width` (default 390), or `--size` / a test's `size`.
    /// Lay out from it rather than from a number, so the game fits other sizes.
    /// @type number
    /// @example local x = tide.screen.width / 2
    lua.push(config.width)
    lua.rawSet(-2, key: "width")
    /// @name tide.screen.height
    /// The design height in design units: conf.lua's `height` (default 844), or `--size` / a test's `size`.
    /// @type number
    lua.push(config.height)
    lua.rawSet(-2, key: "height")
    /// @name tide.screen
    /// The design size the game lays out in (`width`, `height`); the window letterboxes it.
    /// @type table
    lua.rawSet(-2, key: "screen")
    lua.newTable()
    for (name, value) in config.options {
      switch value {
      case .string(let s): lua.push(s)
      case .number(let d):
        // conf.lua's `lives = 3` must read back as the integer 3, not 3.0.
        if let i = Int(exactly: d) { lua.push(i) } else { lua.push(d) }
      case .bool(let b): lua.push(b)
      }
      lua.rawSet(-2, key: name)
    }
    /// @name tide.options
    /// The game's options: each field declared in conf.lua's `options` with its default, or the value
    /// given by `tide run --option name=value` or a test's `options`, typed as declared (see docs/conf.md).
    /// @type table
    /// @example local rounds = tide.options.rounds
    lua.rawSet(-2, key: "options")
    lua.newTable()
    /// @name tide.game.title
    /// conf.lua's `title` (the window title).
    /// @type string
    lua.push(config.title)
    lua.rawSet(-2, key: "title")
    /// @name tide.game.author
    /// conf.lua's `author`, for a credits or info screen; "" when conf.lua names nobody.
    /// @type string
    /// @example ui.label{ text = "Made by " .. tide.game.author }
    lua.push(config.author ?? "")
    lua.rawSet(-2, key: "author")
    /// @name tide.game
    /// What conf.lua says about the game itself (`title`, `author`).
    /// @type table
    lua.rawSet(-2, key: "game")
    lua.pop(1)
    try installLibraryModule("rules")
    if LuaLibrary.contains("tide/ui.lua") { try installLibraryModule("ui") }
  }

  /// Sets `tide.<name>` to the library module `tide.<name>`, loaded afresh for each start so
  /// `require("tide.rules") == tide.rules` and no library state outlives a restart.
  func installLibraryModule(_ name: String) throws(LuaError) {
    lua.push(tideTable)
    try modules.require("tide." + name)
    lua.rawSet(-2, key: name)
    lua.pop(1)
  }
}

extension LuaState {
  /// Field `key` of the optional options table at `arg` as a number, or `default`.
  package func optNumberField(_ arg: Int32, _ key: String, default value: Double) throws -> Double {
    try optField(arg, key, .number, "a number", default: value) { toDouble(at: -1) ?? value }
  }

  /// Field `key` of the optional options table at `arg` as a boolean, or `default`.
  package func optBoolField(_ arg: Int32, _ key: String, default value: Bool) throws -> Bool {
    try optField(arg, key, .boolean, "a boolean", default: value) { toBool(at: -1) }
  }

  /// Reads field `key` of the options table at `arg` (absent or nil: `default`); `read` sees it on top.
  private func optField<T>(
    _ arg: Int32, _ key: String, _ type: LuaType, _ expected: String, default value: T, read: () -> T
  ) throws -> T {
    guard self.type(at: arg) == .table else {
      if isNoneOrNil(at: arg) { return value }
      throw typeError(arg, expected: "table")
    }
    defer { pop() }
    switch rawGet(arg, key: key) {
    case .nil: return value
    case type: return read()
    default: throw LuaArgumentError(arg: arg, message: "'\(key)' must be \(expected), got \(typeName(at: -1))")
    }
  }
}
