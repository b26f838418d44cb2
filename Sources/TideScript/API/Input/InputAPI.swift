import LuaBridge
import TideCore

extension Input {
  static let inputEvents = [
    "key", "key_up", "text", "pointer_down", "pointer_move", "pointer_up", "mouse_down", "mouse_up", "wheel", "pinch",
    "gamepad_added", "gamepad_removed", "gamepad_down", "gamepad_up", "gamepad_axis",
  ]

  /// `tide.input`: keys, typed text, every pointer (the mouse and each finger), mouse buttons,
  /// the wheel and pinches. Taps and drags on sprites use `sprite:on`.
  func install() {
    let m = module("tide.input")

    /// Listens for an input event until the current scene ends. "key"/"key_up" get the key name
    /// ("return", "backspace", "a", "left"...) and its place on the keyboard (the name a US
    /// keyboard has there: "q" for the "a" of a French keyboard; see `is_scancode_down`), "text"
    /// gets the typed text. Pointer events get
    /// `x, y, pointer`: the pointer is `"mouse"` or a finger's number (1 for the first finger
    /// down, 2 for a second one held with it...); "pointer_move" fires for the mouse whether or
    /// not a button is held (hovering), and for a finger while it is down. "mouse_down" and
    /// "mouse_up" get `x, y, button` ("left", "right", "middle", "x1", "x2"); "wheel" gets
    /// `dx, dy, x, y`: notches turned, `dy` above 0 away from the player (scrolling up), `dx`
    /// above 0 to the right, and where the mouse is. "pinch" gets a `PinchEvent` while two
    /// pointers are down (`phase`, `scale`, `angle`, `x`, `y`, `pointers`). Gamepads:
    /// "gamepad_added" gets `pad, name`, "gamepad_removed" gets `pad` (its held buttons are
    /// released first), "gamepad_down" and "gamepad_up" get `button, pad`, "gamepad_axis" gets
    /// `axis, value, pad` each time an axis' value changes (see `tide.input.gamepad_axis`).
    /// @param event InputEvent: "key", "key_up", "text", "pointer_down", "pointer_move", "pointer_up", "mouse_down", "mouse_up", "wheel", "pinch", "gamepad_added", "gamepad_removed", "gamepad_down", "gamepad_up" or "gamepad_axis"
    /// @param fn function
    /// @example tide.input.on("key", function(name) if name == "escape" then tide.scene.go("menu") end end)
    /// @example tide.input.on("wheel", function(dx, dy) list.y = list.y + dy * 40 end)
    m.function("on") { [unowned self] lua in
      let event = try lua.checkOption(1, Input.inputEvents)
      try lua.checkFunction(2)
      listeners[event, default: []].append((scenes.currentOwner, lua.ref(at: 2)))
      return 0
    }

    /// True while the key is held down. A key is named by the character it types ("a", "1",
    /// ",") or, for the others, by a name from docs/keys.md ("space", "left", "left shift",
    /// "f1"...); any other name is an error, so a misspelt key fails where it is written.
    /// @param name string: a key name, e.g. "space"
    /// @return boolean
    /// @example if tide.input.is_down("left") then ship.x = ship.x - 4 end
    m.function("is_down") { [unowned self] lua in
      let name = try lua.checkString(1)
      if let complaint = KeyNames.complaint(name) { throw LuaArgumentError(arg: 1, message: complaint) }
      lua.push(keysDown.contains(name))
      return 1
    }

    /// True while the key at a place on the keyboard is held, whatever the player's layout: the
    /// place is named by the key a US keyboard has there, so `is_scancode_down("w")` is the key
    /// above "s" on a French keyboard too (where it types "z"). For movement keys that must sit
    /// together; `is_down` for keys named by what they type.
    /// @param name string: a scancode from docs/keys.md: the key a US keyboard has there
    /// @return boolean
    /// @example if tide.input.is_scancode_down("w") then ship.y = ship.y - 4 end
    m.function("is_scancode_down") { [unowned self] lua in
      let name = try lua.checkString(1)
      if let complaint = KeyNames.scancodeComplaint(name) { throw LuaArgumentError(arg: 1, message: complaint) }
      lua.push(scancodesDown.contains(name))
      return 1
    }

    /// Where a pointer is, in design units, and whether it is pressed: the mouse (`"mouse"`,
    /// pressed while its left button is held) or finger `n`. Without an argument, the pointer
    /// that moved, went down or lifted last. A finger that is not down reports nil.
    /// @param pointer (string|integer)?: "mouse" or a finger's number, 1 to 20
    /// @return number?, number?, boolean
    /// @example local x, y, down = tide.input.pointer()
    m.function("pointer") { [unowned self] lua in
      let id = lua.isNoneOrNil(at: 1) ? lastPointer : try Input.checkPointer(lua, 1)
      guard let p = pointers[id] else {
        lua.pushNil()
        lua.pushNil()
        lua.push(false)
        return 3
      }
      lua.push(p.x)
      lua.push(p.y)
      lua.push(id == .mouse ? mouseIsDown : true)
      return 3
    }

    /// The gamepads plugged in, by number: each `{ id = , name = }`. Pads are numbered from 1 in
    /// the order they were plugged in (a pad plugged in takes the lowest number free), up to 8.
    /// Buttons and axes have the names of SDL's GameController, the same on every pad SDL knows
    /// (its mapping database; a game's `gamecontrollerdb.txt` adds more in the window).
    /// @return table[]
    /// @example for _, pad in ipairs(tide.input.gamepads()) do print(pad.id, pad.name) end
    m.function("gamepads") { [unowned self] lua in
      lua.newTable()
      for (i, id) in pads.keys.sorted().enumerated() {
        lua.newTable()
        lua.push(id)
        lua.rawSet(-2, key: "id")
        lua.push(pads[id]?.name ?? "")
        lua.rawSet(-2, key: "name")
        lua.rawSet(-2, index: i + 1)
      }
      return 1
    }

    /// True while gamepad button `button` is held on pad `pad`, or on any pad when `pad` is nil.
    /// @param button string: "a", "b", "x", "y", "back", "guide", "start", "leftstick", "rightstick", "leftshoulder", "rightshoulder", "dpup", "dpdown", "dpleft", "dpright", "misc1", "paddle1" to "paddle4" or "touchpad"
    /// @param pad integer?: 1 to 8
    /// @return boolean
    /// @example if tide.input.gamepad_down("a") then jump() end
    m.function("gamepad_down") { [unowned self] lua in
      let button = try Input.checkEnum(lua, 1, GamepadButton.self, what: "gamepad button")
      if lua.isNoneOrNil(at: 2) {
        lua.push(pads.values.contains { $0.buttons.contains(button) })
      } else {
        lua.push(pads[try lua.checkInt(2, "pad", in: Input.padNumbers)]?.buttons.contains(button) ?? false)
      }
      return 1
    }

    /// Where axis `axis` of pad `pad` (default 1) is: sticks from -1 (left, up) to 1 (right,
    /// down), triggers from 0 to 1; 0 for a pad not plugged in. Within 0.15 of rest an axis
    /// reads 0 (the dead zone: a stick left alone rarely rests at exactly 0), and the rest of
    /// its travel is stretched so a stick pushed all the way still reads 1.
    /// @param axis string: "leftx", "lefty", "rightx", "righty", "lefttrigger" or "righttrigger"
    /// @param pad integer?: 1 to 8
    /// @return number
    /// @example ship.x = ship.x + tide.input.gamepad_axis("leftx") * 6
    m.function("gamepad_axis") { [unowned self] lua in
      let axis = try Input.checkEnum(lua, 1, GamepadAxis.self, what: "gamepad axis")
      let pad = lua.isNoneOrNil(at: 2) ? 1 : try lua.checkInt(2, "pad", in: Input.padNumbers)
      lua.push(pads[pad]?.axes[axis] ?? 0)
      return 1
    }

    /// Holds every press back from the sprites for `seconds` of game time, or until the current
    /// scene ends: a screen sliding in (tide.ui's screens call it as they arrive) is not where
    /// the player saw it, so a tap during the slide would land on whatever moves under the
    /// finger. Listeners (`tide.input.on("pointer_down", ...)`) still hear the presses. A later
    /// call can only lengthen the hold; `0` adds nothing.
    /// @param seconds number: 0 to 60
    /// @example tide.input.hold(0.3)  -- the slide-in lasts 0.3 s
    m.function("hold") { [unowned self] lua in
      let seconds = try lua.checkNumber(1, "seconds", in: Input.holdSeconds)
      tapGuard.hold(until: clock.time + seconds)
      return 0
    }

    /// The pointers down now, in the order they went down: each `{ id = , x = , y = }`, the id
    /// `"mouse"` (its left button held) or a finger's number.
    /// @return table[]
    /// @example for _, p in ipairs(tide.input.pointers()) do spark(p.x, p.y) end
    m.function("pointers") { [unowned self] lua in
      let down = gestures.pointersDown.filter { pointers[$0] != nil }
      lua.newTable()
      for (i, id) in down.enumerated() {
        guard let p = pointers[id] else { continue }
        lua.newTable()
        Input.push(id, on: lua)
        lua.rawSet(-2, key: "id")
        lua.push(p.x)
        lua.rawSet(-2, key: "x")
        lua.push(p.y)
        lua.rawSet(-2, key: "y")
        lua.rawSet(-2, index: i + 1)
      }
      return 1
    }
  }

  static let padNumbers = NumberRange(integers: 1...GamepadEvent.maxPads)
  static let holdSeconds = NumberRange(0...60)

  /// The value of string enum `T` named at `arg`, refusing any other name with the list.
  static func checkEnum<T: RawRepresentable & CaseIterable>(
    _ lua: LuaState, _ arg: Int32, _ type: T.Type, what: String
  ) throws -> T where T.RawValue == String {
    let name = try lua.checkString(arg)
    guard let value = T(rawValue: name) else {
      let names = T.allCases.map(\.rawValue).joined(separator: ", ")
      throw LuaArgumentError(arg: arg, message: "unknown \(what) '\(name)' (expected \(names))")
    }
    return value
  }

  /// Pushes a pointer as Lua sees it: `"mouse"` or the finger's number.
  static func push(_ id: PointerID, on lua: LuaState) {
    switch id {
    case .mouse: lua.push("mouse")
    case .finger(let n): lua.push(n)
    }
  }

  /// The pointer named at `arg`: `"mouse"` or a finger's number.
  static func checkPointer(_ lua: LuaState, _ arg: Int32) throws -> PointerID {
    if lua.type(at: arg) == .string, lua.toString(at: arg) == "mouse" { return .mouse }
    if lua.type(at: arg) == .number, let d = lua.toDouble(at: arg), d == d.rounded(), d >= 1, d <= Double(PointerID.maxFingers) {
      return .finger(Int(d))
    }
    let got = lua.type(at: arg) == .string ? "'\(lua.toString(at: arg) ?? "")'" : lua.typeName(at: arg)
    throw LuaArgumentError(arg: arg, message: "a pointer is \"mouse\" or a finger's number, 1 to \(PointerID.maxFingers); got \(got)")
  }

  func removeListeners(owner: Int) {
    for key in listeners.keys {
      listeners[key]?.removeAll { $0.owner == owner }
    }
  }

  /// Routes one input event: pointer events through the gesture recognizer to sprite handlers,
  /// keys and text to the scene's `key`/`text` and to `tide.input` listeners.
  func handle(_ event: InputEvent) {
    var isPress = false
    switch event {
    case .pointerDown(let p, let id):
      isPress = true
      pointers[id] = p
      lastPointer = id
      if id == .mouse { mouseIsDown = true }
      notifyListeners("pointer_down", p, id)
    case .pointerMove(let p, let id):
      // A finger that is not down has no place; a stray move of one is ignored.
      guard id == .mouse || pointers[id] != nil else { return }
      pointers[id] = p
      lastPointer = id
      notifyListeners("pointer_move", p, id)
    case .pointerUp(let p, let id):
      guard id == .mouse || pointers[id] != nil else { return }
      lastPointer = id
      if id == .mouse {
        pointers[id] = p
        mouseIsDown = false
      } else {
        pointers[id] = nil
      }
      notifyListeners("pointer_up", p, id)
    case .mouseButton(_, let p, _):
      pointers[.mouse] = p
    case .key(let name, let down, let scancode):
      if down { keysDown.insert(name) } else { keysDown.remove(name) }
      if down { scancodesDown.insert(scancode ?? name) } else { scancodesDown.remove(scancode ?? name) }
    case .gamepad(let pad):
      handle(pad)
      return
    case .wheel, .text: break
    }
    tapGuard.interval = context.config.tapGuard
    if case .pointerUp(let p, let id) = event, tapGuard.isOn, gestures.pointersDown.contains(id) {
      // What a press near here would find now, before the tap's handler changes the screen;
      // the guard asks no farther than `TapGuard.spot` from the release.
      sprites.tables.pullAll()
      let snapshot = sprites.graph.hitSnapshot(near: p, within: TapGuard.spot) { $0.answersInput }
      tapGuard.released(at: p, time: clock.time, snapshot: snapshot)
    }
    let gestureEvents = gestures.handle(event) { [unowned self] p in
      // A hit test reads every sprite's position: take them all at once, not one by one.
      sprites.tables.pullAll()
      let hit = sprites.graph.hitTest(p) { $0.answersInput }
      if isPress, tracksMissedPresses, hit == nil, !listensToPointer {
        // The clock has stepped already: the tick whose input this is, as recordings count it, is one before.
        missedPresses.append(MissedPress(tick: clock.tick - 1, point: p))
      }
      guard isPress, let hit, let target = handlerTarget(for: hit) else { return hit }
      let admitted = tapGuard.admits(hit, target: target, at: p, time: clock.time) { self.handlerTarget(for: $0) }
      return admitted ? hit : nil
    }
    for gesture in gestureEvents { dispatch(gesture) }
  }

  /// Keeps each pad's state and tells the listeners; a stray event of a pad not plugged in
  /// (lost in a driver, or in a hand-written script) is ignored.
  private func handle(_ event: GamepadEvent) {
    switch event {
    case .added(let pad, let name):
      if pads[pad] != nil { handle(.removed(pad: pad)) }
      pads[pad] = Pad(name: name)
      notifyListeners("gamepad_added") { lua in
        lua.push(pad)
        lua.push(name)
        return 2
      }
    case .removed(let pad):
      guard let state = pads[pad] else { return }
      // Unplugged mid-press: the game hears the buttons let go, or a held jump never ends.
      for button in GamepadButton.allCases where state.buttons.contains(button) {
        handle(.button(pad: pad, button, down: false))
      }
      pads[pad] = nil
      notifyListeners("gamepad_removed") { lua in
        lua.push(pad)
        return 1
      }
    case .button(let pad, let button, let down):
      guard pads[pad] != nil, pads[pad]?.buttons.contains(button) != down else { return }
      if down { pads[pad]?.buttons.insert(button) } else { pads[pad]?.buttons.remove(button) }
      notifyListeners(down ? "gamepad_down" : "gamepad_up") { lua in
        lua.push(button.rawValue)
        lua.push(pad)
        return 2
      }
    case .axis(let pad, let axis, let raw):
      let value = axis.value(raw)
      guard pads[pad] != nil, (pads[pad]?.axes[axis] ?? 0) != value else { return }
      pads[pad]?.axes[axis] = value == 0 ? nil : value
      notifyListeners("gamepad_axis") { lua in
        lua.push(axis.rawValue)
        lua.push(value)
        lua.push(pad)
        return 3
      }
    }
  }

  /// Whether a `tide.input` listener hears presses or releases, wherever they land.
  private var listensToPointer: Bool {
    !(listeners["pointer_down"] ?? []).isEmpty || !(listeners["pointer_up"] ?? []).isEmpty
  }

  /// The node that handles pointer gestures for `node`: itself or its nearest ancestor with a handler.
  func handlerTarget(for node: Node) -> Node? { node.inputTarget }

  private func dispatch(_ gesture: GestureEvent) {
    switch gesture {
    case .press(let node, let p, let id):
      callHandler("press", on: node, at: p, pointer: id)
      // The left button is a mouse button too, for games that treat every button alike.
      if id == .mouse { dispatch(.mouseButton(node, .left, p, down: true)) }
    case .release(let node, let p, let id):
      callHandler("release", on: node, at: p, pointer: id)
      if id == .mouse { dispatch(.mouseButton(node, .left, p, down: false)) }
    case .tap(let node, let p, let id):
      callHandler("tap", on: node, at: p, pointer: id)
    case .drag(let node, let phase, let p, let start, let delta, let id):
      let world = node.flatMap { worldMapping(for: $0) }
      let from = world?.apply(start) ?? start
      let moved = world?.applyVector(delta) ?? delta
      callHandler("drag", on: node, at: p, pointer: id) { lua in
        lua.push(phase.rawValue)
        lua.rawSet(-2, key: "phase")
        lua.push(from.x)
        lua.rawSet(-2, key: "start_x")
        lua.push(from.y)
        lua.rawSet(-2, key: "start_y")
        lua.push(moved.x)
        lua.rawSet(-2, key: "dx")
        lua.push(moved.y)
        lua.rawSet(-2, key: "dy")
      }
    case .pinch(let node, let pinch):
      let fill: (LuaState) -> Void = { lua in
        lua.push(pinch.phase.rawValue)
        lua.rawSet(-2, key: "phase")
        lua.push(pinch.scale)
        lua.rawSet(-2, key: "scale")
        lua.push(pinch.angle)
        lua.rawSet(-2, key: "angle")
        lua.newTable()
        Input.push(pinch.pointers.0, on: lua)
        lua.rawSet(-2, index: 1)
        Input.push(pinch.pointers.1, on: lua)
        lua.rawSet(-2, index: 2)
        lua.rawSet(-2, key: "pointers")
      }
      callHandler("pinch", on: node, at: pinch.center, pointer: pinch.pointers.0, fill: fill)
      notifyListeners("pinch") { lua in
        lua.newTable()
        lua.push(pinch.center.x)
        lua.rawSet(-2, key: "x")
        lua.push(pinch.center.y)
        lua.rawSet(-2, key: "y")
        fill(lua)
        return 1
      }
    case .mouseButton(let node, let button, let p, let down):
      let event = down ? "mouse_down" : "mouse_up"
      callHandler(event, on: node, at: p, pointer: .mouse) { lua in
        lua.push(button.rawValue)
        lua.rawSet(-2, key: "button")
      }
      notifyListeners(event) { lua in
        lua.push(p.x)
        lua.push(p.y)
        lua.push(button.rawValue)
        return 3
      }
    case .wheel(let node, let delta, let p):
      callHandler("wheel", on: node, at: p, pointer: .mouse) { lua in
        lua.push(delta.x)
        lua.rawSet(-2, key: "dx")
        lua.push(delta.y)
        lua.rawSet(-2, key: "dy")
      }
      notifyListeners("wheel") { lua in
        lua.push(delta.x)
        lua.push(delta.y)
        lua.push(p.x)
        lua.push(p.y)
        return 4
      }
    case .key(let name, let down, let scancode):
      let place = scancode ?? name
      if down {
        scenes.call("key") { lua in
          lua.push(name)
          lua.push(place)
          return 2
        }
      }
      notifyListeners(down ? "key" : "key_up") { lua in
        lua.push(name)
        lua.push(place)
        return 2
      }
    case .text(let text):
      scenes.call("text") { lua in lua.push(text); return 1 }
      notifyListeners("text") { lua in lua.push(text); return 1 }
    }
  }

  private func callHandler(
    _ event: String, on hit: Node?, at p: Vec2, pointer: PointerID, fill: (LuaState) -> Void = { _ in }
  ) {
    // Bubble up from the node under the pointer to the nearest one listening for this event.
    var current = hit
    while let node = current {
      if let script = node.attachment as? NodeScript, let fn = script.handlers[event] {
        // Points on world sprites are in world units, through the scene's camera.
        let world = worldMapping(for: node)
        let point = world?.apply(p) ?? p
        invoke(fn, context: "\(event) handler of \(node)") { [unowned self] lua in
          lua.newTable()
          lua.push(point.x)
          lua.rawSet(-2, key: "x")
          lua.push(point.y)
          lua.rawSet(-2, key: "y")
          lua.push(p.x)
          lua.rawSet(-2, key: "screen_x")
          lua.push(p.y)
          lua.rawSet(-2, key: "screen_y")
          sprites.pushSprite(node, on: lua)
          lua.rawSet(-2, key: "sprite")
          Input.push(pointer, on: lua)
          lua.rawSet(-2, key: "pointer")
          fill(lua)
          return 1
        }
        return
      }
      current = node.parent
    }
  }

  /// Screen to world for a sprite in the current scene's world while its camera has moved; nil
  /// for HUD sprites, sprites outside scenes, and a camera at rest (the mapping is the identity).
  private func worldMapping(for node: Node) -> Affine? {
    guard let active = scenes.current else { return nil }
    let transform = active.root.localTransform
    guard transform != .identity, node.isDescendant(of: active.root) else { return nil }
    return transform.inverted()
  }

  private func notifyListeners(_ event: String, _ p: Vec2, _ id: PointerID) {
    notifyListeners(event) { lua in
      lua.push(p.x)
      lua.push(p.y)
      Input.push(id, on: lua)
      return 3
    }
  }

  private func notifyListeners(_ event: String, _ pushArgs: (LuaState) -> Int32) {
    guard let listeners = listeners[event], !listeners.isEmpty else { return }
    for listener in listeners {
      invoke(listener.fn, context: "tide.input '\(event)' listener", pushArgs)
    }
  }
}

/// A press that found nothing to take it (see `Engine.missedPresses`).
public struct MissedPress: Sendable, Equatable {
  /// The tick it was handled at.
  public var tick: Int
  /// Where, in design units.
  public var point: Vec2

  public init(tick: Int, point: Vec2) {
    self.tick = tick
    self.point = point
  }
}
