import Foundation
import TideCore
import TideSDL

/// Builds small scenes for the golden tests and a throwaway assets folder with a test sprite.
enum SceneFixtures {
  /// Where committed golden PNGs live.
  static let goldenDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Golden", isDirectory: true)

  /// Where failing comparisons drop the actual image.
  static let failureDirectory = URL(fileURLWithPath: NSTemporaryDirectory())
    .appendingPathComponent("tide-golden-failures", isDirectory: true)

  /// A 26×37 sprite whose quadrants differ (so flips show): red top-left, green top-right,
  /// blue bottom-left, yellow bottom-right, a soft alpha edge and a dark arrow pointing right.
  static func spriteImage() -> RGBAImage {
    let width = 26
    let height = 37
    var pixels = [UInt32](repeating: 0, count: width * height)
    for y in 0..<height {
      for x in 0..<width {
        let left = x < width / 2
        let top = y < height / 2
        var rgb: UInt32 =
          top ? (left ? 0xE0_3030 : 0x30_C040) : (left ? 0x30_50E0 : 0xF0_D020)
        // An arrow pointing right across the middle rows.
        if abs(y - height / 2) <= (x - 4) / 3 && x >= 4 && x < 22 { rgb = 0x20_2020 }
        let edge = min(x, y, width - 1 - x, height - 1 - y)
        let alpha: UInt32 = edge == 0 ? 0x60 : 0xFF
        pixels[y * width + x] = alpha << 24 | rgb
      }
    }
    return RGBAImage(width: width, height: height, pixels: pixels)
  }

  /// A fresh temporary game folder whose `assets/` holds `sprite.png` and a 4-frame animation.
  static func makeAssets() throws -> AssetLibrary {
    let game = URL(fileURLWithPath: NSTemporaryDirectory())
      .appendingPathComponent("tide-sdl-tests-\(ProcessInfo.processInfo.processIdentifier)")
    let assets = game.appendingPathComponent("assets", isDirectory: true)
    let sprite = spriteImage()
    try sprite.writePNG(to: assets.appendingPathComponent("sprite.png"))
    for frame in 0..<4 {
      var image = RGBAImage(
        width: 16, height: 16, pixels: [UInt32](repeating: 0xFF20_2020, count: 256))
      // Each frame lights a different quarter, so the frame shown is visible.
      for y in 0..<8 {
        for x in 0..<8 {
          image[x + (frame % 2) * 8, y + (frame / 2) * 8] = 0xFFFF_FFFF
        }
      }
      try image.writePNG(to: assets.appendingPathComponent("frame\(frame).png"))
    }
    return AssetLibrary(gameDirectory: game)
  }

  /// Makes a node of `kind`, lets `configure` set it up, and adds it under `parent` (or root).
  @discardableResult
  static func add(
    _ kind: NodeKind, to scene: SceneGraph, parent: Node? = nil, _ configure: (Node) -> Void
  ) -> Node {
    let node = scene.makeNode(kind)
    configure(node)
    (parent ?? scene.root).add(node)
    return node
  }
}

extension Color {
  /// Parses a hex colour known to be valid (test fixtures only).
  static func hex(_ string: String) -> Color {
    Color(hex: string) ?? .black
  }
}
