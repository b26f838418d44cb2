import CSDL2
import Foundation

/// Brings SDL subsystems up on demand.
///
/// SDL keeps its own "already initialised" state, so asking it (`SDL_WasInit`, `TTF_WasInit`)
/// avoids any global mutable state on the Swift side. All calls belong on the main thread.
enum SDLLibrary {
  /// Starts SDL_ttf (needed for any text measuring or drawing; needs no display).
  static func startText() throws {
    if TTF_WasInit() == 0, TTF_Init() != 0 {
      throw SDLError.last("TTF_Init")
    }
  }


  /// Starts the video and event subsystems for a real window.
  static func startVideo() throws {
    let wanted = UInt32(SDL_INIT_VIDEO | SDL_INIT_EVENTS)
    if SDL_WasInit(wanted) != wanted, SDL_InitSubSystem(wanted) != 0 {
      throw SDLError.last("SDL_Init(video)")
    }
  }

  /// Starts gamepads (SDL's GameController, with its mapping database), adding the mappings in
  /// `extraMappings` when that file exists. A machine without joystick support runs without
  /// pads: nothing to report, since the game sees none plugged in.
  static func startGamepads(extraMappings: Data?) {
    let wanted = UInt32(SDL_INIT_GAMECONTROLLER)
    if SDL_WasInit(wanted) != wanted, SDL_InitSubSystem(wanted) != 0 { return }
    guard let extraMappings, !extraMappings.isEmpty else { return }
    extraMappings.withUnsafeBytes { bytes in
      if let file = SDL_RWFromConstMem(bytes.baseAddress, Int32(clamping: bytes.count)) {
        _ = SDL_GameControllerAddMappingsFromRW(file, 1)
      }
    }
  }

  /// Starts the audio subsystem; failure is reported to the caller, who decides to run silent.
  static func startAudio() -> Bool {
    let wanted = UInt32(SDL_INIT_AUDIO)
    if SDL_WasInit(wanted) == wanted { return true }
    return SDL_InitSubSystem(wanted) == 0
  }
}
