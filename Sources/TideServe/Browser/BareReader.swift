import Foundation

/// A page that only reads: it takes every message of a served session off its socket and keeps
/// none of it. With it in place of a browser on the same machine, the server's CPU is what a
/// device over the network costs it: the sending side alone, without the loopback receiver's
/// wake-ups and drawing charged to the server or sharing its cores.
public enum BareReader {
  /// Connects to `127.0.0.1:port` at `path` (`/ws?k=KEY&device=ID`) and reads until a message
  /// of tick `marks.last` or later; `reached` is called with each of `marks` (ascending) when
  /// the first message of that tick or a later one arrives.
  public static func read(port: UInt16, path: String, marks: [Int], timeout: Double = 120, reached: (Int) -> Void) throws {
    let socket = try BlockingWebSocket(port: port, path: path)
    defer { socket.close() }
    let deadline = Date().addingTimeInterval(timeout)
    var next = 0
    while next < marks.count {
      let text = try socket.receive(until: deadline)
      guard let tick = firstTick(in: text) else { continue }
      while next < marks.count, tick >= marks[next] {
        reached(marks[next])
        next += 1
      }
    }
  }

  /// The number after the first `"tick":` of a message (a frame, a delta, or a batch of them).
  static func firstTick(in text: String) -> Int? {
    let head = text.prefix(64)
    guard let key = head.range(of: "\"tick\":") else { return nil }
    return Int(head[key.upperBound...].prefix { ("0"..."9").contains($0) })
  }
}
