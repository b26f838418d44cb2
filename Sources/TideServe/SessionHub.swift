import Foundation
import TideCore
import TideScript

/// What a served session's engine is made from: the CLI's maker measures text with the game
/// fonts, a test's with whatever it likes.
public struct ServeSessionSpec: Sendable {
  /// 1 for the first browser that connected, 2 for the next...
  public let number: Int
  /// The session's seed of `tide.random` (printed, so the game can be played again).
  public let seed: UInt64
  /// The id the page keeps in the browser's localStorage.
  public let deviceID: String
  /// Where this device's `tide.save` files go.
  public let saveDirectory: URL
  /// Where the session's backend puts the sounds the game plays, for the page
  /// (`ServeBackend`).
  public let sounds: SoundQueue
}

/// Makes and starts the engine of a session; runs on the hub's thread.
public typealias ServeEngineMaker = @Sendable (ServeSessionSpec) throws -> Engine

/// A message for one connected page, handed from the hub's thread to the connection's task.
public protocol ServeOutlet: AnyObject, Sendable {
  /// Sends a text message; may be called from any thread, and drops what the page is too slow
  /// to take rather than queuing without end.
  func send(_ text: String)
  /// Sends a text message of these UTF-8 bytes, as `send(_:)` does.
  func send(utf8 bytes: UnsafeRawBufferPointer)
  /// Closes the connection, saying why.
  func close(reason: String)
  /// Writes what the page could not take at once, if it can now; called every tick.
  func flush()
  /// Whether a message was dropped since the last call (the page then needs a whole frame:
  /// the deltas after a lost one do not add up to the picture).
  func takeLost() -> Bool
}

/// Runs every served session on one thread of its own, 60 ticks a second of game time.
///
/// The engine (its Lua state, its scene) is not thread-safe, while connections come and go on
/// the server's tasks: they only post to the hub's inbox, under a lock, and everything an
/// engine does happens on the hub's thread, in order.
public final class SessionHub: @unchecked Sendable {
  /// Sessions kept at once, connected or waiting to be resumed.
  public static let defaultLimit = 8
  /// How long a dropped page's session waits for the same device to come back.
  public static let defaultResumeSeconds = 120.0

  public struct Options: Sendable {
    /// The game folder (images are served from its `assets/`), or a packed game's archive.
    public var gameDirectory: URL
    /// The game's files: its folder's, or a packed game's in memory (its sounds are named from them).
    public var files: any GameFiles
    /// Folder under which each device gets its save folder (`<base>/devices/<id>`).
    public var saveBase: URL
    /// Every session plays this seed when set; each gets a random one when nil.
    public var seed: UInt64?
    public var limit = SessionHub.defaultLimit
    public var resumeSeconds = SessionHub.defaultResumeSeconds
    /// Called on the hub's thread with each session's number and input script when it ends
    /// (its page gone for good, or the server stopping), besides the file in `recordings/`:
    /// `tide run --serve --record FILE` keeps the first session's there.
    public var recorded: (@Sendable (_ session: Int, _ script: String) -> Void)?
    /// Events every session plays at their ticks from its start, besides the page's (`tide run
    /// --serve --input`).
    public var script: InputScript?
    /// The tick at which every session stops stepping and its page keeps showing that frame
    /// (`--pause-at`): the page's picture of a tick, to compare with `tide shot --at`.
    public var pauseTick: Int?
    /// Where the hub's thread adds up the CPU each part of its ticks takes (`tide bench serve`);
    /// nil, as when playing, reads no clocks.
    public var timing: HubTiming?

    public init(gameDirectory: URL, saveBase: URL, seed: UInt64? = nil) {
      self.init(files: FolderFiles(directory: gameDirectory), saveBase: saveBase, seed: seed)
    }

    public init(files: any GameFiles, saveBase: URL, seed: UInt64? = nil) {
      self.files = files
      self.gameDirectory = files.folder ?? files.location
      self.saveBase = saveBase
      self.seed = seed
    }
  }

  enum Command {
    case open(connection: Int, device: String, outlet: any ServeOutlet)
    case input(connection: Int, PageInput)
    case close(connection: Int, reason: String?)
  }

  private let options: Options
  private let makeEngine: ServeEngineMaker
  private let log: @Sendable (String) -> Void
  private let condition = NSCondition()
  private var inbox: [Command] = []
  /// Whether the inbox holds more than input: the hub then takes it without waiting for a tick.
  private var urgent = false
  private var running = true
  private var thread: Thread?
  private var nextConnection = 1
  /// The fonts the server serves (of `ServeProtocol.fontPaths`); set before the hub starts.
  var fontPaths: [String] = []
  private let done = DispatchSemaphore(value: 0)

  /// The engine's side; touched only on the hub's thread.
  private var sessions: [Session] = []
  private var sessionsMade = 0
  private var encoder = FrameEncoder()
  /// A tick's messages for a page, its storage kept from tick to tick.
  private let batch = MessageBatch()

  public init(options: Options, makeEngine: @escaping ServeEngineMaker, log: @escaping @Sendable (String) -> Void) {
    self.options = options
    self.makeEngine = makeEngine
    self.log = log
    // The game names its fonts by their files, as the engine's file access makes their paths.
    encoder.assetFolder = FolderFiles(directory: options.gameDirectory).url("assets").path
  }

  /// Starts the hub's thread.
  public func start() {
    let thread = Thread { [self] in
      run()
      done.signal()
    }
    thread.name = "tide-serve-hub"
    condition.lock()
    self.thread = thread
    condition.unlock()
    thread.start()
  }

  /// Stops the thread and drops every session (their saves are on disk already).
  public func stop() {
    condition.lock()
    let wasRunning = running && thread != nil
    running = false
    condition.signal()
    condition.unlock()
    if wasRunning { done.wait() }
  }

  /// A number for a new connection.
  func connectionNumber() -> Int {
    condition.lock()
    defer { condition.unlock() }
    nextConnection += 1
    return nextConnection - 1
  }

  func post(_ command: Command) {
    condition.lock()
    inbox.append(command)
    // Input is applied before the next tick whenever it comes, so it does not wake the hub:
    // fingers moving at the screen's rate would wake it again between ticks for nothing. A
    // page that comes or goes is answered at once.
    if case .input = command {} else {
      urgent = true
      condition.signal()
    }
    condition.unlock()
  }

  // MARK: The hub's thread

  private final class Session {
    let number: Int
    let deviceID: String
    let seed: UInt64
    let engine: Engine
    let sounds: SoundQueue
    var connection: Int?
    var outlet: (any ServeOutlet)?
    var droppedAt: Double = 0
    var fingers = FingerTable()
    var pads = PadTable()
    /// The next event of `Options.script` to play.
    var scripted = 0
    /// Whether the page was told the session reached `Options.pauseTick`.
    var toldPaused = false
    /// What the page has of the picture.
    let picture: PagePicture

    init(number: Int, deviceID: String, seed: UInt64, engine: Engine, sounds: SoundQueue, encoder: FrameEncoder) {
      self.number = number
      self.deviceID = deviceID
      self.seed = seed
      self.engine = engine
      self.sounds = sounds
      picture = PagePicture(encoder: encoder)
    }
  }

  private func run() {
    let tick = 1.0 / 60
    var last = Self.now()
    var owed = 0.0
    while true {
      condition.lock()
      if !running {
        condition.unlock()
        break
      }
      let commands = inbox
      inbox.removeAll()
      urgent = false
      condition.unlock()
      for command in commands { handle(command) }

      let now = Self.now()
      owed += now - last
      last = now
      // A stall (a slow start of a session, a busy machine) is not made up in a burst of
      // more than a few ticks: the game slows down for a moment instead of skipping.
      var ticks = Int(owed / tick)
      owed -= Double(ticks) * tick
      if ticks > 4 {
        ticks = 4
        owed = 0
      }
      if ticks > 0 {
        for session in sessions {
          var timing = options.timing?.begin()
          // Saved files first, as the window applies them before it steps.
          session.engine.poll()
          // A session that stops at `pauseTick` goes straight there: only that frame matters.
          let due = options.pauseTick.map { max(0, $0 - session.engine.tick) } ?? ticks
          for _ in 0..<due { step(session) }
          timing?.lap(\.stepping)
          session.outlet?.flush()
          // A tick's messages go as one: each WebSocket message costs a wake-up of the
          // connection's task and a write, far more than its bytes.
          batch.removeAll()
          sendFrame(session, into: batch)
          timing?.lap(\.picture)
          sendSounds(session, into: batch)
          tellPaused(session, into: batch)
          batch.send(to: session.outlet)
          timing?.lap(\.sending)
          if let timing { options.timing?.add(timing, ticks: due) }
        }
      }
      dropExpired(now: now)

      let waiting = options.timing?.begin()
      condition.lock()
      if running && !urgent {
        _ = condition.wait(until: Date(timeIntervalSinceNow: max(0.001, tick - owed)))
      }
      condition.unlock()
      if var waiting {
        waiting.lap(\.waiting)
        options.timing?.add(waiting, ticks: 0)
      }
    }
    for session in sessions {
      session.outlet?.close(reason: "server stopping")
      writeRecording(session)
    }
    sessions.removeAll()
  }

  /// One tick of a session: the script's events due by now first, as `Engine.replay` plays
  /// them, so a served session of a script is the tick `tide shot` draws.
  private func step(_ session: Session) {
    let engine = session.engine
    if let pause = options.pauseTick, engine.tick >= pause { return }
    if let entries = options.script?.entries {
      while session.scripted < entries.count, entries[session.scripted].tick <= engine.tick {
        engine.enqueue(entries[session.scripted].event)
        session.scripted += 1
      }
    }
    engine.step()
  }

  /// A `paused` message once the session stopped at `Options.pauseTick`: the page's picture
  /// is then that tick's, however long ago its last change came.
  private func tellPaused(_ session: Session, into batch: MessageBatch) {
    guard let pause = options.pauseTick, !session.toldPaused, session.engine.tick >= pause, session.outlet != nil else {
      return
    }
    session.toldPaused = true
    batch.add("{\"t\":\"paused\",\"tick\":\(session.engine.tick)}")
  }

  private func handle(_ command: Command) {
    switch command {
    case .open(let connection, let device, let outlet):
      open(connection: connection, device: device, outlet: outlet)
    case .input(let connection, let input):
      guard let session = sessions.first(where: { $0.connection == connection }) else { return }
      if case .pad(let index, let pad) = input {
        for event in session.pads.events(index: index, pad) { session.engine.enqueue(event) }
      } else if case .need(let name) = input {
        session.sounds.asked(for: name)
      } else {
        for event in session.fingers.events(for: input) { session.engine.enqueue(event) }
      }
    case .close(let connection, let reason):
      guard let session = sessions.first(where: { $0.connection == connection }) else { return }
      if let reason { log("session \(session.number): connection closed: \(reason)") }
      detach(session)
    }
  }

  private func open(connection: Int, device: String, outlet: any ServeOutlet) {
    if let session = sessions.first(where: { $0.deviceID == device }) {
      // The same browser again (a reload, a dropped network, a second tab): it takes the game
      // over where it was; the page it replaces is told so.
      if let old = session.outlet { old.close(reason: "this game was opened again on the same device") }
      detach(session)
      attach(session, connection: connection, outlet: outlet, resumed: true)
      log("session \(session.number) resumed (device \(device.prefix(8)))")
      return
    }
    if sessions.count >= options.limit {
      // Room is made from the session that has waited longest for its page to come back.
      let waiting = sessions.filter { $0.outlet == nil }.min { $0.droppedAt < $1.droppedAt }
      guard let waiting else {
        outlet.send(Self.errorMessage("this game already has \(options.limit) players; try again when one leaves"))
        outlet.close(reason: "full")
        log("refused a page: \(options.limit) sessions already")
        return
      }
      sessions.removeAll { $0 === waiting }
      log("session \(waiting.number) ended to make room")
      writeRecording(waiting)
    }
    sessionsMade += 1
    // Short enough to type back after `--seed`.
    let seed = options.seed ?? UInt64.random(in: 1...99_999)
    let spec = ServeSessionSpec(
      number: sessionsMade, seed: seed, deviceID: device,
      saveDirectory: options.saveBase.appendingPathComponent("devices").appendingPathComponent(device),
      sounds: SoundQueue())
    let engine: Engine
    do {
      engine = try makeEngine(spec)
    } catch {
      let text = (error as? GameLoadError)?.description ?? "\(error)"
      outlet.send(Self.errorMessage(text))
      outlet.close(reason: "the game did not start")
      log("session \(spec.number): the game did not start: \(text)")
      return
    }
    let session = Session(
      number: spec.number, deviceID: device, seed: seed, engine: engine, sounds: spec.sounds, encoder: encoder)
    sessions.append(session)
    log("session \(session.number) (device \(device.prefix(8))): seed \(seed) (replay with --seed \(seed))")
    attach(session, connection: connection, outlet: outlet, resumed: false)
  }

  private func attach(_ session: Session, connection: Int, outlet: any ServeOutlet, resumed: Bool) {
    session.connection = connection
    session.outlet = outlet
    session.picture.reset()
    session.toldPaused = false
    let size = session.engine.designSize
    var hello = "{\"t\":\"hello\",\"v\":\(ServeProtocol.version),\"session\":\(session.number),\"seed\":\(session.seed),\"w\":"
    FrameEncoder.number(size.x, into: &hello)
    hello += ",\"h\":"
    FrameEncoder.number(size.y, into: &hello)
    hello += ",\"title\":"
    FrameEncoder.string(session.engine.title, into: &hello)
    hello += ",\"resumed\":\(resumed)"
    if fontPaths.contains(ServeProtocol.textFontPath) { hello += ",\"font\":\"\(ServeProtocol.textFontPath)\"" }
    if !fontPaths.isEmpty {
      hello += ",\"fonts\":{"
      hello += zip(["text", "emoji", "cjk"], ServeProtocol.fontPaths).filter { fontPaths.contains($0.1) }
        .map { "\"\($0.0)\":\"\($0.1)\"" }.joined(separator: ",")
      hello += "}"
    }
    hello += "}"
    let batch = MessageBatch()
    batch.add(hello)
    sendFrame(session, into: batch)
    catchUpSounds(session, into: batch, madeSounds: true)
    batch.send(to: outlet)
  }

  /// Forgets the page; the session waits for it to come back. Fingers it held are lifted and
  /// pads unplugged, or the game would see them held forever.
  private func detach(_ session: Session) {
    for finger in session.fingers.down {
      session.engine.enqueue(.pointerUp(Vec2(x: -1, y: -1), pointer: .finger(finger)))
    }
    session.fingers.removeAll()
    // And its pads are unplugged, their buttons up.
    for event in session.pads.removeAll() { session.engine.enqueue(event) }
    session.connection = nil
    session.outlet = nil
    session.droppedAt = Self.now()
  }

  private func dropExpired(now: Double) {
    sessions.removeAll { session in
      guard session.outlet == nil, now - session.droppedAt > options.resumeSeconds else { return false }
      log("session \(session.number) ended: its page did not come back")
      writeRecording(session)
      return true
    }
  }

  /// Writes what changed since the page's last picture (`PagePicture`).
  private func sendFrame(_ session: Session, into batch: MessageBatch) {
    guard let outlet = session.outlet else { return }
    if outlet.takeLost() {
      session.picture.reset()
      catchUpSounds(session, into: batch, madeSounds: false)
    }
    let engine = session.engine
    let overlay = engine.overlay.map { "\($0.heading)\n\($0.message)" }
    session.picture.write(scene: engine.scene, tick: engine.tick, background: engine.background, overlay: overlay, into: batch)
  }

  /// Whether two draw items of one node look the same apart from their transform: compared
  /// field by field, which costs far less than encoding them.
  static func sameLook(_ old: DrawItem, _ new: DrawItem, alpha: Bool = true) -> Bool {
    (!alpha || old.alpha == new.alpha) && sameClip(old.clip, new.clip) && sameLook(old.look, new.look)
  }

  /// Whether two clips cut the same outline. Most items have none: that answer costs no
  /// reference counting, which comparing the optional outlines paid for every item.
  @inline(__always) static func sameClip(_ a: ClipRegion?, _ b: ClipRegion?) -> Bool {
    if a == nil { return b == nil }
    return a?.outline == b?.outline
  }

  /// Whether two looks of one node draw the same, short of a particles look's live particles,
  /// which go to the page apart from the look (`PagePicture.follow`).
  static func sameLook(_ a: NodeLook, _ b: NodeLook) -> Bool {
    guard a.kind == b.kind, a.width == b.width, a.height == b.height, a.tint == b.tint,
      a.fill == b.fill, a.stroke == b.stroke, a.strokeWidth == b.strokeWidth, a.cornerRadius == b.cornerRadius,
      a.image == b.image, a.flipX == b.flipX, a.flipY == b.flipY, a.keyboard == b.keyboard
    else { return false }
    switch a.kind {
    case .text:
      return a.text == b.text && a.fontSize == b.fontSize && a.font == b.font && a.textColor == b.textColor && a.align == b.align
    case .line, .polygon:
      return a.points == b.points
    case .particles:
      return a.particleShape == b.particleShape
        && a.particleBlend == b.particleBlend && a.particleSpec == b.particleSpec
    case .image, .rect, .circle, .group:
      return true
    }
  }

  /// What changed in one item: its id and each field that changed (a field it lost as
  /// null); nil when nothing did.
  static func difference(id: Int, from old: String, to new: String) -> String? {
    let before = FrameEncoder.splitFields(old)
    let after = FrameEncoder.splitFields(new)
    let differing = after.filter { !before.contains($0) }
    var out = "{\"id\":\(id)"
    for field in differing { out += "," + field }
    // The encoder's keys hold no colon: a field's key is what comes before its first one.
    func key(_ field: String) -> Substring {
      field[..<(field.utf8.firstIndex(of: UInt8(ascii: ":")) ?? field.endIndex)]
    }
    let keys = Set(after.map(key))
    var lost = false
    for field in before where !keys.contains(key(field)) {
      out += "," + key(field) + ":null"
      lost = true
    }
    return differing.isEmpty && !lost ? nil : out + "}"
  }

  /// What changed of an item whose look is the same apart from its transform and alpha, as
  /// `difference` would tell it from the two encodings, without making them: a move (into
  /// `moves`) when only its place changed, else its whole `m` (the page's place then exact
  /// again), and its alpha (`null` back at 1). Nil when the page needs no item fields.
  static func placeAndAlpha(_ item: DrawItem, from old: DrawItem, page: inout (x: Double, y: Double), moves: inout [String]) -> String? {
    let changed = ByteWriter()
    let moved = ByteWriter()
    placeAndAlpha(
      id: item.id, from: old.transform, old.alpha, to: item.transform, item.alpha, page: &page, changed: changed, moves: moved)
    if !moved.isEmpty { moves.append(moved.text) }
    return changed.isEmpty ? nil : changed.text
  }

  /// `placeAndAlpha` written as UTF-8: the item's fields as an element of `changed`, its move
  /// as three numbers of `moves`, each after a comma when the list has some already.
  static func placeAndAlpha(
    id: Int, from was: Affine, _ wasAlpha: Double, to now: Affine, _ alpha: Double, page: inout (x: Double, y: Double),
    changed: ByteWriter, moves: ByteWriter
  ) {
    let start = changed.count
    func field(_ name: StaticString) {
      if changed.count == start {
        PagePicture.separate(changed)
        changed.append("{\"id\":")
        FrameEncoder.integer(id, into: changed)
      }
      changed.append(name)
    }
    if was.a == now.a, was.b == now.b, was.c == now.c, was.d == now.d {
      if was != now { move(id, to: now, page: &page, into: moves) }
    } else if !(FrameEncoder.writtenAlike(was.a, now.a) && FrameEncoder.writtenAlike(was.b, now.b)
      && FrameEncoder.writtenAlike(was.c, now.c) && FrameEncoder.writtenAlike(was.d, now.d)
      && FrameEncoder.writtenAlike(was.tx, now.tx) && FrameEncoder.writtenAlike(was.ty, now.ty))
    {
      field(",\"m\":[")
      FrameEncoder.matrix(now, into: changed)
      changed.append(UInt8(ascii: "]"))
      page = (now.tx, now.ty)
    }
    // The encoder leaves `a` out at 1: back to 1 it goes as null.
    if wasAlpha != alpha, wasAlpha == 1 || alpha == 1 || !FrameEncoder.writtenAlike(wasAlpha, alpha) {
      if alpha == 1 {
        field(",\"a\":null")
      } else {
        field(",\"a\":")
        FrameEncoder.number(alpha, into: changed)
      }
    }
    if changed.count != start { changed.append(UInt8(ascii: "}")) }
  }

  /// A sprite that only moved, as the page is told it: `id,dx,dy`, the move in tenths of a
  /// design unit from where the page has it (`page`, updated), or nil while that is less
  /// than a twentieth each way. Most of a scene in play is sprites moving, and a move in
  /// whole tenths takes a few digits where a place took seven or eight; the page stays
  /// within a twentieth of a unit of the engine's place, far below a pixel, and never drifts.
  static func move(_ id: Int, to transform: Affine, page: inout (x: Double, y: Double)) -> String? {
    let out = ByteWriter()
    move(id, to: transform, page: &page, into: out)
    return out.isEmpty ? nil : out.text
  }

  /// `move` written as UTF-8 into `moves`, after a comma when it has some already.
  static func move(_ id: Int, to transform: Affine, page: inout (x: Double, y: Double), into moves: ByteWriter) {
    let dx = ((transform.tx - page.x) * 10).rounded()
    let dy = ((transform.ty - page.y) * 10).rounded()
    guard dx != 0 || dy != 0, abs(dx) < 1e15, abs(dy) < 1e15 else { return }
    page.x += dx / 10
    page.y += dy / 10
    PagePicture.separate(moves)
    FrameEncoder.integer(id, into: moves)
    moves.append(UInt8(ascii: ","))
    FrameEncoder.integer(Int(dx), into: moves)
    moves.append(UInt8(ascii: ","))
    FrameEncoder.integer(Int(dy), into: moves)
  }

  /// Writes the session's input script to `<data folder>/recordings/`, for `tide run --input`.
  private func writeRecording(_ session: Session) {
    guard let text = session.engine.recordedScript(comments: ["served session \(session.number), device \(session.deviceID)"]) else {
      return
    }
    options.recorded?(session.number, text)
    let folder = options.saveBase.appendingPathComponent("recordings")
    let file = folder.appendingPathComponent("session-\(session.number)-\(session.deviceID.prefix(8))-seed-\(session.seed).input")
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try Data(text.utf8).write(to: file, options: .atomic)
      log("session \(session.number) recorded to \(file.path) (replay with --input)")
    } catch {
      log("session \(session.number): cannot write its recording to \(file.path): \(error.localizedDescription)")
    }
  }

  /// The page's messages for what the game asked of the sound since the last look
  /// (`PageSound`); a page that is away misses them, as a muted window would.
  private func sendSounds(_ session: Session, into batch: MessageBatch) {
    let commands = session.sounds.takePending()
    guard session.outlet != nil else { return }
    for command in session.sounds.takeAsked() + commands { batch.add(soundMessage(command, of: session)) }
  }

  /// Tells a page that is new, came back or lost a message to go quiet, then what sounds now
  /// (`SoundQueue.state`): what it missed of the rest is gone, as for a muted window. A page
  /// that only lost a message keeps the sounds the game made and asks for one it lacks
  /// (`PageInput.need`): a slow page is not sent them all again.
  private func catchUpSounds(_ session: Session, into batch: MessageBatch, madeSounds: Bool) {
    _ = session.sounds.takePending()
    batch.add(PageSound.hush)
    // The music and the loops join where the game has them, not from their start.
    let music = session.engine.music
    let voices = Dictionary(session.engine.voices.map { ($0.id, $0.played) }, uniquingKeysWith: { first, _ in first })
    for command in session.sounds.state(madeSounds: madeSounds) {
      var played = 0.0
      if case .playMusic(let track, _, _) = command, let music, music.track == track {
        played = music.played
      } else if case .play(let id, _, _, _, _) = command {
        played = voices[id] ?? 0
      }
      batch.add(soundMessage(command, of: session, at: played))
    }
  }

  private func soundMessage(_ command: AudioCommand, of session: Session, at played: Double = 0) -> String {
    PageSound.message(command, files: options.files, made: session.sounds.isMade, at: played)
  }

  static func errorMessage(_ text: String) -> String {
    var out = "{\"t\":\"error\",\"message\":"
    FrameEncoder.string(text, into: &out)
    return out + "}"
  }

  private static func now() -> Double {
    Double(DispatchTime.now().uptimeNanoseconds) / 1e9
  }
}

/// The wire protocol's version; the page refuses a server that speaks another.
public enum ServeProtocol {
  public static let version = 5
  /// Where the page finds the window's text font, when the server has it.
  public static let textFontPath = "fonts/text.ttf"
  /// The text font, the emoji font and the CJK font, in that order, where the page finds them.
  public static let fontPaths = [textFontPath, "fonts/emoji.ttf", "fonts/cjk.ttc"]
}

extension SessionHub {
  /// The usual maker: `options` with each session's seed and save folder, a backend from
  /// `backend` (one per session: the window's and the sessions' engines share nothing), the
  /// game started. With `watch`, a saved file of the game reloads every session as it reloads
  /// the window, each reload said through `log`.
  public static func engineMaker(
    gameDirectory: URL, displayPath: String? = nil, options: EngineOptions, watch: Bool = false,
    log: @escaping @Sendable (String) -> Void = { _ in }, backend: @escaping @Sendable () -> any Backend
  ) -> ServeEngineMaker {
    engineMaker(files: FolderFiles(directory: gameDirectory), displayPath: displayPath, options: options, watch: watch, log: log, backend: backend)
  }

  /// `engineMaker(gameDirectory:...)` for the game in `files`; a packed game's is never watched.
  public static func engineMaker(
    files: any GameFiles, displayPath: String? = nil, options: EngineOptions, watch: Bool = false,
    log: @escaping @Sendable (String) -> Void = { _ in }, backend: @escaping @Sendable () -> any Backend
  ) -> ServeEngineMaker {
    return { spec in
      var options = options
      options.seed = spec.seed
      options.saveDirectory = spec.saveDirectory
      let engine = try Engine.open(
        files, displayPath: displayPath, backend: ServeBackend(backend(), sounds: spec.sounds), options: options)
      // Every session is written down as it is played, so a game on a phone replays headless.
      engine.startRecording()
      if watch, files.folder != nil {
        do {
          try engine.watchForChanges { line in log("session \(spec.number): \(line)") }
        } catch {
          log("session \(spec.number): \(error); playing without hot reload")
        }
      }
      try engine.start()
      return engine
    }
  }
}

/// The CPU time of the hub's thread, added up by what it was doing: where a served tick's cost
/// goes, beside the session's share of the process's CPU. Read by the thread's own CPU clock
/// (a system call each reading, four a tick: only the bench asks for it).
public final class HubTiming: @unchecked Sendable {
  /// Seconds of the hub's thread, in all since the hub started.
  public struct Totals: Sendable {
    /// Ticks stepped.
    public var ticks = 0
    /// Between ticks: asleep until the next is due, and waking (the kernel's part, charged to the thread).
    public var waiting = 0.0
    /// Each session's saved files taken in and its ticks stepped.
    public var stepping = 0.0
    /// The page's picture: the scene walked, compared with what the page has, the message written.
    public var picture = 0.0
    /// The sounds and the tick's message sent to the page's socket.
    public var sending = 0.0

    public init() {}

    public static func - (a: Totals, b: Totals) -> Totals { a.combined(with: b, by: -, -) }

    static func + (a: Totals, b: Totals) -> Totals { a.combined(with: b, by: +, +) }

    private func combined(with b: Totals, by time: (Double, Double) -> Double, _ count: (Int, Int) -> Int) -> Totals {
      var c = Totals()
      c.ticks = count(ticks, b.ticks)
      c.waiting = time(waiting, b.waiting)
      c.stepping = time(stepping, b.stepping)
      c.picture = time(picture, b.picture)
      c.sending = time(sending, b.sending)
      return c
    }
  }

  /// One stretch of the hub's work, timed part by part.
  struct Laps {
    var parts = Totals()
    var last: Double

    mutating func lap(_ part: WritableKeyPath<Totals, Double>) {
      let now = HubTiming.threadSeconds()
      parts[keyPath: part] += now - last
      last = now
    }
  }

  private let lock = NSLock()
  private var totals = Totals()

  public init() {}

  /// What the hub's thread has spent so far.
  public var now: Totals { lock.withLock { totals } }

  func begin() -> Laps { Laps(last: Self.threadSeconds()) }

  func add(_ laps: Laps, ticks: Int) {
    var parts = laps.parts
    parts.ticks = ticks
    lock.withLock { totals = totals + parts }
  }

  /// CPU seconds of the calling thread.
  public static func threadSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
  }
}
