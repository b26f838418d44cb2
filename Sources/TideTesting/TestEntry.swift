import Foundation

/// One test's result, whatever ran it: a Lua `it` (or an error outside one, which busted counts
/// too), a replay in `tests/replays/`, a golden screen in `tests/golden/`. `TestReport` writes
/// entries as plain text, TAP or JUnit, so every format shows the same tests and counts.
public struct TestEntry: Sendable, Equatable {
  /// How a test ended, as busted tells them apart.
  public enum Outcome: String, Sendable {
    case passed
    /// An assertion did not hold.
    case failed
    /// An error outside an assertion: a Lua error in the test, a hook or a file that did not load.
    case errored
    case pending
  }

  /// The game folder as shown to the user (`Content/rps`).
  public var game: String
  /// Its name within the game, `describe > it`; empty for a test that is a whole file (a replay,
  /// a golden screen, a test file that failed to load).
  public var name: String
  /// The file it is in, as the game shows it (`Content/rps/tests/play_test.lua`); the game
  /// folder itself when it has none (a game that does not load).
  public var file: String
  /// Its line in `file` (a Lua test's `it`); nil for a test that is a whole file.
  public var line: Int?
  public var outcome: Outcome
  /// Why it failed or errored (luassert's message, as busted gives it, starts with the file and
  /// line of the assertion) or why it is pending; nil when nothing was said.
  public var message: String?
  /// Seconds it took.
  public var duration: Double

  public init(
    game: String, name: String, file: String, line: Int?, outcome: Outcome, message: String? = nil, duration: Double = 0
  ) {
    self.game = game
    self.name = name
    self.file = file
    self.line = line
    self.outcome = outcome
    self.message = message
    self.duration = duration
  }

  /// A test that is a whole file of the game, `relative` to its folder (`tests/replays/win.input`),
  /// which failed when `failure` says why.
  public init(game: String, file relative: String, failure: String? = nil) {
    self.init(
      game: game, name: "", file: game + "/" + relative, line: nil, outcome: failure == nil ? .passed : .failed,
      message: failure)
  }

  /// The name that tells it apart among every game's tests: its file, then `describe > it`.
  public var fullName: String {
    name.isEmpty ? file : file + " > " + name
  }

  /// Its file relative to the game folder, as a JUnit test case of the game's suite is named.
  public var fileInGame: String {
    file.hasPrefix(game + "/") ? String(file.dropFirst(game.count + 1)) : file
  }

  /// Whether it counts as a failure (failed or errored).
  public var isFailure: Bool { outcome == .failed || outcome == .errored }

  /// Whether it passed.
  public var passed: Bool { outcome == .passed }

  /// Why it failed or errored; nil when it did neither.
  public var failure: String? { isFailure ? message ?? "" : nil }

  /// Runs `body`, which makes an entry, and records how long it took.
  public static func timed(_ body: () -> TestEntry) -> TestEntry {
    let start = DispatchTime.now().uptimeNanoseconds
    var entry = body()
    entry.duration = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    return entry
  }
}
