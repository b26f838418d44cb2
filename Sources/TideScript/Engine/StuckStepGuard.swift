import Foundation
import LuaBridge
import Synchronization

/// The last net under the watchdog: a tick (or the game's start) that runs past `seconds`
/// ends the process with a message, instead of hanging.
///
/// The watchdog stops Lua from Lua's count hook, so it cannot stop time spent inside the engine's
/// own Swift or C code. Nothing a script asks for should take that long (every request is
/// bounded where it enters), so reaching this means an engine bug: the process ends with the
/// game and the seed to replay it, which beats a window that stops answering.
final class StuckStepGuard: @unchecked Sendable {
  /// When the running tick began (0: none runs), shared with the timer's handler.
  private final class Clock: Sendable {
    let startedAt = Atomic<UInt64>(0)
  }

  private let clock = Clock()
  private let timer: DispatchSourceTimer

  /// What the engine is doing, for the message: set on the engine's thread when it changes
  /// (a scene entered, a file loaded, a test begun), read on the guard's.
  let notes = Notes()

  /// Watches from a timer thread, once a second; `what` names the game and seed in the
  /// message, `probe` the Swift function the tick is in.
  init(seconds: Int, what: String, probe: LuaCallProbe? = nil) {
    let limit = UInt64(seconds) * 1_000_000_000
    timer = DispatchSource.makeTimerSource(queue: .global(qos: .utility))
    timer.schedule(deadline: .now() + .seconds(1), repeating: .seconds(1))
    timer.setEventHandler { [clock, notes] in
      let started = clock.startedAt.load(ordering: .acquiring)
      guard started != 0, MonotonicClock.nanoseconds() &- started > limit else { return }
      let message = "tide: \(what): one tick has run for over \(seconds) s in code the watchdog cannot stop (the "
        + "engine's, or a library function's): \(notes.describe(call: probe?.currentCall)); ending the process\n"
      FileHandle.standardError.write(Data(message.utf8))
      // _exit, not exit: the main thread is stuck and must not run exit handlers with it.
      _exit(70)
    }
    timer.resume()
  }

  deinit { timer.cancel() }

  /// Marks the start of a tick at `now` (`MonotonicClock` ns; a tick that reads the clock anyway
  /// passes its reading).
  func begin(at now: UInt64 = MonotonicClock.nanoseconds()) { clock.startedAt.store(now, ordering: .releasing) }

  /// Marks its end.
  func end() { clock.startedAt.store(0, ordering: .releasing) }

  /// The place a stuck tick is named by: the test, the scene, the file being loaded.
  final class Notes: @unchecked Sendable {
    private let lock = NSLock()
    private var test: String?
    private var scene: String?
    private var file: String?

    func set(test: String?) { lock.withLock { self.test = test } }
    func set(scene: String?) { lock.withLock { self.scene = scene } }
    func set(file: String?) { lock.withLock { self.file = file } }

    /// "in tide.sprite.text, scene 'play', test 'x'", the parts that are known.
    func describe(call: String?) -> String {
      lock.withLock {
        var parts = [call.map { "in \($0)" } ?? "in no Lua call (the engine's own work between calls)"]
        if let file { parts.append("loading \(file)") }
        parts.append(scene.map { "scene '\($0)'" } ?? "no scene yet")
        if let test { parts.append("test '\(test)'") }
        return parts.joined(separator: ", ")
      }
    }
  }
}
