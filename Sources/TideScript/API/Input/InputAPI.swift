import LuaBridge
import TideCore

extension Input {
  static let inputEvents = ["key", "key_up", "text", "pointer_down", "pointer_move", "pointer_up"]

  /// `tide.input`: keys, typed text and the raw pointer. Taps and drags on sprites use `sprite:on`.
  func install() {
    let m = module("tide.input")

    /// Listens for an input event until the current scene ends. "key"/"key_up" get the key name
    /// ("return", "backspace", "a", "left"...), "text" gets the typed text, pointer events get x, y.
    /// @param event InputEvent: "key", "key_up", "text", "pointer_down", "pointer_move" or "pointer_up"
    /// @param fn function
    /// @example tide.input.on("key", function(name) if name == "escape" then tide.scene.go("menu") end end)
    m.function("on") { [unowned self] lua in
      let event = try lua.checkOption(1, Input.inputEvents)
      try lua.checkFunction(2)
      listeners[event, default: []].append((scenes.currentOwner, lua.ref(at: 2)))
      return 0
    }

    /// True while the key is held down.
    /// @param name string: a key name, e.g. "space"
    /// @return boolean
    /// @example if tide.input.is_down("left") then ship.x = ship.x - 4 end
    m.function("is_down") { [unowned self] lua in
      lua.push(keysDown.contains(try lua.checkString(1)))
      return 1
    }

    /// Where the pointer is, in design units, and whether it is pressed.
    /// @return number, number, boolean
    /// @example local x, y, down = tide.input.pointer()
    m.function("pointer") { [unowned self] lua in
      lua.push(pointer.x)
      lua.push(pointer.y)
      lua.push(pointerIsDown)
      return 3
    }
  }

  func removeListeners(owner: Int) {
    for key in listeners.keys {
      listeners[key]?.removeAll { $0.owner == owner }
    }
  }

  /// Routes one input event: pointer events through the gesture recognizer to sprite handlers,
  /// keys and text to the scene's `key`/`text` and to `tide.input` listeners.
  func handle(_ event: InputEvent) {
    switch event {
    case .pointerDown(let p):
      pointer = p
      pointerIsDown = true
      notifyListeners("pointer_down", p)
    case .pointerMove(let p):
      pointer = p
      notifyListeners("pointer_move", p)
    case .pointerUp(let p):
      pointer = p
      pointerIsDown = false
      notifyListeners("pointer_up", p)
    case .key(let name, let down):
      if down { keysDown.insert(name) } else { keysDown.remove(name) }
    case .text: break
    }
    let gestureEvents = gestures.handle(event) { [unowned self] p in
      // A hit test reads every sprite's position: take them all at once, not one by one.
      sprites.tables.pullAll()
      let hit = sprites.graph.hitTest(p) { node in self.handlerTarget(for: node) != nil }
      if tracksMissedPresses, hit == nil, !listensToPointer {
        // The clock has stepped already: the tick whose input this is, as recordings count it, is one before.
        missedPresses.append(MissedPress(tick: clock.tick - 1, point: p))
      }
      return hit
    }
    for gesture in gestureEvents { dispatch(gesture) }
  }

  /// Whether a `tide.input` listener hears presses or releases, wherever they land.
  private var listensToPointer: Bool {
    !(listeners["pointer_down"] ?? []).isEmpty || !(listeners["pointer_up"] ?? []).isEmpty
  }

  /// The node that handles pointer gestures for `node`: itself or its nearest ancestor with a handler.
  func handlerTarget(for node: Node) -> Node? {
    var current: Node? = node
    while let n = current {
      if let script = n.attachment as? NodeScript, !script.handlers.isEmpty { return n }
      current = n.parent
    }
    return nil
  }

  private func dispatch(_ gesture: GestureEvent) {
    switch gesture {
    case .press(let node, let p):
      callHandler("press", on: node, at: p)
    case .release(let node, let p):
      callHandler("release", on: node, at: p)
    case .tap(let node, let p):
      callHandler("tap", on: node, at: p)
    case .drag(let node, let phase, let p, let start, let delta):
      let world = node.flatMap { worldMapping(for: $0) }
      let from = world?.apply(start) ?? start
      let moved = world?.applyVector(delta) ?? delta
      callHandler("drag", on: node, at: p) { lua in
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
    case .key(let name, let down):
      if down { scenes.call("key") { lua in lua.push(name); return 1 } }
      notifyListeners(down ? "key" : "key_up") { lua in lua.push(name); return 1 }
    case .text(let text):
      scenes.call("text") { lua in lua.push(text); return 1 }
      notifyListeners("text") { lua in lua.push(text); return 1 }
    }
  }

  private func callHandler(_ event: String, on hit: Node?, at p: Vec2, fill: (LuaState) -> Void = { _ in }) {
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

  private func notifyListeners(_ event: String, _ p: Vec2) {
    notifyListeners(event) { lua in
      lua.push(p.x)
      lua.push(p.y)
      return 2
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
