import Foundation
import TideCore
import TideSDL
import TideScript
import TideTesting

/// A game's golden screens: each `tests/golden/<name>.input` (an input script with `@at`,
/// `@seed`, `@size`, `@option`) must draw, as `tide shot --input` draws it, what
/// `<name>.png` beside it shows. `tide test` and ContentGoldenTests check them with this.
public enum GoldenScreens {
  /// The golden inputs of the game at `game`, sorted by name.
  public static func inputs(in game: URL) -> [URL] {
    let folder = game.appendingPathComponent("tests/golden")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".input") }.sorted().map { folder.appendingPathComponent($0) }
  }

  /// The test name of a golden input, as reports and filters give it: `tests/golden/<file>`.
  public static func name(of input: URL) -> String {
    "tests/golden/" + input.lastPathComponent
  }

  /// The PNG an input is compared with: `<name>.png` beside it.
  public static func golden(for input: URL) -> URL {
    input.deletingPathExtension().appendingPathExtension("png")
  }

  /// Where the screen drawn for a failing input is written: `<name>.actual.png` beside it,
  /// where an author looking at the golden finds it (a passing check removes it again).
  public static func actual(for input: URL) -> URL {
    input.deletingPathExtension().appendingPathExtension("actual.png")
  }

  /// Draws `input`'s screen and compares it with its golden PNG: one test entry named
  /// `tests/golden/<name>.input`.
  ///
  /// With `update` the PNG is written (made when missing) and the entry passes. A missing PNG
  /// without `update`, a script error while replaying, a size or pixel difference fail it; the
  /// failure names the PNG and, for a difference, how many pixels differ and where the drawn
  /// screen was written (`actualDirectory`, else beside the input).
  public static func check(
    game: URL, displayPath: String, input: URL, update: Bool, backend: SDLBackend, actualDirectory: URL? = nil
  ) -> TestEntry {
    let name = name(of: input)
    let golden = golden(for: input)
    do {
      // The shared reader: a size limit, and a FIFO named x.input fails instead of blocking.
      let script = try InputScript(text: InputScript.text(of: input, regularFileOnly: true, inside: [game]))
      let frame = try ScreenShot.render(
        game: game, displayPath: displayPath, script: script, time: script.shotTime ?? 1,
        options: ScreenShot.options(for: script), backend: backend)
      if let error = frame.engine.errors.all.first {
        return TestEntry(game: displayPath, file: name, failure: "script error while replaying it: \(error.message)")
      }
      let actual = actualDirectory.map { $0.appendingPathComponent(Self.actual(for: input).lastPathComponent) }
        ?? Self.actual(for: input)
      if update {
        try frame.image.writePNG(to: golden)
        try? FileManager.default.removeItem(at: actual)
        return TestEntry(game: displayPath, file: name)
      }
      guard FileManager.default.fileExists(atPath: golden.path) else {
        return TestEntry(game: displayPath, file: name, failure: "no \(golden.lastPathComponent) beside it (tide test --update-golden makes it)")
      }
      let expected: RGBAImage
      do {
        expected = try RGBAImage(contentsOf: golden)
      } catch {
        return TestEntry(game: displayPath, file: name, failure: "cannot read \(golden.lastPathComponent) as a PNG: \(error)")
      }
      // GoldenImage's own tolerance: one per-channel difference for every golden in the project.
      let report = GoldenImage.compare(actual: frame.image, expected: expected)
      if report.passed {
        try? FileManager.default.removeItem(at: actual)
        return TestEntry(game: displayPath, file: name)
      }
      if let directory = actualDirectory {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      }
      try frame.image.writePNG(to: actual)
      let difference: String
      if report.sizeMismatch {
        difference = "the screen is \(frame.image.width)x\(frame.image.height), \(golden.lastPathComponent) "
          + "\(expected.width)x\(expected.height)"
      } else {
        let at = report.firstDifference.map { ", the first at (\($0.x), \($0.y))" } ?? ""
        difference = "\(report.differingPixels) pixel\(report.differingPixels == 1 ? "" : "s") differ from "
          + "\(golden.lastPathComponent) by more than \(report.tolerance) (max \(report.maxDelta))\(at)"
      }
      let written = actualDirectory == nil ? "\(displayPath)/tests/golden/\(actual.lastPathComponent)" : actual.path
      return TestEntry(game: displayPath, file: name, failure: "\(difference); the screen drawn is in \(written)")
    } catch let error as InputScript.ParseError {
      return TestEntry(game: displayPath, file: name, failure: error.description)
    } catch let error as InputScript.FileError {
      return TestEntry(game: displayPath, file: name, failure: error.description)
    } catch let error as GameLoadError {
      return TestEntry(game: displayPath, file: name, failure: "game failed to start: \(error.description)")
    } catch {
      return TestEntry(game: displayPath, file: name, failure: "\(error)")
    }
  }

  /// Checks every golden input of a game that has its PNG beside it (with `update`, every golden
  /// input) whose name contains `filter`, if one is given.
  public static func run(game: URL, displayPath: String, filter: String? = nil, update: Bool) -> [TestEntry] {
    run(game: game, displayPath: displayPath, keep: { name in filter.map { name.contains($0) } ?? true }, update: update)
  }

  /// The golden inputs checked (with `update`, every one; else those with their PNG) whose
  /// name `keep` keeps.
  public static func chosen(in game: URL, update: Bool, keep: (String) -> Bool) -> [URL] {
    inputs(in: game).filter { input in
      (update || FileManager.default.fileExists(atPath: golden(for: input).path)) && keep(name(of: input))
    }
  }

  /// Checks every golden input of a game that has its PNG beside it (with `update`, every golden
  /// input) whose name `keep` keeps.
  public static func run(game: URL, displayPath: String, keep: (String) -> Bool, update: Bool) -> [TestEntry] {
    let inputs = chosen(in: game, update: update, keep: keep)
    guard !inputs.isEmpty else { return [] }
    let backend: SDLBackend
    do {
      backend = try SDLBackend(gameDirectory: game, audio: false)
    } catch {
      return inputs.map { TestEntry(game: displayPath, file: name(of: $0), failure: "cannot draw it: \(error)") }
    }
    return inputs.map { input in
      TestEntry.timed { check(game: game, displayPath: displayPath, input: input, update: update, backend: backend) }
    }
  }
}
