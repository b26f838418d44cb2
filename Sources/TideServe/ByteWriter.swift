/// Bytes written at their end, into storage kept from tick to tick: what a page's messages are
/// written into on the hub's thread.
///
/// A message in play is mostly short numbers, a few bytes each. An `Array`'s `append` checks,
/// for every byte, that its storage is its own and has room, which cost more than writing the
/// bytes; here a writer makes room once for what it is about to write (`room(_:)`), writes
/// through the pointer, then counts what it wrote (`advance(by:)`). A class, so that the lists
/// a tick writes are passed along and kept without copies.
final class ByteWriter {
  private var start: UnsafeMutablePointer<UInt8>
  private(set) var count = 0
  private var capacity: Int

  init(capacity: Int = 256) {
    self.capacity = max(capacity, 32)
    start = .allocate(capacity: self.capacity)
  }

  deinit {
    start.deallocate()
  }

  var isEmpty: Bool { count == 0 }

  /// What was written; valid until the next write.
  var written: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: start, count: count) }

  /// What was written, as text.
  var text: String { String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self) }

  /// Empties it, keeping its storage.
  func removeAll() {
    count = 0
  }

  @inline(__always)
  func append(_ byte: UInt8) {
    if count == capacity { grow(toHold: 1) }
    start[count] = byte
    count += 1
  }

  func append(_ bytes: UnsafeRawBufferPointer) {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
    room(bytes.count).update(from: base.assumingMemoryBound(to: UInt8.self), count: bytes.count)
    count += bytes.count
  }

  func append(_ text: StaticString) {
    text.withUTF8Buffer { append(UnsafeRawBufferPointer($0)) }
  }

  func append(utf8 text: String) {
    var text = text
    text.withUTF8 { append(UnsafeRawBufferPointer($0)) }
  }

  func append(_ other: ByteWriter) {
    append(other.written)
  }

  /// Where the next `count` bytes go: room for them at the end, which the caller writes and
  /// then counts with `advance(by:)`.
  @inline(__always)
  func room(_ count: Int) -> UnsafeMutablePointer<UInt8> {
    if capacity - self.count < count { grow(toHold: count) }
    return start + self.count
  }

  /// Counts `count` bytes written into `room`.
  @inline(__always)
  func advance(by count: Int) {
    self.count += count
  }

  private func grow(toHold more: Int) {
    let larger = max(capacity * 2, count + more)
    let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
    moved.update(from: start, count: count)
    start.deallocate()
    start = moved
    capacity = larger
  }
}
