import LuaBridge
import TideCore

/// The game's seeded random streams: the one `tide.random` draws from, and the one that seeds
/// particle emitters.
final class Random: Part {
  let context: PartContext
  /// What `tide.random` draws from.
  var game: TideRandom
  /// Seeds particle emitters: a stream of its own, so adding a burst to a game never changes
  /// what `tide.random` gives it, while the same game seed still gives the same particles.
  var particleSeeds: TideRandom

  init(context: PartContext, seed: UInt64) {
    self.context = context
    game = TideRandom(seed: seed)
    particleSeeds = TideRandom(seed: Random.particleSeed(seed))
  }

  /// Both streams afresh from `seed`, for a fresh start.
  func resetGame(seed: UInt64) {
    game = TideRandom(seed: seed)
    particleSeeds = TideRandom(seed: Random.particleSeed(seed))
  }

  static func particleSeed(_ seed: UInt64) -> UInt64 { seed ^ 0x9E37_79B9_7F4A_7C15 }
}
