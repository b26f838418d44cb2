import Foundation

/// Joins per-game test reports into one document, so `tide test --format junit|tap` over several
/// games still gives one valid JUnit file or one TAP stream.
enum ReportMerger {
  /// One `<testsuites>` holding every game's `<testsuite>` elements, with summed counts.
  static func junit(_ reports: [String], passed: Int, failed: Int, skipped: Int) -> String {
    var suites = ""
    var errors = 0
    var failures = 0
    for report in reports {
      guard let open = report.range(of: "<testsuites"), let openEnd = report[open.upperBound...].firstIndex(of: ">"),
        let close = report.range(of: "</testsuites>", options: .backwards)
      else { continue }
      let header = String(report[open.lowerBound...openEnd])
      failures += attribute("failures", in: header)
      errors += attribute("errors", in: header)
      suites += report[report.index(after: openEnd)..<close.lowerBound]
    }
    let total = passed + failed + skipped
    return """
      <?xml version="1.0" encoding="UTF-8"?>
      <testsuites name="tide" tests="\(total)" failures="\(failures)" errors="\(errors)" skipped="\(skipped)">\(suites)</testsuites>

      """
  }

  /// One TAP stream: the games' test lines renumbered in order, under a single plan.
  static func tap(_ reports: [String], passed: Int, failed: Int, skipped: Int) -> String {
    var lines: [String] = []
    var number = 0
    for report in reports {
      for line in report.split(separator: "\n", omittingEmptySubsequences: false) {
        if line.hasPrefix("TAP version") || line.hasPrefix("1..") || line.hasPrefix("# ") && line.contains(" passed, ") {
          continue
        }
        if let renumbered = renumber(String(line), &number) { lines.append(renumbered) } else if !line.isEmpty { lines.append(String(line)) }
      }
    }
    var skippedText = ""
    if skipped > 0 { skippedText = ", \(skipped) skipped" }
    return "TAP version 13\n1..\(number)\n" + lines.joined(separator: "\n") + "\n# \(passed) passed, \(failed) failed\(skippedText)\n"
  }

  private static func renumber(_ line: String, _ number: inout Int) -> String? {
    for prefix in ["ok ", "not ok "] where line.hasPrefix(prefix) {
      let rest = line.dropFirst(prefix.count).drop { $0.isNumber }
      number += 1
      return prefix + String(number) + rest
    }
    return nil
  }

  /// A number attribute of an opening tag: busted writes `failures='1'`, tide `failures="1"`.
  private static func attribute(_ name: String, in header: String) -> Int {
    guard let range = header.range(of: " \(name)=\"") ?? header.range(of: " \(name)='") else { return 0 }
    return Int(header[range.upperBound...].prefix { $0.isNumber }) ?? 0
  }
}
