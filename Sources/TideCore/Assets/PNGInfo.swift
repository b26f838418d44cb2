import Foundation

/// Facts read from a PNG file's header, without decoding the image.
///
/// Headless runs and the window must size image sprites identically, so every backend takes
/// image sizes from here rather than from a loaded texture.
public enum PNGInfo {
  private static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// The pixel size of the PNG at `url`; nil when the file is missing, unreadable or not a PNG.
  public static func size(of url: URL) -> Vec2? {
    guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
    defer { try? handle.close() }
    guard let header = try? handle.read(upToCount: 24) else { return nil }
    return size(header: [UInt8](header))
  }

  /// Width and height from a PNG's first 24 bytes (the signature, then the IHDR chunk whose
  /// data starts with big-endian width and height); nil when the bytes are not a PNG.
  public static func size(header bytes: [UInt8]) -> Vec2? {
    guard bytes.count >= 24, bytes[0..<8].elementsEqual(signature) else { return nil }
    func bigEndian32(_ at: Int) -> Int {
      bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) }
    }
    return Vec2(Double(bigEndian32(16)), Double(bigEndian32(20)))
  }
}
