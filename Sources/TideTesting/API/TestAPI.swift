import Foundation
import LuaBridge
import TideCore
import TideScript

/// The handle a game test drives: `local app = tide.test.start{ seed = 7 }`.
final class TestApp {
  unowned let engine: Engine
  var raisesErrors = true
  var errorsSeen = 0
  /// Where each pointer `app:press` holds down is.
  var held: [PointerID: Vec2] = [:]

  init(engine: Engine) { self.engine = engine }
}

extension Engine {
  /// `tide.test`: start the game headlessly in a test and drive it with virtual time and input.
  /// Only present under `tide test`.
  package func installTestAPI() {
    let m = module("tide.test")

    /// (Re)starts the game from a fresh load: new scripts, scenes and sprites, seeded random.
    /// Saves written earlier in the same test are kept, so a test can check they survive a restart.
    /// @param opts StartOptions?: `seed` (integer, default 1), `options` (overrides of conf.lua options), `size` (`"375x667"` or `{ 375, 667 }`: the design size, as `tide run --size`), `raise_errors` (default true: a script error fails the test)
    /// @return App: the driver (`advance`, `tap`, `drag`, `type`, `key`, `find`, `find_all`, `scene`, `sounds`, ...)
    /// @example local app = tide.test.start{ seed = 7, options = { variant = "animals" } }
    m.function("start") { [unowned self] lua in
      try checkOptionKeys(lua, arg: 1, LuaTableShape.startOptions.names, what: "option")
      let seed = try lua.optNumberField(1, "seed", in: Limits.seed, default: 1)
      var overrides: [String: String] = [:]
      if lua.type(at: 1) == .table, lua.rawGet(1, key: "options") == .table {
        lua.forEachPair(-1) { k, v in
          if let key = lua.toString(at: k), let value = lua.toString(at: v) ?? (lua.type(at: v) == .boolean ? String(lua.toBool(at: v)) : nil) {
            overrides[key] = value
          }
        }
        lua.pop()
      } else if lua.type(at: 1) == .table {
        lua.pop()
      }
      let app = TestApp(engine: self)
      app.raisesErrors = try lua.optBoolField(1, "raise_errors", default: true)
      let size = try testSize(lua, arg: 1)
      resetGame(seed: UInt64(max(0, seed)))
      unplugGamepads()
      config.width = size?.x ?? declaredSize.x
      config.height = size?.y ?? declaredSize.y
      do {
        try applyOptions(overrides)
        try start()
      } catch let error as GameLoadError {
        throw LuaRaise("game failed to start: \(error.description)", addsLocation: true)
      }
      try app.check(lua)
      lua.pushObject(app, metatable: "tide.App")
      return 1
    }

    /// Writes `text` as the raw contents of save `name`, bypassing JSON: lets a test damage a save
    /// file the way a crash or a hand edit would, to check the game survives it.
    /// @param name string
    /// @param text string
    /// @example tide.test.write_raw_save("scores", "{ not json")
    m.function("write_raw_save") { [unowned self] lua in
      let name = try lua.checkString(1)
      let text = try lua.checkString(2)
      do {
        try saves.write(name, Data(text.utf8))
      } catch let error as SaveError {
        throw LuaRaise("cannot write save '\(name)': \(error.description)")
      }
      return 0
    }
    /// The raw text of file `file` in the game's save folder (`"scores.json"`, or a set-aside
    /// `"scores.damaged-1.json"`), or nil when there is none: lets a test check that a damaged
    /// save was kept byte for byte. `file` is a file name, never a path.
    /// @param file string
    /// @return string?
    /// @example assert.are.equal(before, tide.test.read_raw_save("scores.damaged-1.json"))
    m.function("read_raw_save") { [unowned self] lua in
      let file = try lua.checkString(1)
      guard !file.isEmpty, !file.contains("/"), file != ".", file != ".." else {
        throw LuaArgumentError(arg: 1, message: "'\(file)' is not a file name in the save folder")
      }
      let url = saves.directory.appendingPathComponent(file)
      if let data = FileManager.default.contents(atPath: url.path) {
        lua.push(String(decoding: data, as: UTF8.self))
      } else {
        lua.pushNil()
      }
      return 1
    }
    installAppType()
  }

  /// The `App` handle's methods, shared by `tide.test.start` and `tide run --input-bot` bots
  /// (docs/bots.md), which drive a game through the same calls.
  func installAppType() {
    /// The handle a test or a bot drives the game with: virtual time, taps and queries.
    let t = type("App")

    /// Runs the game for `seconds` of virtual time (instantly), 60 ticks a second.
    /// @param seconds number: 0 to 1e5
    /// @example app:advance(3.0)
    t.method("advance") { lua in
      let app = try lua.checkUserdata(1, TestApp.self, name: "app")
      app.engine.advance(seconds: try lua.checkNumber(2, "seconds", in: Limits.gameSeconds))
      try app.check(lua)
      return 0
    }

    /// Runs `n` ticks (default 1).
    /// @param n integer?: 0 to 6000000
    /// @example app:step()
    t.method("step") { lua in
      let app = try lua.checkUserdata(1, TestApp.self, name: "app")
      for _ in 0..<(try lua.optInt(2, "n", in: Limits.ticks, default: 1)) { app.engine.step() }
      try app.check(lua)
      return 0
    }

    /// Taps a sprite (at its centre) or a point `{ x = , y = }`: finger down, a tick, up, a tick.
    /// Whatever is on top at that point gets the tap, as on a real screen. The mouse taps unless
    /// `opts.pointer` names a finger; `opts.button` clicks another mouse button instead.
    /// @param target Sprite|table
    /// @param opts TapOptions?: `pointer` ("mouse" or a finger's number), `button` ("right", "middle", "x1", "x2")
    /// @example app:tap(app:find{ text = "Start" })
    /// @example app:tap(card, { button = "right" })
    t.method("tap") { lua in
      let app = try lua.checkUserdata(1, TestApp.self, name: "app")
      let p = try app.point(lua, 2)
      try app.engine.checkOptionKeys(lua, arg: 3, LuaTableShape.tapOptions.names, what: "option")
      let id = try app.pointerOption(lua, 3)
      if let button = try app.buttonOption(lua, 3) {
        app.send(.mouseButton(button, p, down: true))
        app.send(.mouseButton(button, p, down: false))
      } else {
        app.send(.pointerDown(p, pointer: id))
        app.send(.pointerUp(p, pointer: id))
      }
      try app.check(lua)
      return 0
    }

    /// Touches every target at once, one finger each (fingers 1, 2, ... in order): all go down
    /// on one tick and lift on the next, as when two children tap the screen together.
    /// @param ... Sprite|table: sprites (their centres) or points `{ x = , y = }`, 1 to 20
    /// @example app:touch(red_bubble, blue_bubble)
    t.method("touch") { lua in
      let app = try lua.checkUserdata(1, TestApp.self, name: "app")
      let count = Int(lua.top) - 1
      guard (1...PointerID.maxFingers).contains(count) else {
        throw LuaRaise("app:touch takes 1 to \(PointerID.maxFingers) targets, got \(count)")
      }
      let points = try (0..<count).map { try app.point(lua, Int32($0 + 2)) }
      for (i, p) in points.enumerated() { app.engine.enqueue(.pointerDown(p, pointer: .finger(i + 1))) }
      app.engine.step()
      for (i, p) in points.enumerated() { app.engine.enqueue(.pointerUp(p, pointer: .finger(i + 1))) }
      app.engine.step()
      try app.check(lua)
      return 0
    }

    /// Turns the mouse wheel by `dx`, `dy` notches (`dy` above 0 scrolls up, `dx` above 0 to the
    /// right) and runs a tick; with `at`, the mouse moves over that sprite or point first.
    /// @param dx number: -1000 to 1000
    /// @param dy number: -1000 to 1000
    /// @param at (Sprite|table)?
    /// @example app:wheel(0, -3, app:find{ name = "list" })
    t.method("wheel") { lua in
      let app = try lua.checkUserdata(1, TestApp.self, name: "app")
      let notches = NumberRange(-Limits.wheelNotches...Limits.wheelNotches)
      let delta = Vec2(x: try lua.checkNumber(2, "dx", in: notches), y: try lua.checkNumber(3, "dy", in: notches))
      if !lua.isNoneOrNil(at: 4) { app.engine.enqueue(.pointerMove(try app.point(lua, 4))) }
      app.send(.wheel(delta))
      try app.check(lua)
      return 0
    }

    /// Drags from a sprite's centre (or a point) to a point, moving over `opts.steps` ticks (default 10).
    /// @param from Sprite|table
    /// @param to table: `{ x = , y = }` or a sprite (its centre)
    /// @param opts DragOptions?: `steps` (1 to 1000), `pointer` ("mouse", the default, or a finger's number)
    /// @example app:drag(app:find{ name = "lion" }, { x = 195, y = 300 })
    t.method("drag") { lua in
      let app = try lua.checkUserdata(1, TestApp.self, name: "app")
      let from = try app.point(lua, 2)
      let to = try app.point(lua, 3)
      try app.engine.checkOptionKeys(lua, arg: 4, LuaTableShape.dragOptions.names, what: "option")
      let steps = try lua.optNumberField(4, "steps", in: Limits.dragSteps, default: 10)
      let id = try app.pointerOption(lua, 4)
      app.send(.pointerDown(from, pointer: id))
      app.glide(from: from, to: to, steps: steps, pointer: id)
      app.send(.pointerUp(to, pointer: id))
      try app.check(lua)
      return 0
    }

    /// Puts a finger down on a sprite's centre (or a point) and runs a tick; `move` and `release`
    /// continue the gesture, so a test can check what happens while it is held. Give each
    /// finger of a multi-finger gesture its number (`opts.pointer`); the mouse presses by default.
    /// @param target Sprite|table
    /// @param opts TapOptions?: `pointer` ("mouse" or a finger's number)
    /// @example app:press(button); assert.are.equal("#c9a03e", button.fill); app:release()
    /// @example app:press(photo, { pointer = 1 }); app:press({ x = 300, y = 400 }, { pointer = 2 })
    t.method("press") { lua in
      let app = try lua.checkUserdata(1, TestApp.self, name: "app")
      let p = try app.point(lua, 2)
      try app.engine.checkOptionKeys(lua, arg: 3, ["pointer"], what: "option")
      let id = try app.pointerOption(lua, 3)
      app.held[id] = p
      app.send(.pointerDown(p, pointer: id))
      try app.check(lua)
      return 0
    }

    /// Moves a held finger to a point (or a sprite's centre) over `opts.steps` ticks (default 1).
    /// @param to table|Sprite
    /// @param opts DragOptions?: `steps` (1 to 1000), `pointer` (the held one, when several are)
    /// @example app:press(lion); app:move({ x = 200, y = 300 }, { steps = 20 }); assert.are.equal(3, lion.frame)
    t.method("move") { lua in
      let app = try lua.checkUserdata(1, TestApp.self, name: "app")
      let to = try app.point(lua, 2)
      try app.engine.checkOptionKeys(lua, arg: 3, LuaTableShape.dragOptions.names, what: "option")
      let id = try app.heldPointer(lua, 3, for: "move")
      guard let from = app.held[id] else { throw LuaRaise("app:move needs a finger down first: call app:press") }
      app.glide(from: from, to: to, steps: try lua.optNumberField(3, "steps", in: Limits.dragSteps, default: 1), pointer: id)
      app.held[id] = to
      try app.check(lua)
      return 0
    }

    /// Lifts the held finger where it is and runs a tick (`opts.pointer` names which, when several are held).
    /// @param opts TapOptions?: `pointer`
    /// @example app:release()
    t.method("release") { lua in
      let app = try lua.checkUserdata(1, TestApp.self, name: "app")
      try app.engine.checkOptionKeys(lua, arg: 2, ["pointer"], what: "option")
      let id = try app.heldPointer(lua, 2, for: "release")
      guard let at = app.held[id] else { throw LuaRaise("app:release needs a finger down first: call app:press") }
      app.held[id] = nil
      app.send(.pointerUp(at, pointer: id))
      try app.check(lua)
      return 0
    }

    /// Plugs in a gamepad called `name` (default "Test pad") and runs a tick; returns its
    /// number, the lowest no pad plugged in holds, as in a window.
    /// @param name string?
    /// @return integer
    /// @example local pad = app:plug_gamepad()
    t.method("plug_gamepad") { lua in
      let app = try lua.checkUserdata(1, TestApp.self, name: "app")
      let name = lua.isNoneOrNil(at: 2) ? "Test pad" : try lua.checkString(2)
      let plugged = app.engine.pluggedGamepads
      guard let pad = (1...GamepadEvent.maxPads).first(where: { !plugged.contains($0) }) else {
        throw LuaRaise("app:plug_gamepad: \(GamepadEvent.maxPads) pads are plugged in already")
      }
      app.send(.gamepad(.added(pad: pad, name: name)))
      try app.check(lua)
      lua.push(pad)
      return 1
    }

    /// Unplugs gamepad `pad` and runs a tick; buttons it held are let go first.
    /// @param pad integer: 1 to 8
    /// @example app:unplug_gamepad(1)
    t.method("unplug_gamepad") { lua in
      let app = try lua.checkUserdata(1, TestApp.self, name: "app")
      let pad = try app.pluggedPad(lua, lua.checkNumber(2, "pad", in: NumberRange(integers: 1...GamepadEvent.maxPads)))
      app.send(.gamepad(.removed(pad: pad)))
      try app.check(lua)
      return 0
    }

    /// Presses and releases gamepad button `name` (down, a tick, up, a tick), or with
    /// `opts.down` only presses (true) or releases (false) it; for an axis name, moves that axis
    /// to `opts.value` (as the pad would report it: the dead zone applies) and runs a tick.
    /// On pad `opts.pad` (default 1), which must be plugged in (`app:plug_gamepad`).
    /// @param name string: a button ("a", "start", "dpup"...) or an axis ("leftx", "righttrigger"...)
    /// @param opts GamepadOptions?: `pad`, `down`, `value`
    /// @example app:gamepad("a")
    /// @example app:gamepad("leftx", { value = -1 })
    t.method("gamepad") { lua in
      let app = try lua.checkUserdata(1, TestApp.self, name: "app")
      let name = try lua.checkString(2)
      try app.engine.checkOptionKeys(lua, arg: 3, LuaTableShape.gamepadOptions.names, what: "option")
      let pad = try app.pluggedPad(lua, lua.optNumberField(3, "pad", in: NumberRange(integers: 1...GamepadEvent.maxPads), default: 1))
      if let axis = GamepadAxis(rawValue: name) {
        let value = try lua.optNumberField(3, "value", in: NumberRange(-1...1), default: .nan)
        guard !value.isNaN else { throw LuaArgumentError(arg: 3, message: "moving axis '\(name)' needs { value = -1 to 1 }") }
        app.send(.gamepad(.axis(pad: pad, axis, value)))
      } else if let button = GamepadButton(rawValue: name) {
        let down = lua.type(at: 3) == .table && lua.rawGet(3, key: "down") != .nil ? lua.toBool(at: -1) : nil
        if lua.type(at: 3) == .table { lua.pop() }
        if down ?? true { app.send(.gamepad(.button(pad: pad, button, down: true))) }
        if !(down ?? false) { app.send(.gamepad(.button(pad: pad, button, down: false))) }
      } else {
        let names = GamepadButton.allCases.map(\.rawValue) + GamepadAxis.allCases.map(\.rawValue)
        throw LuaArgumentError(arg: 2, message: "unknown gamepad button or axis '\(name)' (expected \(names.joined(separator: ", ")))")
      }
      try app.check(lua)
      return 0
    }

    /// Types text, as the keyboard's text input would (to the focused field or `text` listeners).
    /// @param text string
    /// @example app:type("Ada")
    t.method("type") { lua in
      let app = try lua.checkUserdata(1, TestApp.self, name: "app")
      app.send(.text(try lua.checkString(2)))
      try app.check(lua)
      return 0
    }

    /// Presses and releases a key by name ("return", "backspace", "escape", "a", ...: docs/keys.md).
    /// @param name string
    /// @example app:key("return")
    t.method("key") { lua in
      let app = try lua.checkUserdata(1, TestApp.self, name: "app")
      let name = try lua.checkString(2)
      if let complaint = KeyNames.complaint(name) { throw LuaArgumentError(arg: 2, message: complaint) }
      app.send(.key(name, down: true))
      app.send(.key(name, down: false))
      try app.check(lua)
      return 0
    }

    /// The first sprite (in drawing order) matching every field of `query`: `text`, `name`, `tag`,
    /// `kind`, `visible` (whether it shows: it and every parent visible). Nil when none does.
    /// @param query Query
    /// @return Sprite?
    /// @example local lion = app:find{ tag = "animal", name = "lion" }
    t.method("find") { lua in
      let app = try lua.checkUserdata(1, TestApp.self, name: "app")
      let query = try NodeQuery(lua, 2)
      if let node = app.engine.scene.find(where: query.matches) { app.engine.pushSprite(node, on: lua) } else { lua.pushNil() }
      return 1
    }

    /// Every sprite matching `query`, in drawing order.
    /// @param query Query
    /// @return Sprite[]
    /// @example assert.are.equal(3, #app:find_all{ tag = "choice" })
    t.method("find_all") { lua in
      let app = try lua.checkUserdata(1, TestApp.self, name: "app")
      let query = try NodeQuery(lua, 2)
      let nodes = app.engine.scene.findAll(where: query.matches)
      lua.newTable(narr: Int32(nodes.count))
      for (i, node) in nodes.enumerated() {
        app.engine.pushSprite(node, on: lua)
        lua.rawSet(-2, index: i + 1)
      }
      return 1
    }

    /// The name of the active scene.
    /// @return string?
    /// @example assert.are.equal("play", app:scene())
    t.method("scene") { lua in
      let app = try lua.checkUserdata(1, TestApp.self, name: "app")
      if let name = app.engine.currentSceneName { lua.push(name) } else { lua.pushNil() }
      return 1
    }

    /// The names of the sounds and music played since the game started, in order. With
    /// `"playing"`, the voices playing or paused now, oldest first, each `{ name, state =
    /// "playing"|"paused", volume, pan, loops, position, duration, remaining }`; with `"music"`,
    /// the music as `tide.audio.current_music` gives it, or nil.
    /// @param what "playing"|"music"|nil: what to tell; nil for the names played
    /// @return table?
    /// @example assert.are.same({ "roar" }, app:sounds())
    t.method("sounds") { lua in
      let app = try lua.checkUserdata(1, TestApp.self, name: "app")
      if !lua.isNoneOrNil(at: 2) {
        return try pushPlaying(of: app.engine, what: lua.checkOption(2, ["playing", "music"]), on: lua)
      }
      lua.newTable(narr: Int32(app.engine.soundLog.count))
      for (i, name) in app.engine.soundLog.enumerated() {
        lua.push(name)
        lua.rawSet(-2, index: i + 1)
      }
      return 1
    }

    /// Virtual seconds since the game started.
    /// @return number
    /// @example assert.near(3.0, app:time(), 1e-9)
    t.method("time") { lua in
      lua.push(try lua.checkUserdata(1, TestApp.self, name: "app").engine.time)
      return 1
    }

    /// The messages of every script error and warning since the game started.
    /// @return string[]
    /// @example assert.are.equal(0, #app:errors())
    t.method("errors") { lua in
      let app = try lua.checkUserdata(1, TestApp.self, name: "app")
      lua.newTable()
      for (i, overlay) in app.engine.errors.all.enumerated() {
        lua.push(overlay.message)
        lua.rawSet(-2, index: i + 1)
      }
      app.errorsSeen = app.engine.errors.all.count
      return 1
    }
    /// The layout problems of the screen as it stands, one line each: text outside the screen,
    /// text leaving its widget (the nearest rect, or group with a size, around it), texts over
    /// each other, a tappable sprite whose centre something above takes the taps of, and text
    /// under 4.5:1 contrast (3:1 from size 24) with the filled shapes behind it. Text is measured
    /// with the fonts the window draws with, as everywhere; `tide check --layout` also reads the
    /// colour behind text from pixels, so its contrast figures may differ a little.
    /// @return string[]: empty when the screen is clean
    /// @example assert.are.same({}, app:layout_problems())
    t.method("layout_problems") { lua in
      let app = try lua.checkUserdata(1, TestApp.self, name: "app")
      let problems = app.engine.layoutProblems()
      lua.newTable(narr: Int32(problems.count))
      for (i, problem) in problems.enumerated() {
        lua.push(problem.message)
        lua.rawSet(-2, index: i + 1)
      }
      return 1
    }

    /// What the game reported with `tide.report` since it started, the last value per key.
    /// @return table<string, number>: `{ key = number, ... }`
    /// @example assert.are.equal(120, app:reports().score)
    t.method("reports") { lua in
      let app = try lua.checkUserdata(1, TestApp.self, name: "app")
      app.engine.pushReports(on: lua)
      return 1
    }
    registerMethodsMetatable("tide.App", methods: "App")
  }
}

extension Engine {
  /// Pushes what the game reported (`tide.report`) as a table, the last value per key: for
  /// `app:reports()` and replays' `@expect`.
  func pushReports(on lua: LuaState) {
    lua.newTable(nrec: Int32(reports.count))
    for (key, value) in reports {
      // A whole number reads back as an integer, as the game most likely gave it.
      if value == value.rounded(), abs(value) < 9e15 { lua.push(Int(value)) } else { lua.push(value) }
      lua.rawSet(-2, key: key)
    }
  }

  /// The optional `size` of `tide.test.start`'s options: `"WxH"`, as conf.lua, `--size` and
  /// `@size` write it (read by the same `Vec2(size:)`), or `{ w, h }`.
  func testSize(_ lua: LuaState, arg: Int32) throws -> Vec2? {
    guard lua.type(at: arg) == .table else { return nil }
    defer { lua.pop() }
    guard lua.rawGet(arg, key: "size") != .nil else { return nil }
    if lua.type(at: -1) == .string {
      let text = lua.toString(at: -1) ?? ""
      guard let size = Vec2(size: text) else {
        throw LuaArgumentError(
          arg: arg, message: "size must look like \"375x667\" (width x height, each \(Limits.screenSide.description)), got '\(text)'")
      }
      return size
    }
    let table = lua.absIndex(-1)
    guard lua.type(at: table) == .table else {
      throw LuaArgumentError(arg: arg, message: "size must be \"WxH\" or { width, height }, got \(lua.typeName(at: table))")
    }
    lua.rawGet(table, index: 1)
    lua.rawGet(table, index: 2)
    defer { lua.pop(2) }
    guard let w = lua.toDouble(at: -2), let h = lua.toDouble(at: -1), Limits.screenSide.contains(w), Limits.screenSide.contains(h) else {
      throw LuaArgumentError(arg: arg, message: "size must be { width, height }, each \(Limits.screenSide.description)")
    }
    return Vec2(x: w, y: h)
  }
}

extension TestApp {
  /// Delivers one input event and runs the tick that handles it, as a device would.
  func send(_ event: InputEvent) {
    engine.enqueue(event)
    engine.step()
  }

  /// Moves a pointer from `from` to `to` in `steps` (at least one) evenly spaced ticks.
  func glide(from: Vec2, to: Vec2, steps: Double, pointer id: PointerID = .mouse) {
    let count = max(1, Int(steps))
    for i in 1...count {
      let t = Double(i) / Double(count)
      send(.pointerMove(Vec2(x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t), pointer: id))
    }
  }

  /// The pointer the options table at `arg` names (`pointer = 2`, `pointer = "mouse"`); the mouse by default.
  func pointerOption(_ lua: LuaState, _ arg: Int32) throws -> PointerID {
    guard lua.type(at: arg) == .table else { return .mouse }
    defer { lua.pop() }
    switch lua.rawGet(arg, key: "pointer") {
    case .nil: return .mouse
    case .string where lua.toString(at: -1) == "mouse": return .mouse
    case .number:
      if let d = lua.toDouble(at: -1), d == d.rounded(), d >= 1, d <= Double(PointerID.maxFingers) { return .finger(Int(d)) }
    default: break
    }
    throw LuaArgumentError(arg: arg, message: "'pointer' must be \"mouse\" or a finger's number, 1 to \(PointerID.maxFingers)")
  }

  /// The pointer `app:move` or `app:release` continues: the one named, or the only one held.
  func heldPointer(_ lua: LuaState, _ arg: Int32, for method: String) throws -> PointerID {
    if lua.type(at: arg) == .table {
      let named = lua.rawGet(arg, key: "pointer") != .nil
      lua.pop()
      if named { return try pointerOption(lua, arg) }
    }
    if held.count > 1 {
      let names = held.keys.sorted().map(\.description).joined(separator: ", ")
      throw LuaRaise("app:\(method) needs { pointer = ... } while several are held (\(names))")
    }
    return held.keys.first ?? .mouse
  }

  /// `pad` as an Int, when `app:plug_gamepad` plugged it in.
  func pluggedPad(_ lua: LuaState, _ pad: Double) throws -> Int {
    let number = Int(pad)
    guard engine.pluggedGamepads.contains(number) else { throw LuaRaise("no gamepad \(number) is plugged in: call app:plug_gamepad() first") }
    return number
  }

  /// The mouse button the options table at `arg` names (`button = "right"`), nil for the left one or none.
  func buttonOption(_ lua: LuaState, _ arg: Int32) throws -> MouseButton? {
    guard lua.type(at: arg) == .table else { return nil }
    defer { lua.pop() }
    guard lua.rawGet(arg, key: "button") != .nil else { return nil }
    guard let name = lua.toString(at: -1), let button = MouseButton(rawValue: name) else {
      let names = MouseButton.allCases.map(\.rawValue).joined(separator: ", ")
      throw LuaArgumentError(arg: arg, message: "'button' must be one of \(names)")
    }
    return button == .left ? nil : button
  }

  /// Fails the test with the game's newest script error, unless the test opted out.
  func check(_ lua: LuaState) throws {
    let all = engine.errors.all
    defer { errorsSeen = all.count }
    guard raisesErrors, all.count > errorsSeen else { return }
    let first = all[errorsSeen]
    guard !first.isWarning else { return }
    // "Script error in ..." reads as "game error (script error in ...)": only the first letter changes,
    // so sprite names keep the author's case.
    let title = first.title.prefix(1).lowercased() + first.title.dropFirst()
    var text = "game error (\(title)): \(first.message)"
    if !first.traceback.isEmpty { text += "\n" + first.traceback }
    // Located at the test's call (app:tap, app:advance...), so the runner names the test's line.
    throw LuaRaise(text, addsLocation: true)
  }

  /// The design-space point of a tap target: a sprite's visual centre or `{ x = , y = }`.
  func point(_ lua: LuaState, _ arg: Int32) throws -> Vec2 {
    if let node = lua.toObject(at: arg, as: Node.self) {
      guard !node.isRemoved, node.isAttached else {
        throw LuaArgumentError(arg: arg, message: "\(node) is no longer on screen")
      }
      return node.worldTransform.apply(Vec2(x: node.width / 2, y: node.height / 2))
    }
    guard lua.type(at: arg) == .table else {
      throw LuaArgumentError(arg: arg, message: "sprite or { x = , y = } expected, got \(lua.typeName(at: arg))")
    }
    let x = try lua.optNumberField(arg, "x", in: Limits.coordinate, default: .nan)
    let y = try lua.optNumberField(arg, "y", in: Limits.coordinate, default: .nan)
    guard !x.isNaN, !y.isNaN else { throw LuaArgumentError(arg: arg, message: "point needs x and y") }
    return Vec2(x: x, y: y)
  }
}

/// A test's `find` query: every given field must match.
struct NodeQuery {
  var text: String?
  var name: String?
  var tag: String?
  var kind: String?
  var visible: Bool?

  init(_ lua: LuaState, _ arg: Int32) throws {
    try lua.checkTable(arg)
    var unknown = FirstByKey<String>()
    lua.forEachPair(arg) { k, v in
      guard let key = lua.toString(at: k) else { return }
      let value = lua.toString(at: v)
      switch key {
      case "text": text = value
      case "name": name = value
      case "tag": tag = value
      case "kind": kind = value
      case "visible": visible = lua.toBool(at: v)
      default: unknown.offer(key, key)
      }
    }
    if let unknown = unknown.failure {
      throw LuaArgumentError(arg: arg, message: "unknown query field '\(unknown)' (expected: \(LuaTableShape.query.names.joined(separator: ", ")))")
    }
  }

  /// The query as Lua, its fields sorted (`{ name = "score" }`), for messages.
  var luaSource: String {
    func quoted(_ text: String) -> String {
      "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
    var fields: [String] = []
    if let kind { fields.append("kind = \(quoted(kind))") }
    if let name { fields.append("name = \(quoted(name))") }
    if let tag { fields.append("tag = \(quoted(tag))") }
    if let text { fields.append("text = \(quoted(text))") }
    if let visible { fields.append("visible = \(visible)") }
    return fields.isEmpty ? "{}" : "{ " + fields.joined(separator: ", ") + " }"
  }

  func matches(_ node: Node) -> Bool {
    if let text, node.kind != .text || node.text != text { return false }
    if let name, node.name != name { return false }
    if let tag, node.tag != tag { return false }
    if let kind, node.kind.rawValue != kind { return false }
    if let visible, Self.shows(node) != visible { return false }
    return true
  }

  /// A sprite shows when it and every parent are visible.
  static func shows(_ node: Node) -> Bool {
    var current: Node? = node
    while let n = current {
      if !n.visible { return false }
      current = n.parent
    }
    return true
  }
}

/// Pushes what `app:sounds("playing")` and `app:sounds("music")` return.
private func pushPlaying(of engine: Engine, what: String, on lua: LuaState) -> Int32 {
  func set(_ key: String, _ value: Double?) {
    guard let value else { return }
    lua.push(value)
    lua.rawSet(-2, key: key)
  }
  func set(_ key: String, _ value: String) {
    lua.push(value)
    lua.rawSet(-2, key: key)
  }
  if what == "music" {
    guard let music = engine.music else {
      lua.pushNil()
      return 1
    }
    lua.newTable(nrec: 6)
    set("name", music.track)
    set("state", music.paused ? "paused" : "playing")
    set("volume", music.volume)
    set("position", music.position)
    set("duration", music.duration)
    lua.push(music.loops)
    lua.rawSet(-2, key: "loops")
    if let next = music.next { set("next", next) }
    return 1
  }
  let voices = engine.voices
  lua.newTable(narr: Int32(voices.count))
  for (index, voice) in voices.enumerated() {
    lua.newTable(nrec: 8)
    set("name", voice.sound)
    set("state", voice.paused ? "paused" : "playing")
    set("volume", voice.volume)
    set("pan", voice.pan)
    lua.push(voice.loops)
    lua.rawSet(-2, key: "loops")
    set("position", voice.position)
    set("duration", voice.duration)
    set("remaining", voice.remaining)
    lua.rawSet(-2, index: index + 1)
  }
  return 1
}
