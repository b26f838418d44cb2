/// An error to show over the game until it is cleared (e.g. a script error after a hot reload).
public struct Overlay: Hashable, Sendable {
  /// A short heading, e.g. "Script error".
  public var title: String
  /// The error message, usually starting with `file:line:`.
  public var message: String
  /// The traceback, one frame a line; may be empty.
  public var traceback: String
  /// A warning (a damaged save, a deleted file) rather than a script error: the game's code did
  /// not fail, so tests do not fail on it and it does not replace an error on screen.
  public var isWarning: Bool

  /// Creates an overlay.
  public init(title: String, message: String, traceback: String = "", isWarning: Bool = false) {
    self.title = title
    self.message = message
    self.traceback = traceback
    self.isWarning = isWarning
  }
}
