import LuaBridge
import TideCore

/// Particle emitters (`tide.particles`): sprites of `sprites` whose emitters are seeded from
/// `random`'s particle stream, so the same game seed gives the same particles.
final class Particles: Part {
  let context: PartContext
  unowned let sprites: Sprites
  unowned let random: Random

  init(context: PartContext, sprites: Sprites, random: Random) {
    self.context = context
    self.sprites = sprites
    self.random = random
  }
}
