import Foundation
import LuaBridge
import TideCore

/// The game's say over its window: whether it fills the screen, and the screenshots it asked
/// for. A headless run keeps the same state (a test can read it) and draws nothing.
final class Window: Part {
  let context: PartContext
  /// Where a save folder keeps screenshots: the window writes them there.
  private let dataDirectory: () -> URL
  /// Fullscreen as the game set it; nil until it does (then conf.lua's, or `--fullscreen`).
  var asked: Bool?
  var fullscreen: Bool {
    get { asked ?? context.config.window.fullscreen }
    set { asked = newValue }
  }
  /// Screenshots asked for since the window last took them: their files, by name.
  private(set) var requests: [URL] = []

  /// Most screenshots one tick may ask for; the window writes each from one frame.
  static let requestsPerTick = 8

  init(context: PartContext, dataDirectory: @escaping () -> URL) {
    self.context = context
    self.dataDirectory = dataDirectory
  }

  /// How the window should be now: conf.lua's, with fullscreen as the game set it.
  var settings: WindowSettings {
    var settings = context.config.window
    settings.fullscreen = fullscreen
    return settings
  }

  /// Asks the window to write its next frame to `screenshots/<name>.png` in the data folder.
  func requestScreenshot(named name: String) throws -> URL {
    guard requests.count < Self.requestsPerTick else {
      throw LuaRaise("too many screenshots at once: at most \(Self.requestsPerTick) a tick")
    }
    let url = dataDirectory().appendingPathComponent("screenshots").appendingPathComponent(name + ".png")
    requests.append(url)
    return url
  }

  /// The screenshots asked for since the last call (the window writes them).
  func takeRequests() -> [URL] {
    defer { requests.removeAll() }
    return requests
  }

  func resetGame(seed: UInt64) {
    asked = nil
    requests.removeAll()
  }
}
