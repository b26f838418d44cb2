import Foundation
import TideSDL

#if canImport(Glibc)
  import Glibc
#endif

/// SIGINT and SIGTERM end `tide` within a second in every mode, with the processes it started.
///
/// SDL's own handlers only queue a quit event, which nothing reads while a frame is being built
/// or while `tide shot` and `tide test` draw offscreen: the signal was lost and only SIGKILL
/// ended them, leaving luacheck running. Here the signals are read on a queue of their own,
/// which answers however busy the main thread is: children are killed, a window is asked to
/// close (so its session is still recorded) and, if it has not within the grace, or at once
/// when there is no window, the process exits with 128 + the signal.
enum Signals {
  /// How long a window gets to close by itself before the process exits anyway.
  static let windowGrace = 0.8

  private static let lock = NSLock()
  nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []
  nonisolated(unsafe) private static var windowOpen = false
  nonisolated(unsafe) private static var receivedSignal: Int32?
  nonisolated(unsafe) private static var stopHandler: (@Sendable () -> Void)?
  /// How long a headless server gets to stop by itself (its sessions saved) before the process
  /// exits anyway.
  static let stopGrace = 5.0

  /// The signal that asked `tide` to end, if one did: a window that closed because of it exits
  /// with 128 + it, as if it had not been asked first.
  static var received: Int32? { lock.withLock { receivedSignal } }

  /// Signalled by the handler once the children are ended and the scratch folders removed.
  private static let cleared = DispatchSemaphore(value: 0)

  /// Ends the process with 128 + the signal if one came; returns when none did. `tide`'s main
  /// calls it as its command returns, which can come before the handler's own exit: a command
  /// whose child the handler killed (`tide check`'s luacheck, `tide test`'s worker) goes on to
  /// finish at once. It ends as the handler would, once the handler has ended the children and
  /// removed the scratch folders, and with the signal's status, not the command's.
  static func endIfSignalled() {
    guard let number = received else { return }
    _ = cleared.wait(timeout: .now() + 2)
    cleared.signal()
    // exit, not _exit: what the command printed last is flushed, as on any other way out.
    exit(128 + number)
  }

  /// Takes SIGINT and SIGTERM over; called once, before anything else runs.
  static func install() {
    for number in [SIGINT, SIGTERM] {
      // Ignored at the process level, so only the source sees it (and SDL, finding the
      // handler no longer the default, leaves it alone).
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: DispatchQueue(label: "tide.signals"))
      source.setEventHandler { handle(number) }
      source.resume()
      sources.append(source)
    }
  }

  /// While set, a first signal with no window open calls `stop` instead of exiting, so a
  /// headless `--serve` writes its recordings on the way out; it exits anyway after
  /// `stopGrace`, or at a second signal. Nil takes it back.
  static func onStop(_ stop: (@Sendable () -> Void)?) {
    lock.withLock { stopHandler = stop }
  }

  /// Marks a window open (`true`) or closed: while one is open, a signal asks it to close first.
  static func window(open: Bool) {
    lock.withLock { windowOpen = open }
  }

  private static func handle(_ number: Int32) {
    // Said first, so that a command ending as its children are killed ends with the signal's
    // status (`endIfSignalled`).
    let (window, stop) = lock.withLock {
      let first = receivedSignal == nil
      receivedSignal = receivedSignal ?? number
      return (windowOpen && first, first ? stopHandler : nil)
    }
    ChildProcesses.killAll()
    ScratchFolders.removeAll()
    cleared.signal()
    let status = 128 + number
    if !window, let stop {
      stop()
      DispatchQueue.global().asyncAfter(deadline: .now() + stopGrace) { _exit(status) }
      return
    }
    // A second signal while the window closes ends it at once.
    guard window else { _exit(status) }
    requestWindowQuit()
    DispatchQueue.global().asyncAfter(deadline: .now() + windowGrace) { _exit(status) }
  }
}

/// The processes `tide` started and has not yet seen end (luacheck, `--runs` workers), so a
/// signal ends them with it instead of leaving them running.
enum ChildProcesses {
  private static let lock = NSLock()
  nonisolated(unsafe) private static var running: Set<pid_t> = []
  /// Set by `killAll`: the process is ending on a signal, and starts nothing more.
  nonisolated(unsafe) private static var ending = false

  /// Starts `process` and remembers it until `ended`. Once a signal has ended the children, it
  /// starts nothing and never returns: the signal's handler ends the process in a moment, with
  /// the signal's status. A caller that sees its child killed would otherwise start another
  /// (`tide test` resumes after a worker that died), which would outlive the process, or end
  /// the process first with a status of its own.
  static func run(_ process: Process) throws {
    let started = try lock.withLock {
      guard !ending else { return false }
      try process.run()
      running.insert(process.processIdentifier)
      return true
    }
    while !started { sleep(60) }
  }

  /// Forgets `process` once it has been waited for.
  static func ended(_ process: Process) {
    _ = lock.withLock { running.remove(process.processIdentifier) }
  }

  /// Kills every child still running, and waits (a second at most) until each has ended, so
  /// none writes into a folder removed after this.
  static func killAll() {
    let killed = lock.withLock {
      ending = true
      for pid in running { kill(pid, SIGKILL) }
      defer { running.removeAll() }
      return running
    }
    let deadline = Date().addingTimeInterval(1)
    while killed.contains(where: isRunning), Date() < deadline { usleep(5_000) }
  }

  /// Whether `pid` still runs: it exists and is no zombie (one already ended, not yet reaped).
  private static func isRunning(_ pid: pid_t) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return false }
    // The state follows the command's name in parentheses: "1234 (tide) Z ...".
    return stat[close...].dropFirst(2).first != "Z"
  }
}

/// The temporary folders `tide` made and removes when done (a `tide test`'s worker logs and
/// what its workers write, `--runs`' results): a signal, which ends the process without
/// unwinding, removes them too instead of leaving them in the temporary folder.
enum ScratchFolders {
  private static let lock = NSLock()
  nonisolated(unsafe) private static var folders: [URL] = []

  /// Makes `folder` and remembers it until `remove`.
  static func make(_ folder: URL) throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    lock.withLock { folders.append(folder) }
  }

  /// Removes `folder` and forgets it.
  static func remove(_ folder: URL) {
    lock.withLock { folders.removeAll { $0 == folder } }
    try? FileManager.default.removeItem(at: folder)
  }

  /// Removes every folder still remembered (their processes killed first: `ChildProcesses`).
  static func removeAll() {
    lock.withLock {
      for folder in folders { try? FileManager.default.removeItem(at: folder) }
      folders.removeAll()
    }
  }
}
