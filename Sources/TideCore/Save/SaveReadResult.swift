import Foundation

/// What reading a save found.
public enum SaveReadResult: Hashable, Sendable {
  /// No save by that name yet.
  case missing
  /// The file's bytes (whether they parse is the caller's business).
  case data(Data)
}
