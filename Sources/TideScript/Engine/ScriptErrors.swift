import Foundation
import LuaBridge
import TideCore

/// Collects script errors: the newest is shown as an overlay, each distinct one is logged once.
///
/// A callback that fails every frame (an `update` with a typo) would otherwise flood the log
/// 60 times a second. Each failure is still recorded (tests count them), but a repeat of the
/// last one reuses its storage. The game keeps running; the overlay stays until a reload clears it.
public final class ScriptErrors {
  /// Every error and warning reported since the game (re)started, oldest first.
  public private(set) var all: [Overlay] = []
  /// The script errors among `all` (not the warnings).
  public var failures: [Overlay] { all.filter { !$0.isWarning } }
  /// The error shown over the game, if any.
  public private(set) var overlay: Overlay?
  /// Whether errors are printed to standard error when first seen.
  var logs: Bool
  private var seen: Set<String> = []

  init(logs: Bool) { self.logs = logs }

  /// Records an error raised while running `context` (e.g. "tap handler").
  func report(_ error: LuaError, context: String) {
    let overlay = Overlay(title: "Script error in \(context)", message: error.message, traceback: error.traceback)
    record(overlay)
  }

  /// Records a problem that is not a Lua error (a damaged save, a missing asset).
  func warn(_ message: String) {
    record(Overlay(title: "Warning", message: message, isWarning: true))
  }

  private func record(_ overlay: Overlay) {
    // Equal to the last one: append that, so the strings share one buffer instead of piling up.
    let entry = all.last == overlay ? all[all.count - 1] : overlay
    if !entry.isWarning { self.overlay = entry }
    all.append(entry)
    if logs, seen.insert(overlay.message).inserted {
      var text = "tide: \(overlay.title.lowercased()): \(overlay.message)\n"
      if !overlay.traceback.isEmpty { text += overlay.traceback + "\n" }
      FileHandle.standardError.write(Data(text.utf8))
    }
  }

  /// Clears the overlay (after a good reload) without forgetting the history.
  func clearOverlay() { overlay = nil }

  /// Forgets everything (a fresh game).
  func reset() {
    all.removeAll()
    overlay = nil
    seen.removeAll()
  }
}
