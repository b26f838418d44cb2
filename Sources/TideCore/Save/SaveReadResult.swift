import Foundation

/// What reading a save found.
public enum SaveReadResult: Hashable, Sendable {
  /// No save by that name yet.
  case missing
  /// The file's bytes (whether they parse is the caller's business).
  case data(Data)
  /// Something is in the save's place that is not a readable save: a folder, a device, a FIFO,
  /// a file that cannot be opened or is larger than `SaveStore.maxBytes`, or a save folder that
  /// is a file. `reason` says which; the caller sets it aside with `SaveStore.setAside(_:)`.
  case unusable(reason: String)
}
