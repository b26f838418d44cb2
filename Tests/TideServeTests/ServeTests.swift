import Foundation
import TideCore
import TideScript
import XCTest

@testable import TideServe

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Plays the Tapper fixture through a real server on loopback, with a real WebSocket client, as
/// a page would: frames come in, taps go out, the game answers.
final class ServeTests: XCTestCase {
  static let tapper = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/tapper")

  var server: GameServer?
  var port: UInt16 = 0
  var saves: URL?
  let log = LogLines()

  override func setUp() async throws {
    try await startServer(game: Self.tapper, watch: false)
  }

  func startServer(
    game: URL, watch: Bool, textFont: URL? = nil, emojiFont: URL? = nil, timing: HubTiming? = nil
  ) async throws {
    await server?.stop()
    let saves = FileManager.default.temporaryDirectory.appendingPathComponent("tide-serve-\(UUID().uuidString)")
    if let old = self.saves { try? FileManager.default.removeItem(at: old) }
    self.saves = saves
    var options = EngineOptions()
    options.logErrors = false
    let log = self.log
    let maker = SessionHub.engineMaker(gameDirectory: game, options: options, watch: watch, log: { log.append($0) }) {
      HeadlessBackend(assetDirectory: game.appendingPathComponent("assets"))
    }
    var hubOptions = SessionHub.Options(gameDirectory: game, saveBase: saves)
    hubOptions.limit = 3
    hubOptions.timing = timing
    let hub = SessionHub(options: hubOptions, makeEngine: maker) { log.append($0) }
    let server = try GameServer(
      address: "127.0.0.1", port: 0, hub: hub, gameDirectory: game, textFont: textFont, emojiFont: emojiFont)
    port = try await server.start()
    self.server = server
  }

  override func tearDown() async throws {
    await server?.stop()
    if let saves { try? FileManager.default.removeItem(at: saves) }
  }

  func page(device: String, key: String? = nil) throws -> PageClient {
    let server = try XCTUnwrap(server)
    let client = try PageClient(port: port, target: "/ws?k=\(key ?? server.key)&device=\(device)")
    XCTAssertEqual(client.status, 101, "the server took the WebSocket")
    return client
  }

  func testAFrameShowsTheGamesSpritesAndATapChangesIt() throws {
    let page = try page(device: "device-one-0001")
    defer { page.close() }
    let hello = try page.next { $0["t"] as? String == "hello" }
    XCTAssertEqual(hello["v"] as? Int, ServeProtocol.version)
    XCTAssertEqual(hello["w"] as? Double, 400)
    XCTAssertEqual(hello["h"] as? Double, 600)
    XCTAssertEqual(hello["title"] as? String, "Tapper")

    let first = try page.next { Self.text(in: $0, startingWith: "taps:") != nil }
    XCTAssertEqual(first["bg"] as? String, "#102030ff")
    XCTAssertEqual(Self.text(in: first, startingWith: "taps:"), "taps: 0")
    let items = try XCTUnwrap(first["items"] as? [[String: Any]])
    let button = try XCTUnwrap(items.first { $0["k"] as? String == "rect" })
    XCTAssertEqual(button["m"] as? [Double], [1, 0, 0, 1, 100, 100])
    XCTAssertEqual(button["w"] as? Double, 200)
    XCTAssertEqual(button["fill"] as? String, "#1e5bd6ff")
    XCTAssertEqual(button["r"] as? Double, 12)
    let image = try XCTUnwrap(items.first { $0["k"] as? String == "image" })
    XCTAssertEqual(image["img"] as? String, "assets/rabbit.jpg")
    XCTAssertEqual(image["w"] as? Double, 45, "sized from the file, as in the window")

    // A finger the browser calls 31 is the game's finger 1.
    try page.send(#"{"t":"down","p":31,"x":200,"y":150}"#)
    try page.send(#"{"t":"up","p":31,"x":200,"y":150}"#)
    let tapped = try page.next { Self.text(in: $0, startingWith: "taps:") == "taps: 1" }
    XCTAssertEqual(Self.text(in: tapped, startingWith: "fingers:"), "fingers: 1")
    // The tap's sound follows the frame that shows it, as the file the page fetches.
    let sound = try page.next { $0["t"] as? String == "play" }
    XCTAssertEqual(sound["src"] as? String, "assets/click.wav")
    XCTAssertEqual(sound["vol"] as? Double, 0.5)
    XCTAssertEqual(sound["loops"] as? Int, 0)
    XCTAssertEqual(page.lastMessageTypes, ["delta", "play"], "a tick's messages go as one")

    try page.send(#"{"t":"text","s":"z"}"#)
    _ = try page.next { Self.text(in: $0, startingWith: "typed") == "typed z" }

    // After the first frame only what changed is sent: the labels' text, never the still
    // button, and of a label only its changed fields.
    XCTAssertFalse(page.deltas.isEmpty)
    let labels = Set(items.filter { $0["k"] as? String == "text" }.compactMap { $0["id"] as? Int })
    for delta in page.deltas {
      let sent = delta["items"] as? [[String: Any]] ?? []
      XCTAssertTrue(Set(sent.compactMap { $0["id"] as? Int }).isSubset(of: labels), "\(delta)")
      for item in sent { XCTAssertTrue(Set(item.keys).isSubset(of: ["id", "text", "w", "h"]), "\(delta)") }
    }
  }

  /// `tide bench serve` splits a served tick's CPU by part: each part of a tick the page sees
  /// takes some, and the ticks are counted.
  func testTheHubTimesEachPartOfItsTicksWhenAsked() async throws {
    let timing = HubTiming()
    try await startServer(game: Self.tapper, watch: false, timing: timing)
    let page = try page(device: "device-timed-0001")
    defer { page.close() }
    _ = try page.next { Self.text(in: $0, startingWith: "taps:") == "taps: 0" }
    try page.send(#"{"t":"down","p":1,"x":200,"y":150}"#)
    try page.send(#"{"t":"up","p":1,"x":200,"y":150}"#)
    _ = try page.next { Self.text(in: $0, startingWith: "taps:") == "taps: 1" }
    // Ticks go on at 60 a second whether or not the page is sent anything.
    let before = timing.now
    let deadline = Date().addingTimeInterval(5)
    while (timing.now - before).ticks < 6, Date() < deadline { try await Task.sleep(nanoseconds: 20_000_000) }
    XCTAssertGreaterThanOrEqual((timing.now - before).ticks, 6, "ticks counted")
    XCTAssertGreaterThan(timing.now.stepping, 0)
    XCTAssertGreaterThan(timing.now.picture, 0)
    XCTAssertGreaterThan(timing.now.sending, 0)
    XCTAssertGreaterThan(timing.now.waiting, 0)
  }

  func testTwoBrowsersPlayTwoSessionsWithTheirOwnSaves() throws {
    let one = try page(device: "device-one-0001")
    let two = try page(device: "device-two-0002")
    defer {
      one.close()
      two.close()
    }
    let helloOne = try one.next { $0["t"] as? String == "hello" }
    let helloTwo = try two.next { $0["t"] as? String == "hello" }
    XCTAssertNotEqual(helloOne["session"] as? Int, helloTwo["session"] as? Int)
    _ = try two.next { Self.text(in: $0, startingWith: "taps:") == "taps: 0" }

    try one.send(#"{"t":"down","x":150,"y":150}"#)
    try one.send(#"{"t":"up","x":150,"y":150}"#)
    let tapped = try one.next { Self.text(in: $0, startingWith: "taps:") == "taps: 1" }
    XCTAssertEqual(Self.text(in: tapped, startingWith: "fingers:"), "fingers: mouse")

    // The second game went on without the tap: a tick later it still shows none.
    try two.send(#"{"t":"move","x":1,"y":1}"#)
    try two.send(#"{"t":"down","p":4,"x":5,"y":5}"#)
    let other = try two.next { Self.text(in: $0, startingWith: "fingers:") == "fingers: 1" }
    XCTAssertEqual(Self.text(in: other, startingWith: "taps:"), "taps: 0")

    let saves = try XCTUnwrap(saves)
    let kept = saves.appendingPathComponent("devices/device-one-0001")
    XCTAssertTrue(FileManager.default.fileExists(atPath: kept.path), "the first device's save folder")
    XCTAssertFalse(FileManager.default.fileExists(atPath: saves.appendingPathComponent("devices/device-two-0002/taps.json").path))
    XCTAssertEqual(log.lines.filter { $0.contains("seed") }.count, 2, "each session's seed is printed: \(log.lines)")
  }

  func testAReconnectingDeviceResumesItsSession() throws {
    let first = try page(device: "device-back-0003")
    let hello = try first.next { $0["t"] as? String == "hello" }
    try first.send(#"{"t":"down","p":1,"x":150,"y":150}"#)
    try first.send(#"{"t":"up","p":1,"x":150,"y":150}"#)
    _ = try first.next { Self.text(in: $0, startingWith: "taps:") == "taps: 1" }
    first.close()

    let again = try page(device: "device-back-0003")
    defer { again.close() }
    let back = try again.next { $0["t"] as? String == "hello" }
    XCTAssertEqual(back["session"] as? Int, hello["session"] as? Int)
    XCTAssertEqual(back["resumed"] as? Bool, true)
    _ = try again.next { Self.text(in: $0, startingWith: "taps:") == "taps: 1" }
  }

  func testABrokenPageLosesOnlyItsOwnConnection() throws {
    let good = try page(device: "device-good-0004")
    let bad = try page(device: "device-bad-00005")
    defer { good.close() }
    _ = try good.next { $0["t"] as? String == "hello" }
    _ = try bad.next { $0["t"] as? String == "hello" }
    try bad.send(#"{"t":"down","x":"everywhere"}"#)
    XCTAssertTrue(bad.closesSoon())
    // The hub hears of it on its own thread, a moment after the connection closed.
    let deadline = Date().addingTimeInterval(5)
    while Date() < deadline, !log.lines.contains(where: { $0.contains("bad message from the page") }) {
      Thread.sleep(forTimeInterval: 0.02)
    }
    XCTAssertTrue(log.lines.contains { $0.contains("bad message from the page") }, "\(log.lines)")

    try good.send(#"{"t":"down","x":150,"y":150}"#)
    try good.send(#"{"t":"up","x":150,"y":150}"#)
    _ = try good.next { Self.text(in: $0, startingWith: "taps:") == "taps: 1" }
  }

  func testAFloodingPageIsClosed() throws {
    let flood = try page(device: "device-flood-0008")
    _ = try flood.next { $0["t"] as? String == "hello" }
    for _ in 0...PageInput.maxPerSecond {
      guard (try? flood.send(#"{"t":"move","x":1,"y":1}"#)) != nil else { break }
    }
    XCTAssertTrue(flood.closesSoon())
  }

  func testMoreBrowsersThanTheLimitAreTurnedAway() throws {
    let pages = try (1...3).map { try page(device: "device-full-000\($0)") }
    defer { pages.forEach { $0.close() } }
    for page in pages { _ = try page.next { $0["t"] as? String == "hello" } }
    let late = try page(device: "device-late-0009")
    let refused = try late.next { $0["t"] as? String == "error" }
    XCTAssertTrue((refused["message"] as? String ?? "").contains("3 players"), "\(refused)")
    XCTAssertTrue(late.closesSoon())
  }

  func testThePageAndAssetsNeedTheKeyAndStayInTheAssetsFolder() async throws {
    let server = try XCTUnwrap(server)
    let base = "http://127.0.0.1:\(port)"
    let (page, pageStatus) = try await Self.get("\(base)/?k=\(server.key)")
    XCTAssertEqual(pageStatus, 200)
    XCTAssertTrue(String(decoding: page, as: UTF8.self).contains("<canvas"))
    let (_, noKey) = try await Self.get("\(base)/")
    XCTAssertEqual(noKey, 403)
    let (_, wrongKey) = try await Self.get("\(base)/assets/rabbit.jpg?k=nope")
    XCTAssertEqual(wrongKey, 403)
    let (image, imageStatus) = try await Self.get("\(base)/assets/rabbit.jpg?k=\(server.key)")
    XCTAssertEqual(imageStatus, 200)
    XCTAssertEqual(image, try Data(contentsOf: Self.tapper.appendingPathComponent("assets/rabbit.jpg")))
    for escape in ["assets/../main.lua", "assets/%2e%2e/main.lua", "assets/..%2Fconf.lua", "main.lua"] {
      let (_, status) = try await Self.get("\(base)/\(escape)?k=\(server.key)")
      XCTAssertEqual(status, 404, escape)
    }
    let (_, noSocket) = try await Self.get("\(base)/ws?k=\(server.key)&device=../../etc")
    XCTAssertEqual(noSocket, 400)
  }

  func testASavedFileReloadsTheSessionOnThePage() async throws {
    let game = FileManager.default.temporaryDirectory.appendingPathComponent("tide-serve-game-\(UUID().uuidString)")
    try FileManager.default.copyItem(at: Self.tapper, to: game)
    defer { try? FileManager.default.removeItem(at: game) }
    try await startServer(game: game, watch: true)
    let page = try page(device: "device-edit-0006")
    defer { page.close() }
    _ = try page.next { Self.text(in: $0, startingWith: "taps:") == "taps: 0" }
    let main = game.appendingPathComponent("main.lua")
    try (try String(contentsOf: main, encoding: .utf8) + "\n-- saved again\n").write(to: main, atomically: true, encoding: .utf8)
    _ = try page.next { Self.text(in: $0, startingWith: "reloaded") == "reloaded at 0" }
  }

  func testTheWindowsTextFontIsOfferedToThePage() async throws {
    let font = FileManager.default.temporaryDirectory.appendingPathComponent("tide-serve-font-\(UUID().uuidString).ttf")
    try Data("not really a font".utf8).write(to: font)
    defer { try? FileManager.default.removeItem(at: font) }
    let (_, noFont) = try await Self.get("http://127.0.0.1:\(port)/fonts/text.ttf?k=\(try XCTUnwrap(server).key)")
    XCTAssertEqual(noFont, 404, "no font given, none served")

    try await startServer(game: Self.tapper, watch: false, textFont: font)
    let page = try page(device: "device-font-0009")
    defer { page.close() }
    let hello = try page.next { $0["t"] as? String == "hello" }
    XCTAssertEqual(hello["font"] as? String, "fonts/text.ttf")
    let key = try XCTUnwrap(server).key
    let (served, status) = try await Self.get("http://127.0.0.1:\(port)/fonts/text.ttf?k=\(key)")
    XCTAssertEqual(status, 200)
    XCTAssertEqual(served, try Data(contentsOf: font))
    let (_, withoutKey) = try await Self.get("http://127.0.0.1:\(port)/fonts/text.ttf")
    XCTAssertEqual(withoutKey, 403)
  }

  func testASessionIsRecordedForAHeadlessReplay() async throws {
    let page = try page(device: "device-rec-00007")
    _ = try page.next { Self.text(in: $0, startingWith: "taps:") == "taps: 0" }
    // Sent first, so the tick that shows the tap has played them too.
    try page.send(#"{"t":"padadd","p":2,"s":"Pad"}"#)
    try page.send(#"{"t":"padbtn","p":2,"k":"a","d":true}"#)
    try page.send(#"{"t":"down","p":12,"x":150,"y":150}"#)
    try page.send(#"{"t":"up","p":12,"x":150,"y":150}"#)
    _ = try page.next { Self.text(in: $0, startingWith: "taps:") == "taps: 1" }
    page.close()
    await server?.stop()
    server = nil

    let folder = try XCTUnwrap(saves).appendingPathComponent("recordings")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    XCTAssertEqual(files.count, 1, "\(files)")
    let text = try String(contentsOf: folder.appendingPathComponent(try XCTUnwrap(files.first)), encoding: .utf8)
    let script = try InputScript(text: text)
    let events = script.entries.map(\.event)
    XCTAssertTrue(events.contains(.pointerDown(Vec2(x: 150, y: 150), pointer: .finger(1))), text)
    XCTAssertTrue(events.contains(.pointerUp(Vec2(x: 150, y: 150), pointer: .finger(1))), text)
    // A gamepad on the page is the game's pad 1, recorded as the window's would be.
    XCTAssertTrue(events.contains(.gamepad(.added(pad: 1, name: "Pad"))), text)
    XCTAssertTrue(events.contains(.gamepad(.button(pad: 1, .a, down: true))), text)
    XCTAssertNotNil(script.seed)
  }

  func testAPortInUseIsSaidAsSuch() async throws {
    let game = Self.tapper
    let hub = SessionHub(
      options: SessionHub.Options(gameDirectory: game, saveBase: try XCTUnwrap(saves)),
      makeEngine: SessionHub.engineMaker(gameDirectory: game, options: EngineOptions()) { HeadlessBackend() }
    ) { _ in }
    let second = try GameServer(address: "127.0.0.1", port: port, hub: hub, gameDirectory: game)
    do {
      _ = try await second.start()
      XCTFail("two servers listened on port \(port)")
    } catch {
      XCTAssertFalse(error is ServeStartError, "the socket's own error, not a timeout: \(error)")
    }
    await second.stop()
  }

  // MARK: Helpers

  /// The text of the first text item whose text starts with `prefix`.
  static func text(in frame: [String: Any], startingWith prefix: String) -> String? {
    guard frame["t"] as? String == "frame", let items = frame["items"] as? [[String: Any]] else { return nil }
    return items.lazy.compactMap { $0["text"] as? String }.first { $0.hasPrefix(prefix) }
  }

  static func get(_ address: String) async throws -> (Data, Int) {
    let url = try XCTUnwrap(URL(string: address))
    let (data, response) = try await URLSession.shared.data(from: url)
    return (data, (response as? HTTPURLResponse)?.statusCode ?? 0)
  }
}

/// Lines the hub logged, from its thread.
final class LogLines: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: [String] = []

  func append(_ line: String) {
    lock.lock()
    stored.append(line)
    lock.unlock()
  }

  var lines: [String] {
    lock.lock()
    defer { lock.unlock() }
    return stored
  }
}

/// A WebSocket client standing in for the page (`BlockingWebSocket`), keeping the picture as
/// the page does.
final class PageClient {
  private let socket: BlockingWebSocket
  /// 101 once the server took the WebSocket (the initializer throws otherwise).
  let status = 101

  init(port: UInt16, target: String) throws {
    socket = try BlockingWebSocket(port: port, path: target)
  }

  deinit { close() }

  /// Sends a text message, masked as a client must.
  func send(_ text: String) throws {
    try socket.send(text)
  }

  /// The picture as the page keeps it: items by id, their order, the background.
  private var items: [Int: [String: Any]] = [:]
  private var order: [Int] = []
  private var background: Any?
  /// Every `delta` message received, as sent.
  private(set) var deltas: [[String: Any]] = []
  /// Messages received but not yet read, and the types of those the last WebSocket message
  /// carried.
  private var pending: [[String: Any]] = []
  private(set) var lastMessageTypes: [String] = []

  /// The next message for which `matches` holds, skipping the rest; fails after 10 seconds.
  /// A `frame` or `delta` is seen as the whole picture the page has after it, as a `frame`.
  func next(_ matches: ([String: Any]) -> Bool) throws -> [String: Any] {
    let deadline = Date().addingTimeInterval(10)
    while true {
      if pending.isEmpty {
        let text: String?
        do {
          text = try socket.message(until: deadline)
        } catch is BlockingWebSocket.Timeout {
          throw PageTimeout()
        }
        guard let text else { throw PageError("the server closed the connection") }
        // A tick's messages come as one: an array of them when there are several.
        let value = try JSONSerialization.jsonObject(with: Data(text.utf8))
        pending = (value as? [[String: Any]]) ?? (value as? [String: Any]).map { [$0] } ?? []
        lastMessageTypes = pending.map { $0["t"] as? String ?? "" }
        continue
      }
      var object = pending.removeFirst()
      if object["t"] as? String == "frame" || object["t"] as? String == "delta" {
        object = apply(object)
      }
      if matches(object) { return object }
    }
  }

  /// Applies a frame or delta as the page does, returning the picture as a whole frame.
  private func apply(_ message: [String: Any]) -> [String: Any] {
    let sent = message["items"] as? [[String: Any]] ?? []
    if message["t"] as? String == "frame" {
      items = [:]
      order = sent.compactMap { $0["id"] as? Int }
    } else {
      deltas.append(message)
    }
    for item in sent {
      guard let id = item["id"] as? Int else { continue }
      // A known item comes with only its changed fields (null: gone), as the page merges them.
      var merged = message["t"] as? String == "frame" ? [:] : items[id] ?? [:]
      for (field, value) in item { merged[field] = value is NSNull ? nil : value }
      items[id] = merged
    }
    let moves = message["mv"] as? [Double] ?? []
    for start in stride(from: 0, to: moves.count - 2, by: 3) {
      let id = Int(moves[start])
      guard var m = items[id]?["m"] as? [Double], m.count == 6 else { continue }
      m[4] += moves[start + 1] / 10
      m[5] += moves[start + 2] / 10
      items[id]?["m"] = m
    }
    if let newOrder = message["order"] as? [Int] {
      order = newOrder
      items = items.filter { newOrder.contains($0.key) }
    }
    if let bg = message["bg"] { background = bg }
    return ["t": "frame", "tick": message["tick"] ?? 0, "bg": background ?? "", "items": order.compactMap { items[$0] }]
  }

  /// Whether the server closes the connection within 10 seconds.
  func closesSoon() -> Bool {
    let deadline = Date().addingTimeInterval(10)
    while true {
      do {
        if try socket.message(until: deadline) == nil { return true }
      } catch is BlockingWebSocket.Timeout {
        return false
      } catch {
        return true
      }
    }
  }

  func close() {
    socket.close()
  }
}

struct PageError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

struct PageTimeout: Error, CustomStringConvertible {
  var description: String { "no matching message from the server within 10 seconds" }
}
