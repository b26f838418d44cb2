import ArgumentParser
import Foundation
import TideCore
import TidePack
import TideSDL
import TideScript

/// `tide check`: load a game, validate its data and run one tick, without playing.
struct Check: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: "Load and validate a game without playing it.",
    discussion: "First lints every .lua file with luacheck against what each file can reach (game code the sandbox and "
      + "`tide`, conf.lua the sandbox, spec/ and tests/ busted and `tide.test`, bots/ what a bot gets), with the game's own "
      + ".luacheckrc over Tide's standard: unknown globals, unknown fields of `tide`, read-only API fields assigned, unused "
      + "variables, as file:line:column warnings, which fail the check unless --warn. Then runs conf.lua and main.lua, "
      + "enters the first scene and steps one tick. Any syntax error, "
      + "invalid data table or script error is printed as one line naming the file.\n\n"
      + "With --layout, then renders the game's key screens (the first screen after 1 s and each "
      + "tests/golden/*.input at its @at) at every size conf.lua's `sizes` names (an input with its own "
      + "@size at that size only; --size: that size only), offscreen with the real fonts, and prints one line "
      + "per problem: text outside the screen, text outside its widget, text overlapping text, a tappable "
      + "sprite covered by another that takes its taps, and text under 4.5:1 contrast (3:1 from size 24). "
      + "Each screen and size checked gets a line naming the scene it reached; a golden input whose taps or drags "
      + "pressed on nothing that takes input gets a warning (its taps were likely placed for another size), "
      + "which does not fail the check.")

  @Argument(help: "The game folders (e.g. Content/rps, or rps), or packed games (.tide).")
  var games: [String]

  @OptionGroup var setup: GameSetup

  @Flag(help: .hidden)
  var strict = false

  @Flag(help: "Also check the layout of the game's key screens at every size it declares.")
  var layout = false

  @Flag(help: "Report lint warnings (and with --layout, layout problems) but do not fail on them.")
  var warn = false

  @Option(help: "luacheck's formatter for the lint report (TAP, JUnit, plain, default...), passed through.")
  var formatter: String?

  func validate() throws {
    guard !games.isEmpty else { throw ValidationError("name at least one game folder") }
    if strict && warn { throw ValidationError("--strict and --warn say opposite things; lint warnings fail by default") }
  }

  func run() throws {
    var problems = 0
    for game in games {
      let location = GameLocation(game)
      try check(location)
      guard layout else { continue }
      do {
        let outcome = try LayoutRun(setup: setup).run(location)
        problems += outcome.problems
        let sizes = outcome.sizes.sorted { ($0.x, $0.y) < ($1.x, $1.y) }.map { "\(Int($0.x))x\(Int($0.y))" }
        let found = outcome.problems == 0 ? "no layout problems" : "\(outcome.problems) layout problem\(outcome.problems == 1 ? "" : "s")"
        let warned = outcome.warnings == 0 ? "" : ", \(outcome.warnings) warning\(outcome.warnings == 1 ? "" : "s") (a golden input's presses hit nothing)"
        print("\(location.name): \(found) in \(outcome.screens) screens (sizes \(sizes.joined(separator: ", ")))\(warned)")
      } catch let error as GameLoadError {
        printError(error.description)
        throw ExitCode.failure
      }
    }
    if problems > 0 && !warn {
      printError("\(problems) layout problem\(problems == 1 ? "" : "s") (--warn reports them without failing)")
      throw ExitCode.failure
    }
  }

  private func check(_ location: GameLocation) throws {
    let files = try location.files()
    let lint: Lint.Findings
    if let archive = files as? ArchiveFiles {
      lint = try Lint.run(archive: archive, displayPath: location.displayPath, formatter: formatter) ?? Lint.Findings()
    } else {
      lint = try Lint.run(game: location.url, displayPath: location.displayPath, formatter: formatter) ?? Lint.Findings()
    }
    var options = try setup.engineOptions()
    options.logErrors = false
    options.saveDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("tide-check-\(getpid())")
    defer { if let dir = options.saveDirectory { try? FileManager.default.removeItem(at: dir) } }
    do {
      let engine = try location.engine(files, backend: HeadlessBackend.withGameFonts(), options: options)
      try engine.start()
      engine.step()
      if let error = engine.errors.failures.first {
        printError(error.message)
        throw ExitCode.failure
      }
      let scene = engine.currentSceneName.map { "scene '\($0)'" } ?? "no scene"
      // A file that does not parse (a test, a module main.lua does not require) fails even
      // when the game loads: it would fail the moment something runs it.
      if lint.errors > 0 {
        printError("\(location.name): \(lint.errors) syntax error\(lint.errors == 1 ? "" : "s") (listed above)")
        throw ExitCode.failure
      }
      if !warn && lint.warnings > 0 {
        let count = formatter == nil ? "\(lint.warnings) lint warning\(lint.warnings == 1 ? "" : "s")" : "lint warnings"
        printError("\(location.name): \(count) (--warn reports them without failing)")
        throw ExitCode.failure
      }
      print("\(location.name): ok — \(engine.config.title), \(Int(engine.config.width))x\(Int(engine.config.height)), \(scene), \(engine.scene.nodeCount) sprites")
    } catch let error as GameLoadError {
      printError(error.description)
      throw ExitCode.failure
    }
  }
}
