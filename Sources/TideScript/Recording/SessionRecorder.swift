import Foundation
import TideCore

/// The session as it is played: every input event at the tick that handled it (`tide run
/// --record`, bots' recordings), and the crash capsules written from it on a script error.
final class SessionRecorder {
  private let context: PartContext
  /// The session so far, when recording (`start`): every event at the tick that handled it.
  private(set) var recording: InputRecording?
  /// Where crash capsules go and how they are announced; nil writes none (`enableCrashCapsules`).
  var crashCapsules: CrashCapsules?
  /// The tick of the last hot reload that ran changed code, if any: a crash capsule says so,
  /// since its replay runs the files as they are now from the first tick.
  var codeReloadedAtTick: Int?

  init(context: PartContext) { self.context = context }

  /// Starts writing the session down for a game started with `seed` and `options`, at the
  /// design size, of version `gameVersion`.
  func start(seed: UInt64, options: [String: String], gameVersion: String) {
    recording = InputRecording(
      seed: seed, size: Vec2(x: context.config.width, y: context.config.height), options: options,
      engineVersion: Engine.version, gameVersion: gameVersion)
    recording?.release = context.config.version
  }

  /// Notes `event`, handled at `tick`, when recording.
  func append(_ event: InputEvent, tick: Int) { recording?.append(event, tick: tick) }

  /// The recorded session up to now as input-script text, ending at the current tick.
  func script(comments: [String] = []) -> String? {
    recording?.text(endTick: context.clock.tick, comments: comments)
  }

  /// Writes a crash capsule into `directory` on each new script error (recording must be on).
  /// `replayLine` gives the line the error log ends with, from the capsule's path.
  func enableCrashCapsules(in directory: URL, replayLine: @escaping (URL) -> String) {
    crashCapsules = CrashCapsules(directory: directory)
    let errors = context.errors
    errors.onNewFailure = { [unowned self, unowned errors] overlay in
      guard crashCapsules?.countRequest() == true else {
        // Said once, when the first one is refused, and only where errors are printed: a quiet
        // engine (tests, bot runs) prints nothing of its own.
        if errors.logs, crashCapsules?.requested == CrashCapsules.perSession + 1 {
          FileHandle.standardError.write(Data("tide: \(CrashCapsules.perSession) crash capsules written; later errors of this session get none\n".utf8))
        }
        return nil
      }
      return writeCrashCapsule(title: overlay.title, message: overlay.message).map(replayLine)
    }
  }

  /// Writes the session so far as a crash capsule for an error titled `title`, named `name`
  /// (without `.input`) when given, else by the time; nil when capsules are off or it cannot be written.
  func writeCrashCapsule(title: String, message: String, name: String? = nil) -> URL? {
    let tick = context.clock.tick
    var comments = [
      "Crash capsule: \(context.displayPath) up to the tick of its error; replay with tide run --input.",
      "\(title.lowercased()) at tick \(tick): \(message)",
    ]
    if let reloaded = codeReloadedAtTick {
      comments.append(
        "Code was hot-reloaded during this session (last at tick \(reloaded)): the replay runs the files as they are now from the first tick, so it may play differently.")
    }
    guard let capsules = crashCapsules, let text = script(comments: comments) else { return nil }
    return capsules.write(text, name: name)
  }
}
