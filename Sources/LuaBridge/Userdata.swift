import CLua

/// `__gc` of every object userdata: releases the Swift object once.
let releaseObject: lua_CFunction = { L in
  guard let box = objectBox(L, 1), let object = box.pointee.object else { return 0 }
  box.pointee.object = nil
  box.pointee.fields = nil  // the block goes with the object: C must not touch it again
  Unmanaged<AnyObject>.fromOpaque(object).release()
  return 0
}

/// The `tide_Object` at `index` when it is one of LuaBridge's object userdata, or the table of
/// a table-backed object (see `tide_objectbox`).
private func objectBox(_ L: OpaquePointer?, _ index: Int32) -> UnsafeMutablePointer<tide_Object>? {
  tide_objectbox(L, index).map { UnsafeMutablePointer(mutating: $0) }
}

// Swift objects in full userdata. The userdata retains the object and its
// `__gc` releases it; each object gets one userdata while Lua holds it, so
// `==` and table keys work on identity.
extension LuaState {
  /// Pushes `object` as a userdata with the metatable registered as `metatable`, or as a table
  /// when that metatable has raw fields (see `registerMetatable(_:...:rawFields:)`).
  ///
  /// Pushing the same object again pushes the same value while Lua holds it. If no metatable
  /// of that name exists yet, a bare one (`__name`, `__gc`) is created.
  /// `fields` is the address of the object's block of plain fields, read and
  /// written in C by a metatable registered with `fields:` (see
  /// `LuaObjectField`); it must stay valid for as long as `object` lives, and
  /// is only taken when the object is first pushed. Returns true when this push made the
  /// value (a table-backed object's owner then keeps its raw fields in step: see `RawFields`).
  @discardableResult
  public func pushObject<T: AnyObject>(_ object: T, metatable: String, fields: UnsafeMutableRawPointer? = nil) -> Bool {
    pushObject(object, kind: objectKind(metatable), fields: fields)
  }

  /// What `pushObject` needs of the metatable registered as `name`, looked up once per
  /// registration and kept by the VM: looking it up by name on each push cost a fifth of making
  /// a sprite.
  public func objectKind(_ name: String) -> ObjectKind {
    if let kind = vm.objectKinds[name] { return kind }
    pushMetatable(named: name)
    let map = fieldMap(ofMetatableAt: -1)
    let raw = rawFields(ofMetatableAt: -1)
    let metatable = luaL_ref(L, tide_lua_registryindex())
    // The box of a table-backed object has a bare metatable of its own (its __gc releases the
    // object): it is no handle on the object, and a script that finds it can do nothing with it.
    var box = metatable
    if raw != nil {
      pushMetatable(named: name + ".box")
      box = luaL_ref(L, tide_lua_registryindex())
    }
    let kind = ObjectKind(metatable: metatable, boxMetatable: box, fieldMap: map, rawFields: raw)
    vm.objectKinds[name] = kind
    return kind
  }

  /// Pushes `object` as an object of `kind`, as `pushObject(_:metatable:fields:)` does.
  @discardableResult
  public func pushObject<T: AnyObject>(_ object: T, kind: ObjectKind, fields: UnsafeMutableRawPointer? = nil) -> Bool {
    let pointer = Unmanaged.passUnretained(object).toOpaque()
    lua_rawgeti(L, tide_lua_registryindex(), lua_Integer(shared.pointee.object_cache_ref))
    switch lua_rawgetp(L, -1, pointer) {
    case LUA_TNIL:
      pop()
    case LUA_TTABLE where objectBox(L, -1)?.pointee.object != pointer:
      // A table whose box a script took away, kept while the object went and another took its
      // address: it stands for nothing now, and a new one is made.
      pop()
    default:
      remove(at: -2)  // cache
      return false
    }
    let rawFields = fields == nil ? nil : kind.rawFields
    // lua_newuserdatauv never returns NULL: it raises on failure instead.
    let raw: UnsafeMutableRawPointer = tide_lua_newuserdata(L, MemoryLayout<tide_Object>.size)
    // Without a map the C metamethods cannot tell the fields apart: then Swift serves them all.
    let map = fields == nil ? nil : kind.fieldMap
    raw.initializeMemory(
      as: tide_Object.self,
      to: tide_Object(
        magic: TIDE_OBJECT_MAGIC, object: Unmanaged.passRetained(object).toOpaque(),
        fields: map == nil ? nil : fields, fieldmap: map))
    lua_rawgeti(L, tide_lua_registryindex(), lua_Integer(rawFields == nil ? kind.metatable : kind.boxMetatable))
    _ = lua_setmetatable(L, -2)
    if let rawFields, let fields {
      // The table stands for the object: its raw fields with the block's values, and the box
      // under the VM's private key. cache, box -> cache, table
      // Room for the raw fields and the box, but at most eight: Lua sizes a table's hash part
      // to a power of two, and sixteen slots for the rare object that comes to hold all of
      // them would double every table, and the cache misses of every loop over them.
      newTable(nrec: Int32(min(rawFields.count + 1, 8)))
      for i in 0..<rawFields.count where rawFields.isHeld(i, by: fields) {
        lua_pushstring(L, rawFields.name(i))
        lua_pushnumber(L, rawFields.value(i, in: fields))
        lua_rawset(L, -3)
      }
      lua_rawgeti(L, tide_lua_registryindex(), lua_Integer(kind.metatable))
      _ = lua_setmetatable(L, -2)
      pushValue(at: -2)
      lua_rawsetp(L, -2, UnsafeRawPointer(shared))  // table[key] = box
      remove(at: -2)  // box
    }
    pushValue(at: -1)
    lua_rawsetp(L, -3, pointer)  // cache[pointer] = userdata or table
    remove(at: -2)  // cache
    return true
  }

  /// Whether the value at `index` is one of LuaBridge's objects (boxed in a userdata or
  /// table-backed), which Lua types as userdata or table.
  public func isObject(at index: Int32) -> Bool { objectBox(L, index) != nil }

  /// The Swift object boxed at `index` if it is a `T`; otherwise nil.
  public func toObject<T: AnyObject>(at index: Int32, as type: T.Type = T.self) -> T? {
    guard let object = objectBox(L, index)?.pointee.object else { return nil }
    return Unmanaged<AnyObject>.fromOpaque(object).takeUnretainedValue() as? T
  }

  /// A boxed Swift object argument of type `T`.
  ///
  /// Fails as `bad argument #1 to 'f' (Sprite expected, got table)`, naming
  /// the expected type `name` (default: the Swift type name).
  public func checkUserdata<T: AnyObject>(
    _ arg: Int32, _ type: T.Type, name: String? = nil
  ) throws(LuaArgumentError) -> T {
    if let object = toObject(at: arg, as: type) { return object }
    throw typeError(arg, expected: name ?? String(describing: type))
  }

  /// Creates or updates the metatable `name` for boxed objects.
  ///
  /// `methods` become the `__index` table (`obj:method()`), or `methodTable`, a table of
  /// functions already in Lua; `index` is a getter called as `index(obj, key)` for keys that
  /// are not methods (found in C, so a method call never enters Swift twice);
  /// `newindex` a setter called as `newindex(obj, key, value)`; `extra`
  /// holds other metamethods (`__tostring`, `__eq`, ...). `__gc` is
  /// LuaBridge's own and cannot be replaced. `getmetatable(obj)` returns
  /// `name`, so scripts cannot reach the metatable.
  ///
  /// With `fields`, objects pushed with a field block (`pushObject(_:metatable:fields:)`)
  /// have those fields read and written in C, without entering Swift; `index` and
  /// `newindex` (both required then) get every other key, and every write the
  /// C side refuses (a read-only field, a value of the wrong type), so their
  /// errors are the only ones scripts see. Fields are looked up before methods,
  /// so their names must differ.
  ///
  /// Number fields named in `rawFields` make the objects table-backed: each object is then
  /// pushed as a Lua table holding those fields as plain table fields (see `RawFields`), which
  /// scripts write without a call into Swift and the objects' owner copies in and out; a raw
  /// field with `rawOnceWritten` joins the table when a script first writes it.
  public func registerMetatable(
    _ name: String, methods: [String: LuaFunction] = [:], methodTable: LuaRef? = nil, index: LuaFunction? = nil,
    newindex: LuaFunction? = nil, extra: [String: LuaFunction] = [:], fields: [LuaObjectField] = [],
    rawFields: [String] = []
  ) {
    // Resolved again at the next push; the old kind's references to its metatables go (pushed
    // objects hold their metatables themselves).
    if let old = vm.objectKinds.removeValue(forKey: name) {
      luaL_unref(L, tide_lua_registryindex(), old.metatable)
      if old.boxMetatable != old.metatable { luaL_unref(L, tide_lua_registryindex(), old.boxMetatable) }
    }
    withStackCheck {
      pushMetatable(named: name, reserving: ["__index", "__newindex"])
      let metatable = top
      var methodsIndex: Int32?
      if let methodTable {
        push(methodTable)
        methodsIndex = top
      } else if !methods.isEmpty {
        newTable(nrec: Int32(methods.count))
        setFunctions(-1, methods)
        methodsIndex = top
      }
      if !fields.isEmpty {
        precondition(Set(fields.map(\.name)).isDisjoint(with: methods.keys), "a field and a method share a name")
        lua_pushlightuserdata(L, UnsafeMutableRawPointer(mutating: makeFieldMap(fields, raw: Set(rawFields))))
        rawSet(metatable, key: Self.fieldMapKey)
      }
      if !rawFields.isEmpty {
        let raw = rawFields.map { name in
          guard let field = fields.first(where: { $0.name == name }) else { preconditionFailure("raw field '\(name)' is not a field") }
          return field
        }
        lua_pushlightuserdata(L, UnsafeMutableRawPointer(mutating: makeRawFields(raw)))
        rawSet(metatable, key: Self.rawFieldsKey)
      }
      if let index {
        // Fields (from the object's block), then methods, then the getter: all decided in C, and
        // the getter's errors raised from C with the script's location and Lua's naming.
        pushFunctionBox(index, role: "reading a field of a \(name)")
        if let methodsIndex { pushValue(at: methodsIndex) } else { pushNil() }
        tide_pushfieldsindex(L)
        rawSet(metatable, key: "__index")
      } else if let methodsIndex {
        pushValue(at: methodsIndex)
        rawSet(metatable, key: "__index")
      }
      if !fields.isEmpty, let newindex {
        pushFunctionBox(newindex, role: "setting a field of a \(name)")
        tide_pushfieldsnewindex(L)
        rawSet(metatable, key: "__newindex")
      }
      if methodsIndex != nil { pop() }
      if fields.isEmpty, let newindex {
        push(newindex)
        rawSet(metatable, key: "__newindex")
      }
      precondition(fields.isEmpty || (index != nil && newindex != nil), "fields need an index and a newindex")
      for (key, function) in extra.sorted(by: { $0.key < $1.key }) {
        guard key != "__gc" else {
          assertionFailure("__gc of object metatables belongs to LuaBridge")
          continue
        }
        push(function)
        rawSet(metatable, key: key)
      }
      // Reserved keys this registration left unset lose their placeholder.
      for key in ["__index", "__newindex"] {
        let placeholder = rawGet(metatable, key: key) == .boolean
        pop()
        if placeholder {
          pushNil()
          rawSet(metatable, key: key)
        }
      }
      pop()
    }
  }

  /// Where a metatable keeps its `tide_FieldMap` (a light userdata); scripts cannot reach
  /// metatables, so the name cannot clash with theirs.
  static let fieldMapKey = "__tide_fieldmap"

  /// The field map of the metatable at `index`, or nil when it was registered without fields.
  private func fieldMap(ofMetatableAt index: Int32) -> UnsafePointer<tide_FieldMap>? {
    defer { pop() }
    guard rawGet(index, key: Self.fieldMapKey) == .lightUserdata else { return nil }
    return lua_touserdata(L, -1).map { UnsafePointer($0.assumingMemoryBound(to: tide_FieldMap.self)) }
  }

  /// A new `tide_FieldMap` of `fields`, in a userdata the registry keeps for the VM's life
  /// (objects hold the map's address, and outlive any re-registration of their metatable).
  /// Its user value anchors the names, whose interned strings the map holds by address.
  private func makeFieldMap(_ fields: [LuaObjectField], raw rawNames: Set<String>) -> UnsafePointer<tide_FieldMap> {
    let raw: UnsafeMutableRawPointer = lua_newuserdatauv(L, MemoryLayout<tide_FieldMap>.size, 1)
    raw.initializeMemory(as: UInt8.self, repeating: 0, count: MemoryLayout<tide_FieldMap>.size)
    let map = raw.assumingMemoryBound(to: tide_FieldMap.self)
    newTable(narr: Int32(fields.count))
    for (i, field) in fields.enumerated() {
      // C's write path stores the value as given, so a field C read as half would read back
      // halved after a write in C: only Swift may write such a field, doubling the value itself.
      precondition(!field.readsHalf || field.readOnly, "field '\(field.name)' reads half the stored value, so must be readOnly")
      push(field.name)
      let key = lua_topointer(L, -1)
      rawSet(-2, index: i + 1)
      var kind: UInt32 = field.kind == .number ? UInt32(TIDE_FIELD_NUMBER) : UInt32(TIDE_FIELD_BOOLEAN)
      if field.readOnly { kind |= UInt32(TIDE_FIELD_READONLY) }
      if field.readsHalf { kind |= UInt32(TIDE_FIELD_HALF) }
      if field.onlyWhen != nil { kind |= UInt32(TIDE_FIELD_GUARDED) }
      let raw = rawNames.contains(field.name)
      if raw { kind |= UInt32(TIDE_FIELD_RAW) | UInt32(field.rawOnceWritten?.bit ?? 0) << TIDE_FIELD_HELD_SHIFT }
      precondition(field.rawOnceWritten == nil || raw, "field '\(field.name)' is left out of the table until written, so must be raw")
      precondition(field.pullsInto == nil || raw, "field '\(field.name)' pulls into two offsets, so is raw")
      if let unless = field.unlessHeld {
        precondition(
          field.rawOnceWritten.map { $0.offset == unless.offset } ?? !raw,
          "field '\(field.name)' is served unless raw fields are held: if raw, held in the same flags byte")
        kind |= UInt32(TIDE_FIELD_UNLESS) | UInt32(unless.bit) << TIDE_FIELD_UNLESS_SHIFT
      }
      let flags = raw ? field.rawOnceWritten?.offset : field.unlessHeld?.offset
      let added = tide_fieldmap_add(
        map, key, UInt32(field.offset), UInt32(field.alsoWrites ?? field.offset), kind, UInt32(flags ?? 0),
        UInt32(field.onlyWhen ?? 0), UInt32(field.pullsInto ?? 0), field.bounds.lowerBound, field.bounds.upperBound)
      precondition(added != 0, "too many fast fields (at most \(TIDE_FIELD_SLOTS / 2))")
    }
    _ = lua_setiuservalue(L, -2, 1)
    lua_rawsetp(L, tide_lua_registryindex(), raw)  // registry[map address] = map, popped
    return UnsafePointer(map)
  }

  /// Pushes the metatable `name` from the registry, creating a bare one when missing.
  ///
  /// A new metatable first gets the `reserved` keys (set to false, for the caller to set or
  /// clear) in a table sized for every metamethod, so that each sits in its main hash slot: Lua
  /// looks up `__index` and `__newindex` of a userdata by hash at every field access, and a key
  /// an earlier one pushed down a collision chain costs a further step each time.
  func pushMetatable(named name: String, reserving reserved: [String] = []) {
    let registry = tide_lua_registryindex()
    if rawGet(registry, key: name) == .table { return }
    pop()
    newTable(nrec: 16)
    for key in reserved {
      push(false)
      rawSet(-2, key: key)
    }
    push(name)
    rawSet(-2, key: "__name")
    push(name)
    rawSet(-2, key: "__metatable")
    tide_lua_pushcfunction(L, releaseObject)
    rawSet(-2, key: "__gc")
    pushValue(at: -1)
    rawSet(registry, key: name)
  }
}

/// A metatable for boxed objects, resolved once (`LuaState.objectKind(_:)`): registry references
/// to it and to its boxes' bare metatable, and its field map and raw fields. Valid for the VM's
/// life; registering the metatable again makes a new kind needed.
public struct ObjectKind {
  let metatable: Int32
  let boxMetatable: Int32
  let fieldMap: UnsafePointer<tide_FieldMap>?
  /// The raw fields of table-backed objects of this kind, or nil.
  public let rawFields: RawFields?
}
