/// One key of a table a script hands the engine (or the engine hands a script).
public struct LuaTableKey: Sendable, Equatable {
  /// The key as Lua spells it.
  public var name: String
  /// Its type as the doc comments write types (`number`, `Ease`, `fun(completed: boolean)`);
  /// empty when `LuaTableShape.fieldsOf` documents it.
  public var type: String
  /// What it does; empty when `LuaTableShape.fieldsOf` documents it.
  public var text: String
  /// Always there (an event's `x`) or needed (a bot's `act`); options are optional.
  public var required: Bool

  public init(_ name: String, _ type: String = "", _ text: String = "", required: Bool = false) {
    self.name = name
    self.type = type
    self.text = text
    self.required = required
  }
}

/// The keys of a table the engine reads, such as the options of `tide.tween`: the list the
/// run-time check refuses any other key by, and the `---@class` that `tide docs` makes of it
/// for editors (docs/meta/tide.lua) and the Option tables of docs/api.md. One list serves both,
/// so the documented keys cannot drift from the accepted ones.
public struct LuaTableShape: Sendable {
  /// The class name in the docs (`TweenOptions`, written `tide.TweenOptions` for LuaLS).
  public var className: String
  /// One or two sentences on where the table goes.
  public var summary: String
  /// A class whose keys this one has too (`ParticlesOptions` takes every `SpriteOptions` key).
  public var base: String?
  /// A documented type (`Sprite`) whose `@field` tags give the type and text of keys here that
  /// have none, so a sprite field is described once.
  public var fieldsOf: String?
  public let keys: [LuaTableKey]
  /// True when a script may add keys of its own (a scene's own methods): the docs then allow any.
  public var open: Bool
  /// The keys' names, in order: what the run-time check accepts. Stored, as checks that run per
  /// call (`sprite:play`, `tide.audio.play`) read it.
  public let names: [String]

  public init(
    className: String, summary: String, base: String? = nil, fieldsOf: String? = nil, keys: [LuaTableKey],
    open: Bool = false
  ) {
    self.className = className
    self.summary = summary
    self.base = base
    self.fieldsOf = fieldsOf
    self.keys = keys
    self.open = open
    names = keys.map(\.name)
  }
}

extension LuaTableShape {
  /// Every shape the docs describe, in the order they are generated.
  public static var all: [LuaTableShape] {
    [
      spriteOptions, particlesOptions, emitter, tweenOptions, tweenGroupOptions, tweenStepOptions, playOptions,
      soundOptions, musicOptions, volumeLevels, soundSpec, gestureEvent, scene, query, startOptions, dragOptions, tapOptions, gamepadOptions, bot, botRandom, config,
      windowConfig, sheetSpec,
    ] + physics
  }

  /// The keys of every sprite constructor's options: the sprite fields a script may write, and
  /// `parent`, which here is the sprite to add the new one to.
  public static let spriteOptions = LuaTableShape(
    className: "SpriteOptions",
    summary: "The options of every `tide.sprite` constructor: any sprite field a script may set, and `parent`. "
      + "Any other key is an error naming the valid ones.",
    fieldsOf: "Sprite",
    keys: SpriteField.allCases.filter { !$0.isReadOnly }.map { LuaTableKey($0.rawValue) }
      + [LuaTableKey("parent", "Sprite", "the sprite to add it to (default the current scene)")])

  public static let particlesOptions = LuaTableShape(
    className: "ParticlesOptions",
    summary: "The options of `tide.particles`: sprite fields, `parent`, and `keep`.",
    base: "SpriteOptions",
    keys: [
      LuaTableKey("keep", "boolean", "true: stay when done; by default the sprite removes itself once it emits no more "
        + "and its last particle has died"),
    ])

  /// What an emitter table (`tide.particles`' first argument) may hold. A range is a number or
  /// `{ min, max }`, picked per particle; a list runs over each particle's life.
  public static let emitter = LuaTableShape(
    className: "Emitter",
    summary: "A particle emitter's data (`tide.particles`' first argument). A range is a number or `{ min, max }`, "
      + "picked per particle; a list runs over each particle's life. It needs a `burst` or a `rate`.",
    keys: [
      LuaTableKey("rate", "number", "particles a second, 0 to 100,000"),
      LuaTableKey("burst", "integer", "particles at once, 0 to 200,000"),
      LuaTableKey("duration", "number", "seconds `rate` runs; default for ever"),
      LuaTableKey("lifetime", "number|number[]", "seconds, a range, 0.001 to 10,000; default 1"),
      LuaTableKey("speed", "number|number[]", "units a second, a range; default { 50, 100 }"),
      LuaTableKey("angle", "number|number[]", "degrees clockwise from the right, a range; default { 0, 360 }"),
      LuaTableKey("spread", "number", "start up to this far from the origin"),
      LuaTableKey("gravity", "number[]", "{ x, y }, units a second squared"),
      LuaTableKey("drag", "number", "fraction of speed lost a second, 0 to 1000"),
      LuaTableKey("spin", "number|number[]", "degrees a second, a range"),
      LuaTableKey("colors", "Color|Color[]", "a colour or a list over life"),
      LuaTableKey("palette", "Color[]", "colours; each particle picks one at birth, multiplied into `colors` (confetti)"),
      LuaTableKey("alpha", "number|number[]", "0 to 1, a number or a list over life; default { 1, 0 }"),
      LuaTableKey("size", "number|number[]", "units, a number or a list over life; default 8"),
      LuaTableKey("shape", "\"circle\"|\"square\"", "default \"circle\""),
      LuaTableKey("image", "string", "an asset instead of a shape"),
      LuaTableKey("blend", "\"alpha\"|\"add\"", "default \"alpha\""),
    ])

  private static let ease = LuaTableKey("ease", "Ease", "the curve, e.g. \"out_back\"; default \"linear\"")
  private static let delay = LuaTableKey("delay", "number", "seconds before it starts")
  private static let onDone = LuaTableKey(
    "on_done", "fun(completed: boolean)", "called when it ends: true when it ran to the end, false when cancelled")
  private static let loops = LuaTableKey(
    "loops", "integer",
    "passes: 1 by default, -1 for ever; each pass starts again from where the first began. A loop ends with "
      + "`:cancel()`, when its scene ends, or (as cancelled) once every sprite it moves has been removed. "
      + "More than 1000 passes in one tick are cut short.")
  private static let yoyo = LuaTableKey(
    "yoyo", "boolean",
    "true: every second pass runs backwards, so the sprite swings back and forth; alone it means there and back once")

  public static let tweenOptions = LuaTableShape(
    className: "TweenOptions", summary: "The options of `tide.tween`; any other key is an error listing these.",
    keys: [ease, delay, onDone, loops, yoyo])

  public static let tweenGroupOptions = LuaTableShape(
    className: "TweenGroupOptions",
    summary: "The options of `tide.sequence` and `tide.parallel` (backwards, a sequence's steps run in reverse "
      + "order and functions are called again).",
    keys: [delay, onDone, loops, yoyo])

  public static let tweenStepOptions = LuaTableShape(
    className: "TweenStepOptions",
    summary: "The options of one `{ sprite, duration, props, opts }` step of `tide.sequence` or `tide.parallel`.",
    keys: [ease, loops, yoyo])

  public static let playOptions = LuaTableShape(
    className: "PlayOptions", summary: "The options of `sprite:play`.",
    keys: [
      LuaTableKey("fps", "number", "frames a second, 0.001 to 1000; default 8"),
      LuaTableKey("loop", "boolean", "default true"),
    ])

  public static let soundOptions = LuaTableShape(
    className: "SoundOptions", summary: "The options of `tide.audio.play`.",
    keys: [
      LuaTableKey("volume", "number", "0 to 1 (any finite number outside is heard clamped to it, as in LÖVE); default 1"),
      LuaTableKey("pan", "number", "-1 (left) to 1 (right); default 0"),
      LuaTableKey("loops", "integer", "repeats after the first play, -1 forever, up to 1e6; default 0"),
      LuaTableKey("fade_in", "number", "seconds to rise from silence, 0 to 3600; default 0"),
      LuaTableKey(
        "on_done", "fun(voice: Voice, how: \"done\"|\"stopped\")",
        "called once when the voice ends: played out (`\"done\"`) or stopped (`\"stopped\"`), never on a fresh start"),
    ])

  public static let musicOptions = LuaTableShape(
    className: "MusicOptions", summary: "The options of `tide.audio.music`.",
    keys: [
      LuaTableKey("volume", "number", "the track's own volume, 0 to 1 (clamped); default 1"),
      LuaTableKey("loops", "integer", "repeats after the first play, -1 forever, up to 1e6; default -1"),
      LuaTableKey("fade_in", "number", "seconds to rise from silence, 0 to 3600; default 0"),
      LuaTableKey(
        "crossfade", "number",
        "seconds, 0 to 3600: the playing track fades out over the first half, this one fades in over the second "
          + "(SDL_mixer streams one track at a time); default 0, a cut"),
    ])

  public static let volumeLevels = LuaTableShape(
    className: "VolumeLevels", summary: "The master, music and sounds volumes of `tide.audio.volume`, each 0 to 1 (a number outside is clamped).",
    keys: [
      LuaTableKey("master", "number", "multiplies everything"),
      LuaTableKey("music", "number", "multiplies the music"),
      LuaTableKey("sounds", "number", "multiplies every voice"),
    ])

  public static let soundSpec = LuaTableShape(
    className: "SoundSpec",
    summary: "What `tide.audio.generate` makes: `samples` (a list of numbers from -1 to 1 at `rate`), or a `wave` "
      + "with an envelope: up to full over `attack`, down to `sustain` over `decay`, silence over the last `release`.",
    keys: [
      LuaTableKey("samples", "number[]", "mono samples, -1 to 1, at most 1,920,000; or give `wave`"),
      LuaTableKey("rate", "integer", "samples a second of `samples`, 1000 to 192,000; default 44,100"),
      LuaTableKey("wave", "\"sine\"|\"square\"|\"triangle\"|\"saw\"|\"noise\"", "the waveform; or give `samples`"),
      LuaTableKey("frequency", "number", "Hz, 1 to 20,000; default 440"),
      LuaTableKey("duration", "number", "seconds, 0.001 to 10; default 0.2"),
      LuaTableKey("attack", "number", "seconds, 0 to 10; default 0.005"),
      LuaTableKey("decay", "number", "seconds, 0 to 10; default 0"),
      LuaTableKey("sustain", "number", "level held after the decay, 0 to 1; default 1"),
      LuaTableKey("release", "number", "seconds, 0 to 10; default 0.005"),
      LuaTableKey("volume", "number", "peak level, 0 to 1 (clamped); default 0.5"),
    ])

  /// What a gesture handler (`sprite:on`) receives; `drag` adds the last five.
  public static let gestureEvent = LuaTableShape(
    className: "GestureEvent",
    summary: "What `sprite:on` handlers receive. Points on sprites seen through `tide.camera` are world points; "
      + "`screen_x`, `screen_y` are always the design-space point on the screen.",
    keys: [
      LuaTableKey("x", "number", "where the finger is, in the sprite's world (design units)", required: true),
      LuaTableKey("y", "number", "as `x`, downwards", required: true),
      LuaTableKey("screen_x", "number", "where the finger is on the screen, in design units", required: true),
      LuaTableKey("screen_y", "number", "as `screen_x`, downwards", required: true),
      LuaTableKey("sprite", "Sprite", "the sprite whose handler runs (the touched one or a parent)", required: true),
      LuaTableKey("pointer", "\"mouse\"|integer", "whose gesture: the mouse or a finger's number (1 for the first down)", required: true),
      LuaTableKey("phase", "\"began\"|\"moved\"|\"ended\"?", "drags and pinches"),
      LuaTableKey("start_x", "number?", "drags only: where the drag began"),
      LuaTableKey("start_y", "number?", "drags only"),
      LuaTableKey("dx", "number?", "drags: the move since the last drag event; wheel: notches to the right"),
      LuaTableKey("dy", "number?", "drags: as `dx`; wheel: notches away from the player (scrolling up)"),
      LuaTableKey("scale", "number?", "pinches only: the two pointers' distance over their distance at the start"),
      LuaTableKey("angle", "number?", "pinches only: radians the line between them turned, clockwise"),
      LuaTableKey("pointers", "table?", "pinches only: the two pointers, the first down first"),
      LuaTableKey("button", "\"left\"|\"right\"|\"middle\"|\"x1\"|\"x2\"?", "mouse_down and mouse_up only"),
    ])

  /// A scene definition (`tide.scene.define`): the functions the engine calls, each given the
  /// scene's `self`, and any of the game's own.
  public static let scene = LuaTableShape(
    className: "Scene",
    summary: "A scene definition for `tide.scene.define`: the functions the engine calls, each with the scene's "
      + "`self` (a table of the visit that looks methods up in the definition), and any fields and methods of the "
      + "game's own.",
    keys: [
      LuaTableKey("enter", "fun(self: Scene, params: table?)", "when the scene starts; `params` from `tide.scene.go`"),
      LuaTableKey("leave", "fun(self: Scene)", "before the scene's sprites, timers, tweens and tasks go"),
      LuaTableKey("update", "fun(self: Scene, dt: number)", "every tick (dt = 1/60)"),
      LuaTableKey("key", "fun(self: Scene, name: string)", "a key went down"),
      LuaTableKey("text", "fun(self: Scene, text: string)", "typed text"),
      LuaTableKey("reload", "fun(self: Scene)", "after a hot reload replaced the scene's code"),
    ],
    open: true)

  /// The fields of `app:find` and `app:find_all` queries.
  public static let query = LuaTableShape(
    className: "Query",
    summary: "What `app:find` and `app:find_all` match: every given field must match. Any other key is an error.",
    keys: [
      LuaTableKey("text", "string", "a text sprite's text"),
      LuaTableKey("name", "string"),
      LuaTableKey("tag", "string"),
      LuaTableKey("kind", "string", "\"rect\", \"circle\", \"text\", ..."),
      LuaTableKey("visible", "boolean", "whether it shows: it and every parent visible"),
    ])

  public static let startOptions = LuaTableShape(
    className: "StartOptions", summary: "The options of `tide.test.start`; any other key is an error.",
    keys: [
      LuaTableKey("seed", "integer", "default 1"),
      LuaTableKey("options", "table<string, string|number|boolean>", "overrides of conf.lua options"),
      LuaTableKey("size", "string|number[]", "`\"375x667\"` or `{ 375, 667 }`: the design size, as `tide run --size`"),
      LuaTableKey("raise_errors", "boolean", "default true: a script error fails the test"),
    ])

  public static let dragOptions = LuaTableShape(
    className: "DragOptions", summary: "The options of `app:drag` and `app:move`.",
    keys: [
      LuaTableKey("steps", "integer", "ticks the move takes, 1 to 1000"),
      LuaTableKey("pointer", "\"mouse\"|integer", "the mouse (the default) or a finger's number, 1 to 20"),
    ])

  /// The options of `app:gamepad`.
  public static let gamepadOptions = LuaTableShape(
    className: "GamepadOptions", summary: "The options of `app:gamepad`.",
    keys: [
      LuaTableKey("pad", "integer", "the pad, 1 to 8 (default 1)"),
      LuaTableKey("down", "boolean", "buttons: only press (true) or only release (false); default both"),
      LuaTableKey("value", "number", "axes: where to move it, -1 to 1"),
    ])

  /// The options of `app:tap`, `app:press` and `app:release`.
  public static let tapOptions = LuaTableShape(
    className: "TapOptions", summary: "The options of `app:tap`, `app:press` and `app:release`.",
    keys: [
      LuaTableKey("pointer", "\"mouse\"|integer", "the mouse (the default) or a finger's number, 1 to 20"),
      LuaTableKey("button", "\"left\"|\"right\"|\"middle\"|\"x1\"|\"x2\"", "app:tap only: click this mouse button"),
    ])

  /// What a bot file for `tide run --input-bot` returns (docs/bots.md).
  public static let bot = LuaTableShape(
    className: "Bot",
    summary: "What a bot file for `tide run --input-bot` returns (docs/bots.md): write `---@type tide.Bot` above "
      + "the table. Any other key is an error.",
    keys: [
      LuaTableKey("act", "fun(app: App, random: BotRandom)", "called at once and again every `every` seconds", required: true),
      LuaTableKey("every", "number", "seconds of game time between two acts, 1/60 to 3600; default 0.5"),
      LuaTableKey("done", "fun(app: App, random: BotRandom): boolean", "true ends the run early (asked before each act)"),
      LuaTableKey("seconds", "number", "how long a run lasts at most, above 0 to 1e5 (default 60; --seconds wins)"),
    ])

  /// What `conf.lua` returns (docs/conf.md has each field's default and range). In the order
  /// the error for an unknown field lists them.
  public static let config = LuaTableShape(
    className: "Config",
    summary: "What `conf.lua` returns (docs/conf.md gives each field's default and range): write `---@type tide.Config` "
      + "above the table. Any other field stops the game at load.",
    keys: [
      LuaTableKey("author", "string", "who made the game (`tide.game.author`)"),
      LuaTableKey("background", "Color", "drawn behind everything"),
      LuaTableKey("font", "string", "the font text is drawn in where a sprite names none: a file in `assets/fonts/`, like `\"ComicNeue-Bold\"`"),
      LuaTableKey("height", "number", "design units, 16 to 8192"),
      LuaTableKey("identity", "string", "the data folder's name (saves, crash capsules); default: the game folder's"),
      LuaTableKey("min_tap_size", "number", "the smallest tap target `tide check --layout` lets pass, each side in design units: 44 (the default) to 400"),
      LuaTableKey("modules", "table<string, string>", "module prefixes served from a sibling game: `{ rps = \"../rps\" }`"),
      LuaTableKey("options", "table<string, string|number|boolean>", "defaults a player or a test may override (`tide.options`)"),
      LuaTableKey("scene", "string", "the scene entered once `main.lua` has run"),
      LuaTableKey("screenshot", "string", "the golden screen docs/examples.md shows"),
      LuaTableKey("sizes", "string[]", "the screen sizes the game is laid out for, each `\"WxH\"`"),
      LuaTableKey("tap_guard", "number", "seconds after a tap during which a press reaches only a sprite that was under it then: 0 (off) to 2, default 0.35"),
      LuaTableKey("title", "string", "the window title (`tide.game.title`)"),
      LuaTableKey("version", "string", "the game's version, like `\"1.2.0\"`, named in its archive and recordings"),
      LuaTableKey("width", "number", "design units, 16 to 8192"),
      LuaTableKey("window", "WindowConfig", "how the window opens: `{ fullscreen = true }`"),
    ])

  /// What `tide.sprite.sheet` cuts an image into.
  public static let sheetSpec = LuaTableShape(
    className: "SheetSpec",
    summary: "How `tide.sprite.sheet` cuts an image: a grid of `frame_w` × `frame_h` cells, row by row, or a list of "
      + "`regions`. Regions are in pixels of the image and must lie inside it.",
    keys: [
      LuaTableKey("image", "string", "the image in `assets/` to cut", required: true),
      LuaTableKey("frame_w", "integer", "a grid cell's width in pixels"),
      LuaTableKey("frame_h", "integer", "a grid cell's height in pixels"),
      LuaTableKey("count", "integer", "how many cells to take (default every whole cell)"),
      LuaTableKey("margin", "integer", "pixels between the image's edges and the cells (default 0)"),
      LuaTableKey("spacing", "integer", "pixels between cells (default 0)"),
      LuaTableKey("names", "string[]", "names for the cells, in order: `{ \"idle\", \"walk1\", \"walk2\" }`"),
      LuaTableKey("regions", "table", "instead of a grid: `{ { x, y, w, h }, ... }`, or names mapped to `{ x, y, w, h }` (numbered in name order)"),
    ])

  /// conf.lua's `window` table.
  public static let windowConfig = LuaTableShape(
    className: "WindowConfig",
    summary: "conf.lua's `window` table (docs/conf.md); any other field stops the game at load.",
    keys: [
      LuaTableKey("fullscreen", "boolean", "fill the screen, letterboxed (default false; `tide run --fullscreen`)"),
      LuaTableKey("resizable", "boolean", "the player may resize the window (default true)"),
      LuaTableKey("vsync", "boolean", "wait for the display between frames (default true)"),
      LuaTableKey("min_size", "string", "the smallest window, `\"WxH\"` in window points"),
      LuaTableKey("icon", "string", "an image in `assets/` for the window's icon, like `\"icon.png\"`"),
    ])

  /// The `random` a bot's functions receive: its own seeded stream, apart from the game's.
  public static let botRandom = LuaTableShape(
    className: "BotRandom",
    summary: "The `random` a bot's `act` and `done` receive: a stream of its own, seeded from the run's seed.",
    keys: [
      LuaTableKey("int", "fun(lo: integer, hi: integer): integer", "a whole number from `lo` to `hi`", required: true),
      LuaTableKey("float", "fun(lo: number?, hi: number?): number", "from 0 (or `lo`) up to 1 (or `hi`)", required: true),
      LuaTableKey("pick", "fun(list: table): any", "one element of `list`", required: true),
    ])
}
