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

  /// Reads the save called `name`.
  public func read(_ name: String) throws(SaveError) -> SaveReadResult {
    let url = try url(for: name)
    let path = url.path
    let fd = open(path, O_RDONLY)
    if fd < 0 {
      if errno == ENOENT { return .missing }
      throw SaveStore.ioError("read", path)
    }
    defer { close(fd) }
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let n = buffer.withUnsafeMutableBytes { posixRead(fd, $0.baseAddress, $0.count) }
      if n < 0 {
        if errno == EINTR { continue }
        throw SaveStore.ioError("read", path)
      }
      if n == 0 { break }
      data.append(contentsOf: buffer[0..<n])
    }
    return .data(data)
  }

  /// Replaces the save called `name` with `data`, atomically and durably.
  public func write(_ name: String, _ data: Data) throws(SaveError) {
    let url = try url(for: name)
    try createDirectory()
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
    if failure == nil, fsync(fd) != 0 { failure = SaveStore.ioError("sync", tempPath) }
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
    syncDirectory()
  }

  /// Moves the (damaged) save called `name` to the first free `<name>.damaged-<n>.json` and
  /// returns where it went. Never replaces an existing file: the move uses link(2), which
  /// fails rather than overwrite. Throws when there is no such save.
  @discardableResult
  public func setAside(_ name: String) throws(SaveError) -> URL {
    let source = try url(for: name).path
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

  /// Whether two paths name the same file (device and inode).
  private static func sameFile(_ a: String, _ b: String) -> Bool {
    var first = stat()
    var second = stat()
    guard stat(a, &first) == 0, stat(b, &second) == 0 else { return false }
    return first.st_dev == second.st_dev && first.st_ino == second.st_ino
  }

  /// Deletes the save called `name`; a missing save is not an error.
  public func remove(_ name: String) throws(SaveError) {
    let path = try url(for: name).path
    if unlink(path) != 0, errno != ENOENT { throw SaveStore.ioError("remove", path) }
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
