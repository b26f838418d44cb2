import LuaBridge

extension LuaError {
  /// An error the engine raises itself (no Lua location or traceback of its own).
  package init(message: String) {
    self.init(kind: .runtime, message: message, location: nil, traceback: "")
  }
}
