import LuaBridge
import TideCore

extension Audio {
  /// `tide.audio`: sounds from the game's `assets/` (wav or ogg). Headless runs record what played.
  func install() {
    let m = module("tide.audio")

    /// Plays `assets/<name>.wav` (or `.ogg`) once.
    /// @param name string: the file name without extension
    /// @param opts SoundOptions?: `volume` from 0 to 1 (default 1)
    /// @example tide.audio.play("roar")
    m.function("play") { [unowned self] lua in
      let name = try lua.checkString(1)
      try checkOptionKeys(lua, arg: 2, LuaTableShape.soundOptions.names, what: "option")
      if !knownSounds.contains(name) {
        guard AssetCatalog.soundFile(named: name, in: context.gameDirectory) != nil else {
          if let problem = AssetCatalog.problem(named: name, extensions: ["wav", "ogg"], in: context.gameDirectory, shown: context.displayPath) {
            throw LuaArgumentError(arg: 1, message: problem)
          }
          throw LuaArgumentError(arg: 1, message: "no sound '\(name)' (looked for \(context.displayPath)/assets/\(name).wav and .ogg)")
        }
        knownSounds.insert(name)
      }
      let volume = try lua.optNumberField(2, "volume", in: Limits.volume, default: 1)
      play(name, volume: min(max(volume, 0), 1))
      return 0
    }
  }
}
