import LuaBridge
import TideCore

/// A running tween, sequence or parallel group as Lua sees it.
final class TweenToken {
  let handle: TweenHandle
  init(_ handle: TweenHandle) { self.handle = handle }
}

extension Tweens {
  /// `tide.tween`, `tide.sequence`, `tide.parallel`: animate sprite properties on the game clock.
  /// At most 100,000 tweens run at once.
  func install() {
    let m = module("tide")

    /// Animates numeric and colour fields of a sprite (or `tide.camera`'s x, y, zoom and rotation)
    /// from their current values to `props`.
    /// Fields: x, y, w, h, scale, scale_x, scale_y, rotation, alpha, anchor_x, anchor_y, radius,
    /// size, z, stroke_width, and the colours fill, stroke, tint, color.
    /// @param sprite Sprite|Camera: a sprite, or `tide.camera`
    /// @param duration number: seconds, 0 to 1e9
    /// @param props table: target values, e.g. `{ x = 80, alpha = 0, fill = "#ff0000" }`
    /// @param opts TweenOptions?: `ease`, `delay`, `on_done`, `loops`, `yoyo`; any other key is an error listing these
    /// @return Tween: `:cancel()`, `:on_done(fn)`, `:await()`, `:done()`
    /// @example tide.tween(lion, 0.6, { x = 80, y = 640 }, { ease = "out_back", delay = 0.1 })
    /// @example tide.tween(mole, 0.8, { y = 300 }, { ease = "in_out_sine", loops = -1, yoyo = true })  -- bob for ever
    m.function("tween") { [unowned self] lua in
      let duration = try lua.checkNumber(2, "duration", in: Limits.delay)
      try checkOptionKeys(lua, arg: 4, LuaTableShape.tweenOptions.names, what: "tween option")
      let tracks = try tweenTargetTracks(lua, target: 1, props: 3)
      let easing = try easingOption(lua, arg: 4)
      let delay = try lua.optNumberField(4, "delay", in: Limits.delay, default: 0)
      try checkCap()
      let action = try looped(.tween(tracks, duration: max(0, duration), easing: easing), lua: lua, optsArg: 4)
      let handle = system.add(action, delay: max(0, delay), owner: scenes.currentOwner)
      try attachOnDone(lua, optsArg: 4, handle: handle)
      lua.pushObject(TweenToken(handle), metatable: "tide.Tween")
      return 1
    }

    /// Runs steps one after another: `{ sprite, duration, props, opts }` tweens, numbers (waits)
    /// and functions (called when reached). A step's opts (`TweenStepOptions`) take `ease`, `loops` and `yoyo`.
    /// @param steps table: the steps, in order
    /// @param opts TweenGroupOptions?: `delay`, `on_done`, `loops`, `yoyo` (as for `tide.tween`; backwards, steps run
    /// in reverse order and functions are called again)
    /// @return Tween
    /// @example tide.sequence{ { title, 1.2, { scale = 1 }, { ease = "out_elastic" } }, 0.5, { title, 1, { alpha = 0 } } }
    /// @example tide.sequence({ { star, 0.3, { scale = 1.2 } }, { star, 0.3, { scale = 1 } }, 0.4 }, { loops = -1 })  -- pulse
    m.function("sequence") { [unowned self] lua in
      try startComposite(lua, TweenAction.sequence)
    }

    /// Runs steps together; done when the longest is done. Steps as for `tide.sequence`.
    /// @param steps table
    /// @param opts TweenGroupOptions?: `delay`, `on_done`, `loops`, `yoyo` (as for `tide.tween`)
    /// @return Tween
    /// @example tide.parallel{ { winner, 0.5, { x = 200 } }, { loser, 0.5, { alpha = 0 } } }
    m.function("parallel") { [unowned self] lua in
      try startComposite(lua, TweenAction.parallel)
    }

    let t = type("Tween")

    /// Stops the tween where it is; `on_done` handlers get `false`. Harmless when already done.
    /// @example tw:cancel()
    t.method("cancel") { [unowned self] lua in
      system.cancel(try lua.checkUserdata(1, TweenToken.self, name: "tween").handle)
      return 0
    }

    /// Calls `fn(completed)` when the tween ends: `true` when it ran to the end, `false` when cancelled.
    /// Called at once (with true) when it has already ended.
    /// @param fn fun(completed: boolean)
    /// @return Tween: the same tween
    /// @example tw:on_done(function() label.visible = false end)
    t.method("on_done") { [unowned self] lua in
      let token = try lua.checkUserdata(1, TweenToken.self, name: "tween")
      try lua.checkFunction(2)
      let fn = lua.ref(at: 2)
      if !system.onDone(token.handle, { [unowned self] completed in
        invoke(fn, context: "tween on_done") { lua in
          lua.push(completed)
          return 1
        }
      }) {
        invoke(fn, context: "tween on_done") { lua in
          lua.push(true)
          return 1
        }
      }
      lua.pushValue(at: 1)
      return 1
    }

    /// True once the tween has ended (completed or cancelled).
    /// @return boolean
    /// @example if tw:done() then next_step() end
    t.method("done") { [unowned self] lua in
      lua.push(system.isFinished(try lua.checkUserdata(1, TweenToken.self, name: "tween").handle))
      return 1
    }

    /// Inside `tide.task`: waits until the tween ends; returns true when it completed, false when cancelled.
    /// @return boolean
    /// @example tide.task(function() tide.tween(title, 1.2, { scale = 1 }):await(); title:remove() end)
    t.method("await") { [unowned self] lua in
      let token = try lua.checkUserdata(1, TweenToken.self, name: "tween")
      return try tasks.awaitTween(token.handle, of: system, lua: lua)
    }
    registerMethodsMetatable("tide.Tween", methods: "Tween")
  }

  // MARK: Helpers

  /// Starts `tide.sequence`/`tide.parallel`: steps at argument 1, `{ delay, on_done }` at 2.
  private func startComposite(_ lua: LuaState, _ compose: ([TweenAction]) -> TweenAction) throws -> Int32 {
    try checkOptionKeys(lua, arg: 2, LuaTableShape.tweenGroupOptions.names, what: "option")
    let steps = try tweenSteps(lua, arg: 1)
    let delay = try lua.optNumberField(2, "delay", in: Limits.delay, default: 0)
    try checkCap()
    let handle = system.add(try looped(compose(steps), lua: lua, optsArg: 2), delay: delay, owner: scenes.currentOwner)
    try attachOnDone(lua, optsArg: 2, handle: handle)
    lua.pushObject(TweenToken(handle), metatable: "tide.Tween")
    return 1
  }

  /// `action` repeated as the `loops` and `yoyo` options at `optsArg` ask, or as it is.
  func looped(_ action: TweenAction, lua: LuaState, optsArg: Int32) throws -> TweenAction {
    guard lua.type(at: optsArg) == .table else { return action }
    let loops = try lua.optNumberField(optsArg, "loops", in: Limits.loops, default: 1)
    guard loops != 0 else { throw LuaArgumentError(arg: optsArg, message: "'loops' must be -1 (for ever) or from 1 to 1000000, got 0") }
    let loopsGiven = lua.rawGet(optsArg, key: "loops") != .nil
    lua.pop(1)
    lua.rawGet(optsArg, key: "yoyo")
    defer { lua.pop(1) }
    guard lua.type(at: -1) == .nil || lua.type(at: -1) == .boolean else {
      throw LuaArgumentError(arg: optsArg, message: "'yoyo' must be a boolean, got \(lua.typeName(at: -1))")
    }
    let yoyo = lua.toBool(at: -1)
    let times = yoyo && !loopsGiven ? 2 : Int(loops)
    if times == 1 { return action }
    // A pass that takes no time would repeat for ever within one tick.
    if times < 0, action.duration <= 0 {
      throw LuaArgumentError(arg: optsArg, message: "a loop for ever needs steps that take time (this one takes 0 seconds)")
    }
    return .repeating(action, times: times, yoyo: yoyo)
  }

  /// Lua names that differ from the core's property names.
  static let tweenAliases: [String: String] = ["w": "width", "h": "height", "size": "font_size"]
  static let tweenColorAliases: [String: NodeColorProperty] = [
    "fill": .fill, "stroke": .stroke, "tint": .tint, "color": .textColor,
  ]
  static let tweenFieldList = "x, y, w, h, scale, scale_x, scale_y, rotation, alpha, anchor_x, anchor_y, radius, "
    + "size, z, stroke_width, fill, stroke, tint, color"

  /// Tracks for the sprite or camera at `target` towards the table at `props`.
  func tweenTargetTracks(_ lua: LuaState, target: Int32, props: Int32) throws -> [TweenTrack] {
    if lua.toObject(at: target, as: CameraToken.self) != nil { return try camera.tracks(lua: lua, arg: props) }
    return try tweenTracks(try sprites.checkSprite(lua, target), lua: lua, arg: props)
  }

  func tweenTracks(_ node: Node, lua: LuaState, arg: Int32) throws -> [TweenTrack] {
    try lua.checkTable(arg)
    var tracks: [TweenTrack] = []
    var failure = FirstByKey<Error>()
    let fields = sprites.fieldTable
    lua.forEachPair(arg) { k, v in
      // A sprite field a tween moves, found by its interned name: no Swift string made and
      // matched per property (that was most of starting a tween). Colours and refusals below.
      if let interned = lua.internedString(at: k), let field = fields.lookup(interned),
        let property = Tweens.tweenProperty(field, of: node)
      {
        do {
          guard let to = try lua.rangedNumber(at: v, field.rawValue, in: field.range ?? Limits.position, arg: arg) else {
            failure.offer(field.rawValue, LuaArgumentError(arg: arg, message: "'\(field.rawValue)' must be a number, got \(lua.typeName(at: v))"))
            return
          }
          tracks.append(TweenTrack(node: node, property: property, to: to))
        } catch {
          failure.offer(field.rawValue, error)
        }
        return
      }
      guard lua.type(at: k) == .string, let key = lua.toString(at: k) else {
        failure.offer(lua.typeName(at: k), LuaArgumentError(arg: arg, message: "field names expected"))
        return
      }
      if let colorProperty = Tweens.tweenColorAliases[key] {
        guard lua.type(at: v) == .string, let text = lua.toString(at: v), let color = Color(string: text) else {
          failure.offer(key, LuaArgumentError(arg: arg, message: "'\(key)' must be a colour like \"#ff0000\""))
          return
        }
        tracks += TweenTrack.color(node, colorProperty, to: color)
        return
      }
      let name = key == "radius" && node.kind != .circle ? "corner_radius" : (Tweens.tweenAliases[key] ?? key)
      let range = SpriteField(rawValue: key)?.range ?? Limits.position
      let number: Double?
      do { number = try lua.rangedNumber(at: v, key, in: range, arg: arg) } catch {
        failure.offer(key, error)
        return
      }
      guard let to = number else {
        failure.offer(key, LuaArgumentError(arg: arg, message: "'\(key)' must be a number, got \(lua.typeName(at: v))"))
        return
      }
      guard let track = TweenTrack(node: node, propertyName: name, to: to) else {
        failure.offer(key, LuaArgumentError(arg: arg, message: "cannot tween '\(key)' (can tween: \(Tweens.tweenFieldList))"))
        return
      }
      tracks.append(track)
    }
    if let error = failure.failure { throw error }
    return tracks
  }

  /// What tweening the number field `field` of `node` moves (`radius` is a rectangle's corner
  /// radius), as the names `tweenTracks` reads say: nil for colours and fields no tween moves.
  static func tweenProperty(_ field: SpriteField, of node: Node) -> NodeProperty? {
    switch field {
    case .x: .x
    case .y: .y
    case .w, .width: .width
    case .h, .height: .height
    case .scale: .scale
    case .scale_x: .scaleX
    case .scale_y: .scaleY
    case .rotation: .rotation
    case .alpha: .alpha
    case .anchor_x: .anchorX
    case .anchor_y: .anchorY
    case .radius: node.kind == .circle ? .radius : .cornerRadius
    case .size: .fontSize
    case .z: .z
    case .stroke_width: .strokeWidth
    default: nil
    }
  }

  func easingOption(_ lua: LuaState, arg: Int32) throws -> Easing {
    guard lua.type(at: arg) == .table else {
      if lua.type(at: arg) == .none || lua.type(at: arg) == .nil { return .linear }
      throw lua.typeError(arg, expected: "table")
    }
    lua.rawGet(arg, key: "ease")
    defer { lua.pop(1) }
    if lua.type(at: -1) == .nil { return .linear }
    guard let name = lua.toString(at: -1), let easing = Easing(name: name) else {
      throw LuaArgumentError(arg: arg, message: "invalid ease '\(lua.toString(at: -1) ?? lua.typeName(at: -1))' (expected one of: \(Easing.allNames.joined(separator: ", ")))")
    }
    return easing
  }

  func attachOnDone(_ lua: LuaState, optsArg: Int32, handle: TweenHandle) throws {
    guard lua.type(at: optsArg) == .table else { return }
    lua.rawGet(optsArg, key: "on_done")
    defer { lua.pop(1) }
    guard lua.type(at: -1) != .nil else { return }
    guard lua.type(at: -1) == .function else {
      throw LuaArgumentError(arg: optsArg, message: "on_done must be a function")
    }
    let fn = lua.ref(at: -1)
    system.onDone(handle) { [unowned self] completed in
      invoke(fn, context: "tween on_done") { lua in
        lua.push(completed)
        return 1
      }
    }
  }

  func tweenSteps(_ lua: LuaState, arg: Int32) throws -> [TweenAction] {
    try lua.checkTable(arg)
    var steps: [TweenAction] = []
    let n = lua.rawLength(arg)
    guard n > 0 else { return [] }
    for i in 1...n {
      lua.rawGet(arg, index: i)
      defer { lua.pop(1) }
      let step = lua.absIndex(-1)
      switch lua.type(at: step) {
      case .number:
        let wait = try lua.rangedNumber(at: step, "step \(i)", in: Limits.delay, arg: arg) ?? 0
        steps.append(.wait(wait))
      case .function:
        let fn = lua.ref(at: step)
        steps.append(.call { [unowned self] in invoke(fn, context: "tween step \(i)") })
      case .table:
        lua.rawGet(step, index: 1)
        lua.rawGet(step, index: 2)
        lua.rawGet(step, index: 3)
        lua.rawGet(step, index: 4)
        defer { lua.pop(4) }
        guard lua.toObject(at: -4, as: Node.self) != nil || lua.toObject(at: -4, as: CameraToken.self) != nil else {
          throw LuaArgumentError(arg: arg, message: "step \(i): { sprite, duration, props, opts } expected")
        }
        guard let duration = try lua.rangedNumber(at: -3, "step \(i): duration", in: Limits.delay, arg: arg) else {
          throw LuaArgumentError(arg: arg, message: "step \(i): duration must be a number")
        }
        try checkOptionKeys(lua, arg: lua.absIndex(-1), LuaTableShape.tweenStepOptions.names, what: "step \(i) option", reportArg: arg)
        let tracks = try tweenTargetTracks(lua, target: lua.absIndex(-4), props: lua.absIndex(-2))
        let easing = try easingOption(lua, arg: lua.absIndex(-1))
        steps.append(try looped(.tween(tracks, duration: max(0, duration), easing: easing), lua: lua, optsArg: lua.absIndex(-1)))
      default:
        throw LuaArgumentError(arg: arg, message: "step \(i) must be a tween table, a number or a function, got \(lua.typeName(at: step))")
      }
    }
    return steps
  }
}
