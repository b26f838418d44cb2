import LuaBridge

/// Why a game could not be loaded; each case prints as one line an author can act on.
public enum GameLoadError: Error, CustomStringConvertible {
  /// The game folder does not exist.
  case missingFolder(String)
  /// The folder has no `main.lua`.
  case missingMain(String)
  /// A script failed to load or run: a syntax error, a runtime error, or refused data.
  case script(LuaError)
  /// `conf.lua` or a command-line option holds a value the engine cannot use.
  case invalidConfig(String)

  /// One line, naming the file (and line or field) at fault.
  public var description: String {
    switch self {
    case .missingFolder(let path): return "no game folder at '\(path)'"
    case .missingMain(let path): return "'\(path)' has no main.lua (every game starts there)"
    case .script(let error): return error.message
    case .invalidConfig(let message): return message
    }
  }

  /// The Lua traceback, when there is one.
  public var traceback: String {
    if case .script(let error) = self { return error.traceback }
    return ""
  }
}
