import Foundation

/// The values a number that enters the engine from outside (a script, an input file, the
/// command line) may take: finite, within `bounds`, and whole when `integer`.
///
/// Every such number is checked once, where it enters, against one of these; the engine then
/// never meets infinities, NaNs or magnitudes that overflow its arithmetic or its conversions
/// to `Int`, `Int32` or `Float`. The bounds are documented where each one is named (`Limits`).
public struct NumberRange: Sendable, Equatable {
  /// The smallest and largest accepted values.
  public let bounds: ClosedRange<Double>
  /// Whether only whole numbers are accepted.
  public let integer: Bool

  /// Finite numbers from `bounds.lowerBound` to `bounds.upperBound`.
  public init(_ bounds: ClosedRange<Double>) {
    precondition(bounds.lowerBound.isFinite && bounds.upperBound.isFinite, "ranges are finite")
    self.bounds = bounds
    self.integer = false
  }

  /// Whole numbers from `bounds.lowerBound` to `bounds.upperBound`.
  public init(integers bounds: ClosedRange<Int>) {
    precondition(abs(bounds.lowerBound) <= 1 << 53 && abs(bounds.upperBound) <= 1 << 53, "exact as doubles")
    self.bounds = Double(bounds.lowerBound)...Double(bounds.upperBound)
    self.integer = true
  }

  /// Whether `value` is accepted (NaN never is).
  public func contains(_ value: Double) -> Bool {
    value >= bounds.lowerBound && value <= bounds.upperBound && (!integer || value.rounded(.towardZero) == value)
  }

  /// Whether the integer `value` is accepted.
  public func contains(_ value: Int) -> Bool {
    // Whole ranges compare as integers, so math.mininteger cannot round into range; the
    // bounds are below 2^53, so rounding a huge value to Double never crosses them otherwise.
    integer ? value >= Int(bounds.lowerBound) && value <= Int(bounds.upperBound) : contains(Double(value))
  }

  /// "a finite number from -1000000 to 1000000" or "an integer from 1 to 1000000".
  public var description: String {
    if integer { return "an integer from \(Int(bounds.lowerBound)) to \(Int(bounds.upperBound))" }
    return "a finite number from \(Self.format(bounds.lowerBound)) to \(Self.format(bounds.upperBound))"
  }

  /// The complaint about `value` for the thing called `name`, or nil when it is accepted:
  /// "interval must be a finite number from 0.001 to 1000000, got 1e-300".
  public func complaint(_ name: String, _ value: Double) -> String? {
    contains(value) ? nil : "\(name) must be \(description), got \(Self.format(value))"
  }

  /// The complaint about the integer `value`, or nil when it is accepted.
  public func complaint(_ name: String, _ value: Int) -> String? {
    contains(value) ? nil : "\(name) must be \(description), got \(value)"
  }

  /// `value` as Lua's `tostring` writes a float ("%.14g"), so errors show what the script wrote.
  public static func format(_ value: Double) -> String {
    if value.isNaN { return "nan" }
    return String(format: "%.14g", value)
  }
}
