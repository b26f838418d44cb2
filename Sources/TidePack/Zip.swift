import CZip
import Foundation

/// One entry of a zip read by `ZipReader`, as its central directory declares it.
struct ZipEntry {
  var index: UInt64
  var path: String
  /// The unpacked size the archive declares (what reading it may never exceed).
  var size: UInt64
  var isFolder: Bool
  var isSymlink: Bool
}

/// A zip held in memory, read through libzip: the bytes are borrowed, never copied or written
/// anywhere, and must outlive the reader (`GameArchive` reads inside `withUnsafeBytes`).
final class ZipReader {
  private let api: tide_zip_api
  private let zip: OpaquePointer

  /// Throws libzip's reason when the bytes are no zip (or a truncated or inconsistent one).
  init(_ bytes: UnsafeRawBufferPointer) throws(ZipFailure) {
    let api = try LibZip.api()
    self.api = api
    var error = zip_error_t()
    api.zip_error_init(&error)
    defer { api.zip_error_fini(&error) }
    guard let base = bytes.baseAddress, bytes.count > 0 else { throw ZipFailure("an empty file") }
    guard let source = api.zip_source_buffer_create(base, UInt64(bytes.count), 0, &error) else {
      throw ZipFailure(LibZip.text(api.zip_error_strerror(&error)))
    }
    // CHECKCONS compares each file's local header with the directory's entry: a hostile zip
    // whose two disagree is refused here rather than read by one and checked by the other.
    guard let zip = api.zip_open_from_source(source, ZIP_RDONLY | ZIP_CHECKCONS, &error) else {
      api.zip_source_free(source)
      throw ZipFailure(LibZip.text(api.zip_error_strerror(&error)))
    }
    self.zip = zip
  }

  deinit { api.zip_discard(zip) }

  /// How many entries the directory declares.
  var count: Int { Int(max(api.zip_get_num_entries(zip, 0), 0)) }

  /// The entry at `index`.
  func entry(_ index: Int) throws(ZipFailure) -> ZipEntry {
    var info = zip_stat_t()
    api.zip_stat_init(&info)
    guard api.zip_stat_index(zip, UInt64(index), 0, &info) == 0, info.valid & UInt64(ZIP_STAT_NAME) != 0,
      info.valid & UInt64(ZIP_STAT_SIZE) != 0, let name = info.name
    else { throw ZipFailure(LibZip.text(api.zip_strerror(zip))) }
    var system: UInt8 = 0
    var attributes: UInt32 = 0
    guard api.zip_file_get_external_attributes(zip, UInt64(index), 0, &system, &attributes) == 0 else {
      throw ZipFailure(LibZip.text(api.zip_strerror(zip)))
    }
    let mode = mode_t(attributes >> 16)
    let path = String(cString: name)
    let unix = UInt32(system) == ZIP_OPSYS_UNIX
    return ZipEntry(
      index: UInt64(index), path: path, size: info.size,
      isFolder: path.hasSuffix("/") || (unix && mode & S_IFMT == S_IFDIR),
      isSymlink: unix && mode & S_IFMT == S_IFLNK)
  }

  /// Unpacks `entry` into `buffer` (exactly `entry.size` bytes), with its CRC-32 checked.
  /// Throws `.overrun` when it unpacks to more than it declares, whatever its header says.
  func read(_ entry: ZipEntry, into buffer: UnsafeMutableRawBufferPointer) throws(ZipFailure) -> Int {
    guard let file = api.zip_fopen_index(zip, entry.index, 0) else { throw ZipFailure(LibZip.text(api.zip_strerror(zip))) }
    defer { _ = api.zip_fclose(file) }
    guard let base = buffer.baseAddress else { return 0 }
    let size = min(Int(entry.size), buffer.count)
    var written = 0
    while written < size {
      let got = api.zip_fread(file, base + written, UInt64(size - written))
      guard got >= 0 else { throw ZipFailure(LibZip.text(api.zip_file_strerror(file))) }
      if got == 0 { break }
      written += Int(got)
    }
    // One more read: a byte past the declared size is a lie; the end is where libzip checks
    // the CRC-32.
    var extra: UInt8 = 0
    let past = api.zip_fread(file, &extra, 1)
    guard past >= 0 else { throw ZipFailure(LibZip.text(api.zip_file_strerror(file))) }
    if past > 0 { throw ZipFailure.overrun }
    return written
  }
}

/// Writes a zip file entry by entry, in the order added, through libzip. Every entry is dated
/// alike and carries the same fields, so the same entries give the same bytes.
final class ZipWriter {
  private let api: tide_zip_api
  private var zip: OpaquePointer?
  let url: URL

  init(creating url: URL) throws(ZipFailure) {
    let api = try LibZip.api()
    self.api = api
    var code: Int32 = 0
    guard let zip = api.zip_open(url.path, ZIP_CREATE | ZIP_TRUNCATE, &code) else {
      var error = zip_error_t()
      api.zip_error_init_with_code(&error, code)
      defer { api.zip_error_fini(&error) }
      throw ZipFailure("cannot write \(url.path): \(LibZip.text(api.zip_error_strerror(&error)))")
    }
    self.zip = zip
    self.url = url
  }

  deinit { if let zip { api.zip_discard(zip) } }

  /// 1980-01-01 00:00, the earliest date a zip holds, as MS-DOS writes it: set as is rather than
  /// from a time_t, which libzip turns into the packing machine's local time.
  private static let dosTime: UInt16 = 0
  private static let dosDate: UInt16 = (0 << 9) | (1 << 5) | 1

  /// Adds `data` as `path` (any path: tests write hostile ones), deflated or stored, with the
  /// Unix `mode` (a regular file's by default; `0o120777` makes a symbolic link).
  func add(_ path: String, _ data: Data, deflate: Bool, mode: UInt32 = 0o100644) throws(ZipFailure) {
    guard let zip else { throw ZipFailure("\(url.path) is closed") }
    // libzip reads the bytes when the archive is closed and frees them then.
    guard let copy = malloc(max(data.count, 1)) else { throw ZipFailure("out of memory") }
    data.withUnsafeBytes { bytes in
      if let base = bytes.baseAddress { copy.copyMemory(from: base, byteCount: bytes.count) }
    }
    guard let source = api.zip_source_buffer(zip, copy, UInt64(data.count), 1) else {
      free(copy)
      throw ZipFailure(LibZip.text(api.zip_strerror(zip)))
    }
    let index = api.zip_file_add(zip, path, source, ZIP_FL_ENC_UTF_8)
    guard index >= 0 else {
      api.zip_source_free(source)
      throw ZipFailure("cannot add '\(path)': \(LibZip.text(api.zip_strerror(zip)))")
    }
    let entry = UInt64(index)
    guard api.zip_set_file_compression(zip, entry, deflate ? ZIP_CM_DEFLATE : ZIP_CM_STORE, 0) == 0,
      api.zip_file_set_dostime(zip, entry, Self.dosTime, Self.dosDate, 0) == 0,
      api.zip_file_set_external_attributes(zip, entry, 0, UInt8(ZIP_OPSYS_UNIX), mode << 16) == 0
    else { throw ZipFailure("cannot add '\(path)': \(LibZip.text(api.zip_strerror(zip)))") }
  }

  /// Writes the archive out (libzip writes a temporary file beside it and renames it).
  func close() throws(ZipFailure) {
    guard let zip else { return }
    guard api.zip_close(zip) == 0 else {
      let reason = LibZip.text(api.zip_strerror(zip))
      throw ZipFailure("cannot write \(url.path): \(reason)")
    }
    self.zip = nil
  }
}

/// libzip's functions, opened on first use (`czip.h` says why they are not linked).
public enum LibZip {
  static func api() throws(ZipFailure) -> tide_zip_api {
    guard let api = tide_zip_load() else {
      throw ZipFailure(tide_zip_problem().map { String(cString: $0) } ?? "libzip could not be opened")
    }
    return api.pointee
  }

  /// libzip's message (its strings are never NULL; its header says so, but not through the
  /// pointers `czip.h` takes from it).
  static func text(_ message: UnsafePointer<CChar>?) -> String {
    message.map { String(cString: $0) } ?? "libzip gave no reason"
  }

  /// The file libzip is opened from, which a bundle must carry; nil when it cannot be opened.
  public static var libraryPath: String? {
    tide_zip_library_path().map { String(cString: $0) }
  }
}

/// What libzip said went wrong, or that a file unpacked past its declared size.
struct ZipFailure: Error, CustomStringConvertible, Equatable {
  let description: String
  init(_ description: String) { self.description = description }
  static let overrun = ZipFailure("unpacks past its declared size")
}
