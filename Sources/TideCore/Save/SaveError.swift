/// Why a save operation failed.
public enum SaveError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The name is not 1–64 characters of `A-Z a-z 0-9 _ -`.
  case invalidName(String)
  /// A file operation failed; `operation` names it, `path` the file, `reason` the system message.
  case io(operation: String, path: String, reason: String)
  /// Refused before writing: the save could not be read back (too large), or it would be one
  /// save more than a game may keep; `reason` says which.
  case refused(reason: String)

  /// A sentence for logs and overlays.
  public var description: String {
    switch self {
    case .invalidName(let name):
      return "invalid save name '\(name)' (use 1-64 letters, digits, '_' or '-')"
    case .io(let operation, let path, let reason):
      return "could not \(operation) '\(path)': \(reason)"
    case .refused(let reason):
      return reason
    }
  }
}
