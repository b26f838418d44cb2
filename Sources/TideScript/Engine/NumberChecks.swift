import LuaBridge
import TideCore

// The one boundary for numbers coming from Lua: every binding reads its numbers through these,
// each with the `NumberRange` (from `Limits`) that makes it safe for the engine, so no NaN,
// infinity or huge value gets past the argument check. Errors keep Lua's wording:
// `bad argument #1 to 'every' (interval must be a finite number from 0.001 to 1000000, got 1e-300)`.
extension LuaState {
  /// Argument `arg`, a number (or numeric string) in `range`; `name` names it in the error.
  package func checkNumber(_ arg: Int32, _ name: String, in range: NumberRange) throws -> Double {
    if range.integer { return Double(try checkInt(arg, name, in: range)) }
    let value = try checkNumber(arg)
    if let complaint = range.complaint(name, value) { throw argumentError(arg, complaint) }
    return value
  }

  /// Argument `arg` as `checkNumber(_:_:in:)`, or `default` when nil or absent.
  func optNumber(_ arg: Int32, _ name: String, in range: NumberRange, default value: Double) throws -> Double {
    isNoneOrNil(at: arg) ? value : try checkNumber(arg, name, in: range)
  }

  /// Argument `arg`, a whole number in `range` (integers, integral floats, numeric strings).
  func checkInt(_ arg: Int32, _ name: String, in range: NumberRange) throws -> Int {
    if isInteger(at: arg), let value = toInt(at: arg) {
      if let complaint = range.complaint(name, value) { throw argumentError(arg, complaint) }
      return value
    }
    let value = try checkNumber(arg)
    let whole = NumberRange(integers: Int(range.bounds.lowerBound)...Int(range.bounds.upperBound))
    if let complaint = whole.complaint(name, value) { throw argumentError(arg, complaint) }
    return Int(value)  // integral and within ±2^53: exact
  }

  /// Argument `arg` as `checkInt(_:_:in:)`, or `default` when nil or absent.
  package func optInt(_ arg: Int32, _ name: String, in range: NumberRange, default value: Int) throws -> Int {
    isNoneOrNil(at: arg) ? value : try checkInt(arg, name, in: range)
  }

  /// Field `key` of the optional options table at `arg`, a number in `range`, or `default`.
  package func optNumberField(_ arg: Int32, _ key: String, in range: NumberRange, default value: Double) throws -> Double {
    guard type(at: arg) == .table else {
      if isNoneOrNil(at: arg) { return value }
      throw typeError(arg, expected: "table")
    }
    defer { pop() }
    if rawGet(arg, key: key) == .nil { return value }
    guard let number = try rangedNumber(at: -1, key, in: range, arg: arg) else {
      throw argumentError(arg, "'\(key)' must be a number, got \(typeName(at: -1))")
    }
    return number
  }

  /// The number at stack `index` (not converted from strings), checked against `range`:
  /// nil when it is not a number; throws an error for argument `arg` when out of range.
  /// `name` is only built for an error: callers name list entries (`"size[2]"`), and building
  /// that string for every entry that passes was most of reading an emitter table.
  func rangedNumber(at index: Int32, _ name: @autoclosure () -> String, in range: NumberRange, arg: Int32) throws -> Double? {
    guard type(at: index) == .number, let value = toDouble(at: index) else { return nil }
    let exact = isInteger(at: index) ? toInt(at: index) : nil
    if let complaint = rangeComplaint(name, value, integerAt: exact, range) { throw argumentError(arg, complaint) }
    return value
  }

  /// The complaint about a value, naming an integer exactly (math.mininteger does not round).
  private func rangeComplaint(_ name: () -> String, _ value: Double, integerAt exact: Int?, _ range: NumberRange) -> String? {
    if let exact { return range.contains(exact) ? nil : range.complaint(name(), exact) }
    return range.contains(value) ? nil : range.complaint(name(), value)
  }
}
