import Foundation
import TideScript

/// One test of a game that is not a Lua `it`: a replay in `tests/replays/` or a golden screen
/// in `tests/golden/`. `tide test` reports each as one test, in every format and in the counts.
public struct TestEntry: Sendable, Equatable {
  /// The file, relative to the game folder (`tests/replays/win.input`).
  public var name: String
  /// Why it failed; nil when it passed.
  public var failure: String?

  public init(name: String, failure: String? = nil) {
    self.name = name
    self.failure = failure
  }

  /// Whether it passed.
  public var passed: Bool { failure == nil }

  /// Its line in a plain report, without a newline: `ok <prefix><name>` or
  /// `FAIL <prefix><name>: why` (`prefix` is the game's folder and `/` when a report joins games).
  public func line(prefix: String = "") -> String {
    failure.map { "FAIL \(prefix)\(name): \($0)" } ?? "ok \(prefix)\(name)"
  }
}

extension GameTestRunner {
  /// A report of `entries` on their own, in `format`, for `tide test` to join to the game's
  /// Lua report: TAP and JUnit as a complete document of their own (`tide test` merges
  /// documents), plain as one line per entry (`ok <file>` or `FAIL <file>: why`), no counts.
  public static func entryReport(game displayPath: String, entries: [TestEntry], format: TestReportFormat) -> GameTestReport {
    var report = GameTestReport(game: displayPath)
    report.passed = entries.filter(\.passed).count
    report.failed = entries.count - report.passed
    let path = { (entry: TestEntry) in displayPath + "/" + entry.name }
    switch format {
    case .plain:
      report.output = entries.map { $0.line(prefix: displayPath + "/") + "\n" }.joined()
    case .tap:
      var lines = ["TAP version 13", "1..\(entries.count)"]
      for (i, entry) in entries.enumerated() {
        if let failure = entry.failure {
          lines += ["not ok \(i + 1) - \(tapDescription(path(entry)))", "  ---", "  message: \(yamlString(failure))", "  ..."]
        } else {
          lines.append("ok \(i + 1) - \(tapDescription(path(entry)))")
        }
      }
      report.output = lines.joined(separator: "\n") + "\n"
    case .junit:
      let suite = xmlEscaped(displayPath)
      let counts = "tests=\"\(entries.count)\" failures=\"\(report.failed)\" errors=\"0\" skipped=\"0\""
      var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"tide\" \(counts)>\n"
      xml += "  <testsuite name=\"\(suite)\" \(counts)>\n"
      for entry in entries {
        xml += "    <testcase name=\"\(xmlEscaped(entry.name))\" classname=\"\(xmlEscaped(path(entry)))\""
        if let failure = entry.failure {
          let message = xmlEscaped(failure)
          xml += ">\n      <failure message=\"\(message)\" type=\"failure\">\(message)</failure>\n    </testcase>\n"
        } else {
          xml += "/>\n"
        }
      }
      report.output = xml + "  </testsuite>\n</testsuites>\n"
    }
    return report
  }
}
