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
    let utf8 = Array(text.utf8.prefix(64))
    let key = Array("\"tick\":".utf8)
    guard utf8.count >= key.count else { return nil }
    for start in 0...(utf8.count - key.count) where utf8[start..<(start + key.count)].elementsEqual(key) {
      var value = 0
      var digits = 0
      for byte in utf8[(start + key.count)...] {
        guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { break }
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
        digits += 1
      }
      return digits > 0 ? value : nil
    }
    return nil
  }
}
