import Foundation
import TideBench
import TideCore
import TideSDL
import TideScript

/// `tide bench particles` and `tide bench clip`: drawing costs measured against a
/// baseline in the same run, through the software renderer the window uses.
enum DrawingBenchmarks {
  static let size = Vec2(1280, 720)

  private static func milliseconds(_ body: () throws -> Void) rethrows -> Double {
    try EngineBenchmarks.seconds(body) * 1000
  }

  /// 10,000 live particles: the engine's step (move, age, emit) plus the snapshot the renderer
  /// copies, against a whole frame (step and draw) at 1280x720 in one software renderer.
  static func particles() throws -> BenchmarkResult {
    var spec = EmitterSpec()
    spec.rate = 10_000
    spec.lifetime = 1.05...1.05  // a little over 10,000 alive once births and deaths balance
    spec.speed = 40...260
    spec.gravity = Vec2(0, 200)
    spec.colors = [Color(r: 1, g: 0.85, b: 0.2), Color(r: 1, g: 0.3, b: 0.1)]
    spec.size = [10, 2]
    let scene = SceneGraph()
    let node = scene.makeNode(.particles)
    node.x = size.x / 2
    node.y = size.y / 2
    scene.root.add(node)
    let emitter = ParticleEmitter(spec: spec, seed: 1, budget: scene.particleBudget)
    node.emitter = emitter
    let dt = 1.0 / 60
    for _ in 0..<90 { scene.update(dt) }  // past one lifetime: births and deaths balance
    let offscreen = SDLOffscreen(assets: AssetLibrary(gameDirectory: URL(fileURLWithPath: ".")), fonts: try FontLibrary())
    var steps: [Double] = []
    var frames: [Double] = []
    var live = 0
    for _ in 0..<120 {
      var items: [DrawItem] = []
      let step = milliseconds {
        scene.update(dt)
        items = scene.drawList()  // the snapshot of every particle
      }
      live = emitter.count
      let frame = try milliseconds {
        _ = try offscreen.render(scene: scene, size: size, background: .black)
      }
      withExtendedLifetime(items) {}
      steps.append(step)
      frames.append(frame + step)
    }
    let step = EngineBenchmarks.median(steps)
    let frame = EngineBenchmarks.median(frames)
    let share = step / frame
    return BenchmarkResult(
      name: "particles — \(live) live particles at 1280x720, software renderer, one thread",
      figures: [
        ("step + snapshot per frame", String(format: "%.2f ms", step)),
        ("whole frame (step, snapshot, draw)", String(format: "%.2f ms (%.0f fps)", frame, 1000 / frame)),
        ("share of the frame spent stepping", String(format: "%.1f%%", share * 100)),
      ],
      target: "at most 20% of the frame spent stepping 10,000 particles (60 fps is measured in the window)",
      met: share <= 0.2 && live >= 10_000)
  }

  /// 1,000 image sprites in a group drawn unclipped, clipped by a box, and clipped by a rounded
  /// box, frames taken in turn so load on the machine falls on all three alike.
  static func clip() throws -> BenchmarkResult {
    let game = URL(fileURLWithPath: "Benchmarks/tide-bunnymark")
    let offscreen = SDLOffscreen(assets: AssetLibrary(gameDirectory: game), fonts: try FontLibrary())
    func scene(clip: Bool, radius: Double) -> SceneGraph {
      let scene = SceneGraph()
      let group = scene.makeNode(.group)
      group.x = 40
      group.y = 40
      group.width = size.x - 80
      group.height = size.y - 80
      group.clipsChildren = clip
      group.cornerRadius = radius
      scene.root.add(group)
      var random = TideRandom(seed: 42)
      for _ in 0..<1000 {
        let bunny = scene.makeNode(.image)
        bunny.image = "bunny.png"
        bunny.width = 26
        bunny.height = 37
        // Some reach past the group's edges, so clipping has work to do.
        bunny.x = random.float(-60, size.x - 20)
        bunny.y = random.float(-60, size.y - 20)
        group.add(bunny)
      }
      return scene
    }
    let scenes = [scene(clip: false, radius: 0), scene(clip: true, radius: 0), scene(clip: true, radius: 40)]
    var times: [[Double]] = [[], [], []]
    for _ in 0..<40 {
      for (i, s) in scenes.enumerated() {
        times[i].append(try milliseconds { _ = try offscreen.render(scene: s, size: size, background: .black) })
      }
    }
    let (plain, boxed, rounded) = (EngineBenchmarks.median(times[0]), EngineBenchmarks.median(times[1]), EngineBenchmarks.median(times[2]))
    return BenchmarkResult(
      name: "clip — 1,000 image sprites in a group at 1280x720, software renderer",
      figures: [
        ("unclipped", String(format: "%.2f ms a frame", plain)),
        ("clip = true (a box)", String(format: "%.2f ms a frame (%.2fx)", boxed, boxed / plain)),
        ("clip = true, radius = 40", String(format: "%.2f ms a frame (%.2fx)", rounded, rounded / plain)),
      ],
      target: "a clipped group of 1,000 sprites costs at most 1.5x the same group unclipped",
      met: boxed / plain <= 1.5)
  }
}
