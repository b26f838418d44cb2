import Foundation
import TideCore

/// How `runWindow(driver:options:)` opens and runs the window.
public struct WindowOptions {
  /// SDL render driver by name ("software", "opengl", "opengles2"); nil means the environment
  /// variable `TIDE_RENDERER`, else "software" (on Mesa llvmpipe under Xvfb it drew sprites
  /// about three times faster than "opengl").
  public var renderer: String?
  /// Threads the software renderer draws with, the main one included; nil means the
  /// environment variable `TIDE_RENDER_THREADS`, else one per CPU. 1 draws on the main thread
  /// alone, between steps; more draw each frame while the game steps towards the next.
  public var renderThreads: Int?
  /// Wait for the display between frames (and never draw faster than its refresh rate).
  /// Turn off for benchmarks.
  public var vsync: Bool = true
  /// Stop after this many presented frames.
  public var maxFrames: Int?
  /// Stop after this many seconds of wall-clock time, or once the screenshot asked for is taken
  /// when that comes later.
  public var maxSeconds: Double?
  /// Write a PNG of the window's pixels here once the game has simulated `screenshotAt` seconds.
  public var screenshotPath: URL?
  /// Simulated seconds after which the screenshot is taken: the frame shows exactly that many
  /// seconds' steps (rounded to a whole step), the same game state as `tide shot --at`.
  public var screenshotAt: Double = 0
  /// Input fed to the game at given simulated times (for smoke tests and demos).
  public var scriptedInput: [ScheduledInput] = []
  /// Start with the F3 stats panel shown.
  public var showStats: Bool = false
  /// Shares fonts and assets with the backend the game was built with (recommended).
  public var backend: SDLBackend?
  /// The game folder, for images when no `backend` is given.
  public var gameDirectory: URL?
  /// The game's files (its folder or its archive), for the icon and gamepad mappings; nil:
  /// those of `gameDirectory`.
  public var files: (any GameFiles)?
  /// `files`, else the folder's.
  var gameFiles: (any GameFiles)? { files ?? gameDirectory.map { FolderFiles(directory: $0) } }
  /// Most simulation steps per displayed frame; after a long stall time is dropped rather
  /// than caught up, so a slow frame cannot snowball.
  public var maxStepsPerFrame: Int = 8

  /// Options with defaults: software renderer, vsync on, no limits, no screenshot.
  public init() {}
}

/// One input event to feed the game when its simulation clock reaches `time`.
public struct ScheduledInput: Hashable, Sendable {
  /// Simulated seconds since the window opened.
  public var time: Double
  /// The event, in design coordinates.
  public var event: InputEvent

  /// Creates a scheduled event.
  public init(time: Double, event: InputEvent) {
    self.time = time
    self.event = event
  }
}

/// What a window run did, for benchmarks and smoke tests.
public struct WindowRunReport: Sendable {
  /// Frames drawn, each shown on the display (the last ones once the loop ends).
  public var frames: Int
  /// Fixed 1/60 s steps run.
  public var steps: Int
  /// Wall-clock seconds the loop ran.
  public var seconds: Double
  /// Seconds from entering `runWindow` to the first frame presented.
  public var firstFrameSeconds: Double
  /// The SDL render driver used.
  public var rendererName: String
  /// Whether the screenshot was written.
  public var screenshotWritten: Bool
  /// The most bands of rows drawn at once in a frame (1 when one thread drew every frame).
  public var renderBands = 1

  /// Frames per second over the whole run.
  public var averageFPS: Double { seconds > 0 ? Double(frames) / seconds : 0 }
}
