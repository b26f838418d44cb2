import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A WebSocket client over a plain blocking socket, to 127.0.0.1 only: what drives a local
/// headless browser through its DevTools endpoint, and what the tests' stand-in page speaks. Foundation's URLSessionWebSocketTask needs a
/// libcurl built with WebSockets, which Debian's is not.
final class BlockingWebSocket {
  private var fd: Int32 = -1
  private var buffer: [UInt8] = []

  struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
  }

  struct Timeout: Error, CustomStringConvertible {
    var description: String { "no answer in time" }
  }

  /// Connects to `127.0.0.1:port` and asks for `path` as a WebSocket.
  init(port: UInt16, path: String, timeout: Double = 10) throws {
    fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw Failure("socket failed") }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard connected == 0 else {
      close()
      throw Failure("cannot connect to 127.0.0.1:\(port)")
    }
    var one: Int32 = 1
    setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
    let key = Data((0..<16).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
    try write(Array((
      "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
      + "Sec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n\r\n").utf8))
    let deadline = Date().addingTimeInterval(timeout)
    while true {
      if let end = headerEnd() {
        let head = String(decoding: buffer[..<end], as: UTF8.self)
        buffer.removeFirst(end + 4)
        guard head.split(separator: " ").dropFirst().first == "101" else {
          close()
          throw Failure("the upgrade was refused: \(head.prefix(80))")
        }
        return
      }
      try fill(until: deadline)
    }
  }

  deinit { close() }

  private func headerEnd() -> Int? {
    guard buffer.count >= 4 else { return nil }
    for i in 0...(buffer.count - 4) where buffer[i] == 13 && buffer[i + 1] == 10 && buffer[i + 2] == 13 && buffer[i + 3] == 10 {
      return i
    }
    return nil
  }

  private func write(_ bytes: [UInt8]) throws {
    guard fd >= 0 else { throw Failure("the connection is closed") }
    var sent = 0
    while sent < bytes.count {
      let n = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      guard n > 0 else { throw Failure("the connection is closed") }
      sent += n
    }
  }

  private func fill(until deadline: Date) throws {
    guard fd >= 0 else { throw Failure("the connection is closed") }
    var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    let wait = Int32(max(0, deadline.timeIntervalSinceNow) * 1000)
    guard poll(&poller, 1, wait) > 0 else { throw Timeout() }
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
    guard n > 0 else { throw Failure("the connection is closed") }
    buffer += chunk[..<n]
  }

  private func take(_ count: Int, until deadline: Date) throws -> [UInt8] {
    while buffer.count < count { try fill(until: deadline) }
    let taken = Array(buffer[..<count])
    buffer.removeFirst(count)
    return taken
  }

  /// Sends a text message, masked as a client must.
  func send(_ text: String) throws {
    let payload = Array(text.utf8)
    var frame: [UInt8] = [0x81]
    if payload.count < 126 {
      frame.append(0x80 | UInt8(payload.count))
    } else if payload.count <= 0xffff {
      frame += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xff)]
    } else {
      frame.append(0x80 | 127)
      frame += (0..<8).reversed().map { UInt8((payload.count >> ($0 * 8)) & 0xff) }
    }
    let mask = (0..<4).map { _ in UInt8.random(in: 0...255) }
    frame += mask
    frame += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
    try write(frame)
  }

  /// The next text message, waiting until `deadline`; pings are answered, a close throws.
  func receive(until deadline: Date) throws -> String {
    guard let text = try message(until: deadline) else {
      close()
      throw Failure("the other side closed the connection")
    }
    return text
  }

  /// The next text message, or nil when the other side closes; pings are answered.
  func message(until deadline: Date) throws -> String? {
    var opcode: UInt8 = 0
    var payload: [UInt8] = []
    while true {
      let head = try take(2, until: deadline)
      let fin = head[0] & 0x80 != 0
      let frameOpcode = head[0] & 0x0f
      if frameOpcode != 0 { opcode = frameOpcode }
      var length = Int(head[1] & 0x7f)
      if length == 126 {
        let ext = try take(2, until: deadline)
        length = Int(ext[0]) << 8 | Int(ext[1])
      } else if length == 127 {
        length = try take(8, until: deadline).reduce(0) { $0 << 8 | Int($1) }
      }
      let body = try take(length, until: deadline)
      switch frameOpcode {
      case 8:
        return nil
      case 9:
        // A ping: the answer carries its payload back, masked.
        let mask = (0..<4).map { _ in UInt8.random(in: 0...255) }
        try write([0x8a, 0x80 | UInt8(min(body.count, 125))] + mask + body.prefix(125).enumerated().map { $0.element ^ mask[$0.offset % 4] })
        continue
      case 10:
        continue
      default:
        payload += body
      }
      if fin {
        if opcode == 1 { return String(decoding: payload, as: UTF8.self) }
        opcode = 0
        payload = []
      }
    }
  }

  func close() {
    guard fd >= 0 else { return }
    _ = try? write([0x88, 0x80, 0, 0, 0, 0])
    Glibc.close(fd)
    fd = -1
  }
}
