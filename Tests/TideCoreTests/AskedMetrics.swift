import TideCore

/// The approximate metrics, noting each string and size they are asked to measure
/// ("Play@24.0"): what a test needs to see measured, or not.
final class AskedMetrics: TextMetrics {
  let base = ApproximateTextMetrics()
  var asked: [String] = []
  func measure(_ text: String, size: Double) -> (width: Double, height: Double) {
    asked.append("\(text)@\(size)")
    return base.measure(text, size: size)
  }
}
