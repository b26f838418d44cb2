import CLua

/// The raw fields of a table-backed object: the fields its metatable lists as raw, kept as
/// plain fields of the Lua table that stands for the object (see `tide_RawFields`).
///
/// Lua reads and writes them without any call into the engine, so the object's owner keeps
/// them in step with the object's block of fields itself: `pull` copies the table's values
/// in when Lua may have written them (`LuaVM.useEpoch(_:keptBy:)` says when), and `push`
/// copies the block's values out after Swift wrote them. Both take the table on the stack (the
/// owner finds it by a registry reference it holds, or with `pushCached(_:)`), and neither
/// raises.
public struct RawFields {
  // Inlinable readers below: the owner asks these on every tween step of a sprite.
  @usableFromInline let pointer: UnsafePointer<tide_RawFields>

  /// How many raw fields there are (at most `TIDE_RAW_MAX`, 10).
  public var count: Int { Int(pointer.pointee.count) }

  /// Whether list pulls read the tables in place (given where each block keeps its table's
  /// address): this VM's Lua lays tables out as CLua's copy of Lua's layouts expects.
  public var readsInPlace: Bool { pointer.pointee.direct != 0 }

  /// The name of field `i`, as Lua code writes it.
  public func name(of i: Int) -> String { String(cString: name(i)) }

  func name(_ i: Int) -> UnsafePointer<CChar> {
    guard let name = tide_rawfields_name(pointer, Int32(i)) else { preconditionFailure("raw field \(i) has a name") }
    return name
  }

  /// The byte offset of field `i` in the block.
  @inlinable public func offset(of i: Int) -> Int { Int(tide_rawfields_offset(pointer, Int32(i))) }

  /// Whether the table of the object whose block is `block` holds field `i`: always, but for a
  /// field left out until written (`LuaObjectField.rawOnceWritten`), only once a script wrote it.
  @inlinable public func isHeld(_ i: Int, by block: UnsafeMutableRawPointer) -> Bool {
    tide_rawfields_held(block.assumingMemoryBound(to: CChar.self), pointer, Int32(i)) != 0
  }

  /// The bit of field `i` in the flags byte that says which fields left out until written a
  /// table holds (`LuaObjectField.rawOnceWritten`); 0 for a field every table holds.
  @inlinable public func heldBit(of i: Int) -> UInt8 { tide_rawfields_heldbit(pointer, Int32(i)) }

  /// The block's value of field `i`.
  @inlinable public func value(_ i: Int, in block: UnsafeMutableRawPointer) -> Double {
    block.load(fromByteOffset: offset(of: i), as: Double.self)
  }

  /// Stores `value` as field `i` of `block`: at its offset, and at the second one a pull stores
  /// too, if it has one (`LuaObjectField.pullsInto`).
  public func store(_ value: Double, _ i: Int, in block: UnsafeMutableRawPointer) {
    block.storeBytes(of: value, toByteOffset: offset(of: i), as: Double.self)
    // The field's own offset again where it has no second one.
    block.storeBytes(of: value, toByteOffset: Int(tide_rawfields_also(pointer, Int32(i))), as: Double.self)
  }

  /// Copies into `block` each field of the table at `index` that holds a number within the
  /// field's range, and with `confirmed` into the `Double` at that byte offset plus 8 per field
  /// as well (values the owner keeps as the last it confirmed); returns a mask of the fields
  /// that did not (bit `i` for field `i`; every bit when `index` holds no table). Raises
  /// nothing, leaves the stack as it was.
  public func pull(
    _ lua: LuaState, tableAt index: Int32, into block: UnsafeMutableRawPointer, confirmed: Int? = nil
  ) -> UInt32 {
    tide_rawfields_pull(lua.L, index, block.assumingMemoryBound(to: CChar.self), pointer, confirmed ?? -1)
  }

  /// Pulls objects `range` of a list, as `pull(_:tableAt:into:confirmed:)` each: those whose
  /// block is not stamped `epoch` (a `UInt64` at `stampOffset` in it) get the fields of the
  /// table `registry[refs[i]]` and the stamp. Returns the first index whose table holds a value
  /// its field refuses (its good values copied, its stamp left as it was), or `range.upperBound`.
  /// `backward`: from the last object down, returning the first such index met that way, or
  /// `range.lowerBound - 1`. `tableOffset`: where each block keeps its table's address
  /// (`LuaState.tablePointer(at:)`), which lets the pull read the table in place.
  public func pull(
    _ lua: LuaState, refs: UnsafePointer<Int32>, blocks: UnsafePointer<UnsafeMutableRawPointer?>, range: Range<Int>,
    stampOffset: Int, epoch: UInt64, confirmed: Int? = nil, tableOffset: Int? = nil, backward: Bool = false
  ) -> Int {
    Int(
      tide_rawfields_pull_list(
        lua.L, refs, blocks, Int32(range.lowerBound), Int32(range.upperBound), stampOffset, epoch, confirmed ?? -1,
        pointer, backward ? 1 : 0, tableOffset ?? -1))
  }

  /// Stores the block's values of the fields in `mask` into the table at `index`, where it holds
  /// a good number for them. A field a script set to nil is served from the block until a write;
  /// one holding anything else is left alone and returned in the mask, for the owner to report
  /// before it puts the block's value there (`restore(_:_:tableAt:from:)`).
  @discardableResult
  public func push(_ lua: LuaState, tableAt index: Int32, from block: UnsafeMutableRawPointer, mask: UInt32) -> UInt32 {
    tide_rawfields_push(lua.L, index, block.assumingMemoryBound(to: CChar.self), pointer, mask)
  }

  /// Pushes objects `range` of a list, as `push(_:tableAt:from:mask:)` each: the fields in
  /// `mask` of the block `blocks[i]` into the table `registry[refs[i]]`. Returns the first index
  /// whose table holds a value its field refuses, with those fields (its good ones stored), or
  /// `range.upperBound` and 0. A block stamped `epoch` (a `UInt64` at `stampOffset`) promises
  /// that its table holds good values in every field, and is written without a look.
  public func push(
    _ lua: LuaState, refs: UnsafePointer<Int32>, blocks: UnsafePointer<UnsafeMutableRawPointer?>, range: Range<Int>,
    mask: UInt32, stampOffset: Int, epoch: UInt64
  ) -> (stopped: Int, bad: UInt32) {
    var bad: UInt32 = 0
    let stopped = tide_rawfields_push_list(
      lua.L, refs, blocks, Int32(range.lowerBound), Int32(range.upperBound), mask, stampOffset, epoch, pointer, &bad)
    return (Int(stopped), bad)
  }

  /// Takes field `i` out of the table at `index`: another name holds its value there now, or the
  /// owner's block alone does. Raises nothing: it sets to nil only a key the table holds, which
  /// allocates nothing.
  public func remove(_ i: Int, _ lua: LuaState, tableAt index: Int32) {
    guard lua.type(at: index) == .table else { return }
    let table = lua.absIndex(index)
    tide_rawfields_pushkey(lua.L, pointer, Int32(i))
    lua.pushValue(at: -1)
    guard lua_rawget(lua.L, table) != LUA_TNIL else {
      lua.pop(2)
      return
    }
    lua.pop()
    lua.pushNil()
    lua_rawset(lua.L, table)
  }

  /// Stores the block's value of field `i` into the table at `index` even where the table lacks
  /// it (which may allocate: it runs protected). False when it could not.
  @discardableResult
  public func restore(_ i: Int, _ lua: LuaState, tableAt index: Int32, from block: UnsafeMutableRawPointer) -> Bool {
    tide_rawfields_restore(lua.L, index, block.assumingMemoryBound(to: CChar.self), pointer, Int32(i)) != 0
  }
}

extension LuaState {
  /// Where a metatable keeps its `tide_RawFields` (a light userdata), beside its field map.
  static let rawFieldsKey = "__tide_rawfields"

  /// The raw fields of the metatable at `index`, or nil when it has none.
  func rawFields(ofMetatableAt index: Int32) -> RawFields? {
    defer { pop() }
    guard rawGet(index, key: Self.rawFieldsKey) == .lightUserdata, let raw = lua_touserdata(L, -1) else { return nil }
    return RawFields(pointer: UnsafePointer(raw.assumingMemoryBound(to: tide_RawFields.self)))
  }

  /// A new `tide_RawFields` of `fields`, with their names, in a userdata the registry keeps for
  /// the VM's life (objects' owners hold its address).
  func makeRawFields(_ fields: [LuaObjectField]) -> UnsafePointer<tide_RawFields> {
    let names = fields.map { Array($0.name.utf8CString) }
    let size = MemoryLayout<tide_RawFields>.size + names.reduce(0) { $0 + $1.count }
    let raw: UnsafeMutableRawPointer = lua_newuserdatauv(L, size, 0)
    raw.initializeMemory(as: UInt8.self, repeating: 0, count: size)
    let spec = raw.assumingMemoryBound(to: tide_RawFields.self)
    // The names live in the same userdata, after the struct: Lua never moves a userdata.
    var text = (raw + MemoryLayout<tide_RawFields>.size).assumingMemoryBound(to: CChar.self)
    for (field, name) in zip(fields, names) {
      precondition(field.kind == .number, "raw field '\(field.name)' must be a number field")
      precondition(field.rawOnceWritten.map { $0.bit & ($0.bit - 1) == 0 } ?? true, "raw field '\(field.name)' has one bit")
      text.initialize(from: name, count: name.count)
      let added = tide_rawfields_add(
        L, spec, text, UInt32(field.offset), UInt32(field.pullsInto ?? 0), field.bounds.lowerBound,
        field.bounds.upperBound,
        UInt32(field.rawOnceWritten?.offset ?? 0), field.rawOnceWritten?.bit ?? 0)
      precondition(
        added != 0,
        "too many raw fields (at most \(TIDE_RAW_MAX)), or '\(field.name)' breaks their order: those left out until written come last, in one flags byte")
      text += name.count
    }
    lua_rawsetp(L, tide_lua_registryindex(), raw)  // registry[address] = userdata, popped
    return UnsafePointer(spec)
  }
}

extension LuaState {
  /// Pushes the value Lua holds for `object` (its userdata or table) and returns true, or
  /// pushes nothing and returns false when Lua holds none now.
  public func pushCached(_ object: AnyObject) -> Bool {
    lua_rawgeti(L, tide_lua_registryindex(), lua_Integer(shared.pointee.object_cache_ref))
    if lua_rawgetp(L, -1, Unmanaged.passUnretained(object).toOpaque()) == LUA_TNIL {
      pop(2)
      return false
    }
    remove(at: -2)  // cache
    return true
  }
}

extension LuaState {
  /// Whether Lua code is running: a call from Swift into Lua has not returned yet.
  public var isRunningLua: Bool { shared.pointee.call_depth > 0 }
}

extension LuaVM {
  /// Makes the VM move `counter` on whenever Lua code may have run since Swift last looked:
  /// each time a Swift function is called from Lua, and each time a call from Swift into Lua
  /// returns. Raw fields of table-backed objects may have been written only then. `owner`
  /// keeps the counter's memory; the VM holds it until it closes.
  public func useEpoch(_ counter: UnsafeMutablePointer<UInt64>, keptBy owner: AnyObject) {
    epochOwner = owner
    shared.pointee.epoch = counter
  }
}
