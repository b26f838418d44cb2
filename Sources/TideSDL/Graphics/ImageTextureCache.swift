import CSDL2
import TideCore

/// Image assets uploaded as textures for one renderer, loaded on first use.
///
/// The textures stay within `byteBudget`: a game folder of many large images drawn in turn
/// drops the ones unused longest (never one drawn this frame); one that still does not fit is
/// not drawn.
final class ImageTextureCache {
  private let renderer: OpaquePointer
  private let assets: AssetLibrary
  private let exactTwins: Bool
  private var textures: [String: Texture] = [:]
  private var lastUsed: [String: Int] = [:]
  private var failed: Set<String> = []
  private var seenGeneration: Int
  private var frame = 0
  /// Bytes of pixels in `textures` (twins included).
  private(set) var bytes = 0
  /// The most `bytes` may reach.
  let byteBudget: Int

  init(renderer: OpaquePointer, assets: AssetLibrary, byteBudget: Int = Limits.imageTextureBytes) {
    self.renderer = renderer
    self.assets = assets
    self.byteBudget = byteBudget
    exactTwins = Texture.needsExactTwin(renderer)
    seenGeneration = assets.generation
  }

  deinit {
    for texture in textures.values { texture.destroy() }
  }

  /// Drops every texture when an asset changed since the last frame (hot reload).
  func beginFrame() {
    frame += 1
    let generation = assets.generation
    guard generation != seenGeneration else { return }
    seenGeneration = generation
    for texture in textures.values { texture.destroy() }
    textures.removeAll()
    lastUsed.removeAll()
    bytes = 0
    failed.removeAll()
  }

  /// The texture for an image name, or nil (reported once) when it cannot be loaded.
  ///
  /// Runs of the same sprite skip even this lookup: `NodeRenderer` remembers the last image
  /// in its per-frame state.
  func texture(named name: String) -> Texture? {
    lastUsed[name] = frame
    return textures[name] ?? load(name)
  }

  private func size(of texture: Texture) -> Int {
    texture.width * texture.height * 4 * (texture.exact == nil ? 1 : 2)
  }

  /// Drops textures not used this frame, least recent first, until `size` more bytes fit.
  private func makeRoom(for size: Int) -> Bool {
    guard bytes + size > byteBudget else { return true }
    let candidates = textures.keys.filter { (lastUsed[$0] ?? 0) < frame }.sorted { (lastUsed[$0] ?? 0) < (lastUsed[$1] ?? 0) }
    for name in candidates {
      guard let texture = textures.removeValue(forKey: name) else { continue }
      bytes -= self.size(of: texture)
      texture.destroy()
      if bytes + size <= byteBudget { return true }
    }
    return false
  }

  private func load(_ name: String) -> Texture? {
    guard !failed.contains(name) else { return nil }
    // A sprite sheet's region is drawn from a texture of its own, cut from the sheet.
    let region = SpriteSheet.parseRegionKey(name)
    let file = region?.image ?? name
    // Sized from the PNG header before decoding: a small file can decode to gigabytes.
    if let size = assets.imageSize(named: file),
      size.x > Double(Limits.imageSide) || size.y > Double(Limits.imageSide)
    {
      failed.insert(name)
      assets.reportMissing(name, kind: "image", reason: "is larger than \(Limits.imageSide) pixels a side")
      return nil
    }
    guard let path = assets.imagePath(named: file),
      let loaded = assets.load(path, fromFile: SDLImage.load, fromMemory: SDLImage.load)
    else {
      failed.insert(name)
      // A file that is there but cannot be read for want of SDL_image is not "not found".
      if let problem = SDLImage.problem, assets.imagePath(named: file) != nil {
        assets.reportMissing(file, kind: "image", reason: "cannot be read: \(problem)")
      } else {
        assets.reportMissing(file, kind: "image")
      }
      return nil
    }
    guard let surface = region.map({ Self.cut($0.region, from: loaded) }) ?? loaded else {
      failed.insert(name)
      assets.reportMissing(name, kind: "image region", reason: "lies outside its image")
      return nil
    }
    defer { SDL_FreeSurface(surface) }
    let needed = Int(surface.pointee.w) * Int(surface.pointee.h) * 4 * (exactTwins ? 2 : 1)
    // Over budget this frame: not drawn now, and tried again next frame (not marked failed).
    guard makeRoom(for: needed) else { return nil }
    guard
      let texture = Texture.make(renderer: renderer, surface: surface, exactTwin: exactTwins)
    else {
      failed.insert(name)
      return nil
    }
    textures[name] = texture
    bytes += size(of: texture)
    return texture
  }

  /// A new surface holding `region` of `sheet`, which it frees; nil when the region is not
  /// wholly inside the sheet (the sheet changed since the game cut it up).
  private static func cut(_ region: Rect, from sheet: UnsafeMutablePointer<SDL_Surface>) -> UnsafeMutablePointer<SDL_Surface>? {
    defer { SDL_FreeSurface(sheet) }
    var source = SDL_Rect(x: Int32(region.x), y: Int32(region.y), w: Int32(region.width), h: Int32(region.height))
    guard source.x + source.w <= sheet.pointee.w, source.y + source.h <= sheet.pointee.h,
      let piece = SDL_CreateRGBSurfaceWithFormat(0, source.w, source.h, 32, PixelFormat.argb8888)
    else { return nil }
    // Copied as they are, alpha included: blending onto the transparent piece would darken edges.
    SDL_SetSurfaceBlendMode(sheet, SDL_BLENDMODE_NONE)
    _ = SDL_UpperBlit(sheet, &source, piece, nil)
    return piece
  }
}
