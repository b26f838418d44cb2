import CSDL2
import TideCore

/// Image assets uploaded as textures for one renderer, loaded on first use.
final class ImageTextureCache {
  private let renderer: OpaquePointer
  private let assets: AssetLibrary
  private let exactTwins: Bool
  private var textures: [String: Texture] = [:]
  private var failed: Set<String> = []
  private var seenGeneration: Int

  init(renderer: OpaquePointer, assets: AssetLibrary) {
    self.renderer = renderer
    self.assets = assets
    exactTwins = Texture.needsExactTwin(renderer)
    seenGeneration = assets.generation
  }

  deinit {
    for texture in textures.values { texture.destroy() }
  }

  /// Drops every texture when an asset changed since the last frame (hot reload).
  func beginFrame() {
    let generation = assets.generation
    guard generation != seenGeneration else { return }
    seenGeneration = generation
    for texture in textures.values { texture.destroy() }
    textures.removeAll()
    failed.removeAll()
  }

  /// The texture for an image name, or nil (reported once) when it cannot be loaded.
  ///
  /// Runs of the same sprite skip even this lookup: `NodeRenderer` remembers the last image
  /// in its per-frame state.
  func texture(named name: String) -> Texture? {
    textures[name] ?? load(name)
  }

  private func load(_ name: String) -> Texture? {
    guard !failed.contains(name) else { return nil }
    // Sized from the PNG header before decoding: a small file can decode to gigabytes.
    if let size = assets.imageSize(named: name),
      size.x > Double(Limits.imageSide) || size.y > Double(Limits.imageSide)
    {
      failed.insert(name)
      assets.reportMissing(name, kind: "image", reason: "is larger than \(Limits.imageSide) pixels a side")
      return nil
    }
    guard let url = assets.imageURL(named: name), let surface = IMG_Load(url.path) else {
      failed.insert(name)
      assets.reportMissing(name, kind: "image")
      return nil
    }
    defer { SDL_FreeSurface(surface) }
    guard
      let texture = Texture.make(renderer: renderer, surface: surface, exactTwin: exactTwins)
    else {
      failed.insert(name)
      return nil
    }
    textures[name] = texture
    return texture
  }
}
