import Foundation
import LuaBridge
import TideCore
import TideSDL
import TideScript
import TideTesting

/// The names a script can reach under `tide`, read from a started engine rather than from
/// source text, so a lint standard built on it can never disagree with what runs.
public struct TideNameTree: Sendable, Equatable {
  /// Fields by name; a function or a plain value has no children.
  public var children: [String: TideNameTree] = [:]
  /// True for a table whose contents are the game's own (`tide.options`) or data that changes
  /// (`tide.ui.theme`): a linter must accept any field of it.
  public var open = false

  public init(children: [String: TideNameTree] = [:], open: Bool = false) {
    self.children = children
    self.open = open
  }

  /// Every name, dotted from `prefix` (`tide.ui.button`), sorted.
  public func dottedNames(prefix: String = "tide") -> [String] {
    children.keys.sorted().flatMap { key -> [String] in
      let name = prefix + "." + key
      return [name] + (children[key]?.dottedNames(prefix: name) ?? [])
    }
  }
}

extension Engine {
  /// Tables under `tide` whose fields a game chooses or that hold tunable data, and the camera,
  /// whose fields are set as well as read.
  static let openTables: Set<String> = ["tide.options", "tide.ui.theme", "tide.camera"]

  /// What is under `tide` now (call after `start()`), two levels deep.
  public func tideNames() -> TideNameTree {
    lua.push(tideTable)
    defer { lua.pop(1) }
    return Engine.walkNames(lua, at: -1, path: "tide", depth: 2, open: Engine.openTables)
  }

  private static func walkNames(_ lua: LuaState, at index: Int32, path: String, depth: Int, open: Set<String>) -> TideNameTree {
    var tree = TideNameTree(open: open.contains(path))
    guard depth > 0, !tree.open else { return tree }
    lua.forEachPair(index) { key, value in
      guard lua.type(at: key) == .string, let name = lua.toString(at: key) else { return }
      let child = lua.type(at: value) == .table
        ? walkNames(lua, at: value, path: path + "." + name, depth: depth - 1, open: open)
        : TideNameTree(open: open.contains(path + "." + name))
      tree.children[name] = child
    }
    return tree
  }

  /// The globals a bot file reaches, with their fields (`string.format`): the sandbox's
  /// standard library, less what the bot loader hides (`BotDriver.hiddenGlobals`). Read from a
  /// sandbox like the engine's, whose globals are those and `tide` and `require` alone.
  public static let botGlobals: TideNameTree = {
    let vm = LuaVM()
    vm.openSafeLibraries()
    let lua = vm.state
    lua.pushGlobalTable()
    defer { lua.pop(1) }
    // The bot's `_G` is its own environment, where it may keep what it likes.
    var tree = walkNames(lua, at: -1, path: "", depth: 2, open: ["._G"])
    for hidden in BotDriver.hiddenGlobals { tree.children[hidden] = nil }
    return tree
  }()

  /// The names a game and a test can reach, from an empty game started in a scratch folder.
  ///
  /// `test` holds `tide.test`, present only under `tide test`.
  /// `sandbox` holds the other globals game code sees (the sandbox's standard library, no
  /// `io`, `os`, `package` or `debug`), each with its fields; `conf` is `tide` as conf.lua
  /// sees it, before the values each start sets (`tide.screen`, `tide.options`, the library).
  public static func runtimeNames() throws -> (game: TideNameTree, test: TideNameTree, sandbox: TideNameTree, conf: TideNameTree) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tide-names-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try "".write(to: folder.appendingPathComponent("main.lua"), atomically: true, encoding: .utf8)
    var options = EngineOptions()
    options.logErrors = false
    options.saveDirectory = folder.appendingPathComponent("saves")
    let engine = try Engine(gameDirectory: folder, backend: HeadlessBackend.withGameFonts(), options: options)
    let conf = engine.tideNames()
    try engine.start()
    let game = engine.tideNames()
    let lua = engine.lua
    lua.pushGlobalTable()
    var sandbox = walkNames(lua, at: -1, path: "", depth: 2, open: ["._G"])
    lua.pop(1)
    sandbox.children["tide"] = nil
    engine.installTestAPI()
    return (game, engine.tideNames(), sandbox, conf)
  }
}

/// A luacheck configuration whose standards are what each kind of file can reach, so `tide
/// check` (and plain `luacheck` with the `.luacheckrc` Tide writes) reports unknown globals,
/// unknown fields of `tide`, API fields assigned that are read-only, and unused variables.
public enum LintStandard {
  /// Fields of open tables a script may set (the camera's position, zoom and turn); their other
  /// fields may be read, and no open table may itself be replaced (`tide.camera = {}`).
  static let writableFields: [String: [String]] = ["tide.camera": ["rotation", "x", "y", "zoom"]]
  /// Open tables whose fields a script may set as well as read (the theme is tunable data).
  static let writableTables: Set<String> = ["tide.ui.theme"]

  /// The config text. Game code sees the sandbox (`sandbox`: no `io`, `os`, `package`, `debug`)
  /// and `tide`; conf.lua runs before each start sets `tide.screen`, `tide.options` and the
  /// library, so sees `tide` without them (`conf`); specs and tests (`spec/`, `tests/`) run with
  /// full Lua 5.4, busted's globals and `tide.test`; `bots/` get
  /// only what a bot gets (`Engine.botGlobals`: no `tide`, no `require`, no `io` or `os`).
  /// Long lines are a matter of taste, not a fault, so not reported.
  public static func luacheckConfig(game: TideNameTree, test: TideNameTree, sandbox: TideNameTree, conf: TideNameTree) -> String {
    var lines = [
      "-- Generated by `tide docs` from the names Tide's scripts can reach at run time; do not edit.",
      "stds.tide = { read_globals = { tide = \(fields(game, path: "tide", indent: "  ")) } }",
      "stds.tide_test = { read_globals = { tide = \(fields(test, path: "tide", indent: "  ")) } }",
      "stds.tide_conf = { read_globals = { tide = \(fields(conf, path: "tide", indent: "  ")) } }",
      "stds.tide_sandbox = { read_globals = \(globals(sandbox)) }",
      "stds.tide_bot = { read_globals = \(globals(Engine.botGlobals)) }",
      "std = \"tide_sandbox+tide\"",
      "max_line_length = false",
    ]
    for pattern in ["conf.lua", "**/conf.lua"] {
      lines.append("files[\"\(pattern)\"] = { std = \"tide_sandbox+tide_conf\" }")
    }
    for folder in ["tests", "spec"] {
      for pattern in ["\(folder)/**/*.lua", "**/\(folder)/**/*.lua"] {
        lines.append("files[\"\(pattern)\"] = { std = \"lua54+tide_test+busted\" }")
      }
    }
    for pattern in ["bots/**/*.lua", "**/bots/**/*.lua"] {
      lines.append("files[\"\(pattern)\"] = { std = \"tide_bot\" }")
    }
    lines.append("")
    return lines.joined(separator: "\n")
  }

  /// The config `tide check` hands luacheck: Tide's standards, then the project's own
  /// `.luacheckrc` (at `project`, when there is one) run over them, as luacheck would run it,
  /// so its globals, `std`, `files` and `exclude_files` win. Runs under any Lua luacheck uses.
  public static func layered(_ standard: String, project: URL?) -> String {
    guard let project else { return standard }
    let path = project.path.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    return standard + """
      -- The project's own .luacheckrc, over Tide's standards.
      do
        local path = "\(path)"
        local env = getfenv and getfenv(1) or _ENV
        local file = assert(io.open(path, "rb"))
        local source = file:read("*a")
        file:close()
        local chunk
        if setfenv then
          chunk = assert(loadstring(source, "@" .. path))
          setfenv(chunk, env)
        else
          chunk = assert(load(source, "@" .. path, "t", env))
        end
        local returned = chunk()
        if type(returned) == "table" then
          for key, value in pairs(returned) do env[key] = value end
        end
      end

      """
  }

  /// A read_globals table: each global with its fields.
  private static func globals(_ tree: TideNameTree) -> String {
    "{\n" + entries(tree, path: "", indent: "").joined(separator: "\n") + "\n}"
  }

  private static func fields(_ tree: TideNameTree, path: String, indent: String) -> String {
    if tree.open {
      if writableTables.contains(path) { return "{ other_fields = true, read_only = false }" }
      guard let writable = writableFields[path] else { return "{ other_fields = true }" }
      let listed = writable.map { "[\"\($0)\"] = { read_only = false }" }.joined(separator: ", ")
      return "{ other_fields = true, fields = { \(listed) } }"
    }
    if tree.children.isEmpty { return "{}" }
    return "{ fields = {\n" + entries(tree, path: path, indent: indent).joined(separator: "\n") + "\n\(indent)} }"
  }

  /// One `["name"] = {...},` line per child of `tree`, sorted by name, two spaces in from
  /// `indent`: the globals and every level of fields are written alike.
  private static func entries(_ tree: TideNameTree, path: String, indent: String) -> [String] {
    tree.children.keys.sorted().map { key in
      let child = path.isEmpty ? key : path + "." + key
      return "\(indent)  [\"\(key)\"] = \(fields(tree.children[key] ?? TideNameTree(), path: child, indent: indent + "  ")),"
    }
  }
}
