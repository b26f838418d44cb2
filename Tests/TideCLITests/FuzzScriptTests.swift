import Foundation
import XCTest

/// Scripts/fuzz reports a hang and a crash when a run really hangs or crashes, shown
/// with stand-ins for tide that do just that.
final class FuzzScriptTests: XCTestCase {
  private func fuzz(with stand: String) throws -> (status: Int32, output: String) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tide-fuzz-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let fake = folder.appendingPathComponent("tide")
    try "#!/bin/sh\n\(stand)\n".write(to: fake, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake.path)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["Scripts/fuzz", "--seeds", "1", "--calls", "10", "--modes", "headless", "--tide", fake.path]
    process.currentDirectoryURL = CLITests.root
    var environment = ProcessInfo.processInfo.environment
    environment["FUZZ_LIMIT"] = "2"
    process.environment = environment
    let out = Pipe()
    process.standardOutput = out
    process.standardError = out
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  func testAHangIsReported() throws {
    let result = try fuzz(with: "sleep 30")
    XCTAssertNotEqual(result.status, 0, result.output)
    XCTAssertTrue(result.output.contains("hangs=1"), result.output)
    XCTAssertTrue(result.output.contains("fuzz: hang (over 2s)"), result.output)
  }

  func testACrashIsReported() throws {
    let result = try fuzz(with: "kill -SEGV $$")
    XCTAssertNotEqual(result.status, 0, result.output)
    XCTAssertTrue(result.output.contains("crashes=1"), result.output)
    XCTAssertTrue(result.output.contains("crash (signal 11)"), result.output)
  }

  func testACleanRunIsClean() throws {
    let result = try fuzz(with: "echo 'FUZZ calls=10 errors=3 targets=1 methods=1'")
    XCTAssertEqual(result.status, 0, result.output)
    XCTAssertTrue(result.output.contains("calls=10 errors=3 crashes=0 hangs=0"), result.output)
  }
}
