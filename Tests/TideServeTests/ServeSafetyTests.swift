import Foundation
import TideCore
import XCTest

@testable import TideServe

/// The server on a shared network (docs/serve.md, "Security"): the key on every request, the
/// game's assets and the engine's fonts as the only files, checked messages, private addresses.
extension ServeTests {
  func testEveryRequestNeedsTheKeyFontsAndTheSocketIncluded() async throws {
    let font = FileManager.default.temporaryDirectory.appendingPathComponent("tide-serve-font-\(UUID().uuidString).ttf")
    try Data("a font".utf8).write(to: font)
    defer { try? FileManager.default.removeItem(at: font) }
    try await startServer(game: Self.tapper, watch: false, textFont: font, emojiFont: font)
    let key = try XCTUnwrap(server).key
    let base = "http://127.0.0.1:\(port)"
    // One character off: the last one changed, whatever it was.
    let wrongKey = "\(key.dropLast())\(key.hasSuffix("0") ? "1" : "0")"
    let paths = ["/", "/index.html", "/assets/rabbit.jpg", "/assets/click.wav", "/fonts/text.ttf", "/fonts/emoji.ttf"]
    for path in paths {
      let (_, with) = try await Self.get("\(base)\(path)?k=\(key)")
      XCTAssertEqual(with, 200, path)
      let (_, without) = try await Self.get("\(base)\(path)")
      XCTAssertEqual(without, 403, path)
      let (_, wrong) = try await Self.get("\(base)\(path)?k=\(wrongKey)")
      XCTAssertEqual(wrong, 403, path)
    }
    let (_, socket) = try await Self.get("\(base)/ws?device=device-nokey-0001")
    XCTAssertEqual(socket, 403)
    XCTAssertThrowsError(try PageClient(port: port, target: "/ws?k=nope&device=device-nokey-0001"), "no WebSocket without the key")
    // Only the engine's own fonts, by their fixed names.
    for path in ["/fonts/cjk.ttc", "/fonts/other.ttf", "/fonts/../conf.lua", "/fonts/%2e%2e/main.lua"] {
      let (_, status) = try await Self.get("\(base)\(path)?k=\(key)")
      XCTAssertEqual(status, 404, path)
    }
  }

  func testSymlinksOutOfTheAssetsFolderAreNotServed() async throws {
    let game = FileManager.default.temporaryDirectory.appendingPathComponent("tide-serve-links-\(UUID().uuidString)")
    try FileManager.default.copyItem(at: Self.tapper, to: game)
    defer { try? FileManager.default.removeItem(at: game) }
    let assets = game.appendingPathComponent("assets")
    let files = FileManager.default
    try files.createSymbolicLink(atPath: assets.appendingPathComponent("script.png").path, withDestinationPath: "../main.lua")
    try files.createSymbolicLink(atPath: assets.appendingPathComponent("passwd.png").path, withDestinationPath: "/etc/passwd")
    try files.createSymbolicLink(atPath: assets.appendingPathComponent("up").path, withDestinationPath: "..")
    try files.createSymbolicLink(atPath: assets.appendingPathComponent("bunny.jpg").path, withDestinationPath: "rabbit.jpg")
    try await startServer(game: game, watch: false)
    let key = try XCTUnwrap(server).key
    for path in ["script.png", "passwd.png", "up/main.lua", "up/conf.lua"] {
      let (_, status) = try await Self.get("http://127.0.0.1:\(port)/assets/\(path)?k=\(key)")
      XCTAssertEqual(status, 404, path)
    }
    let (image, status) = try await Self.get("http://127.0.0.1:\(port)/assets/bunny.jpg?k=\(key)")
    XCTAssertEqual(status, 200, "a link that stays inside the assets folder")
    XCTAssertEqual(image, try Data(contentsOf: assets.appendingPathComponent("rabbit.jpg")))
  }

  func testAnOversizedOrBinaryMessageClosesOnlyItsConnectionWithAReason() throws {
    let good = try page(device: "device-good-0010")
    defer { good.close() }
    _ = try good.next { $0["t"] as? String == "hello" }
    let large = try page(device: "device-large-011")
    _ = try large.next { $0["t"] as? String == "hello" }
    try large.send(#"{"t":"text","s":""# + String(repeating: "a", count: 2000) + #""}"#)
    XCTAssertTrue(large.closesSoon())
    let flood = try page(device: "device-flood-012")
    _ = try flood.next { $0["t"] as? String == "hello" }
    for _ in 0...PageInput.maxPerSecond {
      guard (try? flood.send(#"{"t":"move","x":1,"y":1}"#)) != nil else { break }
    }
    XCTAssertTrue(flood.closesSoon())
    let deadline = Date().addingTimeInterval(5)
    let reasons = ["message of 2", "more than \(PageInput.maxPerSecond) messages a second"]
    while Date() < deadline, !reasons.allSatisfy({ reason in log.lines.contains { $0.contains(reason) } }) {
      Thread.sleep(forTimeInterval: 0.02)
    }
    for reason in reasons {
      XCTAssertTrue(log.lines.contains { $0.contains("connection closed") && $0.contains(reason) }, "\(reason): \(log.lines)")
    }
    // The other page's game goes on.
    try good.send(#"{"t":"down","x":150,"y":150}"#)
    try good.send(#"{"t":"up","x":150,"y":150}"#)
    _ = try good.next { Self.text(in: $0, startingWith: "taps:") == "taps: 1" }
  }

  func testTheDefaultAddressIsLoopbackOrPrivateNeverPublic() {
    let chosen = LocalAddresses.defaultBind()
    XCTAssertTrue(chosen == "127.0.0.1" || LocalAddresses.isPrivate(chosen), chosen)
    for address in ["10.0.0.7", "172.16.4.1", "172.31.255.1", "192.168.1.20"] {
      XCTAssertTrue(LocalAddresses.isPrivate(address), address)
    }
    for address in ["8.8.8.8", "172.32.0.1", "172.15.0.1", "192.169.0.1", "100.64.0.1", "127.0.0.1", "0.0.0.0", "10.0.0", "fe80::1"] {
      XCTAssertFalse(LocalAddresses.isPrivate(address), address)
    }
  }
}
