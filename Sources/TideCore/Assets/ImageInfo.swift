import Foundation

/// The pixel size of a PNG, JPEG or WebP file, read from its header without decoding it.
///
/// Headless runs and the window must size image sprites identically, so every backend takes
/// image sizes from here rather than from a loaded texture. SDL_image decodes these formats in
/// the window but cannot be reached from TideCore, and decoding a whole image to learn two
/// numbers would cost every headless start; `ImageInfoTests` checks these sizes against
/// SDL_image's decoded ones, so the two cannot disagree.
public enum ImageInfo {
  /// The file extensions `size(of:)` reads, as image names may leave them out ("lion" finds
  /// lion.png, else lion.jpg...).
  public static let extensions = ["png", "jpg", "jpeg", "webp"]

  /// Most bytes read looking for a JPEG's size: camera files put their EXIF thumbnails first.
  static let headerLimit = 1 << 20

  /// The pixel size of the image at `url`; nil when the file is missing, unreadable or not a
  /// PNG, JPEG or WebP.
  public static func size(of url: URL) -> Vec2? {
    guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
    defer { try? handle.close() }
    guard let start = try? handle.read(upToCount: 32) else { return nil }
    let head = [UInt8](start)
    if head.starts(with: [0xFF, 0xD8]) {
      guard let rest = try? handle.read(upToCount: headerLimit - head.count) else { return nil }
      return jpegSize(head + [UInt8](rest))
    }
    return size(header: head)
  }

  /// The size from a whole image's first bytes (up to `headerLimit`: a JPEG's frame may lie
  /// past its thumbnails); nil when they are no PNG, JPEG or WebP.
  public static func size(bytes: [UInt8]) -> Vec2? {
    bytes.starts(with: [0xFF, 0xD8]) ? jpegSize(bytes) : size(header: bytes)
  }

  /// The size from a PNG's or WebP's first 30 bytes; nil when they are neither.
  public static func size(header bytes: [UInt8]) -> Vec2? {
    pngSize(bytes) ?? webpSize(bytes)
  }

  private static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// The signature, then the IHDR chunk whose data starts with big-endian width and height.
  private static func pngSize(_ b: [UInt8]) -> Vec2? {
    guard b.count >= 24, b[0..<8].elementsEqual(pngSignature) else { return nil }
    return Vec2(Double(bigEndian(b, 16, 4)), Double(bigEndian(b, 20, 4)))
  }

  /// RIFF, then the first chunk: lossy (`VP8 `), lossless (`VP8L`) or extended (`VP8X`).
  private static func webpSize(_ b: [UInt8]) -> Vec2? {
    guard b.count >= 30, b[0..<4].elementsEqual(Array("RIFF".utf8)), b[8..<12].elementsEqual(Array("WEBP".utf8)) else {
      return nil
    }
    switch String(decoding: b[12..<16], as: UTF8.self) {
    case "VP8 ":
      // A key frame's start code, then 14-bit little-endian width and height.
      guard b[23] == 0x9D, b[24] == 0x01, b[25] == 0x2A else { return nil }
      return Vec2(Double(littleEndian(b, 26, 2) & 0x3FFF), Double(littleEndian(b, 28, 2) & 0x3FFF))
    case "VP8L":
      guard b[20] == 0x2F else { return nil }
      let bits = littleEndian(b, 21, 4)
      return Vec2(Double((bits & 0x3FFF) + 1), Double(((bits >> 14) & 0x3FFF) + 1))
    case "VP8X":
      return Vec2(Double(littleEndian(b, 24, 3) + 1), Double(littleEndian(b, 27, 3) + 1))
    default:
      return nil
    }
  }

  /// Walks the JPEG's segments to the first start-of-frame, which holds height and width.
  static func jpegSize(_ b: [UInt8]) -> Vec2? {
    var at = 2
    while at + 4 <= b.count {
      guard b[at] == 0xFF else { return nil }
      let marker = b[at + 1]
      if marker == 0xFF { at += 1; continue }  // fill bytes
      if marker == 0x01 || (0xD0...0xD7).contains(marker) { at += 2; continue }  // no length
      let length = bigEndian(b, at + 2, 2)
      guard length >= 2 else { return nil }
      // Every SOFn but DHT (C4), JPG (C8) and DAC (CC) describes the frame.
      if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
        guard at + 9 <= b.count else { return nil }
        let (height, width) = (bigEndian(b, at + 5, 2), bigEndian(b, at + 7, 2))
        return width > 0 && height > 0 ? Vec2(Double(width), Double(height)) : nil
      }
      if marker == 0xDA || marker == 0xD9 { return nil }  // the image data, or its end, before any frame
      at += 2 + length
    }
    return nil
  }

  private static func bigEndian(_ b: [UInt8], _ at: Int, _ count: Int) -> Int {
    b[at..<(at + count)].reduce(0) { $0 << 8 | Int($1) }
  }

  private static func littleEndian(_ b: [UInt8], _ at: Int, _ count: Int) -> Int {
    b[at..<(at + count)].reversed().reduce(0) { $0 << 8 | Int($1) }
  }
}
