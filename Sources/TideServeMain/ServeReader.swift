import ArgumentParser
import Foundation
import TideServe

/// `tide-serve read`: a page that reads a served session's messages and discards them, run by
/// `tide-serve bench` as a process of its own so that the server's CPU is measured without a
/// browser on the same machine. Prints `tick N` when it gets to each of `--mark`'s ticks.
struct ServeReader: ParsableCommand {
  static let configuration = CommandConfiguration(commandName: "read", shouldDisplay: false)

  @Option(help: "The server's port on 127.0.0.1.")
  var port: UInt16

  @Option(help: "The WebSocket's path, key and device included (/ws?k=KEY&device=ID).")
  var path: String

  @Option(help: "A tick to say when reached (repeatable, ascending).")
  var mark: [Int] = []

  func run() throws {
    try BareReader.read(port: port, path: path, marks: mark) { tick in
      // Written at once, not buffered: the bench reads its CPU clock on each line.
      FileHandle.standardOutput.write(Data("tick \(tick)\n".utf8))
    }
  }
}
