import Foundation
import TideCore

/// Opens a `.tide` archive (a zip written by `tide pack`) into memory, refusing anything that is
/// not one honestly: each refusal is one line (`ArchiveError`), never a crash, a hang or a
/// write anywhere. Reading the zip is libzip's (`ZipReader`); what to trust in it is decided here.
public enum GameArchive {
  /// The extension of a packed game.
  public static let fileExtension = "tide"

  /// Whether a game named on the command line is an archive rather than a folder.
  public static func isArchive(_ path: String) -> Bool {
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue { return false }
    return path.hasSuffix("." + fileExtension)
  }

  /// A game named on the command line: its archive read into memory and checked, or its folder.
  public static func files(at url: URL, shown: String) throws(ArchiveError) -> any GameFiles {
    isArchive(url.path) ? try open(url, shown: shown) : FolderFiles(directory: url)
  }

  /// Reads and checks the archive at `url`; `shown` names it in messages.
  public static func open(_ url: URL, shown: String) throws(ArchiveError) -> ArchiveFiles {
    try open(readFile(url, shown: shown), from: url, shown: shown)
  }

  /// Checks and opens an archive already in memory (on a platform where the game ships inside
  /// the app, read by the app's own means); `url` names where it came from.
  public static func open(_ data: Data, from url: URL, shown: String) throws(ArchiveError) -> ArchiveFiles {
    guard Int64(data.count) <= ArchiveLimits.archiveBytes else {
      throw ArchiveError("\(shown): \(data.count) bytes, over the \(ArchiveLimits.archiveBytes >> 20) MiB a game archive may be")
    }
    let opened = data.withUnsafeBytes { bytes in
      Result { () throws(ArchiveError) in try unpackAll(bytes, shown: shown) }
    }
    var files = try opened.get()
    var ok = false
    defer { if !ok { for buffer in files.values { buffer.deallocate() } } }
    guard let manifestBytes = files.removeValue(forKey: PackManifest.fileName) else {
      throw ArchiveError("\(shown): not a Tide game archive (no \(PackManifest.fileName); make one with tide pack)")
    }
    defer { manifestBytes.deallocate() }
    let manifest: PackManifest
    do {
      manifest = try JSONDecoder().decode(PackManifest.self, from: Data(manifestBytes))
    } catch {
      throw ArchiveError("\(shown): its \(PackManifest.fileName) is damaged (\(error.localizedDescription))")
    }
    guard manifest.format <= PackManifest.currentFormat else {
      throw ArchiveError("\(shown): packed in format \(manifest.format) by a newer tide (engine \(manifest.engine)); this one reads format \(PackManifest.currentFormat)")
    }
    guard files["conf.lua"] != nil else { throw ArchiveError("\(shown): holds no conf.lua, so it is no game") }
    guard files["main.lua"] != nil else { throw ArchiveError("\(shown): holds no main.lua, so it is no game") }
    guard isSafeName(manifest.folder) else { throw ArchiveError("\(shown): its \(PackManifest.fileName) names no usable folder (\"\(manifest.folder)\")") }
    ok = true
    return ArchiveFiles(archive: url, manifest: manifest, files: files)
  }

  /// The whole file, once its size is known to be within `ArchiveLimits.archiveBytes` and it is a
  /// regular file (a FIFO or /dev/zero would never end).
  private static func readFile(_ url: URL, shown: String) throws(ArchiveError) -> Data {
    var info = stat()
    guard stat(url.path, &info) == 0 else { throw ArchiveError("\(shown): no such file") }
    guard info.st_mode & S_IFMT == S_IFREG else { throw ArchiveError("\(shown): not a regular file") }
    guard Int64(info.st_size) <= ArchiveLimits.archiveBytes else {
      throw ArchiveError("\(shown): \(Int64(info.st_size)) bytes, over the \(ArchiveLimits.archiveBytes >> 20) MiB a game archive may be")
    }
    do {
      return try Data(contentsOf: url)
    } catch {
      throw ArchiveError("\(shown): cannot read it (\(error.localizedDescription))")
    }
  }

  /// Every file of the zip in `bytes`, unpacked into memory of its own, once the entries pass
  /// `checkedEntries`.
  private static func unpackAll(_ bytes: UnsafeRawBufferPointer, shown: String) throws(ArchiveError) -> [String: UnsafeMutableRawBufferPointer] {
    let zip: ZipReader
    do {
      zip = try ZipReader(bytes)
    } catch {
      throw ArchiveError("\(shown): not a Tide game archive (not a zip file, or a truncated one)")
    }
    let entries = try checkedEntries(zip, archiveBytes: UInt64(bytes.count), shown: shown)
    var files: [String: UnsafeMutableRawBufferPointer] = [:]
    var ok = false
    defer { if !ok { for buffer in files.values { buffer.deallocate() } } }
    for entry in entries where !entry.isFolder {
      files[entry.path] = try unpack(entry, from: zip, shown: shown)
    }
    ok = true
    return files
  }

  /// The entries, once every path is a plain relative one, none is a link, and the sizes the
  /// archive declares stay within the limits.
  private static func checkedEntries(_ zip: ZipReader, archiveBytes: UInt64, shown: String) throws(ArchiveError) -> [ZipEntry] {
    guard zip.count <= ArchiveLimits.entries else {
      throw ArchiveError("\(shown): more than \(ArchiveLimits.entries) files, the most a game archive may hold")
    }
    var entries: [ZipEntry] = []
    var total: UInt64 = 0
    var seen: Set<String> = []
    for index in 0..<zip.count {
      let entry: ZipEntry
      do {
        entry = try zip.entry(index)
      } catch {
        throw ArchiveError("\(shown): its entry \(index + 1) is damaged (\(error)); the archive is truncated or corrupt")
      }
      entries.append(entry)
      let path = entry.path
      if let problem = pathProblem(path) { throw ArchiveError("\(shown): refused: \(problem)") }
      guard !entry.isSymlink else { throw ArchiveError("\(shown): refused: '\(path)' is a symbolic link; a game archive holds only files") }
      guard !entry.isFolder else { continue }
      guard seen.insert(path).inserted else { throw ArchiveError("\(shown): refused: '\(path)' is in it twice") }
      let (sum, overflow) = total.addingReportingOverflow(entry.size)
      total = sum
      guard !overflow, total <= ArchiveLimits.unpackedBytes else {
        throw ArchiveError("\(shown): refused: it unpacks to more than \(ArchiveLimits.unpackedBytes >> 20) MiB, the most a game archive may (a zip bomb?)")
      }
    }
    if total > ArchiveLimits.ratioFloor, total / max(archiveBytes, 1) > ArchiveLimits.ratio {
      throw ArchiveError("\(shown): refused: it unpacks to \(total / max(archiveBytes, 1)) times its size, more than the \(ArchiveLimits.ratio) a game archive may (a zip bomb?)")
    }
    return entries
  }

  /// Why `path` may not name a file of a game (absolute, climbing out, a Windows drive or
  /// separator, empty parts); nil when it may.
  static func pathProblem(_ path: String) -> String? {
    guard !path.isEmpty, path.utf8.count <= ArchiveLimits.pathBytes else { return "an entry's path is empty or longer than \(ArchiveLimits.pathBytes) bytes" }
    if path.hasPrefix("/") { return "'\(path)' is an absolute path" }
    if path.contains("\\") || path.contains(":") || path.unicodeScalars.contains(where: { $0.value < 0x20 }) {
      return "'\(path)' is no plain relative path"
    }
    let parts = (path.hasSuffix("/") ? String(path.dropLast()) : path).split(separator: "/", omittingEmptySubsequences: false)
    if parts.contains(where: { $0 == ".." }) { return "'\(path)' climbs out of the game with .." }
    if parts.contains(where: { $0.isEmpty || $0 == "." }) { return "'\(path)' has an empty or '.' part" }
    return nil
  }

  /// A folder name fit to name a data folder: no separators, no hidden or climbing name.
  static func isSafeName(_ name: String) -> Bool {
    !name.isEmpty && name.utf8.count <= 255 && !name.hasPrefix(".") && !name.contains("/") && !name.contains("\\")
      && !name.unicodeScalars.contains(where: { $0.value < 0x20 })
  }

  /// One file's bytes, never more than the archive declared for it (a lying header cannot make
  /// it inflate past the limits), with its checksum checked.
  private static func unpack(_ entry: ZipEntry, from zip: ZipReader, shown: String) throws(ArchiveError) -> UnsafeMutableRawBufferPointer {
    let size = Int(entry.size)
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(size, 1), alignment: 16)
    let written: Int
    do {
      written = try zip.read(entry, into: buffer)
    } catch {
      buffer.deallocate()
      if error == .overrun {
        throw ArchiveError("\(shown): refused: '\(entry.path)' unpacks to more than the \(size) bytes it declares (a zip bomb?)")
      }
      throw ArchiveError("\(shown): '\(entry.path)' is damaged (\(error)); the archive is truncated or corrupt")
    }
    guard written == size else {
      buffer.deallocate()
      throw ArchiveError("\(shown): '\(entry.path)' is damaged (\(written) of \(size) bytes); the archive is truncated or corrupt")
    }
    return UnsafeMutableRawBufferPointer(rebasing: buffer[0..<size])
  }
}

/// Why an archive cannot be played: one line naming it.
public struct ArchiveError: Error, CustomStringConvertible, Sendable {
  public let description: String
  public init(_ description: String) { self.description = description }
}
