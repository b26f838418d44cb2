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
  /// The seed of the game that failed, so the player can replay it with `--seed`.
  public var seed: UInt64?

  /// For a player rather than the game's author: the whole screen, plain words, and a button
  /// that starts the game again (a packed game's error screen); nil for the author's panel.
  public var button: OverlayButton?

  /// Creates an overlay.
  public init(
    title: String, message: String, traceback: String = "", isWarning: Bool = false, seed: UInt64? = nil,
    button: OverlayButton? = nil
  ) {
    self.title = title
    self.message = message
    self.traceback = traceback
    self.isWarning = isWarning
    self.seed = seed
    self.button = button
  }

  /// The title with the seed after it, as the overlay shows it.
  public var heading: String {
    guard let seed else { return title }
    return "\(title) (seed \(seed))"
  }
}

/// The one button of a player's error screen, where the game's input goes while it shows.
public struct OverlayButton: Hashable, Sendable {
  /// What it says ("Restart").
  public var label: String
  /// Where it is, in design coordinates.
  public var frame: Rect

  /// Creates a button.
  public init(label: String, frame: Rect) {
    self.label = label
    self.frame = frame
  }
}
