import ArgumentParser
import Foundation
import TideBench
import TideCore
import TideSDL
import TideScript
import TideServe

/// `tide bench serve` runs this: the server is measured in its own program, as it is run.
struct ServeBench: ParsableCommand {
  static let configuration = CommandConfiguration(commandName: "bench", shouldDisplay: false)

  func run() throws {
    print(try ServeBenchmark.run().report)
  }
}

/// `tide bench serve`: `--serve` on loopback as a phone meets it, through Debian's headless
/// Chromium (`HeadlessChromium`), the server in this process:
///
/// - latency: from the page sending a tap's lift (a loopback hop before the server has it) to
///   the page receiving the frame that shows its effect, over 200 taps of the Tapper fixture
///   (its count goes up on each tap), timed by the page's own clock;
/// - bandwidth: what the page receives (WebSocket payloads) while BubblePop is in play, a bot
///   in the page tapping a bubble every 0.4 s;
/// - CPU: this process's CPU time per tick of that served session (stepping, building and
///   diffing the draw list, encoding, sending) against a headless engine stepping the same
///   ticks with the same input (the session's own recording), paced at 60 ticks a second as
///   the served one was;
/// - the same served session again, its input replayed from that recording, to a bare reader
///   in a process of its own (`tide-serve read`) in place of the browser: the server's CPU per
///   tick without the loopback receiver's work (waking Chromium on each send, its drawing on
///   the same cores), which is what a device over the network costs the server. Reported
///   beside the target, which is the browser's row.
/// - beside that session, a headless one of the same ticks paced on a thread of this process
///   over the same span: the two threads' CPU measured at once, a ratio the machine's load
///   drifting between runs does not move (the runs above are one after another);
/// - where that session's tick goes, by the CPU clock of the hub's thread (`HubTiming`), and
///   what this machine charges a paced tick with no game: a sleep and wake, and one send of the
///   tick's average message on loopback. Headless pays the wake too but not the send, so headless
///   plus that send over headless is the least the ratio can be here, whatever the picture costs.
/// - the hub's thread per session when two, then eight (the most a game serves), bare readers'
///   sessions play at once: the hub wakes once a tick for all of them, and steps, pictures and
///   sends them one after another while the caches are warm, so a session's share is what a
///   device costs the server when a family's or a class's are connected.
enum ServeBenchmark {
  static let taps = 200
  static let playSeconds = 20.0

  static func run() throws -> BenchmarkResult {
    guard let executable = HeadlessChromium.executable() else {
      throw HeadlessChromium.Failure("chromium is not installed (Scripts/setup installs Debian's)")
    }
    let browser = try HeadlessChromium(executable: executable)
    defer { browser.close() }
    let latencies = try tapLatencies(browser).sorted()
    let round = try bubblePopRound(browser)
    let frame = 1000.0 / 60
    let median = latencies[latencies.count / 2]
    let p90 = latencies[latencies.count * 9 / 10]
    let kibPerSecond = round.bytesPerSecond / 1024
    let ratio = round.servedCPUPerTick / round.headlessCPUPerTick
    let parts = round.bareParts
    func ms(_ seconds: Double) -> String { String(format: "%.3f ms", seconds * 1000) }
    // Per tick of the bare reader's session.
    func part(_ seconds: Double) -> String { ms(seconds / Double(max(1, parts.ticks))) }
    let hub = parts.waiting + parts.stepping + parts.picture + parts.sending
    let besidePerTick = round.beside.seconds / Double(max(1, round.beside.ticks))
    // The browser's row against a headless session run a minute later can land on either side
    // of the bound by the machine's drift alone: the bound holds only where the two threads
    // measured at once agree.
    let atOnce = hub / Double(max(1, parts.ticks)) / besidePerTick
    return BenchmarkResult(
      name: "serve: a tap's effect on the page, bandwidth and CPU of a served session",
      figures: [
        ("tap to frame on the page, median of \(latencies.count)", String(format: "%.1f ms (%.2f frames at 60 Hz)", median, median / frame)),
        ("tap to frame on the page, 90th percentile", String(format: "%.1f ms", p90)),
        ("BubblePop in play for \(Int(playSeconds)) s: received by the page", String(format: "%.1f KiB/s (%d messages)", kibPerSecond, round.messages)),
        ("served session: CPU per tick", String(format: "%.3f ms over %d ticks", round.servedCPUPerTick * 1000, round.ticks)),
        ("headless session, same input, paced at 60 Hz: CPU per tick", ms(round.headlessCPUPerTick)),
        ("headless session, same input, back to back: CPU per tick", ms(round.backToBackCPUPerTick)),
        ("served / headless", String(format: "%.2f×", ratio)),
        ("served session, the page replaced by a bare reader: CPU per tick", ms(round.bareCPUPerTick)),
        ("served to a bare reader / headless", String(format: "%.2f×", round.bareCPUPerTick / round.headlessCPUPerTick)),
        ("the bare reader's session, the hub's thread a tick: between ticks (asleep, and waking)", part(parts.waiting)),
        ("the bare reader's session, the hub's thread a tick: stepping the game", part(parts.stepping)),
        ("the bare reader's session, the hub's thread a tick: the page's picture", part(parts.picture)),
        ("the bare reader's session, the hub's thread a tick: sending it", part(parts.sending)),
        ("at the same time: the bare reader's session, the hub's thread a tick (the four parts above)", part(hub)),
        ("at the same time: a headless session of the same ticks paced beside it in this process, its thread a tick",
         ms(besidePerTick)),
        ("at the same time, thread for thread: served to a bare reader / headless", String(format: "%.2f×", atOnce)),
      ] + zip(sharedSessions, round.shared).flatMap { sessions, shared in
        // Per tick of one session: `ticks` counts every session's.
        func each(_ seconds: Double) -> String { ms(seconds / Double(max(1, shared.ticks))) }
        let perTick = (shared.waiting + shared.stepping + shared.picture + shared.sending) / Double(max(1, shared.ticks))
        return [
          ("\(sessions) bare readers' sessions on the one hub at once: its thread per session a tick (waiting "
            + "\(each(shared.waiting)), stepping \(each(shared.stepping)), picture \(each(shared.picture)), sending "
            + "\(each(shared.sending)))", ms(perTick)),
          ("\(sessions) sessions at once, per session / the headless thread beside the single session above",
           String(format: "%.2f×", perTick / besidePerTick)),
        ]
      } + [
        ("this machine with no game, paced at 60 Hz: a tick's sleep and wake", ms(round.floor.wake)),
        ("this machine with no game, paced at 60 Hz: one loopback send of a tick's message (\(round.messageBytes) bytes)",
         ms(round.floor.send)),
        ("the least served / headless can be with that send and a picture costing nothing",
         String(format: "%.2f×", (round.headlessCPUPerTick + round.floor.send) / round.headlessCPUPerTick)),
        ("user time alone (the kernel's part, on loopback both ends of every send, left out): served / headless",
         String(format: "%.2f×", round.servedUser / round.headlessUser)),
        ("user time alone: served to a bare reader / headless", String(format: "%.2f×", round.bareUser / round.headlessUser)),
      ],
      target: "median ≤ 2 frames (33.3 ms); ≤ 64 KiB/s; served CPU ≤ 1.5× headless (the browser's row, and thread for thread at the same time)",
      met: median <= 2 * frame && kibPerSecond <= 64 && ratio <= 1.5 && atOnce <= 1.5)
  }

  /// A server on loopback for `game`, every session on `seed`, saves in a scratch folder.
  /// With `script`, every session plays it (`SessionHub.Options.script`).
  private static func serve(
    _ game: URL, seed: UInt64, saves: URL, script: InputScript? = nil, timing: HubTiming? = nil,
    recorded: (@Sendable (Int, String) -> Void)? = nil
  ) throws -> (GameServer, String) {
    var options = EngineOptions()
    options.logErrors = false
    let assets = game.appendingPathComponent("assets")
    let maker = SessionHub.engineMaker(gameDirectory: game, options: options) { HeadlessBackend.withGameFonts(assetDirectory: assets) }
    var hubOptions = SessionHub.Options(gameDirectory: game, saveBase: saves, seed: seed)
    hubOptions.recorded = recorded
    hubOptions.script = script
    hubOptions.timing = timing
    let hub = SessionHub(options: hubOptions, makeEngine: maker) { _ in }
    let fonts = FontLibrary.fontFiles()
    let server = try GameServer(
      address: "127.0.0.1", port: 0, hub: hub, gameDirectory: game, textFont: URL(fileURLWithPath: fonts.text),
      emojiFont: URL(fileURLWithPath: fonts.emoji))
    let port = try wait { try await server.start() }
    return (server, server.url(host: "127.0.0.1", port: port))
  }

  private static func scratch() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tide-bench-serve-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  /// Milliseconds from each tap's lift leaving the page to the frame showing its count.
  private static func tapLatencies(_ browser: HeadlessChromium) throws -> [Double] {
    let saves = try scratch()
    defer { try? FileManager.default.removeItem(at: saves) }
    let (server, url) = try serve(URL(fileURLWithPath: "Tests/TideServeTests/Fixtures/tapper"), seed: 1, saves: saves)
    defer { wait { await server.stop() } }
    let page = try browser.newPage(width: 400, height: 600)
    defer { page.close() }
    try page.open(url)
    try page.wait(until: "tide.picture().some(i => i.text === 'taps: 0')")
    let button = try page.evaluate("tide.toPage(200, 150)") as? [String: Any]
    let x = button?["x"] as? Double ?? 0
    let y = button?["y"] as? Double ?? 0
    var latencies: [Double] = []
    for n in 1...taps {
      try page.evaluate("""
        tide.latency = null;
        tide.onPicture = (message, received) => {
          if (tide.picture().some(i => i.text === 'taps: \(n)')) { tide.onPicture = null; tide.latency = received - tide.sentAt; }
        };
        """)
      try page.tap(x: x, y: y, id: 1)
      let value = try page.wait(until: "tide.latency !== null ? [tide.latency] : null", timeout: 5) as? [Any]
      latencies.append((value?.first as? NSNumber)?.doubleValue ?? 0)
    }
    return latencies
  }

  private struct Round {
    var bytesPerSecond: Double
    var messages: Int
    var ticks: Int
    var servedCPUPerTick: Double
    var headlessCPUPerTick: Double
    var backToBackCPUPerTick: Double
    var bareCPUPerTick: Double
    /// User time alone per tick (the kernel's part left out): served, headless paced, bare reader.
    var servedUser: Double
    var headlessUser: Double
    var bareUser: Double
    /// The hub's thread in the bare reader's session, by part.
    var bareParts: HubTiming.Totals
    /// The thread of a headless session paced beside that session, over the same span.
    var beside: ThreadCPU
    /// The average message the page got.
    var messageBytes: Int
    /// This machine's cost of a paced tick's waking, and of one send of `messageBytes`.
    var floor: (wake: Double, send: Double)
    /// The hub's thread with several bare readers' sessions at once, by part: for each of
    /// `sharedSessions`, that many.
    var shared: [HubTiming.Totals]
  }

  /// Sessions on one hub for the shared rows: two devices, and `SessionHub`'s limit, the most a
  /// game serves.
  static let sharedSessions = [2, SessionHub.defaultLimit]

  /// BubblePop in play, served to the page, then the same ticks headless.
  private static func bubblePopRound(_ browser: HeadlessChromium) throws -> Round {
    let game = URL(fileURLWithPath: "Content/bubblepop")
    let saves = try scratch()
    defer { try? FileManager.default.removeItem(at: saves) }
    let recording = Shared<String?>(nil)
    let (server, url) = try serve(game, seed: 7, saves: saves) { session, script in
      if session == 1 { recording.value = script }
    }
    var serverStopped = false
    defer { if !serverStopped { wait { await server.stop() } } }
    let page = try browser.newPage(width: 390, height: 844)
    defer { page.close() }
    try page.open(url)
    try tapText(page, "Your name")
    try page.type("Ada")
    try page.wait(until: "tide.picture().some(i => i.text === 'Ada')")
    try tapText(page, "Play")
    // Play starts after the countdown: the clock shows the game time.
    try page.wait(until: "tide.picture().some(i => i.k === 'circle' && i.w >= 60)", timeout: 15)
    // A player in the page: a tap on a bubble every 0.4 s, as pointer events of a finger.
    try page.evaluate("""
      tide.bot = setInterval(() => {
        const bubble = tide.picture().find(i => i.k === 'circle' && i.w >= 60 && i.a === undefined && i.m[5] > 140);
        if (!bubble) return;
        const m = bubble.m;
        const p = tide.toPage(m[0] * bubble.w / 2 + m[2] * bubble.h / 2 + m[4], m[1] * bubble.w / 2 + m[3] * bubble.h / 2 + m[5]);
        const canvas = document.querySelector('canvas');
        for (const type of ['pointerdown', 'pointerup']) {
          canvas.dispatchEvent(new PointerEvent(type, { pointerId: 9, pointerType: 'touch', isPrimary: true,
            clientX: p.x, clientY: p.y, bubbles: true, cancelable: true }));
        }
      }, 400);
      """)
    let start = try page.evaluate("[tide.bytes, tide.messages, tide.tick]") as? [Any] ?? []
    let cpuStart = processCPU()
    let wallStart = Date()
    Thread.sleep(forTimeInterval: playSeconds)
    let cpu = processCPU() - cpuStart
    let end = try page.evaluate("[tide.bytes, tide.messages, tide.tick]") as? [Any] ?? []
    let wall = Date().timeIntervalSince(wallStart)
    try page.evaluate("clearInterval(tide.bot)")
    // Closed before the headless sessions run, so that no browser works beside them: a page
    // that lost its server keeps trying to reconnect.
    page.close()
    let number = { (list: [Any], index: Int) in (list.count > index ? list[index] as? Int : nil) ?? 0 }
    let firstTick = number(start, 2)
    let lastTick = number(end, 2)
    wait { await server.stop() }
    serverStopped = true

    // The same game, input and ticks, headless: its own recording replayed.
    guard let text = recording.value else { throw HeadlessChromium.Failure("the served session left no recording") }
    let script = try InputScript(text: text)
    // CPU seconds of a headless engine stepping the session's ticks `firstTick..<lastTick`,
    // paced at 60 ticks a second or back to back, each with saves of its own.
    func headless(paced: Bool) throws -> CPUTime {
      let replay = try HeadlessReplay(
        game: game, script: script, saves: saves.appendingPathComponent(paced ? "headless-paced" : "headless"), to: firstTick)
      let start = processCPU()
      replay.run(to: lastTick, paced: paced)
      return processCPU() - start
    }
    // Paced as the served session was, a tick every sixtieth of a second: stepped back to
    // back, the engine's data stays in the caches between ticks, which a session played in
    // real time (served, or in a window) never has. Both are reported; the target is paced.
    let backToBack = try headless(paced: false)
    let paced = try headless(paced: true)
    let (bare, bareParts, beside) = try bareReaderCPU(game: game, script: script, from: firstTick, to: lastTick)
    let ticks = max(1, lastTick - firstTick)
    let bytes = number(end, 0) - number(start, 0)
    let messages = number(end, 1) - number(start, 1)
    let messageBytes = bytes / max(1, messages)
    return Round(
      bytesPerSecond: Double(bytes) / wall, messages: messages,
      ticks: ticks, servedCPUPerTick: cpu.total / Double(ticks), headlessCPUPerTick: paced.total / Double(ticks),
      backToBackCPUPerTick: backToBack.total / Double(ticks), bareCPUPerTick: bare.total / Double(ticks),
      servedUser: cpu.user / Double(ticks), headlessUser: paced.user / Double(ticks), bareUser: bare.user / Double(ticks),
      bareParts: bareParts, beside: beside, messageBytes: messageBytes, floor: try pacedFloor(bytes: messageBytes),
      shared: try sharedSessions.map { try sharedHub(game: game, script: script, sessions: $0, from: firstTick, seconds: playSeconds / 2) })
  }

  /// CPU seconds of this process over ticks `from..<to` of a session served to a bare reader
  /// (`tide-serve read`, a process of its own) that plays `script`, the browser's session's
  /// recording: the same game, seed, input and ticks; its hub's thread by part. And beside it,
  /// over the same span, a headless session of the same ticks paced on a thread of its own: the
  /// two measured at once, whatever the machine's load does meanwhile.
  private static func bareReaderCPU(
    game: URL, script: InputScript, from: Int, to: Int
  ) throws -> (CPUTime, HubTiming.Totals, ThreadCPU) {
    let saves = try scratch()
    defer { try? FileManager.default.removeItem(at: saves) }
    let timing = HubTiming()
    let replay = try HeadlessReplay(game: game, script: script, saves: saves.appendingPathComponent("beside"), to: from)
    let besideSpent = Shared(ThreadCPU())
    let besideDone = DispatchSemaphore(value: 0)
    let (server, url) = try serve(game, seed: 7, saves: saves, script: script, timing: timing)
    defer { wait { await server.stop() } }
    guard let port = URLComponents(string: url)?.port else { throw HeadlessChromium.Failure("no port in \(url)") }
    let reader = try ReaderProcess(port: port, key: server.key, device: "bench-bare-reader", marks: [from, to])
    defer { reader.stop() }
    // The reader says each mark as it gets there: CPU is read then.
    var cpu: [CPUTime] = []
    var parts: [HubTiming.Totals] = []
    var beside: [ThreadCPU] = []
    while cpu.count < 2 {
      try reader.waitForMark()
      cpu.append(processCPU())
      parts.append(timing.now)
      beside.append(besideSpent.value)
      if cpu.count == 1 {
        // The served session is at `from`: the headless one starts its ticks with it.
        Thread {
          replay.run(to: to, paced: true, measuring: besideSpent)
          besideDone.signal()
        }.start()
      }
    }
    besideDone.wait()
    // The process's CPU is the served session's once the headless one beside it is taken out.
    let besideSpan = beside[1] - beside[0]
    var served = cpu[1] - cpu[0]
    served.total -= besideSpan.seconds
    served.user -= besideSpan.user
    return (served, parts[1] - parts[0], besideSpan)
  }

  /// The hub's thread, by part, over `seconds` of `sessions` sessions served at once, each to a
  /// bare reader of its own and each playing `script` (the browser's session's recording): what
  /// a tablet costs the server when a family's or a class's are connected. The hub wakes once a
  /// tick for all of them, so its waiting is shared; the rest is each session's own. Timed from
  /// when every session is past tick `from`.
  private static func sharedHub(game: URL, script: InputScript, sessions: Int, from: Int, seconds: Double) throws -> HubTiming.Totals {
    let saves = try scratch()
    defer { try? FileManager.default.removeItem(at: saves) }
    let timing = HubTiming()
    let (server, url) = try serve(game, seed: 7, saves: saves, script: script, timing: timing)
    defer { wait { await server.stop() } }
    guard let port = URLComponents(string: url)?.port else { throw HeadlessChromium.Failure("no port in \(url)") }
    var readers: [ReaderProcess] = []
    defer { for reader in readers { reader.stop() } }
    for number in 0..<sessions {
      // A second mark never reached: the reader reads on until it is stopped.
      readers.append(try ReaderProcess(port: port, key: server.key, device: "bench-shared-\(number)", marks: [from, Int.max]))
    }
    // Each reader says when its session got to `from`.
    for reader in readers { try reader.waitForMark() }
    let start = timing.now
    Thread.sleep(forTimeInterval: seconds)
    return timing.now - start
  }

  /// What this machine charges a paced tick for its waking and its send alone, with no game:
  /// the CPU seconds of a thread that sleeps until each sixtieth of a second and, in the second
  /// figure, writes `bytes` to a TCP socket on loopback whose reader, a thread of its own, waits
  /// for them as the page does (the socket's kernel work on both ends runs in the sender's
  /// call). Per tick, over `ticks`: (sleeping and waking, one send).
  private static func pacedFloor(bytes: Int, ticks: Int = 300) throws -> (wake: Double, send: Double) {
    let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(listener) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = in_addr_t(UInt32(0x7F00_0001).bigEndian)
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(listener, $0, length) == 0 && listen(listener, 1) == 0 && getsockname(listener, $0, &length) == 0
      }
    }
    let sender = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(sender) }
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(sender, $0, length) == 0 }
    }
    let receiver = accept(listener, nil, nil)
    guard bound, connected, receiver >= 0 else { throw HeadlessChromium.Failure("no loopback socket for the send floor") }
    // As the server's sockets are set (`GameServer`): each write goes at once.
    var one: Int32 = 1
    setsockopt(sender, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
    let reading = Thread {
      var sink = [UInt8](repeating: 0, count: 65536)
      while sink.withUnsafeMutableBytes({ recv(receiver, $0.baseAddress, $0.count, 0) }) > 0 {}
      close(receiver)
    }
    reading.start()
    let message = [UInt8](repeating: UInt8(ascii: "0"), count: max(1, bytes))
    var waking = 0.0
    var sending = 0.0
    let start = Date()
    for tick in 1...ticks {
      let before = HubTiming.threadSeconds()
      _ = message.withUnsafeBytes { send(sender, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
      let sent = HubTiming.threadSeconds()
      sending += sent - before
      let wait = start.addingTimeInterval(Double(tick) / 60).timeIntervalSinceNow
      if wait > 0 { Thread.sleep(forTimeInterval: wait) }
      waking += HubTiming.threadSeconds() - sent
    }
    shutdown(sender, Int32(SHUT_WR))
    return (waking / Double(ticks), sending / Double(ticks))
  }

  private static func tapText(_ page: BrowserPage, _ text: String) throws {
    let point = try page.wait(until: """
      (() => {
        const item = tide.picture().find(i => i.k === 'text' && i.text === '\(text)');
        if (!item) return null;
        const m = item.m;
        return tide.toPage(m[0] * item.w / 2 + m[2] * item.h / 2 + m[4], m[1] * item.w / 2 + m[3] * item.h / 2 + m[5]);
      })()
      """) as? [String: Any]
    try page.tap(x: point?["x"] as? Double ?? 0, y: point?["y"] as? Double ?? 0)
  }

  /// Seconds of CPU this process has used, every thread: in all, and in user space alone. The
  /// rest is the kernel's: sleeping and waking, and on loopback both ends of every send.
  struct CPUTime {
    var total: Double
    var user: Double

    static func - (a: CPUTime, b: CPUTime) -> CPUTime { CPUTime(total: a.total - b.total, user: a.user - b.user) }
  }

  private static func processCPU() -> CPUTime {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return CPUTime(total: cpuSeconds(), user: Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6)
  }
}

/// A value one thread writes and another reads: the served session's recording, handed over
/// from the hub's thread; a thread's CPU, read while it runs.
private final class Shared<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Value

  init(_ value: Value) {
    stored = value
  }

  var value: Value {
    get { lock.withLock { stored } }
    set { lock.withLock { stored = newValue } }
  }
}

/// A bare reader (`tide-serve read`, this program in a process of its own) of one session,
/// which says each of its marks as its session reaches it.
private final class ReaderProcess {
  private let process = Process()
  private let out = Pipe()
  private var pending = Data()

  init(port: Int, key: String, device: String, marks: [Int]) throws {
    process.executableURL = URL(fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
    process.arguments = ["read", "--port", "\(port)", "--path", "/ws?k=\(key)&device=\(device)"] + marks.flatMap { ["--mark", "\($0)"] }
    process.standardOutput = out
    try process.run()
  }

  /// Returns once the reader has said its next mark (at once if it said it already).
  func waitForMark() throws {
    while true {
      if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
        pending.removeSubrange(...newline)
        return
      }
      let chunk = out.fileHandleForReading.availableData
      guard !chunk.isEmpty else { throw HeadlessChromium.Failure("a bare reader ended before its mark") }
      pending.append(chunk)
    }
  }

  /// Ends the reader (it ends by itself after its last mark).
  func stop() {
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
  }
}

/// A headless engine of the served session's game, seed and input (its recording), with saves
/// of its own, stepped at once to the tick where the measuring starts.
private final class HeadlessReplay: @unchecked Sendable {
  private let engine: Engine
  private let entries: [InputScript.Entry]
  private var next = 0

  init(game: URL, script: InputScript, saves: URL, to tick: Int) throws {
    var options = EngineOptions()
    options.logErrors = false
    options.seed = 7
    options.saveDirectory = saves
    engine = try Engine(
      gameDirectory: game, backend: HeadlessBackend.withGameFonts(assetDirectory: game.appendingPathComponent("assets")),
      options: options)
    try engine.start()
    entries = script.entries
    while engine.tick < tick { step() }
  }

  private func step() {
    while next < entries.count, entries[next].tick <= engine.tick {
      engine.enqueue(entries[next].event)
      next += 1
    }
    engine.step()
  }

  /// Steps to tick `last`, paced at 60 ticks a second from now or back to back; with
  /// `measuring`, tells it this thread's CPU and the ticks stepped after each tick.
  func run(to last: Int, paced: Bool, measuring: Shared<ThreadCPU>? = nil) {
    let first = engine.tick
    let start = Date()
    let cpuStart = ThreadCPU.now(ticks: 0)
    while engine.tick < last {
      step()
      if paced {
        let wait = start.addingTimeInterval(Double(engine.tick - first) / 60).timeIntervalSinceNow
        if wait > 0 { Thread.sleep(forTimeInterval: wait) }
      }
      if let measuring { measuring.value = ThreadCPU.now(ticks: engine.tick - first) - cpuStart }
    }
  }
}

/// A thread's CPU seconds (in all, and in user space alone) and the ticks it stepped in them.
struct ThreadCPU {
  var seconds = 0.0
  var user = 0.0
  var ticks = 0

  /// The calling thread's so far. In all by the thread's CPU clock, as the hub's parts are read
  /// (`HubTiming`); its user time from its resource usage, which the kernel brings up to date
  /// only now and then (at a switch or a timer tick), so it is good over many ticks, not one.
  static func now(ticks: Int) -> ThreadCPU {
    var usage = rusage()
    // RUSAGE_THREAD, which Glibc's module leaves out (it is a Linux extension).
    getrusage(__rusage_who_t(1), &usage)
    let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
    return ThreadCPU(seconds: HubTiming.threadSeconds(), user: user, ticks: ticks)
  }

  static func - (a: ThreadCPU, b: ThreadCPU) -> ThreadCPU {
    ThreadCPU(seconds: a.seconds - b.seconds, user: a.user - b.user, ticks: a.ticks - b.ticks)
  }
}
