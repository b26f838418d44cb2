import Foundation
import XCTest

@testable import TideServe

#if canImport(Glibc)
  import Glibc
#endif

/// The outlet that writes the hub's messages to a page's socket, on one end of a socket pair:
/// nothing before the upgrade's answer, whole frames only, a slow page losing messages rather
/// than queuing them, and the socket let go at the close.
final class PageOutletTests: XCTestCase {
  func testMessagesWaitForTheUpgradeGoWholeAndTheCloseLetsTheSocketGo() async throws {
    var ends: [Int32] = [0, 0]
    XCTAssertEqual(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends), 0)
    let (server, page) = (ends[0], ends[1])
    defer { Glibc.close(page) }
    _ = fcntl(server, F_SETFL, fcntl(server, F_GETFL) | O_NONBLOCK)
    var small: Int32 = 4096
    setsockopt(server, SOL_SOCKET, SO_SNDBUF, &small, socklen_t(MemoryLayout<Int32>.size))
    let outlet = PageOutlet(socket: dup(server))

    outlet.send("hello")
    XCTAssertEqual(Self.read(page), [], "nothing before FlyingFox asks for a frame (its upgrade answer goes first)")
    let stream = Task { await outlet.next() }
    try await Task.sleep(nanoseconds: 100_000_000)
    XCTAssertEqual(Self.read(page), [0x81, 5] + Array("hello".utf8))
    outlet.send(String(repeating: "x", count: 300))
    XCTAssertEqual(Self.read(page), [0x81, 126, 0x01, 0x2C] + Array(repeating: UInt8(ascii: "x"), count: 300))

    // A page that reads nothing: messages are dropped whole, and what did go reads as frames.
    let letters = Array("abcdefghijklmnopqrst".utf8)
    for letter in letters { outlet.send(String(repeating: Character(Unicode.Scalar(letter)), count: 70_000)) }
    XCTAssertTrue(outlet.takeLost(), "a full socket loses messages")
    XCTAssertFalse(outlet.takeLost(), "told once")
    var received: [UInt8] = []
    for _ in 0..<200 {
      outlet.flush()
      let more = Self.read(page)
      if more.isEmpty { break }
      received += more
    }
    var offset = 0
    var payloads: [[UInt8]] = []
    while offset < received.count {
      XCTAssertEqual(received[offset], 0x81)
      XCTAssertEqual(received[offset + 1], 126 + 1, "a 70 000 byte message has an 8-byte length")
      let length = received[(offset + 2)..<(offset + 10)].reduce(0) { $0 << 8 | Int($1) }
      payloads.append(Array(received[(offset + 10)..<(offset + 10 + length)]))
      offset += 10 + length
    }
    XCTAssertEqual(offset, received.count, "whole frames only")
    XCTAssertFalse(payloads.isEmpty)
    XCTAssertLessThan(payloads.count, letters.count)
    for payload in payloads { XCTAssertEqual(Set(payload).count, 1, "one message each, never two interleaved") }

    outlet.close(reason: "bye")
    XCTAssertEqual(Self.read(page), [0x88, 5, 0x0F, 0xA0] + Array("bye".utf8), "4000, the server's reason")
    let end = await stream.value
    XCTAssertNil(end, "the stream ends, and FlyingFox closes its own socket")
    outlet.send("late")
    Glibc.close(server)
    var byte: UInt8 = 0
    XCTAssertEqual(Glibc.read(page, &byte, 1), 0, "the outlet let its copy of the socket go: the page sees the end")
  }

  func testWithoutASocketTheStreamCarriesTheMessages() async {
    let outlet = PageOutlet(socket: -1)
    outlet.send("one")
    outlet.send("two")
    let first = await outlet.next()
    let second = await outlet.next()
    XCTAssertEqual(first?.payload, Data("one".utf8))
    XCTAssertEqual(second?.payload, Data("two".utf8))
    outlet.close(reason: "")
    let close = await outlet.next()
    XCTAssertEqual(close?.payload, Data([0x03, 0xE8]), "1000, a normal closure")
    let end = await outlet.next()
    XCTAssertNil(end)
  }

  /// What the page's end has to read now.
  private static func read(_ socket: Int32) -> [UInt8] {
    var out: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      var ready = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
      guard poll(&ready, 1, 20) > 0 else { return out }
      let count = Glibc.read(socket, &buffer, buffer.count)
      guard count > 0 else { return out }
      out += buffer[0..<count]
    }
  }
}
