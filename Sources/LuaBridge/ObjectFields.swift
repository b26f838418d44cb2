import CLua

/// A field of a boxed object that Lua reads and writes in C, straight from the object's
/// block of plain fields, without entering Swift.
///
/// For the hottest path of a game, `sprite.x = sprite.x + vx`: a Swift getter costs a trip
/// through the trampoline and the dispatcher, a C one costs a pointer lookup. The object
/// gives the block's address to `pushObject(_:metatable:fields:)`; the metatable lists the
/// fields with `registerMetatable(_:...:fields:)`.
public struct LuaObjectField: Sendable {
  /// How the value is stored and which Lua values a write takes.
  public enum Kind: Sendable {
    /// A `Double`; writes take Lua numbers only (integers are converted), within `bounds`.
    case number
    /// A `Bool` (one byte, 0 or 1); writes take Lua booleans only.
    case boolean
  }

  /// The Lua-facing name; at most 40 bytes, so Lua interns it.
  public var name: String
  /// The stored type.
  public var kind: Kind
  /// Byte offset of the value in the block.
  public var offset: Int
  /// A second offset that every write also stores (a uniform scale writes both axes).
  public var alsoWrites: Int?
  /// Read in C, written by the Swift setter (for fields whose writes have side effects).
  public var readOnly: Bool
  /// The numbers C stores (NaN never); it hands any other to the Swift setter, which must refuse
  /// it with an error, so a field has one range whichever side writes it.
  public var bounds: ClosedRange<Double>
  /// A number read as half the stored value (a circle's radius from its width); for read-only
  /// fields, whose writes Swift does.
  public var readsHalf = false
  /// Byte offset of a `Bool` in the block: C reads and writes the field only while it is true,
  /// and the Swift getter and setter serve it otherwise (a field whose meaning depends on the
  /// object's kind, or whose value is worked out when first read). It may go with
  /// `rawOnceWritten` (the table takes the field only from a write C made) or `unlessHeld` (C
  /// serves it only while both allow).
  public var onlyWhen: Int?
  /// For a raw field (see `LuaState.registerMetatable`): where the block says whether the
  /// object's table holds the field. A new table leaves such a field out, and C serves it from
  /// the block until a script first writes it; C then puts it in the table and sets the flag.
  /// nil: every table holds the field from the start. Such fields come after the other raw
  /// fields and share one flags byte, each with a bit of its own.
  public var rawOnceWritten: HeldFlag?
  /// For a field the table may hold newer under other names, raw fields left out until written
  /// (a uniform scale, whose axes the table may hold; an axis, while the table holds the uniform
  /// scale): the flags byte of those fields and their bits. C serves the field only while the
  /// table holds none of them; once it holds one, the Swift getter and setter serve it, taking
  /// the table's values first and handing theirs to it. A raw field may have it too, with the
  /// same flags byte.
  public var unlessHeld: HeldFlag?
  /// For a raw field: a second offset every write stores too, in C or by a pull of the table's
  /// value (a uniform scale, both axes), beside `alsoWrites` (where the owner keeps the value
  /// last confirmed).
  public var pullsInto: Int?

  /// Bits of a flags byte in an object's block (`rawOnceWritten`, `unlessHeld`).
  public struct HeldFlag: Sendable {
    /// Byte offset of the flags byte in the block (never 0).
    public var offset: Int
    /// The field's bit in it (one bit set), or for `unlessHeld` the bits of the fields.
    public var bit: UInt8

    public init(offset: Int, bit: UInt8) {
      precondition(offset > 0 && bit != 0, "a flag is a bit of a byte past the block's start")
      self.offset = offset
      self.bit = bit
    }
  }

  /// A field `name` of type `kind` at `offset` bytes into the block.
  public init(
    _ name: String, _ kind: Kind, offset: Int, alsoWrites: Int? = nil, readOnly: Bool = false,
    bounds: ClosedRange<Double> = -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude
  ) {
    precondition(name.utf8.count <= 40, "field names must be short strings (interned by Lua)")
    precondition(offset >= 0 && (alsoWrites ?? 0) >= 0, "field offsets are byte offsets into the block")
    self.name = name
    self.kind = kind
    self.offset = offset
    self.alsoWrites = alsoWrites
    self.readOnly = readOnly
    self.bounds = bounds
  }
}
