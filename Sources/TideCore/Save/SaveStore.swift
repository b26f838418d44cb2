import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Named save files (`<name>.json`) in one directory, written atomically.
///
/// A write goes to a temporary file in the same directory, is flushed with `fsync`, then
/// renamed over the old file, and the directory is synced: a crash leaves either the old save
/// or the new one, never half of each. A save the caller finds damaged is moved aside with
/// `setAside(_:)` to a fresh `<name>.damaged-<n>.json`, never overwriting an earlier one.
public struct SaveStore: Sendable {
  /// The directory holding the saves (created on first write).
  public let directory: URL
  /// Whether writes are flushed to the disk (`fsync`) before and after the rename. Off only for
  /// a folder that is thrown away when its game ends (`tide run --runs`, `tide bench play`):
  /// the files read back the same either way, and waiting on the disk buys nothing there.
  public var isDurable = true

  /// Creates a store over `directory`.
  public init(directory: URL) {
    self.directory = directory
  }

  /// Whether `name` is acceptable: 1–64 characters of `A-Z a-z 0-9 _ -` (so it can never
  /// reach outside the directory).
  public static func isValidName(_ name: String) -> Bool {
    guard !name.isEmpty, name.utf8.count <= 64 else { return false }
    return name.utf8.allSatisfy { ch in
      (ch >= UInt8(ascii: "a") && ch <= UInt8(ascii: "z"))
        || (ch >= UInt8(ascii: "A") && ch <= UInt8(ascii: "Z"))
        || (ch >= UInt8(ascii: "0") && ch <= UInt8(ascii: "9"))
        || ch == UInt8(ascii: "_") || ch == UInt8(ascii: "-")
    }
  }

  /// The file a save lives in.
  public func url(for name: String) throws(SaveError) -> URL {
    guard SaveStore.isValidName(name) else { throw .invalidName(name) }
    return directory.appendingPathComponent(name + ".json")
  }

  /// The largest save read (8 MiB): a bigger file, or a device that never ends, is unusable
  /// rather than read into memory.
  public static let maxBytes = 8 * 1024 * 1024

  /// Reads the save called `name`. Never blocks and never reads more than `maxBytes`: the file
  /// type is checked before opening (a FIFO would block `open`, a device like `/dev/zero` never
  /// ends), the open is non-blocking, and anything that is not a regular, readable file of at
  /// most `maxBytes` is `.unusable`. Only an invalid name throws.
  public func read(_ name: String) throws(SaveError) -> SaveReadResult {
    let url = try url(for: name)
    let path = url.path
    var info = stat()
    if stat(path, &info) != 0 {
      let code = errno
      if code == ENOENT {
        // A dangling symlink is no save either, but it is in the way: set it aside.
        if SaveStore.isOccupied(path) { return .unusable(reason: "it is a link to a missing file") }
        return .missing
      }
      if code == ENOTDIR { return directoryProblem() ?? .unusable(reason: String(cString: strerror(code))) }
      return .unusable(reason: String(cString: strerror(code)))
    }
    if let problem = SaveStore.typeProblem(info.st_mode) { return .unusable(reason: problem) }
    if Int(info.st_size) > SaveStore.maxBytes { return .unusable(reason: SaveStore.tooLarge) }
    let fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY)
    if fd < 0 { return .unusable(reason: String(cString: strerror(errno))) }
    defer { close(fd) }
    // The file may have been swapped between stat and open: check what was opened.
    guard fstat(fd, &info) == 0 else { return .unusable(reason: String(cString: strerror(errno))) }
    if let problem = SaveStore.typeProblem(info.st_mode) { return .unusable(reason: problem) }
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let n = buffer.withUnsafeMutableBytes { posixRead(fd, $0.baseAddress, $0.count) }
      if n < 0 {
        if errno == EINTR { continue }
        return .unusable(reason: String(cString: strerror(errno)))
      }
      if n == 0 { break }
      data.append(contentsOf: buffer[0..<n])
      if data.count > SaveStore.maxBytes { return .unusable(reason: SaveStore.tooLarge) }
    }
    return .data(data)
  }

  private static let tooLarge = "it is larger than \(maxBytes / (1024 * 1024)) MiB"

  /// Why a file of this mode cannot be a save, or nil for a regular file.
  private static func typeProblem(_ mode: mode_t) -> String? {
    switch mode & S_IFMT {
    case S_IFREG: return nil
    case S_IFDIR: return "it is a folder"
    case S_IFIFO: return "it is a FIFO"
    case S_IFCHR, S_IFBLK: return "it is a device"
    case S_IFSOCK: return "it is a socket"
    default: return "it is not a regular file"
    }
  }

  /// When the save folder itself is not a folder, says so.
  private func directoryProblem() -> SaveReadResult? {
    var info = stat()
    guard stat(directory.path, &info) == 0, info.st_mode & S_IFMT != S_IFDIR else { return nil }
    return .unusable(reason: "the save folder '\(directory.path)' is not a folder")
  }

  /// The most saves a game keeps (`<name>.json` files): a new name past it is refused at write.
  public static let maxSaves = 100
  /// The most set-aside saves (`<name>.damaged-<n>.json`) a game keeps: setting one more aside
  /// removes the oldest first.
  public static let maxSetAside = 20

  /// Replaces the save called `name` with `data`, atomically and (when `isDurable`) durably.
  /// Refused, with nothing written, when `read` could not read it back (over `maxBytes`) or
  /// when it is a new save past `maxSaves`.
  public func write(_ name: String, _ data: Data) throws(SaveError) {
    let url = try url(for: name)
    guard data.count <= SaveStore.maxBytes else {
      throw .refused(reason: "it would be \(data.count) bytes, and a save may be at most \(SaveStore.maxBytes / (1024 * 1024)) MiB")
    }
    if !SaveStore.isOccupied(url.path), savedNames().count >= SaveStore.maxSaves {
      throw .refused(reason: "a game may keep at most \(SaveStore.maxSaves) saves, and this would be one more")
    }
    try createDirectory()
    removeStaleTemporaryFiles()
    let finalPath = url.path
    // Same directory as the target so rename(2) is atomic (no cross-device move).
    let tempPath = directory.appendingPathComponent(".\(name).json.tmp-\(getpid())").path
    let fd = open(tempPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard fd >= 0 else { throw SaveStore.ioError("create", tempPath) }
    var failure: SaveError?
    data.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count {
        let n = posixWrite(fd, raw.baseAddress.map { $0 + offset }, raw.count - offset)
        if n < 0 {
          if errno == EINTR { continue }
          failure = SaveStore.ioError("write", tempPath)
          return
        }
        offset += n
      }
    }
    if failure == nil, isDurable, fsync(fd) != 0 { failure = SaveStore.ioError("sync", tempPath) }
    if close(fd) != 0, failure == nil { failure = SaveStore.ioError("close", tempPath) }
    if let failure {
      unlink(tempPath)
      throw failure
    }
    guard rename(tempPath, finalPath) == 0 else {
      let error = SaveStore.ioError("rename into", finalPath)
      unlink(tempPath)
      throw error
    }
    if isDurable { syncDirectory() }
  }

  /// Whether anything is in the place of the save called `name`, links not followed: a dangling
  /// symlink is in the way as much as a file is, and `read` calls it unusable, not missing.
  public func isOccupied(_ name: String) throws(SaveError) -> Bool {
    SaveStore.isOccupied(try url(for: name).path)
  }

  private static func isOccupied(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0
  }

  /// Moves the (damaged) save called `name` to the first free `<name>.damaged-<n>.json` and
  /// returns where it went. Never replaces an existing file: the move uses link(2), which
  /// fails rather than overwrite. Throws when there is no such save.
  @discardableResult
  public func setAside(_ name: String) throws(SaveError) -> URL {
    let source = try url(for: name).path
    if case .unusable = directoryProblem() ?? .missing { return try setAsideDirectory() }
    removeOldestSetAside(keeping: SaveStore.maxSetAside - 1)
    var n = 1
    while true {
      let target = directory.appendingPathComponent("\(name).damaged-\(n).json")
      if link(source, target.path) == 0 {
        // Only drop the name if it still is the damaged file: a save written over it in the
        // meantime (another process) is good and must stay. (renameat2's RENAME_NOREPLACE would
        // close the last gap, but Swift's Glibc module does not declare it.)
        if SaveStore.sameFile(source, target.path), unlink(source) != 0 {
          throw SaveStore.ioError("remove", source)
        }
        syncDirectory()
        return target
      }
      switch errno {
      case EEXIST:
        n += 1
      case EPERM, ENOTSUP, EXDEV:
        // File systems without hard links: fall back to check-then-rename.
        if access(target.path, F_OK) == 0 {
          n += 1
          continue
        }
        guard rename(source, target.path) == 0 else { throw SaveStore.ioError("set aside", source) }
        syncDirectory()
        return target
      default:
        throw SaveStore.ioError("set aside", source)
      }
    }
  }

  /// Moves a file standing where the save folder should be to `<folder>.damaged-<n>`, so the
  /// next write can create the folder.
  private func setAsideDirectory() throws(SaveError) -> URL {
    let source = directory.standardizedFileURL
    var n = 1
    while true {
      let target = source.deletingLastPathComponent()
        .appendingPathComponent("\(source.lastPathComponent).damaged-\(n)")
      var info = stat()
      if lstat(target.path, &info) == 0 {
        n += 1
        continue
      }
      guard rename(source.path, target.path) == 0 else { throw SaveStore.ioError("set aside", source.path) }
      return target
    }
  }

  /// Whether two paths name the same file (device and inode), links not followed (a set-aside
  /// symlink is the link itself).
  private static func sameFile(_ a: String, _ b: String) -> Bool {
    var first = stat()
    var second = stat()
    guard lstat(a, &first) == 0, lstat(b, &second) == 0 else { return false }
    return first.st_dev == second.st_dev && first.st_ino == second.st_ino
  }

  /// The names of the saves in the folder (`<name>.json`, set-aside and temporary files not counted).
  public func savedNames() -> [String] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return entries.compactMap { entry in
      guard entry.hasSuffix(".json"), !entry.contains(".damaged-") else { return nil }
      let name = String(entry.dropLast(".json".count))
      return SaveStore.isValidName(name) ? name : nil
    }
  }

  /// The set-aside saves in the folder, oldest first: by when they were set aside (link(2) and
  /// rename(2) both stamp the change time), then by name.
  public func setAsideFiles() -> [String] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    let found: [(name: String, time: Double)] = entries.filter { $0.contains(".damaged-") && $0.hasSuffix(".json") }.map { entry in
      var info = stat()
      let path = directory.appendingPathComponent(entry).path
      let time = lstat(path, &info) == 0 ? Double(info.st_ctim.tv_sec) + Double(info.st_ctim.tv_nsec) / 1e9 : 0
      return (entry, time)
    }
    return found.sorted { ($0.time, $0.name) < ($1.time, $1.name) }.map(\.name)
  }

  /// Removes set-aside saves, oldest first, until at most `count` are left.
  private func removeOldestSetAside(keeping count: Int) {
    let files = setAsideFiles()
    for entry in files.prefix(max(0, files.count - count)) {
      unlink(directory.appendingPathComponent(entry).path)
    }
  }

  /// Deletes the save called `name`; a missing save is not an error.
  public func remove(_ name: String) throws(SaveError) {
    let path = try url(for: name).path
    if unlink(path) != 0, errno != ENOENT { throw SaveStore.ioError("remove", path) }
  }

  /// Deletes `.<name>.json.tmp-<pid>` files whose writer is gone (killed mid-write): they are
  /// never renamed into place, so without this they would pile up forever.
  private func removeStaleTemporaryFiles() {
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
    let me = getpid()
    for entry in entries where entry.hasPrefix(".") {
      guard let mark = entry.range(of: ".json.tmp-", options: .backwards),
        let pid = Int32(entry[mark.upperBound...]), pid > 0, pid != me
      else { continue }
      // ESRCH: no such process. EPERM means it exists (another user's): leave its file alone.
      if kill(pid, 0) != 0, errno == ESRCH {
        unlink(directory.appendingPathComponent(entry).path)
      }
    }
  }

  private func createDirectory() throws(SaveError) {
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      throw .io(operation: "create directory", path: directory.path, reason: "\(error)")
    }
  }

  /// Makes the rename itself durable; failure here is not worth failing the save over.
  private func syncDirectory() {
    let fd = open(directory.path, O_RDONLY)
    guard fd >= 0 else { return }
    fsync(fd)
    close(fd)
  }

  private static func ioError(_ operation: String, _ path: String) -> SaveError {
    .io(operation: operation, path: path, reason: String(cString: strerror(errno)))
  }
}

// `SaveStore.read`/`write` shadow the POSIX calls inside the type; these reach the real ones.
#if canImport(Glibc)
  private func posixRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    Glibc.read(fd, buffer, count)
  }
  private func posixWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    Glibc.write(fd, buffer, count)
  }
#elseif canImport(Darwin)
  private func posixRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    Darwin.read(fd, buffer, count)
  }
  private func posixWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    Darwin.write(fd, buffer, count)
  }
#endif
