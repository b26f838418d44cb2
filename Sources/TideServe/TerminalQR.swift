import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A QR code of the served address, drawn in the terminal for a phone's camera.
///
/// libqrencode is opened when asked for, not linked: a player's machine that runs a shipped
/// `tide` needs no extra library, and where it is missing the plain URL, printed anyway, is
/// enough.
public enum TerminalQR {
  /// The code as lines of text, two rows of modules a line, drawn for a dark terminal (light
  /// modules and the quiet zone in blocks, as `qrencode -t UTF8` draws them); nil when
  /// libqrencode cannot be opened or cannot encode `text`.
  public static func lines(for text: String) -> [String]? {
    guard let modules = modules(for: text) else { return nil }
    let margin = 2
    let size = modules.count + 2 * margin
    func light(_ row: Int, _ column: Int) -> Bool {
      let r = row - margin, c = column - margin
      guard r >= 0, c >= 0, r < modules.count, c < modules.count else { return true }
      return !modules[r][c]
    }
    var lines: [String] = []
    for row in stride(from: 0, to: size, by: 2) {
      var line = ""
      for column in 0..<size {
        switch (light(row, column), row + 1 < size ? light(row + 1, column) : false) {
        case (true, true): line += "█"
        case (true, false): line += "▀"
        case (false, true): line += "▄"
        case (false, false): line += " "
        }
      }
      lines.append(line)
    }
    return lines
  }

  private typealias Encode = @convention(c) (UnsafePointer<CChar>, Int32, Int32) -> UnsafeMutableRawPointer?
  private typealias Free = @convention(c) (UnsafeMutableRawPointer) -> Void

  /// The dark (true) and light modules, row by row; nil without libqrencode.
  static func modules(for text: String) -> [[Bool]]? {
    guard let library = dlopen("libqrencode.so.4", RTLD_NOW) ?? dlopen("libqrencode.so", RTLD_NOW) else { return nil }
    defer { dlclose(library) }
    guard let encodeSymbol = dlsym(library, "QRcode_encodeString8bit"), let freeSymbol = dlsym(library, "QRcode_free") else {
      return nil
    }
    let encode = unsafeBitCast(encodeSymbol, to: Encode.self)
    let free = unsafeBitCast(freeSymbol, to: Free.self)
    // Version 0: the smallest that holds the text; level M survives a smudged screen.
    let levelM: Int32 = 1
    guard let code = text.withCString({ encode($0, 0, levelM) }) else { return nil }
    defer { free(code) }
    // struct QRcode { int version; int width; unsigned char *data; }: bit 0 of a byte is dark.
    let width = Int(code.load(fromByteOffset: MemoryLayout<Int32>.size, as: Int32.self))
    let dataOffset = (2 * MemoryLayout<Int32>.size + MemoryLayout<UnsafeRawPointer>.alignment - 1)
      / MemoryLayout<UnsafeRawPointer>.alignment * MemoryLayout<UnsafeRawPointer>.alignment
    guard width > 0, width <= 177, let data = code.load(fromByteOffset: dataOffset, as: UnsafePointer<UInt8>?.self) else {
      return nil
    }
    return (0..<width).map { row in (0..<width).map { column in data[row * width + column] & 1 == 1 } }
  }
}
