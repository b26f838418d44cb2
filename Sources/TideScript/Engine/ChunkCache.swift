import CLua
import Foundation
import LuaBridge

/// Compiled Lua chunks by name and source text, kept for every engine of the process.
///
/// Each game start compiles the engine's library (`tide/ui.lua`, `tide/rules.lua`, ...) and the
/// game's files afresh; `tide run --runs` and `tide bench play` start a fresh engine per game, and
/// compiling was a twentieth of a played BubblePop game. A chunk compiled once is kept as Lua's
/// own dump (debug information kept, so errors and tracebacks name the same lines) and loaded
/// from it next time. The key holds the whole source, so an edited file (hot reload) compiles
/// anew; nothing but the engine's own dumps is ever loaded as binary.
enum ChunkCache {
  private struct Key: Hashable {
    let chunkName: String
    let source: [UInt8]

    // The synthesized hash feeds the source to the hasher a byte at a time, and every engine
    // start looks up the whole library and game this way (a fiftieth of a played BubblePop
    // game): hand it the bytes in one block instead. Equality still compares them all.
    func hash(into hasher: inout Hasher) {
      hasher.combine(chunkName)
      hasher.combine(source.count)
      source.withUnsafeBytes { hasher.combine(bytes: $0) }
    }
  }

  /// Past this many chunks (a long session of edits) the cache starts over.
  private static let capacity = 256
  /// Larger sources (a huge data file) are compiled each time: the cache must not hold
  /// hundreds of megabytes outside the Lua heap's cap.
  private static let largestSource = 1 << 20
  private static let lock = NSLock()
  // Guarded by `lock`: engines may run on several threads (tests), each with its own state.
  nonisolated(unsafe) private static var dumps: [Key: [UInt8]] = [:]

  /// Leaves the compiled chunk `source` (named `chunkName`) on top of `lua`'s stack, as
  /// `LuaState.load(bytes:chunkName:)` does, or throws its compile error.
  static func load(_ lua: LuaState, source: [UInt8], chunkName: String) throws(LuaError) {
    let key = Key(chunkName: chunkName, source: source)
    lock.lock()
    let dump = dumps[key]
    lock.unlock()
    if let dump {
      lua.noteChunkName(chunkName)
      let status = dump.withUnsafeBufferPointer { buffer in
        chunkName.withCString { name in
          buffer.withMemoryRebound(to: CChar.self) { chars in
            tide_luaL_loadbuffer(lua.L, chars.baseAddress, chars.count, name, "b")
          }
        }
      }
      if status == LUA_OK { return }
      lua.pop()  // only out of memory can fail here: compile from the text, which reports it
    }
    try lua.load(bytes: source, chunkName: chunkName)
    guard source.count <= largestSource else { return }
    var out: [UInt8] = []
    let status = withUnsafeMutablePointer(to: &out) { pointer in
      lua_dump(lua.L, { _, bytes, size, sink in
        guard let bytes, let sink else { return 1 }
        let buffer = UnsafeRawBufferPointer(start: bytes, count: size)
        sink.assumingMemoryBound(to: [UInt8].self).pointee.append(contentsOf: buffer)
        return 0
      }, pointer, 0)
    }
    guard status == 0 else { return }
    lock.lock()
    if dumps.count >= capacity { dumps.removeAll() }
    dumps[key] = out
    lock.unlock()
  }

  /// Compiles (or finds) `source` and runs it with no arguments, leaving `nresults` results.
  static func run(_ lua: LuaState, source: String, chunkName: String, nresults: Int32 = 0) throws(LuaError) {
    try load(lua, source: Array(source.utf8), chunkName: chunkName)
    try lua.pcall(nargs: 0, nresults: nresults)
  }
}
