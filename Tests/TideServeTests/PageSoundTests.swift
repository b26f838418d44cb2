import Foundation
import TideCore
import XCTest

@testable import TideServe

/// The page hears the game as a window does: the Jukebox fixture's music, a looping voice it
/// made, a one-shot, volume, pause, resume and stop, each as the page's message; and a page
/// that comes back is told to go quiet and given what sounds now.
extension ServeTests {
  static let jukebox = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/jukebox")
  static let soundTypes: Set<String> = ["hush", "define", "play", "voice", "music"]

  /// The sound messages of the next WebSocket message that has any, skipping pictures.
  func sounds(_ page: PageClient) throws -> [[String: Any]] {
    var found = [try page.next { Self.soundTypes.contains($0["t"] as? String ?? "") }]
    let more = page.lastMessageTypes.filter { Self.soundTypes.contains($0) }.count - 1
    for _ in 0..<max(more, 0) { found.append(try page.next { Self.soundTypes.contains($0["t"] as? String ?? "") }) }
    return found
  }

  func tap(_ page: PageClient, _ finger: Int) throws {
    try page.send(#"{"t":"down","p":\#(finger),"x":200,"y":150}"#)
    try page.send(#"{"t":"up","p":\#(finger),"x":200,"y":150}"#)
  }

  func testThePageFollowsTheGamesSoundAndCatchesUpWhenItComesBack() async throws {
    try await startServer(game: Self.jukebox, watch: false)
    var page = try page(device: "device-jukebox-01")
    _ = try page.next { $0["t"] as? String == "hello" }
    // Started before the page came: the page is hushed and given the state.
    var heard = try sounds(page)
    XCTAssertEqual(heard.map { $0["t"] as? String }, ["hush", "define", "define", "music", "play"])
    guard heard.count == 5 else { return }
    XCTAssertEqual(heard[2]["name"] as? String, "drone")
    heard.remove(at: 2)
    XCTAssertEqual(heard[1]["name"] as? String, "hum")
    XCTAssertEqual(heard[1]["rate"] as? Int, 44_100)
    let pcm = try XCTUnwrap(Data(base64Encoded: heard[1]["pcm"] as? String ?? ""))
    XCTAssertEqual(pcm.count, 2 * 11_025, "a quarter second at 44,100 a second, 16 bits each")
    // The hum itself: loud, and a 220 Hz sine, whose sign changes 110 times in a quarter second.
    let values = stride(from: 0, to: pcm.count - 1, by: 2).map { Int16(bitPattern: UInt16(pcm[$0]) | UInt16(pcm[$0 + 1]) << 8) }
    XCTAssertGreaterThan(values.map { abs(Int($0)) }.max() ?? 0, 10_000)
    let crossings = zip(values, values.dropFirst()).filter { ($0 < 0) != ($1 < 0) }.count
    XCTAssertEqual(Double(crossings), 110, accuracy: 2)
    XCTAssertEqual(heard[2]["src"] as? String, "assets/tune.wav")
    XCTAssertEqual(heard[2]["vol"] as? Double, 0.6)
    XCTAssertEqual(heard[2]["loops"] as? Int, -1)
    // The session began with the page: the music from its start.
    XCTAssertNil(heard[2]["at"])
    XCTAssertEqual(heard[3]["gen"] as? String, "hum", "a made sound is played by its name")
    XCTAssertNil(heard[3]["src"])
    XCTAssertEqual(heard[3]["vol"] as? Double, 0.4)
    XCTAssertEqual(heard[3]["pan"] as? Double, -0.5)
    XCTAssertEqual(heard[3]["loops"] as? Int, -1)
    let hum = try XCTUnwrap(heard[3]["id"] as? Int)
    // A page that lost the message with a made sound asks for it, and gets it with the next
    // tick's messages; a name the game never made brings nothing.
    try page.send(#"{"t":"need","s":"nothing"}"#)
    try page.send(#"{"t":"need","s":"hum"}"#)
    let again = try page.next { $0["t"] as? String == "define" }
    XCTAssertEqual(again["name"] as? String, "hum")
    XCTAssertEqual(again["pcm"] as? String, heard[1]["pcm"] as? String)
    var oneShot = 0
    // Without the one-shot's end, which comes when it has played out, at a tick of its own.
    func heardBut(_ page: PageClient) throws -> [[String: Any]] {
      try sounds(page).filter { !($0["t"] as? String == "voice" && $0["id"] as? Int == oneShot) }
    }

    // The first tap: the hum quieter, the music paused, a one-shot of the tune.
    try tap(page, 1)
    heard = try sounds(page)
    XCTAssertEqual(heard.map { $0["t"] as? String }, ["voice", "music", "play"])
    guard heard.count == 3 else { return }
    XCTAssertEqual(heard[0]["id"] as? Int, hum)
    XCTAssertEqual(heard[0]["vol"] as? Double, 0.2)
    XCTAssertEqual(heard[1]["do"] as? String, "pause")
    XCTAssertEqual(heard[2]["src"] as? String, "assets/tune.wav")
    XCTAssertEqual(heard[2]["vol"] as? Double, 0.5)
    XCTAssertEqual(heard[2]["loops"] as? Int, 0)
    oneShot = try XCTUnwrap(heard[2]["id"] as? Int)
    XCTAssertNotEqual(oneShot, hum)

    // The second: the hum stopped, the music resumed.
    try tap(page, 2)
    heard = try heardBut(page)
    XCTAssertEqual(heard.map { $0["t"] as? String }, ["voice", "music"])
    guard heard.count == 2 else { return }
    XCTAssertEqual(heard[0]["id"] as? Int, hum)
    XCTAssertEqual(heard[0]["do"] as? String, "stop")
    XCTAssertEqual(heard[1]["do"] as? String, "resume")

    // A reload: the same session, hushed and given what sounds now (the music, not the hum).
    page.close()
    page = try self.page(device: "device-jukebox-01")
    defer { page.close() }
    XCTAssertEqual(try page.next { $0["t"] as? String == "hello" }["resumed"] as? Bool, true)
    heard = try sounds(page)
    XCTAssertEqual(heard.map { $0["t"] as? String }, ["hush", "define", "define", "music"])
    guard heard.count == 4 else { return }
    XCTAssertEqual(heard[3]["src"] as? String, "assets/tune.wav")
    XCTAssertGreaterThan(heard[3]["at"] as? Double ?? 0, 0, "the music comes back where it is, not from its start")

    // The third tap stops the music.
    try tap(page, 3)
    heard = try heardBut(page)
    XCTAssertEqual(heard.map { $0["t"] as? String }, ["music"])
    guard heard.count == 1 else { return }
    XCTAssertEqual(heard[0]["do"] as? String, "stop")
  }

  func testAPausedLoopAndPausedMusicComeBackPaused() {
    let queue = SoundQueue()
    queue.record(.playMusic(track: "tune", volume: 0.5, loops: -1))
    queue.record(.play(voice: 3, sound: "hum", volume: 1, pan: 0, loops: -1))
    queue.record(.play(voice: 4, sound: "click", volume: 1, pan: 0, loops: 0))
    queue.record(.play(voice: 5, sound: "ding", volume: 1, pan: 0, loops: 2))
    queue.record(.setVoice(voice: 3, volume: 0.25, pan: 1))
    queue.record(.pause(voice: 3))
    queue.record(.pauseMusic)
    queue.record(.stop(voice: 5))
    XCTAssertEqual(
      queue.state(),
      [
        .playMusic(track: "tune", volume: 0.5, loops: -1), .pauseMusic,
        .play(voice: 3, sound: "hum", volume: 0.25, pan: 1, loops: -1), .pause(voice: 3),
      ], "the music and the loop that is left, each paused, and no one-shot")
    queue.record(.define(sound: "hum", samples: [0, 0.5], rate: 8000))
    XCTAssertEqual(queue.state().first, .define(sound: "hum", samples: [0, 0.5], rate: 8000))
    XCTAssertEqual(
      queue.state(madeSounds: false).first, .playMusic(track: "tune", volume: 0.5, loops: -1),
      "a page that only lost a message keeps its made sounds")
    queue.record(.stopMusic)
    queue.record(.resume(voice: 3))
    XCTAssertEqual(
      queue.state(madeSounds: false), [.play(voice: 3, sound: "hum", volume: 0.25, pan: 1, loops: -1)])
  }
}
