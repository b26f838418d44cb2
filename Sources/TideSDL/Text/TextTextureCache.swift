import CSDL2
import TideCore

/// Rendered text (text runs plus colour emoji) as textures for one renderer.
///
/// Keyed by string, pixel size, colour and alignment; entries unused for a while are dropped,
/// so a score that changes every frame does not pile up textures. The textures together stay
/// within `byteBudget` (`Limits.textTextureBytes`, shared by a window's band renderers): past it, the least recently used are dropped (never one
/// drawn this frame), and a label that still does not fit is not drawn.
final class TextTextureCache {
  private struct Key: Hashable {
    var text: String
    var font: String
    var pixelSize: Int
    var rgb: UInt32
    var align: UInt8
    var window: PixelWindow?
  }

  private struct Entry {
    var texture: Texture
    var lastUsed: Int
  }

  private let renderer: OpaquePointer
  private let fonts: FontLibrary
  private let exactTwins: Bool
  private var entries: [Key: Entry] = [:]
  private var frame = 0
  private var seenFontChanges: Int
  /// Bytes of pixels in `entries` (twins included).
  private(set) var bytes = 0
  /// The most `bytes` may reach.
  let byteBudget: Int
  /// Frames an unused entry survives.
  private let lifetime = 120

  init(renderer: OpaquePointer, fonts: FontLibrary, byteBudget: Int = Limits.textTextureBytes) {
    self.renderer = renderer
    self.fonts = fonts
    self.byteBudget = byteBudget
    exactTwins = Texture.needsExactTwin(renderer)
    seenFontChanges = fonts.changeCount
  }

  deinit {
    for entry in entries.values { entry.texture.destroy() }
  }

  /// Counts frames and now and then evicts stale entries; drops text drawn in a game font
  /// when a font file changed (hot reload).
  func beginFrame() {
    frame += 1
    let fontChanges = fonts.changeCount
    if fontChanges != seenFontChanges {
      seenFontChanges = fontChanges
      for (key, entry) in entries where !key.font.isEmpty { evict(key, entry) }
    }
    guard frame % 60 == 0 else { return }
    let cutoff = frame - lifetime
    for (key, entry) in entries where entry.lastUsed < cutoff { evict(key, entry) }
  }

  /// The texture of `text` at `pixelSize` in an opaque colour; nil for empty text.
  /// `align` places shorter lines within the widest: 0 left, 1 centre, 2 right.
  /// With `window`, only that part of the block (in its pixels) is rendered.
  func texture(
    _ text: String, font: String = "", pixelSize: Int, color: SDL_Color, align: UInt8, window: PixelWindow? = nil
  ) -> Texture? {
    let rgb = UInt32(color.r) << 16 | UInt32(color.g) << 8 | UInt32(color.b)
    let key = Key(text: text, font: font, pixelSize: pixelSize, rgb: rgb, align: align, window: window)
    if var entry = entries[key] {
      entry.lastUsed = frame
      entries[key] = entry
      return entry.texture
    }
    let layout = fonts.layout(text, pixelSize: pixelSize, font: font)
    let opaque = SDL_Color(r: color.r, g: color.g, b: color.b, a: 255)
    guard
      let surface = fonts.renderSurface(
        layout, pixelSize: pixelSize, color: opaque, align: Double(align) / 2, window: window)
    else { return nil }
    defer { SDL_FreeSurface(surface) }
    let size = Int(surface.pointee.w) * Int(surface.pointee.h) * 4 * (exactTwins ? 2 : 1)
    guard makeRoom(for: size),
      let texture = Texture.make(renderer: renderer, surface: surface, exactTwin: exactTwins)
    else { return nil }
    entries[key] = Entry(texture: texture, lastUsed: frame)
    bytes += size
    return texture
  }

  /// Drops entries not used this frame, least recent first, until `size` more bytes fit.
  private func makeRoom(for size: Int) -> Bool {
    guard bytes + size > byteBudget else { return true }
    let candidates = entries.filter { $0.value.lastUsed < frame }.sorted { $0.value.lastUsed < $1.value.lastUsed }
    for (key, entry) in candidates {
      evict(key, entry)
      if bytes + size <= byteBudget { return true }
    }
    return false
  }

  private func evict(_ key: Key, _ entry: Entry) {
    bytes -= entry.texture.width * entry.texture.height * 4 * (exactTwins ? 2 : 1)
    entry.texture.destroy()
    entries.removeValue(forKey: key)
  }
}
