import LuaBridge
import TideCore

/// The player's input: what is queued for the next tick, the keys held and the pointer, the
/// gestures made of it, and who hears of it — sprites' handlers (`sprite:on`) and `tide.input`'s
/// listeners, each listener owned by the scene current when it was added.
final class Input: Part {
  let context: PartContext
  /// Whose sprites take presses, and how to hand them to Lua.
  unowned let sprites: Sprites
  unowned let scenes: Scenes
  /// Events queued for the next tick, in design coordinates.
  var pending: [InputEvent] = []
  var keysDown: Set<String> = []
  /// The places (`InputEvent.key`'s scancode, else its name) of the keys held.
  var scancodesDown: Set<String> = []
  /// Where each pointer is: the mouse always (held or hovering), each finger while it is down.
  var pointers: [PointerID: Vec2] = [.mouse: .zero]
  /// Whether the mouse's left button is held (fingers are down while they are in `pointers`).
  var mouseIsDown = false
  /// The pointer that moved, went down or up last: what `tide.input.pointer()` reports.
  var lastPointer = PointerID.mouse
  var gestures = GestureRecognizer()
  /// Keeps a quick second tap off what the first one brought under the finger.
  var tapGuard = TapGuard()
  /// Each gamepad plugged in, by its number: its name, the buttons held, its axes off rest.
  var pads: [Int: Pad] = [:]
  var listeners: [String: [(owner: Int, fn: LuaRef)]] = [:]
  /// Whether to keep `missedPresses`; off but for the layout check, since a player's taps on
  /// nothing would pile up for nothing.
  var tracksMissedPresses = false
  /// The presses nothing took, when `tracksMissedPresses` is on: no sprite with a handler under
  /// the point and no `tide.input` pointer listener. The layout check warns with them: a golden
  /// input's taps placed for another screen size land on nothing, and its screen is not reached.
  var missedPresses: [MissedPress] = []

  init(context: PartContext, sprites: Sprites, scenes: Scenes) {
    self.context = context
    self.sprites = sprites
    self.scenes = scenes
  }

  /// Nothing queued, held or heard, for a fresh start.
  func resetGame(seed: UInt64) {
    listeners.removeAll()
    gestures = GestureRecognizer()
    tapGuard.reset()
    pending.removeAll()
    missedPresses.removeAll()
    keysDown.removeAll()
    scancodesDown.removeAll()
    pointers = [.mouse: .zero]
    mouseIsDown = false
    lastPointer = .mouse
    // Pads stay plugged in across a restart; what they hold is the player's, not the game's.
    for pad in pads.keys { pads[pad]?.buttons.removeAll() }
  }
}

/// A gamepad as the game sees it (`Input.pads`).
struct Pad {
  var name: String
  var buttons: Set<GamepadButton> = []
  /// Axes away from rest, with the dead zone taken out.
  var axes: [GamepadAxis: Double] = [:]
}

extension Input: SceneScoped {
  func sceneDidEnd(_ scene: Scenes.Active) {
    removeListeners(owner: scene.owner)
    // A hold is the entering scene's; the next one asks for its own.
    tapGuard.endHold()
  }
}
