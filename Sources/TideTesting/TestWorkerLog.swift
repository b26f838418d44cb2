import Foundation

/// What a `tide test` worker process tells the `tide test` that started it, one JSON object a
/// line, written as it happens: a game begun, a test begun, a test's (or an error's) entry, the
/// seed busted shuffled with, a stuck engine. Written straight to the file (no buffer), so what
/// was written before the worker ended stays when something stuck in engine code ends it.
public final class TestWorkerLog: @unchecked Sendable {
  private let handle: FileHandle
  private let lock = NSLock()

  /// Appends to the file at `url`.
  public init(appendingTo url: URL) throws {
    handle = try FileHandle(forWritingTo: url)
    handle.seekToEndOfFile()
  }

  /// One line of the log.
  public enum Event: Equatable, Sendable {
    /// The worker starts the game at this index of the run's games.
    case game(Int)
    /// The test with this number (counting from 1 in its game, in the order busted runs them) begins.
    case begin(index: Int, name: String, file: String, line: Int)
    /// A result, made after `index` tests had begun.
    case entry(TestEntry, index: Int)
    /// busted's seed for the game's order.
    case seed(Int)
    /// The engine was stuck; the worker is ending.
    case stuck(String)
    /// The game's Lua tests are done (its replays and golden screens follow).
    case luaDone(outputHandler: String?)
    /// The game's tests are all done.
    case gameDone
  }

  private var entries = 0

  /// Entries written so far.
  public var entryCount: Int { lock.withLock { entries } }

  public func write(_ event: Event) {
    guard let data = try? JSONSerialization.data(withJSONObject: Self.object(event), options: []) else { return }
    lock.withLock {
      try? handle.write(contentsOf: data + Data([0x0A]))
      if case .entry = event { entries += 1 }
    }
  }

  static func object(_ event: Event) -> [String: Any] {
    switch event {
    case .game(let index): return ["game": index]
    case .begin(let index, let name, let file, let line): return ["begin": index, "name": name, "file": file, "line": line]
    case .entry(let entry, let index):
      var object: [String: Any] = [
        "entry": index, "game": entry.game, "name": entry.name, "file": entry.file, "outcome": entry.outcome.rawValue,
        "duration": entry.duration,
      ]
      if let line = entry.line { object["line"] = line }
      if let message = entry.message { object["message"] = message }
      return object
    case .seed(let seed): return ["seed": seed]
    case .stuck(let message): return ["stuck": message]
    case .luaDone(let handler): return handler.map { ["luaDone": true, "output": $0] } ?? ["luaDone": true]
    case .gameDone: return ["gameDone": true]
    }
  }

  /// The events of a log's text; a line cut off by the end of the worker is left out.
  public static func events(in text: String) -> [Event] {
    text.split(separator: "\n").compactMap { line in
      guard let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] else { return nil }
      return event(object)
    }
  }

  static func event(_ object: [String: Any]) -> Event? {
    func int(_ key: String) -> Int? { (object[key] as? NSNumber)?.intValue }
    if let index = int("game") , object["entry"] == nil { return .game(index) }
    if let index = int("begin") {
      return .begin(index: index, name: object["name"] as? String ?? "", file: object["file"] as? String ?? "", line: int("line") ?? 0)
    }
    if let index = int("entry"), let game = object["game"] as? String,
      let outcome = (object["outcome"] as? String).flatMap(TestEntry.Outcome.init(rawValue:))
    {
      let entry = TestEntry(
        game: game, name: object["name"] as? String ?? "", file: object["file"] as? String ?? game, line: int("line"),
        outcome: outcome, message: object["message"] as? String, duration: (object["duration"] as? NSNumber)?.doubleValue ?? 0)
      return .entry(entry, index: index)
    }
    if let seed = int("seed") { return .seed(seed) }
    if let message = object["stuck"] as? String { return .stuck(message) }
    if object["luaDone"] != nil { return .luaDone(outputHandler: object["output"] as? String) }
    if object["gameDone"] != nil { return .gameDone }
    return nil
  }
}
