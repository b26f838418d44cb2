import ArgumentParser
import Foundation
import TideCore
import TideSDL
import TideScript
import TideShots

/// `tide check --layout`: renders a game's key screens at every size it declares, with the real
/// fonts offscreen, and reports what a person would have to look for: text off the screen or out
/// of its widget, texts over each other, covered buttons and text too faint to read.
struct LayoutRun {
  /// One screen to check: the first screen, or a golden input replayed to its `@at`.
  struct Screen {
    let name: String
    let script: InputScript
    let time: Double
  }

  let setup: GameSetup

  /// What one game's check found.
  struct Outcome {
    var problems = 0
    var screens = 0
    var sizes: Set<Vec2> = []
    /// Screens whose input pressed on nothing that takes input.
    var warnings = 0
  }

  /// What playing one screen at one size reached and found.
  struct Checked {
    var problems: [String] = []
    /// The scene it ended in, said with each screen so a wrong one shows.
    var scene: String?
    /// Presses (taps, drags) the input made, and those nothing took.
    var presses = 0
    var missed: [MissedPress] = []
  }

  /// Checks one game, printing a line per screen and size (what was checked: the input, the
  /// size, the scene reached), one per problem, and a warning where the input's taps missed;
  /// the count of problems and screens.
  func run(_ location: GameLocation) throws -> Outcome {
    let base = try options(for: InputScript())
    let files = try location.files()
    let backend = try SDLBackend(files: files, audio: false)
    let offscreen = SDLOffscreen(assets: backend.assets, fonts: backend.fonts)
    // conf.lua's sizes: the engine reads and validates them when it opens the game.
    let declared = try location.engine(files, backend: backend, options: base).config.checkedSizes
    var outcome = Outcome()
    let screens = try screens(of: location, files)
    let progress = Progress(total: screens.count, unit: "screens")
    defer { progress.finish() }
    for (done, screen) in screens.enumerated() {
      progress.update(done: done, note: screen.name)
      // A golden input made for one size (`@size`) is checked at that size only: its taps are
      // that layout's points, so under another `--size` one that presses is skipped (and said),
      // not misplayed. One that only waits shows the same screen at any size, so it is checked.
      if setup.size != nil, let wanted = base.designSize, let own = screen.script.size, own != wanted,
        screen.script.entries.contains(where: { if case .pointerDown = $0.event { true } else { false } })
      {
        progress.clear()
        print("  skipped \(location.name) \(screen.name): made for @size \(Int(own.x))x\(Int(own.y)), not \(Int(wanted.x))x\(Int(wanted.y))")
        continue
      }
      let sizes = (setup.size != nil ? base.designSize : screen.script.size).map { [$0] } ?? declared
      for size in sizes {
        var options = try options(for: screen.script)
        options.designSize = size
        let sizeText = "\(Int(size.x))x\(Int(size.y))"
        let label = "\(location.name) \(screen.name) \(sizeText)"
        let checked = try check(location, files, screen, options: options, backend: backend, offscreen: offscreen)
        progress.clear()
        let scene = checked.scene.map { "scene '\($0)'" } ?? "no scene"
        print("  checked \(label): \(scene) at \(ReportFormat.number(screen.time)) s")
        for line in checked.problems { print("\(label): \(line)") }
        if let first = checked.missed.first {
          // Not a layout problem (the screen may be fine), but the screen checked is likely not
          // the one the input was written to reach, so say so where the problems are.
          let sized = screen.script.size == nil
            ? "; its taps are design points of another size: give it @size and write one with this size's taps and @size \(sizeText)"
            : ""
          print("\(label): warning: \(checked.missed.count) of \(checked.presses) presses hit nothing that takes input "
            + "(the first at \(ReportFormat.number(Double(first.tick) / 60)) s, "
            + "(\(ReportFormat.number(first.point.x)), \(ReportFormat.number(first.point.y)))), "
            + "so this may not be the screen the input was made for\(sized)")
          outcome.warnings += 1
        }
        outcome.problems += checked.problems.count
        outcome.screens += 1
        outcome.sizes.insert(size)
      }
    }
    return outcome
  }

  private func options(for script: InputScript) throws -> EngineOptions {
    var options = try setup.engineOptions(script: script)
    options.logErrors = false
    return options
  }

  /// The first screen (after a second, as `tide shot` renders it), then each golden input by name.
  private func screens(of location: GameLocation, _ files: any GameFiles) throws -> [Screen] {
    var screens = [Screen(name: "first screen", script: InputScript(), time: 1)]
    guard files.folder != nil else {
      print("  \(location.name): a packed game carries no tests/golden inputs; its first screen only (check the game folder for the rest)")
      return screens
    }
    for input in GoldenScreens.inputs(in: location.url) {
      // A golden input is never meant to be a pipe: a FIFO there must fail, not block.
      let script = try loadInputScript(input.path, regularFileOnly: true, inside: [location.url])
      screens.append(Screen(name: GoldenScreens.name(of: input), script: script, time: script.shotTime ?? 1))
    }
    return screens
  }

  /// Plays one screen at one size: its problems (a script error included), the scene it
  /// reached and the presses nothing took.
  private func check(
    _ location: GameLocation, _ files: any GameFiles, _ screen: Screen, options base: EngineOptions, backend: SDLBackend,
    offscreen: SDLOffscreen
  ) throws -> Checked {
    var options = base
    // Each screen starts from no saves, as golden tests do.
    let saves = FileManager.default.temporaryDirectory.appendingPathComponent("tide-layout-\(getpid())")
    options.saveDirectory = saves
    defer { try? FileManager.default.removeItem(at: saves) }
    let engine = try location.engine(files, backend: backend, options: options)
    try engine.start()
    engine.tracksMissedPresses = true
    engine.replay(screen.script, until: screen.time)
    var checked = Checked(scene: engine.currentSceneName, missed: engine.missedPresses)
    let end = engine.tick
    checked.presses = screen.script.entries.filter { entry in
      if case .pointerDown = entry.event { return entry.tick < end }
      return false
    }.count
    if let failure = engine.errors.failures.first {
      checked.problems = ["script error: \(failure.message)"]
      return checked
    }
    let backdrop = try renderWithoutText(engine, offscreen)
    checked.problems = engine.layoutProblems { rect in backdrop.dominantColor(in: rect) }.map(\.message)
    return checked
  }

  /// The frame with every text sprite hidden: what each text is read against.
  private func renderWithoutText(_ engine: Engine, _ offscreen: SDLOffscreen) throws -> RGBAImage {
    let texts = engine.scene.findAll { $0.kind == .text && $0.visible }
    for text in texts { text.visible = false }
    defer { for text in texts { text.visible = true } }
    return try offscreen.render(scene: engine.scene, size: engine.designSize, background: engine.background)
  }
}
