import LuaBridge
import TideCore

extension Random {
  /// `tide.random`: the game's seeded generator (xoshiro256**), so runs with one seed repeat exactly.
  func install() {
    let m = module("tide.random")

    /// A whole number from `lo` to `hi`, both included.
    /// @param lo integer
    /// @param hi integer
    /// @return integer
    /// @example local die = tide.random.int(1, 6)
    m.function("int") { [unowned self] lua in try RandomDraws.randomInt(lua, &game) }

    /// A float in [0, 1), or in [lo, hi) when both are given.
    /// @param lo number?: ±1e300
    /// @param hi number?: ±1e300
    /// @return number
    /// @example local x = tide.random.float(40, 350)
    m.function("float") { [unowned self] lua in try RandomDraws.randomFloat(lua, &game) }

    /// One item of a list, each equally likely.
    /// @param list table: a non-empty sequence
    /// @return any
    /// @example local robot = tide.random.pick({ "rock", "paper", "scissors" })
    m.function("pick") { [unowned self] lua in try RandomDraws.randomPick(lua, &game) }

    /// Shuffles a list in place (Fisher-Yates) and returns it.
    /// @param list table: a sequence
    /// @return table: the same list
    /// @example local order = tide.random.shuffle({ 1, 2, 3, 4 })
    m.function("shuffle") { [unowned self] lua in
      try lua.checkTable(1)
      let n = lua.rawLength(1)
      var order = Array(1...max(n, 1)).prefix(n).map { $0 }
      game.shuffle(&order)
      // Read every value first, then write them back in the new order.
      for i in order { lua.rawGet(1, index: i) }
      for slot in stride(from: n, through: 1, by: -1) { lua.rawSet(1, index: slot) }
      lua.pushValue(at: 1)
      return 1
    }

    /// One item of a list, chosen with probability proportional to its `field`.
    /// @param list table: items like `{ colour = "red", probability = 40 }`
    /// @param field string: the name of the weight field (weights from 0 to 1e300)
    /// @return any: the chosen item
    /// @example local bubble = tide.random.weighted(colours, "probability")
    m.function("weighted") { [unowned self] lua in
      try lua.checkTable(1)
      let field = try lua.checkString(2)
      let n = lua.rawLength(1)
      guard n > 0 else { throw LuaArgumentError(arg: 1, message: "list is empty") }
      var weights: [Double] = []
      weights.reserveCapacity(n)
      for i in 1...n {
        lua.rawGet(1, index: i)
        guard lua.type(at: -1) == .table else {
          throw LuaArgumentError(arg: 1, message: "item \(i) is \(lua.typeName(at: -1)), not a table")
        }
        lua.rawGet(-1, key: field)
        guard let w = try lua.rangedNumber(at: -1, "item \(i): '\(field)'", in: Limits.weight, arg: 1) else {
          throw LuaArgumentError(arg: 1, message: "item \(i): '\(field)' must be a non-negative number, got \(lua.typeName(at: -1))")
        }
        weights.append(w)
        lua.pop(2)
      }
      guard let index = game.weightedIndex(weights) else {
        throw LuaArgumentError(arg: 1, message: "every '\(field)' is zero")
      }
      lua.rawGet(1, index: index + 1)
      return 1
    }
  }
}

/// The bodies of tide.random.int, float and pick, on whichever stream they draw from: the
/// game's, or a bot's own (BotDriver, a tool), so both check and answer alike.
package enum RandomDraws {
  package static func randomInt(_ lua: LuaState, _ stream: inout TideRandom) throws -> Int32 {
    let lo = try lua.checkInt(1)
    let hi = try lua.checkInt(2)
    guard lo <= hi else { throw LuaArgumentError(arg: 2, message: "interval is empty (\(lo) > \(hi))") }
    lua.push(stream.int(lo...hi))
    return 1
  }

  package static func randomFloat(_ lua: LuaState, _ stream: inout TideRandom) throws -> Int32 {
    if lua.isNoneOrNil(at: 1) {
      lua.push(stream.float())
    } else {
      let lo = try lua.checkNumber(1, "lo", in: Limits.randomBound)
      let hi = try lua.checkNumber(2, "hi", in: Limits.randomBound)
      lua.push(stream.float(lo, hi))
    }
    return 1
  }

  package static func randomPick(_ lua: LuaState, _ stream: inout TideRandom) throws -> Int32 {
    try lua.checkTable(1)
    let n = lua.rawLength(1)
    guard n > 0 else { throw LuaArgumentError(arg: 1, message: "list is empty") }
    lua.rawGet(1, index: stream.index(n) + 1)
    return 1
  }
}
