import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// SIGINT and SIGTERM stop the server cleanly (each session's recording written), and end the
/// process at a second signal or when stopping takes longer than `grace`.
///
/// Started by a `tide` that keeps its window open beside it, the server is told by `tide` to
/// stop, and also stops when its standard input, a pipe `tide` holds, closes: `tide` killed
/// outright does not leave it serving.
enum ServeSignals {
  static let grace = 5.0

  private static let lock = NSLock()
  nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []
  nonisolated(unsafe) private static var receivedSignal: Int32?
  nonisolated(unsafe) private static var stopHandler: (@Sendable () -> Void)?

  /// The signal that asked the server to stop, if one did.
  static var received: Int32? { lock.withLock { receivedSignal } }

  /// Takes SIGTERM over, and SIGINT unless `interrupts` is false: a server beside `tide`'s window
  /// leaves Ctrl-C to the window, which closes and then stops the server.
  static func install(interrupts: Bool) {
    for number in interrupts ? [SIGINT, SIGTERM] : [SIGTERM] {
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: DispatchQueue(label: "tide-serve.signals"))
      source.setEventHandler { handle(number) }
      source.resume()
      sources.append(source)
    }
  }

  /// Stops as at SIGTERM once standard input reaches its end (`--parent-pipe`).
  static func stopWhenInputCloses() {
    let thread = Thread {
      while !FileHandle.standardInput.availableData.isEmpty {}
      handle(SIGTERM)
    }
    thread.start()
  }

  /// What a first signal calls (nil: a signal exits at once).
  static func onStop(_ stop: (@Sendable () -> Void)?) {
    lock.withLock { stopHandler = stop }
  }

  private static func handle(_ number: Int32) {
    let status = 128 + number
    let stop = lock.withLock {
      let first = receivedSignal == nil
      receivedSignal = receivedSignal ?? number
      return first ? stopHandler : nil
    }
    guard let stop else { _exit(status) }
    stop()
    DispatchQueue.global().asyncAfter(deadline: .now() + grace) { _exit(status) }
  }
}
