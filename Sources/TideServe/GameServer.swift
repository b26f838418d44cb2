import FlyingFox
import Foundation
import TideCore

#if canImport(Glibc)
  import Glibc
#endif

/// `tide run --serve`: serves the page, the game's images and one WebSocket per browser, each
/// playing its own session on the `SessionHub`.
///
/// Nothing is served without the key the printed URL carries (`?k=`), and files only from the
/// game's `assets/` folder, symlinks followed (`FolderWall`).
public final class GameServer: Sendable {
  public let hub: SessionHub
  /// The random key every request must carry.
  public let key: String
  private let server: HTTPServer
  private let gameDirectory: URL
  /// A packed game's files, whose assets are served from memory; nil for a folder.
  private let packed: (any GameFiles)?
  private let address: String

  /// The engine's fonts the page may ask for, by URL path (`ServeProtocol.fontPaths`).
  private let fonts: [(path: String, file: URL)]

  /// Makes a server that will listen on `address` (an IPv4 address) and `port` (0: any free one).
  /// The fonts the window draws text with (`textFont`, then `emojiFont` for colour emoji and
  /// `cjkFont` for Chinese, Japanese and Korean) are served to the page so its text looks the
  /// same; they are the only files outside the game's assets the page can ask for. `files`,
  /// when they are a packed game's, serve its assets from memory instead of `gameDirectory`.
  public init(
    address: String, port: UInt16, hub: SessionHub, gameDirectory: URL, files: (any GameFiles)? = nil, textFont: URL? = nil,
    emojiFont: URL? = nil, cjkFont: URL? = nil, key: String = GameServer.makeKey()
  ) throws {
    packed = files?.folder == nil ? files : nil
    self.hub = hub
    self.key = key
    self.address = address
    fonts = zip(ServeProtocol.fontPaths, [textFont, emojiFont, cjkFont]).compactMap { path, file in
      guard let file, FileManager.default.isReadableFile(atPath: file.path) else { return nil }
      return (path, file)
    }
    self.gameDirectory = gameDirectory.standardizedFileURL
    let config = HTTPServer.Configuration(address: try sockaddr_in.inet(ip4: address, port: port), logger: .disabled)
    server = HTTPServer(config: config)
  }

  /// A key no one on the network guesses: 128 random bits, as hex.
  public static func makeKey() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<2).map { _ in
      let hex = String(generator.next() as UInt64, radix: 16)
      return String(repeating: "0", count: 16 - hex.count) + hex
    }.joined()
  }

  /// Starts the hub and listens; returns once connections are taken, with the port listened on.
  public func start() async throws -> UInt16 {
    await server.appendRoute("GET /", to: PageHandler(key: key))
    await server.appendRoute("GET /index.html", to: PageHandler(key: key))
    await server.appendRoute("GET /assets/*", to: AssetHandler(key: key, gameDirectory: gameDirectory, packed: packed))
    await server.appendRoute("GET /ws", to: SocketHandler(key: key, hub: hub))
    for font in fonts {
      await server.appendRoute(HTTPRoute("GET /\(font.path)"), to: FontHandler(key: key, file: font.file))
    }
    hub.fontPaths = fonts.map(\.path)
    let server = self.server
    // A port already taken ends `run()` at once: that error, not a timeout, is what to tell.
    let failure = FailureBox()
    Task {
      do { try await server.run() } catch { failure.error = error }
    }
    var listening = false
    for _ in 0..<100 where !listening {
      if let error = failure.error { throw error }
      listening = (try? await server.waitUntilListening(timeout: 0.1)) != nil
    }
    guard listening else { throw failure.error ?? ServeStartError() }
    hub.start()
    switch await server.listeningAddress {
    case .ip4(_, let port)?, .ip6(_, let port)?:
      Self.sendSmallWritesAtOnce(port: port)
      return port
    default: return 0
    }
  }

  /// Turns Nagle's algorithm off on the listening socket, which the connections it accepts
  /// inherit (Linux): a frame a tick is a stream of small writes, and Nagle held each back
  /// until the page's delayed acknowledgement of the one before, tens of milliseconds later.
  /// FlyingFox does not hand its socket out, so it is found by the port it listens on.
  private static func sendSmallWritesAtOnce(port: UInt16) {
    for descriptor in Int32(3)..<Int32(1024) {
      var address = sockaddr_in()
      var length = socklen_t(MemoryLayout<sockaddr_in>.size)
      let found = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
      }
      guard found == 0, address.sin_family == sa_family_t(AF_INET), UInt16(bigEndian: address.sin_port) == port else { continue }
      var listening: Int32 = 0
      var size = socklen_t(MemoryLayout<Int32>.size)
      guard getsockopt(descriptor, SOL_SOCKET, SO_ACCEPTCONN, &listening, &size) == 0, listening != 0 else { continue }
      var one: Int32 = 1
      setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
    }
  }

  /// Stops listening, closes every page and ends every session.
  public func stop() async {
    await server.stop(timeout: 1)
    hub.stop()
  }

  /// The address to open for `host` and `port`, key included.
  public func url(host: String, port: UInt16) -> String {
    "http://\(host):\(port)/?k=\(key)"
  }
}

/// Why the server did not start, when FlyingFox said nothing.
struct ServeStartError: Error, CustomStringConvertible {
  var description: String { "the server did not start listening within 10 seconds" }
}

/// The error `run()` ended with, read by the task that waits for it to listen.
private final class FailureBox: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: (any Error)?

  var error: (any Error)? {
    get {
      lock.lock()
      defer { lock.unlock() }
      return stored
    }
    set {
      lock.lock()
      stored = newValue
      lock.unlock()
    }
  }
}

/// The answer to a request without the right key: the same for a wrong key as for none.
private func forbidden() -> HTTPResponse {
  HTTPResponse(
    statusCode: .forbidden, headers: [.contentType: "text/plain; charset=utf-8"],
    body: Data("open the address tide printed, key included\n".utf8))
}

private struct PageHandler: HTTPHandler {
  let key: String

  func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
    guard request.query["k"] == key else { return forbidden() }
    return HTTPResponse(
      statusCode: .ok,
      headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
      body: Data(PackageResources.index_html))
  }
}

struct AssetHandler: HTTPHandler {
  let key: String
  let gameDirectory: URL
  let packed: (any GameFiles)?

  func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
    guard request.query["k"] == key else { return forbidden() }
    let notFound = HTTPResponse(statusCode: .notFound)
    let name = String(request.path.dropFirst("/assets/".count))
    guard let decoded = name.removingPercentEncoding, !decoded.isEmpty,
      !decoded.split(separator: "/").contains(where: { $0 == ".." || $0 == "." })
    else { return notFound }
    if let packed {
      // The archive was checked when it opened: its paths are plain, its files in memory.
      guard packed.isReadableFile("assets/" + decoded), let data = packed.contents("assets/" + decoded) else { return notFound }
      return HTTPResponse(
        statusCode: .ok, headers: [.contentType: Self.contentType(of: decoded), .cacheControl: "no-cache"], body: data)
    }
    let assets = gameDirectory.appendingPathComponent("assets")
    let file = assets.appendingPathComponent(decoded)
    // The wall is the assets folder, symlinks followed: scripts, saves and the rest of the
    // disk are not the page's business.
    guard FolderWall.isReadableFile(file, roots: [assets]), let data = try? Data(contentsOf: file) else {
      return notFound
    }
    return HTTPResponse(
      statusCode: .ok, headers: [.contentType: Self.contentType(of: decoded), .cacheControl: "no-cache"], body: data)
  }

  static func contentType(of name: String) -> String {
    switch (name as NSString).pathExtension.lowercased() {
    case "png": return "image/png"
    case "jpg", "jpeg": return "image/jpeg"
    case "webp": return "image/webp"
    case "gif": return "image/gif"
    case "bmp": return "image/bmp"
    case "svg": return "image/svg+xml"
    // Every sound kind the engine plays (SoundFiles.extensions), so the page's Web Audio decodes it.
    case "wav": return "audio/wav"
    case "ogg", "opus": return "audio/ogg"
    case "mp3": return "audio/mpeg"
    case "flac": return "audio/flac"
    case "aiff": return "audio/aiff"
    case "ttf": return "font/ttf"
    case "otf": return "font/otf"
    case "ttc": return "font/collection"
    default: return "application/octet-stream"
    }
  }
}

/// One of the window's fonts, for the page's canvas.
private struct FontHandler: HTTPHandler {
  let key: String
  let file: URL

  func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
    guard request.query["k"] == key else { return forbidden() }
    guard let data = try? Data(contentsOf: file) else { return HTTPResponse(statusCode: .notFound) }
    let type = file.pathExtension.lowercased() == "ttc" ? "font/collection" : file.pathExtension.lowercased() == "otf" ? "font/otf" : "font/ttf"
    return HTTPResponse(statusCode: .ok, headers: [.contentType: type, .cacheControl: "max-age=86400"], body: data)
  }
}

/// Upgrades `/ws?k=KEY&device=ID` to a WebSocket for that device's session.
private struct SocketHandler: HTTPHandler {
  let key: String
  let hub: SessionHub

  func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
    guard request.query["k"] == key else { return forbidden() }
    guard let device = request.query["device"], Self.isDeviceID(device) else {
      return HTTPResponse(statusCode: .badRequest, body: Data("device: 8 to 64 letters, digits or dashes\n".utf8))
    }
    let connection = PageConnection(hub: hub, device: device, peer: request.remoteAddress)
    return try await WebSocketHTTPHandler(handler: connection).handleRequest(request)
  }

  /// The id names a folder of saves: letters, digits and dashes only, never `..`.
  static func isDeviceID(_ id: String) -> Bool {
    (8...64).contains(id.count) && id.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-") }
  }
}

/// One page's WebSocket, its frames handled here rather than through FlyingFox's message
/// layer: the hub writes each tick's message to the socket itself (`PageOutlet`), and the
/// page's messages go to the hub, checked.
private struct PageConnection: WSHandler {
  let hub: SessionHub
  let device: String
  /// Where the page connects from: how its socket is found among the process's.
  let peer: HTTPRequest.Address?

  func makeFrames(for client: AsyncThrowingStream<WSFrame, any Error>) async throws -> AsyncStream<WSFrame> {
    let outlet = PageOutlet(socket: peer.flatMap(PageOutlet.socket(connectedTo:)) ?? -1)
    let stream = AsyncStream<WSFrame>(unfolding: { await outlet.next() }, onCancel: { outlet.streamEnded() })
    let hub = self.hub
    let connection = hub.connectionNumber()
    hub.post(.open(connection: connection, device: device, outlet: outlet))
    Task {
      var second = DispatchTime.now().uptimeNanoseconds
      var count = 0
      func refuse(_ reason: String, _ short: String) {
        // A broken or hostile page loses its own connection and nothing else.
        hub.post(.close(connection: connection, reason: reason))
        outlet.close(reason: short)
      }
      do {
        for try await frame in client {
          // Ten fingers moving at a fast screen's rate stay far below this; a flood does not.
          count += 1
          let now = DispatchTime.now().uptimeNanoseconds
          if now - second > 1_000_000_000 {
            second = now
            count = 1
          }
          if count > PageInput.maxPerSecond {
            refuse("more than \(PageInput.maxPerSecond) messages a second from the page", "too many messages")
            return
          }
          switch frame.opcode {
          case .text where frame.fin:
            guard let text = String(data: frame.payload, encoding: .utf8) else {
              refuse("bad message from the page: not UTF-8", "bad message")
              return
            }
            do {
              hub.post(.input(connection: connection, try PageInput.parse(text)))
            } catch {
              refuse("bad message from the page: \(error)", "bad message")
              return
            }
          case .ping:
            outlet.yield(WSFrame(fin: true, opcode: .pong, mask: nil, payload: frame.payload))
          case .pong:
            break
          case .close:
            outlet.close(reason: "")
            hub.post(.close(connection: connection, reason: nil))
            return
          default:
            refuse("binary or fragmented message from the page", "bad message")
            return
          }
        }
      } catch {
        // The socket broke: as a page that left.
      }
      outlet.close(reason: "")
      hub.post(.close(connection: connection, reason: nil))
    }
    return stream
  }
}

/// Hands the hub's messages to a page, from any thread.
///
/// A message used to go to the task that writes the connection's stream: a wake-up of another
/// thread and a hop through the concurrency runtime for every tick of every session, which
/// cost more than building and sending the message. Now the thread that sends a message writes
/// it to the socket itself, one non-blocking write, through a descriptor of its own (`dup`):
/// the page's socket stays open for it until `close`, whatever FlyingFox does with its own.
///
/// FlyingFox writes the upgrade's answer before it asks the connection's stream for a frame,
/// so messages wait here until that first request. Without a socket of its own (it was not
/// found) the outlet hands every message to the stream instead, as FlyingFox's handlers do.
final class PageOutlet: ServeOutlet, @unchecked Sendable {
  /// Messages kept for a page that cannot take them yet; past these the oldest are dropped
  /// (the page is then sent a whole frame).
  static let kept = 8

  private let lock = NSLock()
  /// The page's socket, duplicated; -1 when there is none.
  private var socket: Int32
  /// Whether FlyingFox asked for a frame: its upgrade answer is out.
  private var open = false
  /// Frames for the stream, or for the socket once it is open.
  private var waiting: [WSFrame] = []
  /// The stream's request for a frame, while there is none to give.
  private var request: CheckedContinuation<WSFrame?, Never>?
  /// The rest of a frame the socket did not take whole: written before anything else.
  private var unsent: [UInt8] = []
  /// A frame as it goes to the socket, its storage kept from message to message.
  private var outgoing: [UInt8] = []
  private var lost = false
  private var closed = false

  init(socket: Int32) {
    self.socket = socket
  }

  /// The page's socket connected from `peer`, duplicated, or nil: FlyingFox does not hand its
  /// sockets out, so it is found among the process's by the address at its other end.
  static func socket(connectedTo peer: HTTPRequest.Address) -> Int32? {
    guard case .ip4(let ip, let port) = peer else { return nil }
    var wanted = in_addr()
    guard inet_pton(AF_INET, ip, &wanted) == 1 else { return nil }
    for descriptor in Int32(3)..<Int32(4096) {
      var address = sockaddr_in()
      var length = socklen_t(MemoryLayout<sockaddr_in>.size)
      let found = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getpeername(descriptor, $0, &length) }
      }
      guard found == 0, address.sin_family == sa_family_t(AF_INET), UInt16(bigEndian: address.sin_port) == port,
        address.sin_addr.s_addr == wanted.s_addr
      else { continue }
      let copy = dup(descriptor)
      return copy >= 0 ? copy : nil
    }
    return nil
  }

  func send(_ text: String) {
    var text = text
    text.withUTF8 { send(utf8: UnsafeRawBufferPointer($0)) }
  }

  func send(utf8 bytes: UnsafeRawBufferPointer) {
    lock.withLock {
      guard !closed else { return }
      if open, socket >= 0 {
        write(opcode: .text, payload: bytes)
        return
      }
      queue(WSFrame(fin: true, opcode: .text, mask: nil, payload: Data(bytes)))
    }
  }

  func yield(_ frame: WSFrame) {
    lock.withLock {
      guard !closed else { return }
      if open, socket >= 0 {
        write(frame)
        return
      }
      queue(frame)
    }
  }

  /// Keeps a frame for the stream, or for the socket once it opens (under the lock).
  private func queue(_ frame: WSFrame) {
    waiting.append(frame)
    if waiting.count > Self.kept {
      waiting.removeFirst()
      lost = true
    }
    handOver()
  }

  func flush() {
    lock.withLock {
      guard open, socket >= 0, !unsent.isEmpty else { return }
      writeUnsent()
    }
  }

  func takeLost() -> Bool {
    lock.withLock {
      defer { lost = false }
      return lost
    }
  }

  func close(reason: String) {
    // 1000: a normal closure; 4000 (for applications): the server's reason follows.
    let code: UInt16 = reason.isEmpty ? 1000 : 4000
    var payload = Data([UInt8(code >> 8), UInt8(code & 0xFF)])
    payload.append(contentsOf: Data(String(reason.prefix(100)).utf8))
    let frame = WSFrame(fin: true, opcode: .close, mask: nil, payload: payload)
    lock.withLock {
      guard !closed else { return }
      closed = true
      if open, socket >= 0 {
        write(frame)
      } else {
        waiting.append(frame)
      }
      // Before the upgrade's answer is out, the stream takes what waits, the close last.
      releaseSocket()
      handOver()
    }
  }

  deinit {
    if socket >= 0 { Glibc.close(socket) }
  }

  /// FlyingFox stopped reading the stream (the connection's task ended).
  func streamEnded() {
    lock.withLock {
      closed = true
      waiting.removeAll()
      releaseSocket()
      request?.resume(returning: nil)
      request = nil
    }
  }

  /// The stream's next frame: none once the socket is open (the outlet writes it), only the
  /// end, when the page is closed.
  func next() async -> WSFrame? {
    await withCheckedContinuation { continuation in
      lock.withLock {
        if !open {
          open = true
          if socket >= 0 {
            // The upgrade's answer is out: what waited goes to the socket now.
            let frames = waiting
            waiting.removeAll()
            for frame in frames { write(frame) }
          }
        }
        request = continuation
        handOver()
      }
    }
  }

  /// Answers the stream's request (under the lock): the next waiting frame, or the end.
  private func handOver() {
    guard open, let request else { return }
    if !waiting.isEmpty {
      self.request = nil
      request.resume(returning: waiting.removeFirst())
    } else if closed {
      self.request = nil
      request.resume(returning: nil)
    }
  }

  /// Writes a frame to the socket (under the lock); a page that cannot take it whole now gets
  /// the rest first next time, and a frame that finds the rest still there is dropped.
  private func write(_ frame: WSFrame) {
    frame.payload.withUnsafeBytes { write(opcode: frame.opcode, payload: $0) }
  }

  /// `write` of a final frame of `payload`, made in a buffer kept from frame to frame.
  private func write(opcode: WSFrame.Opcode, payload: UnsafeRawBufferPointer) {
    if !unsent.isEmpty {
      writeUnsent()
      guard unsent.isEmpty else {
        if opcode == .text { lost = true }
        return
      }
    }
    outgoing.removeAll(keepingCapacity: true)
    Self.header(fin: true, opcode: opcode, count: payload.count, into: &outgoing)
    outgoing.append(contentsOf: payload)
    let written = outgoing.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
    if written == outgoing.count { return }
    if written < 0 {
      // A full socket drops the frame; a broken one is noticed by the reading side, which
      // closes the connection.
      if opcode == .text { lost = true }
      return
    }
    unsent = Array(outgoing[written...])
  }

  private func writeUnsent() {
    let written = unsent.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
    if written > 0 { unsent.removeFirst(written) }
  }

  private func releaseSocket() {
    guard socket >= 0 else { return }
    Glibc.close(socket)
    socket = -1
    unsent.removeAll()
  }

  /// A server frame's first bytes, as the WebSocket protocol writes them: unmasked, its length
  /// in 1, 3 or 9 bytes.
  static func header(fin: Bool, opcode: WSFrame.Opcode, count: Int, into bytes: inout [UInt8]) {
    bytes.append((fin ? 0x80 : 0) | opcode.rawValue)
    if count < 126 {
      bytes.append(UInt8(count))
    } else if count <= 0xFFFF {
      bytes.append(126)
      bytes.append(UInt8(count >> 8))
      bytes.append(UInt8(count & 0xFF))
    } else {
      bytes.append(127)
      for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8((UInt64(count) >> UInt64(shift)) & 0xFF)) }
    }
  }
}
