import CLua
import Foundation

/// The file names Lua cut short, and their whole names.
///
/// Lua keeps at most `LUA_IDSIZE - 1` bytes of a chunk's name in its messages and tracebacks:
/// a longer file name ("@/home/ana/.../games/bubbles/main.lua") shows as "..." and its last
/// 56 bytes, and an author's editor cannot open that. Every chunk loaded through `LuaState`
/// with a name that long is kept here, and the messages of the errors it raises
/// (`LuaState.popError`) and the places sprites were made (`callerPlace`) get the whole name
/// back. Games in a short path never add to it, so the common case costs one emptiness check.
struct LongChunkNames {
  /// Each cut name as Lua writes it ("..." and the tail), and the whole name.
  private(set) var names: [(cut: String, whole: String)] = []

  /// Notes `chunkName` (as given to `lua_load`, "@" and the file) when Lua will cut it.
  mutating func note(_ chunkName: String) {
    let bytes = Array(chunkName.utf8)
    // luaO_chunkid: a name of `srclen` bytes (its "@" included) is kept whole while
    // srclen <= LUA_IDSIZE; else "..." and the last LUA_IDSIZE - 4 bytes (the last being the
    // terminating zero) stand for it.
    guard bytes.first == UInt8(ascii: "@"), bytes.count > Int(LUA_IDSIZE) else { return }
    let kept = Int(LUA_IDSIZE) - 4
    let cut = "..." + String(decoding: bytes.suffix(kept), as: UTF8.self)
    let whole = String(decoding: bytes.dropFirst(), as: UTF8.self)
    guard !names.contains(where: { $0.cut == cut }) else { return }
    names.append((cut, whole))
  }

  /// `text` with every cut name written whole. A cut name starts with "...": matched only
  /// there, so a message that merely ends the same way is left alone.
  func expand(_ text: String) -> String {
    guard !names.isEmpty, text.contains("...") else { return text }
    var result = text
    for (cut, whole) in names where result.contains(cut) {
      result = result.replacingOccurrences(of: cut, with: whole)
    }
    return result
  }
}
