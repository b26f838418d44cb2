import CSDL2
import TideCore

/// Opens a window for `driver`'s game and runs it until the window is closed or a limit in
/// `options` is reached.
///
/// The window is titled after the game, sized to its design size (scaled down to fit the
/// screen), resizable with letterboxing, high-DPI aware. The simulation steps at a fixed
/// 60 Hz whatever the display rate; F3 toggles a stats panel; a script error from
/// `driver.overlay` is drawn over the running game. Main thread only.
@discardableResult
public func runWindow(driver: any GameDriver, options: WindowOptions) throws -> WindowRunReport {
  let window = try SDLWindow(driver: driver, options: options)
  return try window.run()
}

/// Asks a running window to close as if its close button was pressed (the session is recorded,
/// the report printed). Safe from any thread; does nothing when no window is open.
public func requestWindowQuit() {
  var event = SDL_Event()
  event.type = SDL_QUIT.rawValue
  _ = SDL_PushEvent(&event)
}
