import TideCore

/// Text measuring with the fonts that draw it (DejaVu Sans plus Noto Color Emoji), so a text
/// node's box matches its pixels.
///
/// Sizes are rounded to whole pixels, as drawing does. Results are cached per string and size,
/// here and in the font library (shared by every measurer over it).
final class TTFTextMetrics: TextMetrics {
  private struct Key: Hashable {
    var text: String
    var size: Int
    var font: String
  }

  /// The fonts measured with (shared with the renderers).
  let fonts: FontLibrary
  // One engine's, used by its thread alone: no run-time exclusivity checks.
  @exclusivity(unchecked) private var cache: [Key: (width: Double, height: Double)] = [:]
  /// Bytes of text held as keys: a few long strings must not pin megabytes either.
  private(set) var cachedBytes = 0
  /// The cache starts afresh past this many entries or `cacheBytes` bytes of text.
  static let cacheEntries = 4096
  let cacheBytes: Int

  /// Measures with an existing font library, caching up to `cacheBytes` of text (4 MiB).
  init(fonts: FontLibrary, cacheBytes: Int = 4 << 20) {
    self.fonts = fonts
    self.cacheBytes = cacheBytes
    // Room for a game's labels from the start: growing rehashes every key held so far.
    cache.reserveCapacity(Self.initialCapacity)
  }

  /// Entries the cache has room for before it first grows.
  static let initialCapacity = 512

  /// Measures with the default system fonts.
  convenience init() throws {
    self.init(fonts: try FontLibrary())
  }

  /// The size of `text` at `size` pixels in the default fonts; lines are separated by "\n".
  func measure(_ text: String, size: Double) -> (width: Double, height: Double) {
    measure(text, size: size, font: "")
  }

  /// Forgets the sizes measured with font file `font`, which changed on disk.
  func forget(font: String) {
    for key in cache.keys where key.font == font {
      cachedBytes -= key.text.utf8.count + key.font.utf8.count
      cache.removeValue(forKey: key)
    }
  }

  /// The size of `text` at `size` pixels with the font file `font` first (empty: the defaults).
  func measure(_ text: String, size: Double, font: String) -> (width: Double, height: Double) {
    let key = Key(text: text, size: max(1, Int(size.rounded())), font: font)
    if let known = cache[key] { return known }
    // The library remembers sizes for every engine of the process; this cache, for this
    // one, asks without taking its lock.
    let size = fonts.size(of: text, pixelSize: key.size, font: font)
    let result = (Double(size.width), Double(size.height))
    // Scores and timers make endless distinct strings; a full reset is simplest and rare.
    let bytes = text.utf8.count + font.utf8.count
    if cache.count >= Self.cacheEntries || cachedBytes + bytes > cacheBytes {
      cache.removeAll(keepingCapacity: true)
      cachedBytes = 0
    }
    cache[key] = result
    cachedBytes += bytes
    return result
  }
}
