import ArgumentParser
import Foundation
import TideCore
import TideDocs
import TideSDL
import TideScript
import TideShots

/// `tide new`: start a game that passes `tide check`, `tide test` and `tide shot` as made.
struct New: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "new",
    abstract: "Make a new game folder: conf.lua, main.lua, data/, tests/ with a test, a golden screen and a replay.",
    discussion: """
      The game is a small complete one (tap the star before it moves) to change into yours. \
      Names are lower case letters, digits and dashes, starting with a letter (at most 40).
      """)

  @Argument(help: "The game's name, e.g. memory-cards.")
  var name: String

  @Option(help: "The folder to make it in.")
  var path = "Content"

  @Option(help: "Where to write the LuaLS library (editor completion), relative to the game folder or absolute.")
  var meta = GameTemplate.metaFolder

  func validate() throws {
    let allowed = name.utf8.allSatisfy { ($0 >= 97 && $0 <= 122) || ($0 >= 48 && $0 <= 57) || $0 == 45 }
    guard let first = name.utf8.first, first >= 97, first <= 122, allowed, name.utf8.count <= 40 else {
      throw ValidationError(
        "'\(name)' is not a game name: use lower case letters, digits and dashes, starting with a letter (at most 40)")
    }
  }

  func run() throws {
    let folder = URL(fileURLWithPath: path).appendingPathComponent(name)
    let shown = (path as NSString).appendingPathComponent(name)
    guard !FileManager.default.fileExists(atPath: folder.path) else {
      printError("\(shown) already exists; pick another name or remove it first")
      throw ExitCode.failure
    }
    let title = name.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    do {
      let library = meta.hasPrefix("/") ? URL(fileURLWithPath: meta) : folder.appendingPathComponent(meta)
      try EditorLibrary.write(to: library)
      let names = try Engine.runtimeNames()
      let standard = LintStandard.luacheckConfig(game: names.game, test: names.test, sandbox: names.sandbox, conf: names.conf)
      for (file, text) in GameTemplate.files(name: name, title: title, library: meta, luacheck: standard) {
        let url = folder.appendingPathComponent(file)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
      }
      try renderGolden(folder: folder, shown: shown)
    } catch let error as GameLoadError {
      printError("\(shown) was made but does not start: \(error.description)")
      throw ExitCode.failure
    }
    print("made \(shown): try `tide run \(shown)`, `tide test \(shown)` and read \(shown)/README.md")
  }

  /// The golden screen of tests/golden/start.input, drawn now so `tide test` has it to compare.
  private func renderGolden(folder: URL, shown: String) throws {
    let input = folder.appendingPathComponent("tests/golden/start.input")
    let script = try InputScript(text: String(contentsOf: input, encoding: .utf8))
    let backend = try SDLBackend(gameDirectory: folder, audio: false)
    // Drawn as `tide test` draws it, so the new game's golden screen passes as made.
    let frame = try ScreenShot.render(
      game: folder, displayPath: shown, script: script, time: script.shotTime ?? 1,
      options: ScreenShot.options(for: script), backend: backend)
    try frame.image.writePNG(to: GoldenScreens.golden(for: input))
  }
}

/// The files of a new game, by path inside its folder.
enum GameTemplate {
  /// Where `tide new` writes the LuaLS library in a game, unless told otherwise.
  static let metaFolder = ".meta"

  /// The files; `library` is where `.luarc.json` finds the LuaLS library, and `luacheck` Tide's
  /// lint standard, which the game's `.luacheckrc` holds so plain `luacheck .` knows `tide`.
  static func files(name: String, title: String, library: String? = nil, luacheck: String? = nil) -> [(String, String)] {
    // LuaLS reads the Tide API from the generated library; without one it still knows the globals.
    let libraryLine = library.map { "\n  \"workspace.library\": [\"\($0)\"]," } ?? ""
    // The library's files are declarations for the editor, not code to lint.
    let excluded = library.map { $0.hasPrefix("/") ? "" : "exclude_files = { \"\($0)/**\" }\n" } ?? ""
    let lint = luacheck.map { [(".luacheckrc", $0 + excluded)] } ?? []
    return lint + [
      ("conf.lua", """
        -- \(title): how the game starts. Every field is in docs/conf.md.
        return {
          title = "\(title)",
          author = "",
          width = 390,
          height = 844,
          sizes = { "390x844", "375x667" },   -- the screens it is laid out for: tide check --layout checks each
          background = "#1d2433",
          scene = "play",
        }

        """),
      ("data/game.lua", """
        -- The game's numbers and colours: change them here, not in main.lua.
        return {
          round_seconds = 30,       -- how long a round lasts
          star_size = 64,           -- points: the star's size
          move_time = 0.25,         -- seconds the star takes to jump to a new spot
          margin = 60,              -- the star stays this far from the edges
          colors = { text = "#ffffff", dim = "#9aa5b8", flash = "#ffd500" },
        }

        """),
      ("main.lua", """
        -- \(title): tap the star before it moves. Each tap scores a point and sends the star
        -- somewhere else; the round ends when the clock reaches zero.
        local game = require("data.game")

        tide.scene.define("play", {
          enter = function(self)
            local w, h = tide.screen.width, tide.screen.height
            self.score, self.left = 0, game.round_seconds
            self.score_label = tide.sprite.text("Score: 0", { x = 20, y = 30, size = 28, color = game.colors.text, name = "score" })
            self.clock = tide.sprite.text(tostring(self.left), { x = w - 20, y = 30, anchor = "top_right", size = 28, color = game.colors.dim, name = "clock" })
            self.star = tide.sprite.text("⭐", { x = w / 2, y = h / 2, anchor = "center", size = game.star_size, name = "star" })
            self.star:on("tap", function() self:hit() end)
            self.ticker = tide.every(1, function()
              self.left = self.left - 1
              self.clock.text = tostring(self.left)
              if self.left == 0 then self:finish() end
            end, game.round_seconds)
          end,

          hit = function(self)
            self.score = self.score + 1
            self.score_label.text = "Score: " .. self.score
            local w, h, m = tide.screen.width, tide.screen.height, game.margin
            tide.tween(self.star, game.move_time, { x = tide.random.int(m, w - m), y = tide.random.int(m + 60, h - m) }, { ease = "out_back" })
          end,

          finish = function(self)
            self.star:remove()
            tide.sprite.text("Time's up! " .. self.score .. " stars", { x = tide.screen.width / 2, y = tide.screen.height / 2, anchor = "center", size = 32, color = game.colors.flash, name = "result" })
          end,
        })

        """),
      ("tests/\(name.replacingOccurrences(of: "-", with: "_"))_test.lua", """
        -- The rules of \(title): a tap on the star scores and moves it, a tap beside it does not,
        -- and the round ends when the clock reaches zero.
        local game = require("data.game")

        describe("the star", function()
          local app
          before_each(function() app = tide.test.start() end)

          it("scores a point and moves when tapped", function()
            local star = app:find{ name = "star" }
            local x, y = star.x, star.y
            app:tap(star)
            app:advance(game.move_time)
            assert.are.equal("Score: 1", app:find{ name = "score" }.text)
            assert.is_true(star.x ~= x or star.y ~= y)
          end)

          it("does not score a tap beside it", function()
            app:tap({ x = 10, y = 700 })
            assert.are.equal("Score: 0", app:find{ name = "score" }.text)
          end)

          it("ends the round when the clock reaches zero", function()
            app:advance(game.round_seconds)
            assert.are.equal("0", app:find{ name = "clock" }.text)
            assert.is_nil(app:find{ name = "star" })
            assert.truthy(app:find{ name = "result" })
          end)
        end)

        """),
      ("tests/golden/start.input", """
        # The opening screen after one tap on the star: tide test draws it and compares it with
        # start.png (tide test --update-golden rewrites start.png after a change you meant).
        # Its tap is a point of the 390x844 layout, so tide check --layout checks it at that size.
        @seed 1
        @size 390x844
        @at 1
        0.5 tap 195 422

        """),
      ("tests/replays/first.input", """
        # A tap on the star at the start; `tide test` replays it and checks the score.
        @seed 1
        @size 390x844
        0.5000 down 195 422
        0.5167 up 195 422
        @end 2.0000
        @expect 2 find{ name = "score" }.text == "Score: 1"

        """),
      ("tests/smoke.input", """
        # Taps for the window smoke test (design coordinates).
        0.5 tap 195 422

        """),
      (".gitignore", """
        # Screens `tide test` drew that differ from their golden PNGs: look, do not commit.
        *.actual.png

        """),
      (".luarc.json", """
        {
          "$schema": "https://raw.githubusercontent.com/LuaLS/vscode-lua/master/setting/schema.json",
          "runtime.version": "Lua 5.4",\(libraryLine)
          "diagnostics.globals": [\(BustedMeta.globals.map { "\"\($0)\"" }.joined(separator: ", "))],
          "workspace.checkThirdParty": false
        }

        """),
      ("README.md", """
        # \(title)

        Tap the star before it moves. Made with `tide new \(name)`.

        - `tide run <this folder>` plays it in a window; saved edits reload as you play.
        - `tide test <this folder>` runs `tests/*_test.lua`, the replays in `tests/replays/` and the
          golden screens in `tests/golden/`: each `<name>.input` must draw what `<name>.png` shows. A
          screen that differs is written beside it as `<name>.actual.png`; after a change you meant,
          `tide test <this folder> --update-golden` rewrites the PNGs.
        - `tide check <this folder>` lints it; `tide shot <this folder> -o shot.png` draws a frame.

        The numbers and colours live in `data/game.lua`; the rules in `main.lua`. The whole API is
        in the engine's `docs/api.md`, `conf.lua`'s fields in `docs/conf.md`.

        """),
    ]
  }
}
