import Foundation

/// Writes small but valid PNG files (RGBA, uncompressed deflate) for image fixtures.
///
/// The engine sizes image sprites from the PNG header; a real, decodable file keeps the
/// fixture honest for any backend that reads the pixels too.
enum PNGFixture {
  /// A `width` x `height` image filled with one RGBA colour.
  static func make(width: Int, height: Int, rgba: (UInt8, UInt8, UInt8, UInt8) = (255, 0, 0, 255)) -> Data {
    var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    var header = Data()
    header.append(bigEndian: UInt32(width))
    header.append(bigEndian: UInt32(height))
    header.append(contentsOf: [8, 6, 0, 0, 0])  // 8-bit depth, RGBA, deflate, no filter, no interlace
    png.append(chunk: "IHDR", header)
    var raw = Data()
    for _ in 0..<height {
      raw.append(0)  // filter: none
      for _ in 0..<width { raw.append(contentsOf: [rgba.0, rgba.1, rgba.2, rgba.3]) }
    }
    png.append(chunk: "IDAT", zlibStored(raw))
    png.append(chunk: "IEND", Data())
    return png
  }

  /// A zlib stream of stored (uncompressed) deflate blocks.
  static func zlibStored(_ data: Data) -> Data {
    var out = Data([0x78, 0x01])
    let bytes = [UInt8](data)
    var offset = 0
    repeat {
      let count = min(65_535, bytes.count - offset)
      let last: UInt8 = offset + count >= bytes.count ? 1 : 0
      out.append(last)
      out.append(UInt8(count & 0xFF))
      out.append(UInt8(count >> 8))
      out.append(UInt8(~count & 0xFF))
      out.append(UInt8((~count >> 8) & 0xFF))
      out.append(contentsOf: bytes[offset..<offset + count])
      offset += count
    } while offset < bytes.count
    var a: UInt32 = 1
    var b: UInt32 = 0
    for byte in bytes {
      a = (a + UInt32(byte)) % 65_521
      b = (b + a) % 65_521
    }
    out.append(bigEndian: b << 16 | a)
    return out
  }

  static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }
}

extension Data {
  fileprivate mutating func append(bigEndian value: UInt32) {
    append(contentsOf: [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)])
  }

  fileprivate mutating func append(chunk type: String, _ body: Data) {
    append(bigEndian: UInt32(body.count))
    let typed = [UInt8](type.utf8) + [UInt8](body)
    append(contentsOf: typed)
    append(bigEndian: PNGFixture.crc32(typed))
  }
}
