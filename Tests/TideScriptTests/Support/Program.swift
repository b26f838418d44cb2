import Foundation

/// Which of a program's output streams `runProgram` keeps; the others go to /dev/null.
enum ProgramOutput {
  case both, standardOutput, standardError
}

/// How a program run by `runProgram(_:_:timeout:environment:)` ended.
struct ProgramRun {
  var status: Int32
  var output: String
  /// Ended by a signal: a crash, or the kill at its timeout. `status` is then the signal.
  var killedBySignal: Bool
  /// Killed for running past its timeout.
  var timedOut: Bool
}

/// The `tide` executable built beside this test binary.
var tideExecutable: URL {
  URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("tide")
}

/// Runs a program to its end and returns its exit status and what it wrote on `output`.
func runProgram(
  _ executable: URL, _ arguments: [String], in directory: URL? = nil, environment: [String: String]? = nil,
  output: ProgramOutput = .both
) throws -> (status: Int32, output: String) {
  let run = try launch(executable, arguments, in: directory, environment: environment, output: output, timeout: nil)
  return (run.status, run.output)
}

/// Runs a program as `runProgram` does, killing it past `timeout` seconds, so a hang fails one
/// test instead of the whole run; says whether it crashed or hung.
func runProgram(
  _ executable: URL, _ arguments: [String], timeout: Double, environment: [String: String]? = nil
) throws -> ProgramRun {
  try launch(executable, arguments, in: nil, environment: environment, output: .both, timeout: timeout)
}

private func launch(
  _ executable: URL, _ arguments: [String], in directory: URL?, environment: [String: String]?,
  output: ProgramOutput, timeout: Double?
) throws -> ProgramRun {
  let process = Process()
  process.executableURL = executable
  process.arguments = arguments
  if let directory { process.currentDirectoryURL = directory }
  if let environment { process.environment = environment }
  let pipe = Pipe()
  process.standardOutput = output == .standardError ? FileHandle.nullDevice : pipe
  process.standardError = output == .standardOutput ? FileHandle.nullDevice : pipe
  try process.run()
  if let timeout {
    // The kill closes the child's end of the pipe, which ends the read below.
    DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { [process] in
      if process.isRunning { process.terminate() }
    }
  }
  let data = pipe.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  let signalled = process.terminationReason == .uncaughtSignal
  return ProgramRun(
    status: process.terminationStatus, output: String(decoding: data, as: UTF8.self), killedBySignal: signalled,
    timedOut: timeout != nil && signalled && process.terminationStatus == SIGTERM)
}
