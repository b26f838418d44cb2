import CSDL2

/// An SDL, SDL_image, SDL_ttf or SDL_mixer call failed; carries what was attempted and SDL's reason.
public struct SDLError: Error, CustomStringConvertible {
  /// What Tide was trying to do, followed by SDL's own message.
  public let message: String

  /// Creates an error with a message written by Tide.
  init(_ message: String) {
    self.message = message
  }

  /// Captures SDL's last error string (all SDL satellite libraries share it).
  static func last(_ attempted: String) -> SDLError {
    SDLError("\(attempted): \(String(cString: SDL_GetError()))")
  }

  /// The message, for printing.
  public var description: String { message }
}
