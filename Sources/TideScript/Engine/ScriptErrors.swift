import Foundation
import LuaBridge
import TideCore

/// Collects script errors: the newest is shown as an overlay, each distinct one is logged once.
///
/// A callback that fails every frame (an `update` with a typo) would otherwise flood the log
/// 60 times a second. Each failure is still recorded (tests count them), but a repeat of the
/// last one reuses its storage. The game keeps running; the overlay stays until a reload clears it.
public final class ScriptErrors {
  /// Every error and warning reported since the game (re)started, oldest first: the first
  /// `Limits.keptErrors` of them (a script failing every frame would otherwise fill memory),
  /// each message cut at `Limits.errorMessageBytes`.
  public private(set) var all: [Overlay] = []
  /// The script errors among `all` (not the warnings).
  public var failures: [Overlay] { all.filter { !$0.isWarning } }
  /// Script errors reported, kept or not.
  public private(set) var failureCount = 0
  /// Warnings reported, kept or not.
  public private(set) var warningCount = 0
  /// The error shown over the game, if any.
  public private(set) var overlay: Overlay?
  /// Whether errors are printed to standard error when first seen.
  var logs: Bool
  /// Called with each replayable script error the first time its message is seen (crash
  /// capsules); returns the line that says how to replay it, logged after the error instead of
  /// the seed's "replay with --seed", or nil to keep that.
  package var onNewFailure: ((Overlay) -> String?)?
  /// A file each new error is added to, as it would be printed (a packed game's
  /// `<data folder>/errors.log`, where no one reads the console); nil writes none.
  package var logFile: URL?
  /// What the player sees in place of an error, in player mode: a screen with a Restart button.
  var playerScreen: PlayerScreen?
  private var seen: Set<String> = []
  /// The seed of the running game: script errors carry it so the overlay and log can show it.
  var seed: UInt64?

  init(logs: Bool) { self.logs = logs }

  /// Records an error raised while running `context` (e.g. "tap handler"). An error that is not
  /// `replayable` (a hot reload's: replaying the session runs today's files from the start, so
  /// it would not happen again) gets no crash capsule.
  func report(_ error: LuaError, context: String, replayable: Bool = true) {
    let overlay = Overlay(
      title: "Script error in \(context)", message: error.message, traceback: error.traceback, seed: seed)
    record(overlay, replayable: replayable)
  }

  /// Records a problem that is not a Lua error (a damaged save, a missing asset).
  func warn(_ message: String) {
    record(Overlay(title: "Warning", message: message, isWarning: true))
  }

  private func record(_ reported: Overlay, replayable: Bool = true) {
    var overlay = reported
    overlay.message = Self.cut(overlay.message)
    overlay.traceback = Self.cut(overlay.traceback)
    // Equal to the last one: append that, so the strings share one buffer instead of piling up.
    let entry = all.last == overlay ? all[all.count - 1] : overlay
    if entry.isWarning { warningCount += 1 } else { failureCount += 1 }
    if !entry.isWarning { self.overlay = entry }
    if all.count < Limits.keptErrors { all.append(entry) }
    // Each distinct message is printed once, the first `Limits.keptErrors` of them.
    let isNew = seen.count < Limits.keptErrors && seen.insert(overlay.message).inserted
    // The capsule is written before the error is logged, so the log can end with its path.
    let replayLine = isNew && replayable && !overlay.isWarning ? onNewFailure?(overlay) : nil
    if logs || logFile != nil, isNew {
      // Only the first letter is lowered ("script error in ..."): a sprite keeps its one name, Node(...).
      let title = overlay.title.prefix(1).lowercased() + overlay.title.dropFirst()
      var text = "tide: \(title): \(overlay.message)\n"
      if !overlay.traceback.isEmpty { text += overlay.traceback + "\n" }
      // One way to replay it: the capsule's, or else the seed's.
      if let seed = overlay.seed { text += replayLine == nil ? "seed \(seed) (replay with --seed \(seed))\n" : "seed \(seed)\n" }
      if let replayLine { text += replayLine + "\n" }
      if logs { FileHandle.standardError.write(Data(text.utf8)) }
      if let logFile { Self.append(text, to: logFile) }
    }
  }

  /// Most bytes the error log keeps: past them it starts again, the older half kept as `.old`.
  static let logBytes = 1 << 20

  /// Adds `text`, with the time, to the log at `url`; a log that cannot be written costs the
  /// game nothing.
  private static func append(_ text: String, to url: URL) {
    try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    var info = stat()
    if stat(url.path, &info) == 0, Int(info.st_size) > logBytes {
      _ = rename(url.path, url.path + ".old")
    }
    let descriptor = open(url.path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
    guard descriptor >= 0 else { return }
    let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    let stamp = ISO8601DateFormatter().string(from: Date())
    try? handle.write(contentsOf: Data("[\(stamp)] \(text)".utf8))
  }

  /// `text` cut to `Limits.errorMessageBytes` (on a character boundary), saying how much went.
  private static func cut(_ text: String) -> String {
    let bytes = text.utf8.count
    guard bytes > Limits.errorMessageBytes else { return text }
    var kept = Substring(text).utf8.prefix(Limits.errorMessageBytes)
    while !kept.isEmpty, String(kept) == nil { kept = kept.dropLast() }
    return (String(kept) ?? "") + "... (\(bytes - kept.count) more bytes)"
  }

  /// Clears the overlay (after a good reload) without forgetting the history.
  func clearOverlay() { overlay = nil }

  /// Forgets everything (a fresh game).
  func reset() {
    all.removeAll()
    failureCount = 0
    warningCount = 0
    overlay = nil
    seen.removeAll()
  }
}
