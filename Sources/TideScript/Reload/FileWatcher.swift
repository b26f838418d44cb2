import Foundation
import TideCore

#if canImport(Glibc)
  import Glibc
#endif

/// Why a folder cannot be watched.
public struct FileWatcherError: Error, CustomStringConvertible {
  /// One line naming the folder and the system's reason.
  public let description: String
}

/// Reports files saved, renamed into place or deleted anywhere under some folders (inotify).
///
/// inotify watches directories, not trees, so every folder below each root gets its own watch,
/// and folders that appear later are added as they are seen. Directories are watched rather
/// than files because editors often save by writing a temporary file and renaming it over the
/// original, which replaces the file a per-file watch would be attached to.
///
/// Reading never blocks: `readChanges()` drains what the kernel queued since the last call,
/// so a game loop can call it once per frame for the cost of one system call.
public final class FileWatcher {
  /// The folders watched, standardized.
  public let roots: [URL]
  /// True once the kernel dropped events (its queue overflowed): anything may have changed.
  public var overflowed = false

  private let descriptor: Int32
  private var directories: [Int32: String] = [:]
  private var buffer = [UInt8](repeating: 0, count: 64 * 1024)

  // A file's content is final when it is closed after writing or renamed into place; a bare
  // IN_CREATE would announce a file that is still empty, so for files it is ignored.
  private static let mask = UInt32(
    IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_DELETE_SELF | IN_ONLYDIR)

  /// Starts watching `roots` and every folder below them (hidden folders such as `.git` excepted).
  public init(roots: [URL]) throws(FileWatcherError) {
    self.roots = roots.map(\.standardizedFileURL)
    #if canImport(Glibc)
      descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
      guard descriptor >= 0 else {
        throw FileWatcherError(description: "cannot watch files: inotify_init1 failed (\(String(cString: strerror(errno))))")
      }
      for root in self.roots { try watchTree(root.path) }
    #else
      throw FileWatcherError(description: "watching files needs inotify (Linux)")
    #endif
  }

  deinit {
    #if canImport(Glibc)
      close(descriptor)
    #endif
  }

  /// How many folders are watched.
  public var watchedFolderCount: Int { directories.count }

  /// Absolute paths of files changed or deleted since the last call; never blocks.
  ///
  /// Temporary and hidden files (editor swap files, `.#x`, `x~`) are left out. A path may
  /// name a file that no longer exists: the caller decides, when it acts, whether it changed
  /// or went away, which also settles a burst that deleted and rewrote the same file.
  public func readChanges() -> Set<String> {
    var changes: Set<String> = []
    #if canImport(Glibc)
      while true {
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { break }  // EAGAIN: the queue is empty
        parse(count: count, into: &changes)
      }
    #endif
    return changes
  }

  /// One burst of saves: what has arrived, plus whatever keeps arriving until the folders have
  /// been quiet for `settle` seconds (`maxSettle` at most). Empty, at once, when nothing had
  /// arrived. After a kernel queue overflow `overflowed` is set and every root is walked again,
  /// so folders whose creation was lost are watched.
  public func readBurst(settle: Double, maxSettle: Double) -> Set<String> {
    var changes = readChanges()
    guard !changes.isEmpty || overflowed else { return [] }
    let started = DispatchTime.now().uptimeNanoseconds
    func elapsed() -> Double { Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9 }
    while elapsed() < maxSettle, wait(timeout: settle) { changes.formUnion(readChanges()) }
    if overflowed {
      for root in roots { try? watchTree(root.path) }  // adding an existing watch is harmless
    }
    return changes
  }

  /// Waits up to `timeout` seconds (nil: forever) for something to read; true when there is.
  public func wait(timeout: Double?) -> Bool {
    #if canImport(Glibc)
      var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      let milliseconds = timeout.map { Int32(max(0, ($0 * 1000).rounded(.up))) } ?? -1
      return poll(&request, 1, milliseconds) > 0
    #else
      return false
    #endif
  }

  /// Whether a file name is an editor's temporary or backup file rather than the author's file.
  public static func isTemporary(_ name: String) -> Bool {
    name.hasPrefix(".") || name.hasPrefix("#") || name.hasSuffix("~")
      || name.hasSuffix(".swp") || name.hasSuffix(".swx") || name.hasSuffix(".tmp")
      || name == "4913"  // vim probes whether it may write the folder with this name
  }

  #if canImport(Glibc)
    private func watchTree(_ path: String) throws(FileWatcherError) {
      // Links below the root are not followed: a link to a folder of the game is watched where
      // it really is, and one out of the game (or `a -> .`, a walk without end) is not watched.
      let below = FolderWalk.entries(under: path, skipHidden: true).filter { $0.kind == .folder }
      for folder in [path] + below.map({ path + "/" + $0.path }) {
        let mask = FileWatcher.mask | (folder == path ? 0 : UInt32(IN_DONT_FOLLOW))
        let wd = inotify_add_watch(descriptor, folder, mask)
        guard wd >= 0 else {
          throw FileWatcherError(description: "cannot watch \(folder): \(FileWatcher.reason(errno))")
        }
        directories[wd] = folder
      }
    }

    private static func reason(_ code: Int32) -> String {
      code == ENOSPC
        ? "the system's inotify watch limit is reached (raise fs.inotify.max_user_watches)"
        : String(cString: strerror(code))
    }

    // struct inotify_event { int wd; uint32_t mask, cookie, len; char name[len]; }, packed back to back.
    private func parse(count: Int, into changes: inout Set<String>) {
      var offset = 0
      while offset + 16 <= count {
        let (wd, eventMask, length) = buffer.withUnsafeBytes { raw in
          (raw.loadUnaligned(fromByteOffset: offset, as: Int32.self),
           raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
           Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self)))
        }
        let nameBytes = buffer[(offset + 16)..<min(count, offset + 16 + length)].prefix { $0 != 0 }
        let name = String(decoding: nameBytes, as: UTF8.self)
        offset += 16 + length
        handle(wd: wd, mask: eventMask, name: name, into: &changes)
      }
    }

    private func handle(wd: Int32, mask eventMask: UInt32, name: String, into changes: inout Set<String>) {
      if eventMask & UInt32(IN_Q_OVERFLOW) != 0 {
        overflowed = true
        return
      }
      if eventMask & UInt32(IN_IGNORED) != 0 {
        directories.removeValue(forKey: wd)  // the folder went away
        return
      }
      guard let directory = directories[wd], !name.isEmpty, !FileWatcher.isTemporary(name) else { return }
      let path = directory + "/" + name
      if eventMask & UInt32(IN_ISDIR) != 0 {
        if eventMask & UInt32(IN_MOVED_FROM) != 0 { unwatch(below: path) }
        if eventMask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
          // Files may land in a new folder before its watch exists: report what is already there.
          try? watchTree(path)
          for file in FileWatcher.files(under: path) { changes.insert(file) }
        }
        return
      }
      if eventMask & UInt32(IN_CREATE) != 0 && eventMask & UInt32(IN_MOVED_TO | IN_CLOSE_WRITE) == 0 { return }
      changes.insert(path)
    }

    /// Drops the watches of a folder moved out of the tree and of everything in it: inotify
    /// keeps watching a moved folder, which would report files under a path that no longer exists.
    private func unwatch(below path: String) {
      for (wd, directory) in directories where directory == path || directory.hasPrefix(path + "/") {
        inotify_rm_watch(descriptor, wd)
        directories.removeValue(forKey: wd)
      }
    }

    private static func files(under path: String) -> [String] {
      FolderWalk.entries(under: path, skipHidden: true)
        .filter { $0.kind == .file && !isTemporary(($0.path as NSString).lastPathComponent) }
        .map { path + "/" + $0.path }
    }
  #endif
}
