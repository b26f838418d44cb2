import Foundation
import TideCore

/// What a player sees when a packed game fails: not the author's panel of file:line and
/// traceback, but a screen that says something went wrong, where the details were written,
/// and a Restart button. While it shows, the game gets no input: a press on the button (or
/// Return, or a gamepad's A) asks the engine to start the game again.
struct PlayerScreen {
  /// The file errors are written to (`ScriptErrors.logFile`).
  let logFile: URL
  /// Set by a press on the button; the engine restarts the game at its next tick.
  private(set) var restartRequested = false

  /// The screen for a game of `size` that has failed.
  func overlay(size: Vec2) -> Overlay {
    let width = min(240, size.x * 0.7)
    let frame = Rect(x: (size.x - width) / 2, y: size.y * 0.6, width: width, height: min(56, size.y * 0.1))
    return Overlay(
      title: "Something went wrong",
      message: "The game stopped working. Restart it to play again; saved progress is kept.",
      traceback: "Details for its maker are in \(logFile.path)",
      button: OverlayButton(label: "Restart", frame: frame))
  }

  /// Takes `event` while the screen shows: true when it was the screen's (every event is:
  /// none reaches the failed game).
  mutating func take(_ event: InputEvent, size: Vec2) -> Bool {
    switch event {
    case .pointerUp(let point, _):
      if overlay(size: size).button?.frame.contains(point) == true { restartRequested = true }
    case .key(let name, down: false, _) where name == "return" || name == "space":
      restartRequested = true
    case .gamepad(.button(_, .a, down: false)):
      restartRequested = true
    default:
      break
    }
    return true
  }

  /// Clears the request once the game has started again.
  mutating func restarted() { restartRequested = false }
}
