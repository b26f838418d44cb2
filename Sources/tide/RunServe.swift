import ArgumentParser
import Foundation
import TideCore
import TideSDL
import TideScript

#if canImport(Glibc)
  import Glibc
#endif

/// `tide run --serve`: the server is `tide-serve`, a program of its own, so that `tide` does not
/// load the networking stack its HTTP server brings in. Headless, `tide` becomes it (exec: its
/// signals and exit status are the server's); beside the window, it runs as a child that stops
/// when the window closes.
extension Run {
  func runServing(_ location: GameLocation, _ options: EngineOptions) throws {
    guard let server = Self.companion("tide-serve") else {
      printError("--serve needs the tide-serve program beside tide or on PATH (swift build builds it)")
      throw ExitCode.failure
    }
    var arguments = ["run", location.url.path, "--display-path", location.displayPath, "--port", String(port)]
    if let bind { arguments += ["--bind", bind] }
    if let pauseAt { arguments += ["--pause-at", String(pauseAt)] }
    if let record { arguments += ["--record", record] }
    if let input { arguments += ["--input", input] }
    if noWatch { arguments.append("--no-watch") }
    if let seed = setup.seed { arguments += ["--seed", String(seed)] }
    if let size = setup.size { arguments += ["--size", size] }
    for option in setup.gameOptions { arguments += ["--option", option] }
    if setup.physicsDebug { arguments.append("--physics-debug") }
    if headless {
      if let quitAfter { arguments += ["--quit-after", String(quitAfter)] }
      try Self.become(server, arguments)
    }
    let child = Process()
    child.executableURL = server
    // Ctrl-C is the window's to answer; the server stops when its input, this pipe, closes.
    child.arguments = arguments + ["--parent-pipe"]
    let pipe = Pipe()
    child.standardInput = pipe
    try child.run()
    // A server that could not start (a port in use) ends the window with its status.
    let failed = ChildStatus()
    Thread.detachNewThread {
      child.waitUntilExit()
      guard child.terminationStatus != 0, !failed.windowClosed else { return }
      failed.status = child.terminationStatus
      requestWindowQuit()
    }
    defer {
      fflush(nil)
      failed.windowClosed = true
      try? pipe.fileHandleForWriting.close()
      let deadline = Date().addingTimeInterval(Signals.stopGrace)
      while child.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
      if child.isRunning { kill(child.processIdentifier, SIGKILL) }
    }
    // The window plays what the server serves: the folder, or the archive read into memory.
    try runWindow(location, try location.files(), options, InputScript())
    if let status = failed.status { throw ExitCode(status) }
  }

  /// A program that comes with `tide`: beside the running binary, else on PATH.
  static func companion(_ name: String) -> URL? {
    var folders: [String] = []
    if let binary = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
      folders.append((binary as NSString).deletingLastPathComponent)
    }
    folders.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path)
    folders += (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
    return folders.lazy.map { URL(fileURLWithPath: $0).appendingPathComponent(name) }
      .first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }

  /// Replaces this process with `program`; returns only by throwing.
  static func become(_ program: URL, _ arguments: [String]) throws -> Never {
    fflush(nil)
    var argv: [UnsafeMutablePointer<CChar>?] = ([program.path] + arguments).map { strdup($0) }
    argv.append(nil)
    execv(program.path, argv)
    printError("cannot start \(program.path): \(String(cString: strerror(errno)))")
    throw ExitCode.failure
  }
}

/// The server child's failure, set on its waiting thread, read after the window closed.
private final class ChildStatus: @unchecked Sendable {
  private let lock = NSLock()
  private var storedStatus: Int32?
  private var closed = false

  var status: Int32? {
    get { lock.withLock { storedStatus } }
    set { lock.withLock { storedStatus = newValue } }
  }

  var windowClosed: Bool {
    get { lock.withLock { closed } }
    set { lock.withLock { closed = newValue } }
  }
}
