/// The documented limits on what a game may ask of the engine.
///
/// Numbers from scripts, input files and the command line are checked against these where they
/// enter (see `NumberRange`), with an error naming the argument or field; engine objects are
/// counted against the caps. They are generous for real games (a 1280×720 design, a few thousand
/// sprites) and small enough that no arithmetic on them overflows, no conversion traps and no
/// single call makes the engine allocate without bound. `docs/api.md` repeats them where each
/// applies.
public enum Limits {
  // MARK: Sprite fields

  /// `x`, `y`: design units, ±1e6 (a thousand screens in every direction).
  public static let position = NumberRange(-1e6...1e6)
  /// `w`, `h`: design units, ±1e6.
  public static let size = NumberRange(-1e6...1e6)
  /// `anchor_x`, `anchor_y`: fractions of the box, ±1000.
  public static let anchor = NumberRange(-1e3...1e3)
  /// `scale`, `scale_x`, `scale_y`: ±1e4.
  public static let scale = NumberRange(-1e4...1e4)
  /// `tide.camera.zoom`: 0.001 to 10,000.
  public static let zoom = NumberRange(0.001...1e4)
  /// `rotation`: degrees, ±1e9 (a game may add to it every frame for years).
  public static let rotation = NumberRange(-1e9...1e9)
  /// `alpha`: drawn clamped to 0...1; ±1e6 lets a fade overshoot without an error.
  public static let alpha = NumberRange(-1e6...1e6)
  /// `z`: ±1e9.
  public static let z = NumberRange(-1e9...1e9)
  /// `stroke_width`: design units, 0 to 1e4.
  public static let strokeWidth = NumberRange(0...1e4)
  /// `radius` (circle radius or rect corner radius): design units, 0 to 1e5.
  public static let radius = NumberRange(0...1e5)
  /// `size` of text: points, 1 to 2000.
  public static let fontSize = NumberRange(1...2000)
  /// `frame` of an animation, and `sprite:stop(frame)`: 1 to 1e6.
  public static let frame = NumberRange(integers: 1...1_000_000)
  /// `fps` of `sprite:play`: above 0 (at least 0.001) and at most 1000.
  public static let fps = NumberRange(0.001...1000)

  /// Levels of sprites below the scene's root (scene roots count as one): 200.
  public static let nestingDepth = 200

  // MARK: Engine memory

  /// Sprites alive at once in a game: 200,000 (about 120 MB of engine objects).
  public static let sprites = 200_000
  /// Timers scheduled at once (`tide.after`, `tide.every`, waiting tasks): 100,000.
  public static let timers = 100_000
  /// Tweens running at once: 100,000.
  public static let tweens = 100_000
  /// Bytes of text one sprite may show: 20,000.
  public static let textBytes = 20_000
  /// Particles alive at once in a game, all emitters together: 200,000 (more are not emitted).
  public static let particles = 200_000
  /// An emitter's `burst` and `emit(n)`: 0 to 200,000 particles.
  public static let particleCount = NumberRange(integers: 0...200_000)
  /// An emitter's `rate`: 0 to 100,000 particles a second.
  public static let particleRate = NumberRange(0...100_000)
  /// A particle's `lifetime`: 0.001 to 10,000 seconds.
  public static let particleLifetime = NumberRange(0.001...10_000)
  /// An emitter's `drag`: 0 to 1000 (fractions of speed lost a second).
  public static let particleDrag = NumberRange(0...1000)
  /// A particle's `size`: 0 to 10,000 units.
  public static let particleSize = NumberRange(0...10_000)
  /// Corners of one line or polygon sprite: 10,000.
  public static let points = 10_000
  /// Corners of lines and polygons one frame draws: 250,000 (25 sprites at the most points
  /// each). The sprite that would pass it, and all after it, are not drawn that frame,
  /// as past the overdraw cap: tiny shapes cover no pixels but still cost their corners.
  public static let framePoints = 250_000
  /// Corners of a clip region where clipping sprites nest (each level's outline cut by the
  /// levels above): 256. Past that, 256 of them evenly spread are kept, a region a sliver smaller.
  public static let clipCorners = 256
  /// Bytes of a sprite's `name` or `tag`: 1000.
  public static let labelBytes = 1000
  /// Pixels a side of an image asset: 8192 (256 MB decoded). A larger PNG, maybe a few kilobytes
  /// that decode to gigabytes, is refused when a sprite names it and never loaded.
  public static let imageSide = 8192
  /// The largest font file a game may name: room for a full CJK font, which a game that
  /// draws Chinese or Japanese in its own face needs, and no more.
  public static let fontFileBytes = 64 << 20
  /// Distinct font names a game's sprites may use before the names checked so far are
  /// checked again: a script inventing names must not grow the engine's memory.
  public static let fontNames = 256
  /// Sprite sheets a game defines at once, and regions in one sheet: more than any sheet of
  /// animation frames, few enough that no script fills memory with them.
  public static let sheets = 256
  public static let sheetRegions = 4096
  /// Bytes of image textures a renderer keeps at once: 1 GB (shared by a window's bands); past
  /// it, images unused this frame are dropped first, and one that still does not fit is not drawn.
  public static let imageTextureBytes = 1 << 30
  /// Pixels a side of one text texture: text past 4096 pixels across or down is cut.
  public static let textTextureSide = 4096
  /// Text font sizes kept open at once (a script can ask for 2000): 64.
  public static let openFontSizes = 64
  /// Bytes of emoji glyph bitmaps kept, at the font's strike and scaled (each): 64 MB.
  public static let emojiCacheBytes = 64 << 20
  /// Bytes of text textures a renderer keeps at once: 256 MB; past that, labels unused this
  /// frame are dropped first, and a label that still does not fit is not drawn.
  public static let textTextureBytes = 256 << 20
  /// Errors and warnings kept for `app:errors()` and reports: 1000 (later ones are counted).
  public static let keptErrors = 1000
  /// Bytes of one error or warning message kept: 10,000 (the rest is cut).
  public static let errorMessageBytes = 10_000

  // MARK: Random and audio

  /// Bounds of `tide.random.float(lo, hi)`: ±1e300, so `hi - lo` stays finite.
  public static let randomBound = NumberRange(-1e300...1e300)
  /// Weights of `tide.random.weighted`: 0 to 1e300, so their sum stays finite.
  public static let weight = NumberRange(0...1e300)
  /// Every volume `tide.audio` takes: finite, ±1e6, heard clamped to 0...1 (LÖVE refuses none).
  public static let volume = NumberRange(-1e6...1e6)
  /// Fractions such as an envelope's sustain level: 0 to 1.
  public static let level = NumberRange(0...1)
  /// A voice's pan: -1 (left) to 1 (right).
  public static let pan = NumberRange(-1...1)
  /// Repeats of a voice or a track after its first play: -1 (forever) to 1e6.
  public static let soundLoops = NumberRange(integers: -1...1_000_000)
  /// Fades and crossfades: 0 to 3600 seconds.
  public static let fadeSeconds = NumberRange(0...3600)
  /// Voices playing at once (each one an SDL_mixer channel in a window).
  public static let voices = 64
  /// Generated sounds: frequency 1 Hz to 20 kHz, 0.001 to 10 seconds, 1000 to 192,000 samples a second.
  public static let frequency = NumberRange(1...20_000)
  public static let toneSeconds = NumberRange(0.001...10)
  public static let sampleRate = NumberRange(integers: 1000...192_000)
  /// Envelope times (`attack`, `decay`, `release`): 0 to 10 seconds.
  public static let envelopeSeconds = NumberRange(0...10)
  /// Samples in a sound made from a Lua table: 10 seconds at 192,000 a second.
  public static let samples = 1_920_000

  // MARK: Time

  /// `tide.after` delay, tween durations and delays, `tide.wait`: seconds, 0 to 1e9 (31 years).
  public static let delay = NumberRange(0...1e9)
  /// `tide.every` interval: seconds, 0.001 to 1e6.
  public static let interval = NumberRange(0.001...1e6)
  /// Times one repeating timer may fire in one tick while catching up; the rest of a long
  /// step is skipped, keeping the timer's phase.
  public static let timerCatchUp = 1000
  /// Timer calls in one tick, all timers together: 100,000. Timers still due then fire in the
  /// next tick, in order, so a flood of timers slows the game instead of stalling one step.
  public static let timerFiresPerTick = 100_000
  /// `tide.every` count: 1 to 2^53 (beyond, it is "forever" anyway).
  public static let repeatCount = NumberRange(integers: 1...(1 << 53))

  /// Tween and sequence `loops`: passes, 1 to 1,000,000, or -1 for a loop without end.
  public static let loops = NumberRange(integers: -1...1_000_000)

  // MARK: Tests, input scripts and the command line

  /// Seconds of game time one `app:advance`, `--seconds`, `--at` or input-script time may name:
  /// 0 to 1e5 (27 hours of game time, 6 million ticks).
  public static let gameSeconds = NumberRange(0...1e5)
  /// Ticks one `app:step(n)` may run: 0 to 6e6 (1e5 seconds).
  public static let ticks = NumberRange(integers: 0...6_000_000)
  /// Steps of `app:drag`: 1 to 1000.
  public static let dragSteps = NumberRange(integers: 1...1000)
  /// Seeds of `tide.test.start{ seed }` and `tide.random.seed`: integers of magnitude below 2^53.
  public static let seed = NumberRange(integers: -(1 << 53)...(1 << 53))
  /// Design size from `@size` or `--size`: 16 to 8192 units a side.
  public static let screenSide = NumberRange(16...8192)
  /// One turn of the wheel in an input script or `app:wheel`: ±1000 notches either way.
  public static let wheelNotches = 1000.0
  /// A coordinate in an input script or a test gesture: design units, ±1e6.
  public static let coordinate = position
  /// Bytes of one input script file: 64 MiB (days of recorded play). A bigger file, or one huge
  /// line, is refused before it is read: parsed, it would take gigabytes.
  public static let inputScriptBytes = 64 << 20
  /// Events and expectations of one input script: 2,000,000 (a `drag` line is twelve events).
  public static let inputScriptEvents = 2_000_000
}
