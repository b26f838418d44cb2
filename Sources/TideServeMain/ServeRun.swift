import ArgumentParser
import Foundation
import TideCore
import TidePack
import TideSDL
import TideScript
import TideServe

/// The server: `tide run <game> --serve` (headless or beside the window) runs this with the
/// options of `tide run` that concern it, under the same names, the window staying in `tide`.
struct ServeRun: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "run", abstract: "Serve a game folder or a packed game to browsers (docs/serve.md).")

  @Argument(help: "The game folder (e.g. Content/rps, or rps) or a packed game (rps.tide).")
  var game: String

  @Option(help: "Port to listen on (0 picks a free one).")
  var port: UInt16 = 8060

  @Option(help: "Address to listen on (default: this machine's local-network address, else 127.0.0.1; 0.0.0.0 listens on every address, public ones included).")
  var bind: String?

  @Option(help: "Every session stops at this game time and its page keeps showing that frame.")
  var pauseAt: Double?

  @Option(help: "Write the first session as an input script to this file when it ends.")
  var record: String?

  @Option(help: "Events every session plays at their ticks, besides the page's (an input script).")
  var input: String?

  @Option(help: "Stop serving after this many seconds.")
  var quitAfter: Double?

  @Flag(help: "Do not watch the game folder for saved files.")
  var noWatch = false

  @Option(help: "Seed of tide.random for every session (default: each its own).")
  var seed: UInt64?

  @Option(help: "Design size as WxH, e.g. 375x667 (overrides conf.lua).")
  var size: String?

  @Option(name: .customLong("option"), help: "Override a conf.lua option: key=value (repeatable).")
  var gameOptions: [String] = []

  @Flag(name: .customLong("physics-debug"), help: "Draw physics bodies, joints and contacts over the game.")
  var physicsDebug = false

  /// How messages name the game (`tide run` passes the path as its author typed it).
  @Option(help: .hidden)
  var displayPath: String?

  /// Accepted so that `tide run`'s `--headless --serve` read the same here; the server never
  /// opens a window.
  @Flag(help: .hidden)
  var headless = false
  @Flag(help: .hidden)
  var serve = false

  /// Set by a `tide` that runs the window beside the server: standard input is its pipe.
  @Flag(help: .hidden)
  var parentPipe = false

  func validate() throws {
    for (value, name) in [(pauseAt, "pause-at"), (quitAfter, "quit-after")] {
      if let value, let complaint = Limits.gameSeconds.complaint("--\(name)", value) { throw ValidationError(complaint) }
    }
    if let size, Vec2(size: size) == nil { throw ValidationError("--size must look like 375x667, got '\(size)'") }
    _ = try parsedOptions()
  }

  func run() throws {
    var path = game
    // `rps` for `Content/rps`, as `tide run` reads it.
    if !FileManager.default.fileExists(atPath: path), !path.contains("/"), FileManager.default.fileExists(atPath: "Content/\(path)") {
      path = "Content/\(path)"
    }
    let gameURL = URL(fileURLWithPath: path)
    let shown = displayPath ?? path
    var script = InputScript()
    if let input {
      do {
        script = try InputScript(text: InputScript.text(of: URL(fileURLWithPath: input)))
      } catch {
        printError("input file '\(input)': \(error)")
        throw ExitCode.failure
      }
    }
    var options = EngineOptions()
    options.seed = seed ?? script.seed ?? UInt64.random(in: 1...99_999)
    options.options = script.options.merging(try parsedOptions()) { $1 }
    options.designSize = size.flatMap { Vec2(size: $0) } ?? script.size
    options.physicsDebug = physicsDebug
    // A tick stuck in engine code past three watchdog limits ends the process with a message.
    options.stuckTickSeconds = 3 * options.watchdogSeconds
    let status = try serveGame(gameURL, shown: shown, options, script)
    if status != 0 { throw ExitCode(status) }
  }

  private func parsedOptions() throws -> [String: String] {
    var options: [String: String] = [:]
    for pair in gameOptions {
      guard let eq = pair.firstIndex(of: "="), eq != pair.startIndex else {
        throw ValidationError("--option must look like key=value, got '\(pair)'")
      }
      options[String(pair[..<eq])] = String(pair[pair.index(after: eq)...])
    }
    return options
  }

  /// Serves until `--quit-after` or a signal; returns the exit status (128 + a signal that
  /// ended it, as `tide` exits when a signal closes its window).
  private func serveGame(_ gameURL: URL, shown: String, _ options: EngineOptions, _ script: InputScript) throws -> Int32 {
    // Fail before listening when the game does not load at all, with the usual message,
    // instead of once per browser that connects.
    let files: any GameFiles
    do throws(ArchiveError) {
      files = try GameArchive.files(at: gameURL, shown: shown)
    } catch {
      printError(error.description)
      throw ExitCode.failure
    }
    let probe: Engine
    do throws(GameLoadError) {
      probe = try Engine.open(files, displayPath: shown, backend: HeadlessBackend(), options: options)
    } catch {
      printError(error.description)
      throw ExitCode.failure
    }
    // A packed game's image sizes come from its files in memory, as the engine reads them.
    let assets = files.folder?.appendingPathComponent("assets")
    let log: @Sendable (String) -> Void = { line in
      print("serve: \(line)")
      // Each session's seed is read as it comes, often through a pipe.
      fflush(nil)
    }
    let maker = SessionHub.engineMaker(
      files: files, displayPath: shown, options: options, watch: !noWatch, log: log
    ) {
      HeadlessBackend.withGameFonts(assetDirectory: assets)
    }
    var hubOptions = SessionHub.Options(
      files: files,
      saveBase: options.saveDirectory ?? files.folder.map(Engine.defaultSaveDirectory(for:)) ?? probe.dataDirectory,
      seed: seed ?? (input != nil ? script.seed : nil))
    hubOptions.limit = SessionHub.defaultLimit
    if input != nil { hubOptions.script = script }
    if let pauseAt { hubOptions.pauseTick = probe.ticks(in: pauseAt) }
    if let record {
      // One file, one game: the first device's session, the one an author testing on a phone
      // plays; every session is also kept in the recordings folder.
      hubOptions.recorded = { session, script in
        guard session == 1 else { return }
        do {
          try Data(script.utf8).write(to: URL(fileURLWithPath: record), options: .atomic)
          log("session 1 recorded to \(record) (--record; replay with --input)")
        } catch {
          log("cannot write --record file '\(record)': \(error.localizedDescription)")
        }
      }
    }
    let hub = SessionHub(options: hubOptions, makeEngine: maker, log: log)
    let address = bind ?? LocalAddresses.defaultBind()
    let server: GameServer
    do {
      let fonts = FontLibrary.fontFiles()
      server = try GameServer(
        address: address, port: port, hub: hub, gameDirectory: gameURL, files: files,
        textFont: URL(fileURLWithPath: fonts.text), emojiFont: URL(fileURLWithPath: fonts.emoji),
        cjkFont: fonts.cjk.map(URL.init(fileURLWithPath:)))
    } catch {
      printError("--bind \(address): not an IPv4 address of this machine (\(error))")
      throw ExitCode.failure
    }
    let listening: UInt16
    do {
      listening = try wait { try await server.start() }
    } catch {
      printError("cannot listen on \(address) port \(port): \(error)")
      throw ExitCode.failure
    }
    printServing(server, address: address, port: listening, name: Self.name(of: shown, gameURL))
    defer { wait { await server.stop() } }
    // The sessions run on the hub's thread; this one only waits for the end: Ctrl-C or a
    // kill ends the server cleanly, so each session's recording is written.
    let end = DispatchSemaphore(value: 0)
    ServeSignals.onStop { end.signal() }
    if parentPipe { ServeSignals.stopWhenInputCloses() }
    if let quitAfter {
      _ = end.wait(timeout: .now() + quitAfter)
    } else {
      end.wait()
    }
    return ServeSignals.received.map { 128 + $0 } ?? 0
  }

  /// The path as given, unless it ends in `.` or `..`: then the folder's own name.
  private static func name(of shown: String, _ url: URL) -> String {
    let last = (shown as NSString).lastPathComponent
    guard last == "." || last == ".." else { return shown }
    return url.standardizedFileURL.lastPathComponent
  }

  private func printServing(_ server: GameServer, address: String, port: UInt16, name: String) {
    let hosts: [String]
    if address == "0.0.0.0" {
      let all = LocalAddresses.ipv4()
      hosts = all.filter(LocalAddresses.isPrivate) + all.filter { !LocalAddresses.isPrivate($0) }
      print("serve: listening on every address (\(all.joined(separator: ", "))), port \(port)")
    } else {
      hosts = [address]
      print("serve: listening on \(address), port \(port)")
    }
    if address.hasPrefix("127.") {
      print("serve: no local-network address found; only this machine can play (--bind ADDR to choose one)")
    }
    print("serve: \(name): open this on a phone or tablet on the same network (up to \(SessionHub.defaultLimit) players):")
    for host in hosts.prefix(3) { print("  \(server.url(host: host, port: port))") }
    // A phone's camera reads the first address off the screen; a log file gets the URL alone.
    if isatty(STDOUT_FILENO) == 1, let first = hosts.first, let code = TerminalQR.lines(for: server.url(host: first, port: port)) {
      for line in code { print("  \(line)") }
    }
    fflush(nil)
  }
}

/// Prints `tide: <message>` to standard error, as `tide` does: the author typed `tide run`.
func printError(_ message: String) {
  FileHandle.standardError.write(Data("tide: \(message)\n".utf8))
}

/// Runs `body` on the concurrency pool and waits for it: the command itself is synchronous.
func wait<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
  let done = DispatchSemaphore(value: 0)
  let box = ResultBox<T>()
  Task {
    do { box.result = .success(try await body()) } catch { box.result = .failure(error) }
    done.signal()
  }
  done.wait()
  guard let result = box.result else { throw ExitCode.failure }
  return try result.get()
}

func wait(_ body: @escaping @Sendable () async -> Void) {
  _ = try? wait { () async throws -> Int in
    await body()
    return 0
  }
}

private final class ResultBox<T>: @unchecked Sendable {
  var result: Result<T, any Error>?
}
