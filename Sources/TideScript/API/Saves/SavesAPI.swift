import Foundation
import LuaBridge
import TideCore

extension Saves {
  /// `tide.save`: small tables kept between runs as JSON files, written atomically.
  /// A file that cannot be read is set aside (renamed, never overwritten) with a warning.
  func install() {
    let m = module("tide.save")

    /// Reads the saved value `name`, or returns `default` when there is none. A damaged file is
    /// renamed to `<name>.damaged-N.json` (never overwritten), a warning is shown, and `default`
    /// is returned. Damaged includes anything that is not a readable JSON file of at most 8 MiB:
    /// a folder, device, FIFO or link to one in its place, or a save folder that is a file. `tide.save.read_status` says which of these happened.
    /// @param name string: letters, digits, `_` and `-`
    /// @param default any?: returned when nothing is saved yet
    /// @return any
    /// @example local scores = tide.save.read("scores", {})
    m.function("read") { [unowned self] lua in
      try readSave(lua)
      lua.pop(2)
      return 1
    }

    /// Like `tide.save.read`, and also says what was found: "saved", "missing", or "damaged"
    /// with the name the damaged file was kept as, so the game can tell the player.
    /// @param name string
    /// @param default any?
    /// @return any: the saved value or `default`
    /// @return string: "saved", "missing" or "damaged"
    /// @return string?: when damaged, e.g. "scores.damaged-1.json"
    /// @example local scores, status = tide.save.read_status("scores", {})
    m.function("read_status") { [unowned self] lua in
      try readSave(lua)
      return 3
    }

    /// Sets aside save `name` when it reads but is not what the game expects (a board of the
    /// wrong shape): renamed to `<name>.damaged-N.json` as `tide.save.read` does with a file it
    /// cannot read (never overwritten), with a warning that gives `reason`. Returns the name it
    /// was kept as, or nil when there was no such save. Write the fresh value after it.
    /// @param name string
    /// @param reason string?: why the game refused it, for the warning
    /// @return string?: e.g. "scores.damaged-1.json"
    /// @example if not is_board(saved) then kept = tide.save.set_aside("scores", "not a board") end
    m.function("set_aside") { [unowned self] lua in
      let name = try lua.checkString(1)
      let reason = lua.isNoneOrNil(at: 2) ? "the game could not use it" : try lua.checkString(2)
      let occupied: Bool
      do {
        occupied = try store.isOccupied(name)
      } catch let error as SaveError {
        throw LuaArgumentError(arg: 1, message: error.description)
      }
      guard occupied else {
        lua.pushNil()
        return 1
      }
      do {
        lua.push(try setAsideSave(name) { "save '\(name)' was set aside (\(reason)); kept it as \($0)" })
      } catch let error as SaveError {
        throw LuaRaise("cannot set save '\(name)' aside: \(error.description)")
      }
      return 1
    }

    /// Saves `value` (nil, booleans, numbers, strings and tables of them) as `name`, atomically:
    /// a crash mid-write leaves the old file whole. What could not be read back is refused with
    /// an error and nothing is written: NaN or infinite numbers (the error names the key), a
    /// save over 8 MiB, or a new name when the game already keeps 100 saves. At most 20 set-aside
    /// files are kept; setting one more aside removes the oldest.
    /// @param name string
    /// @param value any
    /// @example tide.save.write("scores", scores)
    m.function("write") { [unowned self] lua in
      let name = try lua.checkString(1)
      let value = try saveValue(at: 2, lua: lua, path: name, depth: 0)
      do {
        try store.write(name, Data(value.jsonText().utf8))
        didWrite()
      } catch let error as SaveError {
        throw LuaRaise("cannot save '\(name)': \(error.description)")
      }
      return 0
    }
  }

  /// Reads save `name` (argument 1, default at 2) and pushes value, status and the kept file (or nil).
  private func readSave(_ lua: LuaState) throws {
    let name = try lua.checkString(1)
    let result: SaveReadResult
    do {
      result = try store.read(name)
    } catch {
      throw LuaArgumentError(arg: 1, message: error.description)
    }
    switch result {
    case .missing:
      lua.pushValue(at: 2)
      lua.push("missing")
      lua.pushNil()
    case .unusable(let reason):
      pushDamaged(name, reason: reason, lua: lua)
    case .data(let data):
      do {
        pushSaveValue(try SaveValue(jsonText: String(decoding: data, as: UTF8.self)), lua: lua)
        lua.push("saved")
        lua.pushNil()
      } catch {
        pushDamaged(name, reason: error.description, lua: lua)
      }
    }
  }

  /// Sets the damaged save aside and pushes the default, "damaged" and where it was kept.
  private func pushDamaged(_ name: String, reason: String, lua: LuaState) {
    let kept = setAsideDamagedSave(name, reason: reason)
    lua.pushValue(at: 2)
    lua.push("damaged")
    if let kept { lua.push(kept) } else { lua.pushNil() }
  }

  /// Renames save `name` out of the way (never overwriting it) and warns with `warning` of the
  /// name it was kept as, which it returns; the caller decides what a failure means.
  private func setAsideSave(_ name: String, warning: (String) -> String) throws(SaveError) -> String {
    let kept = try store.setAside(name).lastPathComponent
    errors.warn(warning(kept))
    return kept
  }

  /// Renames a damaged save out of the way (never overwriting it) and warns; returns the new name.
  @discardableResult
  func setAsideDamagedSave(_ name: String, reason: String) -> String? {
    do {
      return try setAsideSave(name) { "save '\(name)' could not be read (\(reason)); kept it as \($0) and started afresh" }
    } catch {
      errors.warn("save '\(name)' could not be read (\(reason)) nor set aside (\(error.description))")
      return nil
    }
  }

  func pushSaveValue(_ value: SaveValue, lua: LuaState) {
    // Each nesting level holds a table and a value on the stack; Lua guarantees only 20 slots.
    guard lua.ensureStack(4) else {
      lua.pushNil()
      return
    }
    switch value {
    case .null: lua.pushNil()
    case .bool(let b): lua.push(b)
    case .int(let i): lua.push(i)
    case .double(let d): lua.push(d)
    case .string(let s): lua.push(s)
    case .array(let items):
      lua.newTable(narr: Int32(items.count))
      for (i, item) in items.enumerated() {
        pushSaveValue(item, lua: lua)
        lua.rawSet(-2, index: i + 1)
      }
    case .object(let fields):
      lua.newTable(nrec: Int32(fields.count))
      for (key, item) in fields {
        pushSaveValue(item, lua: lua)
        lua.rawSet(-2, key: key)
      }
    }
  }

  /// Converts the Lua value at `index`; `path` names the spot in errors (`scores[3].name`).
  func saveValue(at index: Int32, lua: LuaState, path: String, depth: Int) throws -> SaveValue {
    guard depth < 64, lua.ensureStack(4) else {
      throw LuaArgumentError(arg: 2, message: "\(path) is nested too deeply (a cycle?)")
    }
    switch lua.type(at: index) {
    case .none, .nil: return .null
    case .boolean: return .bool(lua.toBool(at: index))
    case .number:
      if lua.isInteger(at: index), let i = lua.toInt(at: index) { return .int(i) }
      let number = lua.toDouble(at: index) ?? 0
      // JSON has no NaN or infinity: written as null, the key would be gone on the next read.
      guard number.isFinite else {
        throw LuaArgumentError(arg: 2, message: "cannot save \(NumberRange.format(number)) (at \(path)): a save holds finite numbers only")
      }
      return .double(number)
    case .string: return .string(lua.toString(at: index) ?? "")
    case .table where !lua.isObject(at: index):  // a sprite is a table too, but no data
      let table = lua.absIndex(index)
      let n = lua.rawLength(table)
      var count = 0
      var fields: [String: SaveValue] = [:]
      var failure: Error?
      lua.forEachPair(table) { k, v in
        guard failure == nil else { return }
        count += 1
        if lua.type(at: k) == .string, let key = lua.toString(at: k) {
          do { fields[key] = try saveValue(at: v, lua: lua, path: "\(path).\(key)", depth: depth + 1) } catch { failure = error }
        } else if lua.isInteger(at: k), let i = lua.toInt(at: k), i >= 1, i <= n {
          return
        } else {
          failure = LuaArgumentError(arg: 2, message: "\(path) has a key that is neither a name nor a list index")
        }
      }
      if let failure { throw failure }
      if n > 0 {
        guard fields.isEmpty, count == n else {
          throw LuaArgumentError(arg: 2, message: "\(path) mixes a list with named fields; save one or the other")
        }
        var items: [SaveValue] = []
        for i in 1...n {
          lua.rawGet(table, index: i)
          defer { lua.pop(1) }
          items.append(try saveValue(at: lua.absIndex(-1), lua: lua, path: "\(path)[\(i)]", depth: depth + 1))
        }
        return .array(items)
      }
      return .object(fields)
    default:
      throw LuaArgumentError(arg: 2, message: "cannot save a \(lua.typeName(at: index)) (at \(path))")
    }
  }
}
