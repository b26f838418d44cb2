import CSDL2
import Foundation

/// Picks the SDL render driver by name.
enum RenderDriver {
  /// Names SDL offers on this machine, in its order.
  static func available() -> [String] {
    (0..<max(SDL_GetNumRenderDrivers(), 0)).compactMap { index in
      var info = SDL_RendererInfo()
      guard SDL_GetRenderDriverInfo(index, &info) == 0, let name = info.name else { return nil }
      return String(cString: name)
    }
  }

  /// The requested name: the option, else `TIDE_RENDERER`, else "software".
  static func requestedName(option: String?) -> String {
    if let option, !option.isEmpty { return option }
    if let fromEnvironment = ProcessInfo.processInfo.environment["TIDE_RENDERER"],
      !fromEnvironment.isEmpty
    {
      return fromEnvironment
    }
    return "software"
  }

  /// SDL's index for a driver name; throws listing the valid names when unknown.
  static func index(named name: String) throws -> Int32 {
    let names = available()
    guard let index = names.firstIndex(of: name) else {
      throw SDLError(
        "Unknown renderer '\(name)' (expected one of: \(names.joined(separator: ", ")))")
    }
    return Int32(index)
  }
}
