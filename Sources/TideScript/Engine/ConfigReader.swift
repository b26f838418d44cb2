import Foundation
import LuaBridge
import TideCore

/// Reads a game's `conf.lua` into the configuration every part sees (`PartContext.config`),
/// with the command-line overrides applied, naming any bad field.
struct ConfigReader {
  let context: PartContext
  /// Runs conf.lua (in an environment of its own).
  let modules: ModuleLoader
  /// `--size` and `--option`, when given.
  let options: EngineOptions

  private var config: GameConfig {
    get { context.config }
    nonmutating set { context.config = newValue }
  }
  private var lua: LuaState { context.lua }
  private var displayPath: String { context.displayPath }

  /// Reads `conf.lua` (optional) and applies command-line overrides, naming any bad field.
  func load() throws(GameLoadError) {
    let file = "\(displayPath)/conf.lua"
    if context.files.exists("conf.lua") {
      do {
        // conf.lua sees the safe globals (math, string...) but writes nowhere shared.
        lua.newTable()
        lua.newTable()
        lua.pushGlobalTable()
        lua.rawSet(-2, key: "__index")
        lua.setMetatable(-2)
        let env = lua.ref(at: -1)
        lua.pop(1)
        try modules.run("conf.lua", chunkName: "@" + file, env: env)
      } catch {
        throw .script(error)
      }
      defer { lua.pop(1) }
      guard lua.type(at: -1) == .table else {
        throw .invalidConfig("\(file): must return a table, got \(lua.typeName(at: -1))")
      }
      try readConfigTable(file: file)
    }
    if let size = options.designSize {
      config.width = size.x
      config.height = size.y
    }
    if options.fullscreen { config.window.fullscreen = true }
    config.declaredSize = Vec2(x: config.width, y: config.height)
    config.declaredOptions = config.options
    try applyOptions(options.options)
  }

  /// Reads conf.lua again from nothing (a hot reload saw it change); when it fails, the
  /// configuration stays as it was.
  func reload() throws(GameLoadError) {
    let previous = config
    config = GameConfig(title: context.files.name)
    do {
      try load()
    } catch {
      config = previous
      throw error
    }
  }

  /// Resets the options to conf.lua's defaults, then applies `overrides` (from `--option` or a test).
  func applyOptions(_ overrides: [String: String]) throws(GameLoadError) {
    config.options = config.declaredOptions
    try applyOptionOverrides(overrides, file: "\(displayPath)/conf.lua")
  }

  private func readConfigTable(file: String) throws(GameLoadError) {
    var problem: String?
    lua.forEachPair(-1) { keyIndex, valueIndex in
      guard problem == nil else { return }
      guard let key = lua.toString(at: keyIndex), lua.type(at: keyIndex) == .string else {
        problem = "\(file): keys must be names"
        return
      }
      let type = lua.type(at: valueIndex)
      switch key {
      case "title":
        if let s = lua.toString(at: valueIndex), type == .string { config.title = s } else { problem = mismatch(file, key, "a string", valueIndex) }
      case "version":
        guard type == .string, let s = lua.toString(at: valueIndex), !s.isEmpty, s.utf8.count <= 64,
          s.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F })
        else {
          problem = "\(file): version must be a string like \"1.2.0\" (at most 64 characters, no spaces), got \(describe(valueIndex))"
          return
        }
        config.version = s
      case "identity":
        guard type == .string, let s = lua.toString(at: valueIndex), GameConfig.isValidIdentity(s) else {
          problem = "\(file): identity must name the game's data folder in letters, digits, _, - and . (not first), "
            + "at most 64 characters, like \"memory-cards\", got \(describe(valueIndex))"
          return
        }
        config.identity = s
      case "author":
        if let s = lua.toString(at: valueIndex), type == .string { config.author = s } else { problem = mismatch(file, key, "a string", valueIndex) }
      case "screenshot":
        guard type == .string, let s = lua.toString(at: valueIndex), !s.isEmpty, s.utf8.count <= 100,
          s.unicodeScalars.allSatisfy({ CharacterSet.alphanumerics.contains($0) || $0 == "_" || $0 == "-" })
        else {
          problem = "\(file): screenshot must name a golden screen (tests/golden/<name>.png) in letters, digits, _ and -, got \(describe(valueIndex))"
          return
        }
        config.screenshot = s
      case "width", "height":
        guard type == .number, let v = lua.toDouble(at: valueIndex), Limits.screenSide.contains(v) else {
          problem = "\(file): \(key) must be a number from 16 to 8192, got \(describe(valueIndex))"
          return
        }
        if key == "width" { config.width = v } else { config.height = v }
      case "background":
        guard type == .string, let s = lua.toString(at: valueIndex), let c = Color(hex: s) else {
          problem = "\(file): background must be a colour like \"#1d2433\", got \(describe(valueIndex))"
          return
        }
        config.background = c
      case "scene":
        if let s = lua.toString(at: valueIndex), type == .string { config.scene = s } else { problem = mismatch(file, key, "a scene name", valueIndex) }
      case "options":
        guard type == .table else { problem = mismatch(file, key, "a table", valueIndex); return }
        lua.forEachPair(valueIndex) { k, v in
          guard problem == nil else { return }
          guard lua.type(at: k) == .string, let name = lua.toString(at: k) else { problem = "\(file): options keys must be names"; return }
          switch lua.type(at: v) {
          case .string: config.options[name] = .string(lua.toString(at: v) ?? "")
          case .number: config.options[name] = .number(lua.toDouble(at: v) ?? 0)
          case .boolean: config.options[name] = .bool(lua.toBool(at: v))
          default: problem = "\(file): options.\(name) must be a string, number or boolean, got \(lua.typeName(at: v))"
          }
        }
      case "tap_guard":
        guard type == .number, let v = lua.toDouble(at: valueIndex), (0...2).contains(v) else {
          problem = "\(file): tap_guard must be a number of seconds from 0 to 2, got \(describe(valueIndex))"
          return
        }
        config.tapGuard = v
      case "min_tap_size":
        guard type == .number, let v = lua.toDouble(at: valueIndex), (LayoutCheck.defaultMinTapSize...400).contains(v) else {
          problem = "\(file): min_tap_size must be a number from 44 to 400, got \(describe(valueIndex))"
          return
        }
        config.minTapSize = v
      case "sizes":
        problem = readSizes(file: file, at: valueIndex)
      case "window":
        problem = readWindow(file: file, at: valueIndex)
      case "font":
        guard type == .string, let name = lua.toString(at: valueIndex) else {
          problem = mismatch(file, key, "the name of a font file in assets/fonts", valueIndex)
          return
        }
        do {
          config.fontKey = try AssetCatalog.fontFile(named: name, in: context.files, shown: displayPath)
          config.font = name
        } catch {
          problem = "\(file): font: \(error)"
        }
      case "modules":
        guard type == .table else { problem = mismatch(file, key, "a table like { rps = \"../rps\" }", valueIndex); return }
        lua.forEachPair(valueIndex) { k, v in
          guard problem == nil else { return }
          guard let prefix = lua.toString(at: k), let folder = lua.toString(at: v), lua.type(at: v) == .string else {
            problem = "\(file): modules must map names to folders, like { rps = \"../rps\" }"
            return
          }
          // Only sibling games: a shared folder must sit beside this game, not anywhere on disk.
          // Checked after symlinks are followed: "../." or a link to "/" would expose the parent.
          let parts = folder.split(separator: "/")
          guard parts.count == 2, parts[0] == "..", parts[1] != ".", !parts[1].contains(".."),
            context.files.folder.map({ ConfigReader.isSiblingFolder($0.appendingPathComponent(folder), of: $0) }) ?? true
          else {
            problem = "\(file): modules.\(prefix) must name a sibling game folder like \"../rps\", got \"\(folder)\""
            return
          }
          // A game's files are meant to be shared; any other folder beside it (`../.config`,
          // a folder of notes) is not, though it sits as close.
          let refusal = context.files.folder.map { ConfigReader.notAGame($0.appendingPathComponent(folder), named: String(parts[1])) }
            ?? (context.files.isReadableFile(folder + "/conf.lua") ? nil : "is not in the archive")
          if let refusal {
            problem = "\(file): modules.\(prefix) must name a sibling game (a folder with a conf.lua), never a hidden folder; \"\(folder)\" \(refusal)"
            return
          }
          config.modules[prefix] = folder
        }
      default:
        problem = "\(file): unknown field '\(key)' (valid: \(LuaTableShape.config.names.joined(separator: ", ")))"
      }
    }
    if let problem { throw .invalidConfig(problem) }
  }

  /// Reads `sizes = { "390x844", ... }` into `config.sizes`; the problem, naming the field, if any.
  private func readSizes(file: String, at index: Int32) -> String? {
    let expected = "sizes must be a list of sizes like { \"390x844\", \"375x667\" } (each side 16 to 8192)"
    guard lua.type(at: index) == .table else { return "\(file): \(expected), got \(describe(index))" }
    let count = lua.rawLength(index)
    guard count > 0, count <= 64 else { return "\(file): \(expected), got \(count == 0 ? "an empty list" : "\(count) sizes")" }
    var sizes: [Vec2] = []
    for i in 1...count {
      lua.rawGet(index, index: i)
      defer { lua.pop() }
      guard lua.type(at: -1) == .string, let text = lua.toString(at: -1), let size = Vec2(size: text) else {
        return "\(file): \(expected), got \(describe(-1)) at sizes[\(i)]"
      }
      if !sizes.contains(size) { sizes.append(size) }
    }
    // A table with other keys than 1...n would hide a typo such as { phone = "375x667" }.
    var extra = false
    lua.forEachPair(index) { k, _ in
      if lua.type(at: k) != .number { extra = true }
    }
    if extra { return "\(file): \(expected): a list, without names" }
    config.sizes = sizes
    return nil
  }

  /// Reads `window = { fullscreen, resizable, vsync, min_size, icon }` into `config.window`; the
  /// problem, naming the field, if any.
  private func readWindow(file: String, at index: Int32) -> String? {
    let keys = LuaTableShape.windowConfig.names
    guard lua.type(at: index) == .table else { return "\(file): window must be a table like { fullscreen = true }, got \(describe(index))" }
    var problem: String?
    var window = WindowSettings()
    lua.forEachPair(index) { k, v in
      guard problem == nil else { return }
      guard lua.type(at: k) == .string, let key = lua.toString(at: k), keys.contains(key) else {
        problem = "\(file): unknown field window.\(lua.toString(at: k) ?? lua.typeName(at: k)) (valid: \(keys.joined(separator: ", ")))"
        return
      }
      switch key {
      case "fullscreen", "resizable", "vsync":
        guard lua.type(at: v) == .boolean else { problem = "\(file): window.\(key) must be true or false, got \(describe(v))"; return }
        let on = lua.toBool(at: v)
        if key == "fullscreen" { window.fullscreen = on } else if key == "resizable" { window.resizable = on } else { window.vsync = on }
      case "min_size":
        guard lua.type(at: v) == .string, let size = lua.toString(at: v).flatMap(Vec2.init(size:)) else {
          problem = "\(file): window.min_size must be a size like \"320x480\" (each side 16 to 8192), got \(describe(v))"
          return
        }
        window.minSize = size
      default:  // icon
        guard lua.type(at: v) == .string, let name = lua.toString(at: v), !name.isEmpty, !name.contains(".."),
          context.files.isReadableFile("assets/\(name)")
        else {
          problem = "\(file): window.icon must name an image in \(displayPath)/assets, like \"icon.png\", got \(describe(v))"
          return
        }
        window.icon = name
      }
    }
    if problem == nil { config.window = window }
    return problem
  }

  /// Whether `folder` (symlinks followed) is a folder that is not the game's parent or any
  /// other ancestor of it.
  static func isSiblingFolder(_ folder: URL, of game: URL) -> Bool {
    var isDirectory: ObjCBool = false
    guard let target = FolderWall.realPath(folder), let home = FolderWall.realPath(game),
      FileManager.default.fileExists(atPath: target, isDirectory: &isDirectory), isDirectory.boolValue
    else { return false }
    return !home.hasPrefix(target == "/" ? "/" : target + "/")
  }

  /// Why the sibling `folder` is no game another may share (nil when it is one): a hidden
  /// folder, or one whose real folder (links followed) is hidden or has no regular `conf.lua`.
  static func notAGame(_ folder: URL, named name: String) -> String? {
    guard !name.hasPrefix(".") else { return "is a hidden folder" }
    guard let real = FolderWall.realPath(folder) else { return "does not exist" }
    guard !(real as NSString).lastPathComponent.hasPrefix(".") else { return "leads to a hidden folder (\(real))" }
    var info = stat()
    guard stat(real + "/conf.lua", &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return "has no conf.lua, so it is no game" }
    return nil
  }

  private func mismatch(_ file: String, _ key: String, _ expected: String, _ index: Int32) -> String {
    "\(file): \(key) must be \(expected), got \(describe(index))"
  }

  private func describe(_ index: Int32) -> String {
    switch lua.type(at: index) {
    case .string: return "\"\(lua.toString(at: index) ?? "")\""
    case .number: return lua.toString(at: index) ?? "a number"
    default: return lua.typeName(at: index)
    }
  }

  private func applyOptionOverrides(_ overrides: [String: String], file: String) throws(GameLoadError) {
    for (name, text) in overrides.sorted(by: { $0.key < $1.key }) {
      guard let current = config.options[name] else {
        let known = config.options.keys.sorted().joined(separator: ", ")
        throw .invalidConfig("unknown option '\(name)' (\(file) declares: \(known.isEmpty ? "none" : known))")
      }
      switch current {
      case .string: config.options[name] = .string(text)
      case .number:
        guard let v = Double(text) else { throw .invalidConfig("option '\(name)' must be a number, got '\(text)'") }
        config.options[name] = .number(v)
      case .bool:
        guard let v = ["true": true, "false": false][text] else { throw .invalidConfig("option '\(name)' must be true or false, got '\(text)'") }
        config.options[name] = .bool(v)
      }
    }
  }
}
