import CLua

/// A Lua error caught by a protected call or a coroutine resume from Swift.
public struct LuaError: Error, CustomStringConvertible, Sendable {
  /// What went wrong, by the Lua status code (and the budget flag).
  public enum Kind: Sendable, Equatable {
    /// A runtime error (`error()`, a failed operation, a Swift function that threw).
    case runtime
    /// The chunk did not compile.
    case syntax
    /// An allocation passed the memory cap ("not enough memory").
    case memory
    /// The instruction budget ran out.
    case instructionBudget
    /// The message handler itself failed.
    case errorHandler
  }

  /// What went wrong.
  public let kind: Kind
  /// The message as Lua formats it, usually starting with "chunk:line: ".
  public let message: String
  /// Where the error happened, "file:line", when known.
  public let location: String?
  /// Lua's "stack traceback:" text at the point of the error ("" when unavailable).
  public let traceback: String

  /// Creates an error from its parts.
  public init(kind: Kind, message: String, location: String?, traceback: String) {
    self.kind = kind
    self.message = message
    self.location = location
    self.traceback = traceback
  }

  /// Whether `message` is one of Lua's own runtime errors ("attempt to index a nil value",
  /// "bad argument #1 to 'insert'"), which Lua places only when a Lua function raised it: one
  /// raised in C has no "file:line:". A library's `error("data/x.lua: ...", 0)` is never one.
  public static func isUnplacedRuntimeMessage(_ message: String) -> Bool {
    runtimePrefixes.contains { message.hasPrefix($0) }
  }

  private static let runtimePrefixes = [
    "attempt to ", "bad argument #", "number has no integer representation", "'for' ",
    "table index is ", "invalid key to 'next'", "stack overflow", "C stack overflow", "wrong number of arguments",
  ]

  /// The message followed by the traceback.
  public var description: String {
    traceback.isEmpty ? message : message + "\n" + traceback
  }

  /// The "file:line" a Lua message starts with, if it does.
  ///
  /// Lua prefixes messages with `short_src:line: `; chunk names may contain
  /// colons (`[string "a:b"]`), so the first `:digits:` on the first line wins.
  static func location(inMessage message: String) -> String? {
    let line = message.utf8.prefix { $0 != UInt8(ascii: "\n") }
    var index = line.startIndex
    while let colon = line[index...].firstIndex(of: UInt8(ascii: ":")) {
      let digits = line[line.index(after: colon)...].prefix { $0 >= 0x30 && $0 <= 0x39 }
      if !digits.isEmpty, digits.endIndex < line.endIndex, line[digits.endIndex] == UInt8(ascii: ":") {
        return String(Substring(message.utf8[line.startIndex..<digits.endIndex]))
      }
      index = line.index(after: colon)
    }
    return nil
  }
}

/// Thrown by a Swift function to report a bad argument with Lua's wording:
/// `bad argument #2 to 'after' (number expected, got nil)`.
public struct LuaArgumentError: Error, CustomStringConvertible, Sendable {
  /// The 1-based argument index.
  public let arg: Int32
  /// The text inside the parentheses (for type mismatches, "T expected").
  public let message: String
  /// Set for type mismatches of present arguments: Lua then words it
  /// "T expected, got U" itself (using `__name` for userdata).
  let expectedType: String?

  /// An argument error with a custom message, e.g. "must be positive".
  public init(arg: Int32, message: String) {
    self.arg = arg
    self.message = message
    self.expectedType = nil
  }

  /// A type mismatch of a present argument; see `LuaState.typeError(_:expected:)`.
  init(arg: Int32, mismatchOf typeName: String) {
    self.arg = arg
    self.message = "\(typeName) expected"
    self.expectedType = typeName
  }

  /// The error as it reads outside Lua.
  public var description: String { "bad argument #\(arg) (\(message))" }
}

/// Thrown by a Swift function to raise a plain Lua error, like `error(message)`.
public struct LuaRaise: Error, CustomStringConvertible, Sendable {
  /// The error message.
  public let message: String
  /// Whether Lua prefixes the caller's "chunk:line: ", as `error(message)` does.
  public let addsLocation: Bool

  /// A Lua error with `message`, prefixed with the caller's position unless `addsLocation` is false.
  public init(_ message: String, addsLocation: Bool = true) {
    self.message = message
    self.addsLocation = addsLocation
  }

  /// The message.
  public var description: String { message }
}

/// A place in a script: a chunk's name as Lua shows it ("game/main.lua") and a line.
public struct ScriptPlace: Sendable, CustomStringConvertible {
  /// The chunk's short name.
  public let chunk: String
  /// The line, from 1.
  public let line: Int32

  /// "game/main.lua:31".
  public var description: String { "\(chunk):\(line)" }
}

extension LuaState {
  /// Where the nearest Lua function on this thread's stack is, below the running Swift function:
  /// where a script called it. Nil when no Lua function is there. `names` keeps each chunk's name
  /// by a hash of its bytes, so asking on every call (each sprite made) allocates nothing once a
  /// chunk has been seen.
  public func callerPlace(names: inout [UInt64: String]) -> ScriptPlace? {
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: Int(LUA_IDSIZE) + 1) { buffer in
      guard let base = buffer.baseAddress else { return nil }
      base[Int(LUA_IDSIZE)] = 0
      let line = tide_where(L, 1, base)
      guard line > 0 else { return nil }
      // FNV-1a over the name: 64 bits, so two chunk names of a game do not meet.
      var hash: UInt64 = 0xcbf2_9ce4_8422_2325
      var i = 0
      while base[i] != 0 {
        hash = (hash ^ UInt64(UInt8(bitPattern: base[i]))) &* 0x100_0000_01b3
        i += 1
      }
      if let chunk = names[hash] { return ScriptPlace(chunk: chunk, line: line) }
      let chunk = wholeChunkNames(String(cString: base))
      names[hash] = chunk
      return ScriptPlace(chunk: chunk, line: line)
    }
  }
}
