import Foundation
import TideCore

/// A packed game's files, unpacked into memory once when it opens (`GameArchive.open`); the
/// runtime reads them through `GameFiles` as it would a folder, and nothing touches the disk.
///
/// Each file's bytes sit in memory of their own that never moves while the archive is open, so
/// a streamed sound (music) may read from them for as long as the game runs.
public final class ArchiveFiles: GameFiles, @unchecked Sendable {
  /// Where the archive was read from (for messages).
  public let archive: URL
  /// What the archive says about the game.
  public let manifest: PackManifest
  private let files: [String: UnsafeMutableRawBufferPointer]

  init(archive: URL, manifest: PackManifest, files: [String: UnsafeMutableRawBufferPointer]) {
    self.archive = archive
    self.manifest = manifest
    self.files = files
  }

  deinit {
    for buffer in files.values { buffer.deallocate() }
  }

  /// Every file's path, sorted (siblings' under `siblingPrefix`).
  public var paths: [String] { files.keys.sorted() }

  /// Where files of a sibling game named in conf.lua's `modules` (`../rps/...`) are kept:
  /// a hidden folder, which a game's own files never are in an archive.
  public static let siblingPrefix = ".siblings/"

  /// The archive path behind a game path: `../rps/x.lua` is `.siblings/rps/x.lua`.
  static func stored(_ path: String) -> String {
    path.hasPrefix("../") ? siblingPrefix + path.dropFirst(3) : path
  }

  public var folder: URL? { nil }
  public var location: URL { archive }
  public var name: String { manifest.folder }
  public var packedFingerprint: String? { manifest.fingerprint }
  public func exists(_ path: String) -> Bool { files[Self.stored(path)] != nil }
  public func isReadableFile(_ path: String) -> Bool { exists(path) }
  public func problem(with path: String, shown: String) -> String? { nil }
  public func diskURL(_ path: String) -> URL? { nil }

  public func contents(_ path: String) -> Data? {
    guard let buffer = files[Self.stored(path)] else { return nil }
    guard let base = buffer.baseAddress, buffer.count > 0 else { return Data() }
    return Data(bytesNoCopy: base, count: buffer.count, deallocator: .none)
  }
}
