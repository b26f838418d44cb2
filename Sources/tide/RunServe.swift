import ArgumentParser
import Foundation
import TideCore
import TideSDL
import TideScript
import TideServe

/// `tide run --serve`: the game server, headless or beside the window.
extension Run {
  func runServing(_ location: GameLocation, _ files: any GameFiles, _ options: EngineOptions, _ script: InputScript) throws {
    // Fail before listening when the game does not load at all, with the usual message,
    // instead of once per browser that connects.
    let probe: Engine
    do throws(GameLoadError) {
      probe = try location.engine(files, backend: HeadlessBackend(), options: options)
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
      files: files, displayPath: location.displayPath, options: options, watch: !noWatch, log: log
    ) {
      HeadlessBackend.withGameFonts(assetDirectory: assets)
    }
    var hubOptions = SessionHub.Options(
      files: files,
      saveBase: options.saveDirectory ?? files.folder.map(Engine.defaultSaveDirectory(for:)) ?? probe.dataDirectory,
      seed: setup.seed ?? (input != nil ? script.seed : nil))
    hubOptions.limit = SessionHub.defaultLimit
    if input != nil { hubOptions.script = script }
    if let pauseAt { hubOptions.pauseTick = probe.ticks(in: pauseAt) }
    if let record {
      // One file, one game: the first device's session, the one an author testing on a phone
      // plays; every session is also kept in the recordings folder.
      hubOptions.recorded = { session, script in
        guard session == 1 else { return }
        do {
          try writeUserFile(script, to: record)
          log("session 1 recorded to \(record) (--record; replay with --input)")
        } catch {
          log("cannot write --record file '\(record)': \(error)")
        }
      }
    }
    let hub = SessionHub(options: hubOptions, makeEngine: maker, log: log)
    let address = bind ?? LocalAddresses.defaultBind()
    let server: GameServer
    do {
      let fonts = FontLibrary.fontFiles()
      server = try GameServer(
        address: address, port: port, hub: hub, gameDirectory: location.url, files: files,
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
    printServing(server, address: address, port: listening, name: location.name)
    defer { wait { await server.stop() } }
    if headless {
      // The sessions run on the hub's thread; this one only waits for the end: Ctrl-C or a
      // kill ends the server cleanly, so each session's recording is written.
      let end = DispatchSemaphore(value: 0)
      Signals.onStop { end.signal() }
      defer { Signals.onStop(nil) }
      if let quitAfter {
        _ = end.wait(timeout: .now() + quitAfter)
      } else {
        end.wait()
      }
      return
    }
    try runWindow(location, files, options, InputScript())
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
