import Foundation
import LuaBridge
import Synchronization
import TideCore

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
    /// When the running test began (0: none runs): a tick's end leaves the test's clock running,
    /// since a test stuck in engine code between ticks is stuck just the same.
    let testStartedAt = Atomic<UInt64>(0)
    /// The count of draws begun when the guard first saw the running draw, and when that was:
    /// a draw is timed from there (the renderer reads no clock of its own).
    let drawSeen = Atomic<UInt64>(0)
    let drawSince = Atomic<UInt64>(0)
  }

  private let clock = Clock()
  private let timer: DispatchSourceTimer

  /// What the engine is doing, for the message: set on the engine's thread when it changes
  /// (a scene entered, a file loaded, a test begun), read on the guard's.
  let notes = Notes()

  /// Watches from a timer thread, once a second; `what` names the game and seed in the
  /// message, `probe` the Swift function the tick is in. `report`, when given, takes the message
  /// instead of standard error (a test worker hands it to `tide test`), just before the end.
  /// `drawing` is the scene's note: a frame drawn for longer than `seconds` ends the process
  /// too, its message naming the sprite being drawn through `drawnSprite` (an id to words).
  init(
    seconds: Int, what: String, probe: LuaCallProbe? = nil, report: (@Sendable (String) -> Void)? = nil,
    drawing: DrawingNote? = nil, drawnSprite: (@Sendable (Int) -> String?)? = nil
  ) {
    let limit = UInt64(seconds) * 1_000_000_000
    timer = DispatchSource.makeTimerSource(queue: .global(qos: .utility))
    timer.schedule(deadline: .now() + .seconds(1), repeating: .seconds(1))
    timer.setEventHandler { [clock, notes] in
      // The start is read before the clock: read after, a tick begun in between is later than
      // `now`, and the difference wrapped to a huge span that ended a healthy run.
      let started = clock.startedAt.load(ordering: .acquiring)
      let now = MonotonicClock.nanoseconds()
      let draw = drawing?.running()
      let drawn = draw?.items.first { $0 != 0 }.flatMap { id in drawnSprite?(id) ?? "sprite #\(id)" }
      var stuck: String?
      if Self.overdue(started: started, now: now, limit: limit) {
        stuck = "one tick has run for over \(seconds) s"
      } else if let draw {
        if draw.begun != clock.drawSeen.load(ordering: .relaxed) {
          clock.drawSeen.store(draw.begun, ordering: .relaxed)
          clock.drawSince.store(now, ordering: .relaxed)
        } else if now &- clock.drawSince.load(ordering: .relaxed) > limit {
          stuck = "drawing one frame has taken over \(seconds) s"
        }
      }
      guard let stuck else { return }
      let message = "tide: \(what): \(stuck) in code the watchdog cannot stop (the engine's, or a library "
        + "function's): \(notes.describe(call: probe?.currentCall, drawing: drawn)); ending the process"
      if let report { report(message) } else { FileHandle.standardError.write(Data((message + "\n").utf8)) }
      // _exit, not exit: the main thread is stuck and must not run exit handlers with it.
      _exit(70)
    }
    timer.resume()
  }

  deinit { timer.cancel() }

  /// Whether a stretch begun at `started` (0: none runs) has run past `limit` at `now`. A start
  /// later than `now` (another thread's clock reading) is not overdue: it is just begun.
  static func overdue(started: UInt64, now: UInt64, limit: UInt64) -> Bool {
    started != 0 && now > started && now - started > limit
  }

  /// Marks the start of a tick at `now` (`MonotonicClock` ns; a tick that reads the clock anyway
  /// passes its reading).
  func begin(at now: UInt64 = MonotonicClock.nanoseconds()) { clock.startedAt.store(now, ordering: .releasing) }

  /// Marks its end (back to the running test's clock, if one runs).
  func end() { clock.startedAt.store(clock.testStartedAt.load(ordering: .acquiring), ordering: .releasing) }

  /// Marks the start of a test: all of it, ticks and the Lua between them, is one stretch.
  func beginTest() {
    let now = MonotonicClock.nanoseconds()
    clock.testStartedAt.store(now, ordering: .releasing)
    clock.startedAt.store(now, ordering: .releasing)
  }

  /// Marks the end of a test.
  func endTest() {
    clock.testStartedAt.store(0, ordering: .releasing)
    clock.startedAt.store(0, ordering: .releasing)
  }

  /// The place a stuck tick is named by: the test, the scene, the file being loaded, the sprite
  /// being made or changed.
  final class Notes: @unchecked Sendable {
    private let lock = NSLock()
    private var test: String?
    private var testPlace: String?
    private var scene: String?
    private var file: String?
    private var sprite: Sprite?
    private var measured: Sprite?

    /// The sprite the engine is working on: its kind, where the script made it, and the field
    /// being set (nil while it is made). Kept as values; the words are made only for a message.
    struct Sprite {
      var kind: String
      var madeAt: ScriptPlace?
      var field: String?
    }

    func set(test: String?, at place: String? = nil) { lock.withLock { (self.test, testPlace) = (test, place) } }
    func set(scene: String?) { lock.withLock { self.scene = scene } }
    func set(file: String?) { lock.withLock { self.file = file } }
    func set(sprite: Sprite?) { lock.withLock { self.sprite = sprite } }
    /// The text sprite whose text is being measured (when first drawn, hit or read), or nil.
    func set(measuring: Sprite?) { lock.withLock { measured = measuring } }

    /// "in tide.sprite.text, scene 'play', test 'x'", the parts that are known; `drawing`, the
    /// sprite a renderer is drawing ("the polygon sprite made at main.lua:3").
    func describe(call: String?, drawing: String? = nil) -> String {
      lock.withLock {
        var parts = [call.map { "in \($0)" } ?? "in no Lua call (the engine's own work between calls)"]
        if let drawing { parts.append("drawing \(drawing)") }
        if let sprite {
          let made = sprite.madeAt.map { " made at \($0)" } ?? ""
          parts.append(sprite.field.map { "setting '\($0)' of the \(sprite.kind) sprite\(made)" } ?? "making the \(sprite.kind) sprite at \(sprite.madeAt.map { "\($0)" } ?? "?")")
        }
        if let measured {
          parts.append("measuring the text of the \(measured.kind) sprite" + (measured.madeAt.map { " made at \($0)" } ?? ""))
        }
        if let file { parts.append("loading \(file)") }
        parts.append(scene.map { "scene '\($0)'" } ?? "no scene yet")
        if let test { parts.append("test '\(test)'" + (testPlace.map { " at \($0)" } ?? "")) }
        return parts.joined(separator: ", ")
      }
    }
  }
}
