import LuaBridge
import TideCore

/// The game's sounds: plays them through the backend and remembers what played (what tests ask about).
final class Audio: Part {
  let context: PartContext
  /// Every sound played since the game started, by name.
  private(set) var log: [String] = []
  /// Sounds `tide.audio.play` has found a file for: looking one up checks the folder wall with
  /// system calls, which cost a played game (a pop a tap) a tenth of its time. Emptied when an
  /// asset is saved or deleted and on every fresh start.
  var knownSounds: Set<String> = []

  init(context: PartContext) { self.context = context }

  /// Plays sound `name` at `volume` (0 to 1) and logs it.
  func play(_ name: String, volume: Double) {
    log.append(name)
    context.backend.play(sound: name, volume: volume)
  }

  /// Forgets what played, for a fresh start.
  func resetGame(seed: UInt64) {
    log.removeAll()
    knownSounds.removeAll()
  }
}
