import Foundation
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `tide run --serve` as an author types it: it prints an address, and that address serves the
/// page.
final class ServeCLITests: XCTestCase {
  private static let tapper = CLITests.root.appendingPathComponent("Tests/TideServeTests/Fixtures/tapper")

  func testHeadlessServePrintsAnAddressThatServesThePage() throws {
    let process = Process()
    process.executableURL = CLITests.tideBinary
    process.arguments = ["run", Self.tapper.path, "--headless", "--serve", "--port", "0", "--bind", "127.0.0.1", "--quit-after", "20"]
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_DATA_HOME"] = FileManager.default.temporaryDirectory.appendingPathComponent("tide-cli-data").path
    process.environment = environment
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    defer { if process.isRunning { process.terminate() } }

    var printed = ""
    let deadline = Date().addingTimeInterval(30)
    while Date() < deadline, !printed.contains("?k=") {
      let chunk = out.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      printed += String(decoding: chunk, as: UTF8.self)
    }
    XCTAssertTrue(printed.contains("listening on 127.0.0.1, port "), printed)
    let address = try XCTUnwrap(printed.split(whereSeparator: \.isWhitespace).first { $0.hasPrefix("http://127.0.0.1:") }, printed)
    let (page, status) = try Self.get(String(address))
    XCTAssertEqual(status, 200)
    XCTAssertTrue(page.contains("<canvas"))
    let withoutKey = String(address.prefix { $0 != "?" })
    XCTAssertEqual(try Self.get(withoutKey).status, 403, "nothing is served without the key")
  }

  /// The server is `tide-serve`'s: `tide` and `tide-player` load no networking stack (its
  /// libcurl, TLS, Kerberos and LDAP libraries cost every start), and a `tide` without
  /// `tide-serve` beside it or on PATH says so in one line.
  func testTheServerIsAProgramOfItsOwn() throws {
    let products = CLITests.tideBinary.deletingLastPathComponent()
    for binary in ["tide", "tide-player", "tide-serve"] {
      let ldd = Process()
      ldd.executableURL = URL(fileURLWithPath: "/usr/bin/ldd")
      ldd.arguments = [products.appendingPathComponent(binary).path]
      let out = Pipe()
      ldd.standardOutput = out
      try ldd.run()
      let libraries = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      ldd.waitUntilExit()
      let networking = ["libFoundationNetworking", "libcurl", "libgnutls"].filter { libraries.contains($0) }
      if binary == "tide-serve" {
        XCTAssertEqual(networking.count, 3, "tide-serve's HTTP server links FoundationNetworking: \(libraries)")
      } else {
        XCTAssertEqual(networking, [], "\(binary) loads the networking stack")
      }
    }

    let alone = FileManager.default.temporaryDirectory.appendingPathComponent("tide-alone-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: alone, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: alone) }
    let tide = alone.appendingPathComponent("tide")
    try FileManager.default.linkItem(at: CLITests.tideBinary, to: tide)
    let process = Process()
    process.executableURL = tide
    process.arguments = ["run", Self.tapper.path, "--headless", "--serve", "--port", "0"]
    process.environment = ["PATH": "/usr/bin:/bin"]
    let err = Pipe()
    process.standardError = err
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let said = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 1)
    XCTAssertEqual(said, "tide: --serve needs the tide-serve program beside tide or on PATH (swift build builds it)\n")
  }

  func testServeRefusesOptionsForRecordedRuns() throws {
    let result = try tide(["run", Self.tapper.path, "--headless", "--serve", "--runs", "3"])
    XCTAssertNotEqual(result.status, 0)
    XCTAssertTrue(result.stderr.contains("--serve plays live sessions"), result.stderr)
  }

  private static func get(_ address: String) throws -> (body: String, status: Int) {
    let url = try XCTUnwrap(URL(string: address))
    let done = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var answer: (String, Int) = ("", 0)
    URLSession.shared.dataTask(with: url) { data, response, _ in
      answer = (String(decoding: data ?? Data(), as: UTF8.self), (response as? HTTPURLResponse)?.statusCode ?? 0)
      done.signal()
    }.resume()
    _ = done.wait(timeout: .now() + 10)
    return answer
  }
}
