/// Measures text so text nodes know their size; the SDL backend supplies a TTF-based one.
public protocol TextMetrics {
  /// The size of `text` drawn at `size` points; lines are separated by "\n".
  func measure(_ text: String, size: Double) -> (width: Double, height: Double)
}
