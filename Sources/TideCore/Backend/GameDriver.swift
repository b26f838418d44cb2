import Foundation

/// What a window runner drives: a game that steps at a fixed rate and exposes its scene.
///
/// Defined here so TideSDL can run a game without importing TideScript; the script `Engine`
/// conforms to it.
public protocol GameDriver: AnyObject {
  /// The design resolution the game is laid out in (letterboxed to the window).
  var designSize: Vec2 { get }
  /// The window title.
  var title: String { get }
  /// The clear colour behind the scene.
  var background: Color { get }
  /// The scene to draw.
  var scene: SceneGraph { get }
  /// An error to draw over the scene, if any.
  var overlay: Overlay? { get }
  /// Queues input (in design coordinates) for the next step.
  func enqueue(_ event: InputEvent)
  /// Runs one fixed 1/60 s tick.
  func step()
  /// Tells the game a frame was shown (for frame counters and stats).
  func frameDidPresent()
  /// Hot-reload hook, called once per frame before stepping.
  func poll()
  /// How the game wants its window now (read each frame: `tide.window.set_fullscreen`).
  var window: WindowSettings { get }
  /// Where to write the screenshots the game asked for since the last call (`tide.screenshot`).
  func takeScreenshotRequests() -> [URL]
}

extension GameDriver {
  /// How the game wants its window now; a driver with no say gets the defaults.
  public var window: WindowSettings { WindowSettings() }
  /// Where to write the screenshots the game asked for since the last call, as PNGs of the
  /// next frame shown; a driver that takes none asks for none.
  public func takeScreenshotRequests() -> [URL] { [] }
}
