/// Maps interned Lua strings (by pointer) to a field, for the hottest path in the engine:
/// `sprite.x` from Lua. Open addressing over 128 slots: a lookup is a shift, a mask and
/// usually one comparison, where a `Dictionary` would hash the pointer with SipHash.
struct FieldTable<Field> {
  private var keys = [UnsafeRawPointer?](repeating: nil, count: 128)
  private var values: [Field?] = Array(repeating: nil, count: 128)

  /// Adds a key; there must be fewer than 128.
  mutating func insert(_ key: UnsafeRawPointer, _ value: Field) {
    var slot = Self.slot(key)
    while keys[slot] != nil && keys[slot] != key { slot = (slot + 1) & 127 }
    keys[slot] = key
    values[slot] = value
  }

  /// The field for `key`, or nil.
  func lookup(_ key: UnsafeRawPointer) -> Field? {
    var slot = Self.slot(key)
    while let candidate = keys[slot] {
      if candidate == key { return values[slot] }
      slot = (slot + 1) & 127
    }
    return nil
  }

  // Lua strings are 8- or 16-byte aligned heap objects: drop the low bits before masking.
  private static func slot(_ key: UnsafeRawPointer) -> Int { (Int(bitPattern: key) >> 4) & 127 }
}
