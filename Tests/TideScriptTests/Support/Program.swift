import Foundation

/// Which of a program's output streams `runProgram` keeps; the others go to /dev/null.
enum ProgramOutput {
  case both, standardOutput, standardError
}

/// Runs a program to its end and returns its exit status and what it wrote on `output`.
func runProgram(
  _ executable: URL, _ arguments: [String], in directory: URL? = nil, environment: [String: String]? = nil,
  output: ProgramOutput = .both
) throws -> (status: Int32, output: String) {
  let process = Process()
  process.executableURL = executable
  process.arguments = arguments
  if let directory { process.currentDirectoryURL = directory }
  if let environment { process.environment = environment }
  let pipe = Pipe()
  process.standardOutput = output == .standardError ? FileHandle.nullDevice : pipe
  process.standardError = output == .standardOutput ? FileHandle.nullDevice : pipe
  try process.run()
  let data = pipe.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}
