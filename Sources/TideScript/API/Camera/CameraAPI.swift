import LuaBridge
import TideCore

/// `tide.camera` as Lua sees it: always the current scene's camera.
final class CameraToken {}

extension SceneCamera {
  /// The camera fields Lua reads and writes, with the numbers each takes.
  static let cameraFields: [String: NumberRange] = [
    "x": Limits.position, "y": Limits.position, "zoom": Limits.zoom, "rotation": Limits.rotation,
  ]

  /// `tide.camera`: moves, zooms and turns the current scene's world; its HUD stays put.
  func install() {
    /// The current scene's camera (`tide.camera`); its number fields tween like a sprite's.
    /// @field x number: the world point at the centre of the screen (at first the screen's centre)
    /// @field y number: as `x`, downwards
    /// @field zoom number: 1 by default; 2 shows the world twice as large
    /// @field rotation number: degrees, clockwise
    /// @field hud Sprite: a group drawn above the world that the camera never moves
    let t = type("Camera")

    /// The world point shown at screen point (`x`, `y`): where a tap in design units lands in the
    /// world. Tap and drag events on world sprites already give world points.
    /// @param x number
    /// @param y number
    /// @return number: world x
    /// @return number: world y
    /// @example local wx, wy = tide.camera:to_world(e.screen_x, e.screen_y)
    t.method("to_world") { [unowned self] lua in
      let camera = try currentCamera()
      let p = Vec2(try lua.checkNumber(2, "x", in: Limits.position), try lua.checkNumber(3, "y", in: Limits.position))
      guard let world = camera.toWorld(p) else { throw LuaRaise("the camera's zoom is 0: no world point is shown") }
      lua.push(world.x)
      lua.push(world.y)
      return 2
    }

    /// The screen point (design units) where world point (`x`, `y`) is shown.
    /// @param x number
    /// @param y number
    /// @return number: screen x
    /// @return number: screen y
    /// @example local sx, sy = tide.camera:to_screen(hero.x, hero.y)
    t.method("to_screen") { [unowned self] lua in
      let camera = try currentCamera()
      let p = camera.toScreen(Vec2(try lua.checkNumber(2, "x", in: Limits.position), try lua.checkNumber(3, "y", in: Limits.position)))
      lua.push(p.x)
      lua.push(p.y)
      return 2
    }

    guard let methods = context.methods(of: "Camera") else { return }
    lua.registerMetatable(
      "tide.Camera", methodTable: methods,
      index: { [unowned self] lua in
        let key = lua.toString(at: 2) ?? "?"
        let camera = try currentCamera()
        switch key {
        case "x": lua.push(camera.x)
        case "y": lua.push(camera.y)
        case "zoom": lua.push(camera.zoom)
        case "rotation": lua.push(camera.rotation)
        case "hud":
          guard let hud = scenes.current?.hud else { throw LuaRaise("no scene is active") }
          sprites.pushSprite(hud, on: lua)
        default:
          throw LuaRaise("camera has no field '\(key)' (fields: x, y, zoom, rotation, hud; methods: to_world, to_screen)")
        }
        return 1
      },
      newindex: { [unowned self] lua in
        let key = lua.toString(at: 2) ?? "?"
        guard let range = SceneCamera.cameraFields[key] else {
          throw LuaRaise("camera has no field '\(key)' to set (fields: x, y, zoom, rotation; hud is read-only)")
        }
        let camera = try currentCamera()
        guard let value = try lua.rangedNumber(at: 3, key, in: range, arg: 3) else {
          throw LuaArgumentError(arg: 3, message: "camera.\(key) must be a number, got \(lua.typeName(at: 3))")
        }
        SceneCamera.setCamera(camera, key, value)
        return 0
      })
    /// @name tide.camera
    /// The current scene's camera: `x`, `y` (the world point at the centre of the screen; at first the
    /// screen's centre, so the world lies as if there were no camera), `zoom` (1; 2 shows the world
    /// twice as large), `rotation` (degrees, clockwise), all tweenable with `tide.tween(tide.camera, ...)`;
    /// and `hud`, a group drawn above the world that the camera never moves (scores, buttons). Sprites
    /// are made in the world unless given `parent = tide.camera.hud`. Taps and drags on world sprites
    /// give world points (`x`, `y`, `start_x`, `start_y`, `dx`, `dy`) and the screen point as
    /// `screen_x`, `screen_y`. Each scene starts with a fresh camera; outside a scene it is an error.
    /// @type Camera
    /// @example tide.tween(tide.camera, 0.5, { x = hero.x, zoom = 1.5 }, { ease = "out_quad" })
    /// @example tide.sprite.text("Score: 0", { parent = tide.camera.hud, x = 20, y = 20 })
    lua.push(context.tideTable)
    lua.pushObject(CameraToken(), metatable: "tide.Camera")
    lua.rawSet(-2, key: "camera")
    lua.pop(1)
  }

  /// The current scene's camera, or an error naming why there is none.
  func currentCamera() throws -> Camera {
    guard let camera = scenes.current?.camera else {
      throw LuaRaise("the camera moves a scene's world: call tide.scene.go first (no scene is active)")
    }
    return camera
  }

  static func setCamera(_ camera: Camera, _ key: String, _ value: Double) {
    switch key {
    case "x": camera.x = value
    case "y": camera.y = value
    case "zoom": camera.zoom = value
    default: camera.rotation = value
    }
  }

  static func cameraValue(_ camera: Camera, _ key: String) -> Double {
    switch key {
    case "x": camera.x
    case "y": camera.y
    case "zoom": camera.zoom
    default: camera.rotation
    }
  }

  /// Tween tracks over the camera's fields (`props` at `arg`); the camera is looked up when the
  /// tween steps, so a tween outliving its scene writes nothing (scenes cancel their tweens anyway).
  func tracks(lua: LuaState, arg: Int32) throws -> [TweenTrack] {
    let camera = try currentCamera()
    try lua.checkTable(arg)
    var tracks: [TweenTrack] = []
    var failure = FirstByKey<Error>()
    lua.forEachPair(arg) { k, v in
      let key = lua.toString(at: k) ?? "?"
      guard lua.type(at: k) == .string, let range = SceneCamera.cameraFields[key] else {
        failure.offer(key, LuaArgumentError(arg: arg, message: "cannot tween camera '\(key)' (can tween: x, y, zoom, rotation)"))
        return
      }
      do {
        guard let to = try lua.rangedNumber(at: v, key, in: range, arg: arg) else {
          failure.offer(key, LuaArgumentError(arg: arg, message: "'\(key)' must be a number, got \(lua.typeName(at: v))"))
          return
        }
        tracks.append(
          TweenTrack(
            read: { SceneCamera.cameraValue(camera, key) }, write: { SceneCamera.setCamera(camera, key, $0) }, to: to))
      } catch { failure.offer(key, error) }
    }
    if let error = failure.failure { throw error }
    return tracks
  }
}
