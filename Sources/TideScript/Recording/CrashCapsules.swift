import Foundation
import TideCore

/// Crash capsules in one folder, named by date and time, the newest `keep` kept.
public struct CrashCapsules: Sendable {
  /// The folder (`<data folder>/crashes`).
  public let directory: URL
  /// How many capsules stay; older ones are deleted when a new one is written.
  public var keep = 20
  /// Most capsules one session writes: a game whose error message changes every frame (it
  /// names the tick) would else write one a frame and prune away every earlier session's.
  public static let perSession = 10
  /// Capsules this session has asked for, written or not, counted by `countRequest()`: kept
  /// beside `perSession` so the limit and its count live together.
  public private(set) var requested = 0

  /// Counts one more capsule asked for this session; whether it is within `perSession`.
  mutating func countRequest() -> Bool {
    requested += 1
    return requested <= Self.perSession
  }

  /// Capsules in `directory`.
  public init(directory: URL) { self.directory = directory }

  /// Writes `text` as a new capsule and prunes old ones; nil (and a warning) when it cannot.
  /// Named by `now` unless `name` is given; a named capsule replaces one of the same name.
  public func write(_ text: String, now: Date = Date(), name: String? = nil) -> URL? {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy-MM-dd'T'HH-mm-ss.SSS"
    let stem = name ?? formatter.string(from: now)
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      var url = directory.appendingPathComponent(stem + ".input")
      var n = 2
      // Each name is claimed by creating it exclusively: two tide processes failing in the same
      // millisecond (parallel CI jobs) each get a capsule, where a look-then-write gave both the
      // same name and the second replaced the first.
      while name == nil, try !Self.claim(url) {
        url = directory.appendingPathComponent("\(stem)-\(n).input")
        n += 1
      }
      try text.write(to: url, atomically: true, encoding: .utf8)
      prune()
      return url
    } catch {
      FileHandle.standardError.write(Data("tide: cannot write a crash capsule in \(directory.path): \(error.localizedDescription)\n".utf8))
      return nil
    }
  }

  /// Creates `url` if no file is there; false when one is (another capsule has the name).
  private static func claim(_ url: URL) throws -> Bool {
    let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    if descriptor >= 0 {
      close(descriptor)
      return true
    }
    guard errno == EEXIST else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path]) }
    return false
  }

  /// The capsules, oldest first (their names sort by time).
  public func list() -> [URL] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasSuffix(".input") }.sorted { Self.order($0) < Self.order($1) }.map { directory.appendingPathComponent($0) }
  }

  /// A capsule's place in time: `<time>-2.input`, the second of its millisecond, comes after
  /// `<time>.input` (though `-` sorts before `.`) and `-10` after `-9`, so pruning never takes
  /// the newest of a burst for the oldest.
  static func order(_ name: String) -> (String, Int) {
    let stem = String(name.dropLast(".input".count))
    let timeLength = "yyyy-MM-ddTHH-mm-ss.SSS".count
    guard stem.count > timeLength + 1, let n = Int(stem.dropFirst(timeLength + 1)), stem.dropFirst(timeLength).first == "-" else {
      return (stem, 1)
    }
    return (String(stem.prefix(timeLength)), n)
  }

  private func prune() {
    let all = list()
    for url in all.dropLast(keep) { try? FileManager.default.removeItem(at: url) }
  }
}

/// A short hash of a game folder's files (all but `tests/` and hidden ones).
enum GameFingerprint {
  static func of(_ directory: URL) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    func mix(_ bytes: UnsafeRawBufferPointer) {
      for byte in bytes {
        hash ^= UInt64(byte)
        hash = hash &* 0x0000_0100_0000_01b3
      }
    }
    // Through the bytes' memory: Data's own iterator cost ten times as much a byte, and the
    // game's sounds are most of its bytes (a fingerprint starts every `tide run --runs` worker).
    func mix(_ bytes: some ContiguousBytes) { bytes.withUnsafeBytes { mix($0) } }
    let root = directory.standardizedFileURL.path
    // Links are not followed into folders (a loop would never end) nor out of the game (a link
    // to /dev/zero would never finish reading); a link to one of the game's own files counts.
    let paths = FolderWalk.entries(under: root, skipHidden: true).filter { entry in
      guard entry.path != "tests", !entry.path.hasPrefix("tests/") else { return false }
      return entry.kind == .file
        || (entry.kind == .link && FolderWall.isReadableFile(URL(fileURLWithPath: root + "/" + entry.path), roots: [directory]))
    }.map(\.path)
    for path in paths.sorted() {
      mix(Array(path.utf8))
      mix([UInt8(0)])
      if let data = FileManager.default.contents(atPath: root + "/" + path) { mix(data) }
      mix([UInt8(0)])
    }
    // Always 16 digits, so every fingerprint reads alike (a leading zero is not dropped).
    let digits = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }

  /// Whether two fingerprints name the same files: compared as numbers, so a recording written
  /// before fingerprints kept their leading zeros still matches.
  static func same(_ a: String, _ b: String) -> Bool {
    guard let x = UInt64(a, radix: 16), let y = UInt64(b, radix: 16) else { return a == b }
    return x == y
  }
}
