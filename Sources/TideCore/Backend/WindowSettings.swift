/// How a game wants its window: conf.lua's `window` table, and `tide.window` while it runs.
public struct WindowSettings: Sendable, Equatable {
  /// Fill the screen (the desktop's resolution, letterboxed), rather than a window.
  public var fullscreen = false
  /// Let the player resize the window (the game letterboxes into any size).
  public var resizable = true
  /// Wait for the display between frames; off draws as fast as it can (and tears).
  public var vsync = true
  /// The smallest the window may be made, in window points; nil: any size.
  public var minSize: Vec2?
  /// An image asset (`assets/<icon>`) for the window's icon; nil: the system's.
  public var icon: String?

  public init() {}
}
