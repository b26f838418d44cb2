import Foundation

/// Debian's headless `chromium`, driven through the DevTools protocol over one WebSocket: how
/// the tests and `tide bench serve` open the page as a phone would (touch emulation, real
/// canvas drawing, real Web Audio and WebSocket), with nothing from a registry.
///
/// Not thread-safe: one caller drives it, command by command. Pages share the one browser
/// process, which is what costs seconds to start.
public final class HeadlessChromium {
  private let process: Process
  private let profile: URL
  private let socket: BlockingWebSocket
  private var nextID = 1
  /// Events that came while waiting for an answer, oldest first (only the newest few hundred).
  private var events: [[String: Any]] = []
  /// Every message to and from the browser goes to stderr when TIDE_DEVTOOLS_TRACE is set.
  private let trace = ProcessInfo.processInfo.environment["TIDE_DEVTOOLS_TRACE"] != nil

  public struct Failure: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
  }

  /// The browser's executable, or nil when none is installed.
  public static func executable() -> URL? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for folder in path.split(separator: ":").map(String.init) + ["/usr/bin"] {
      for name in ["chromium", "chromium-browser"] {
        let file = URL(fileURLWithPath: folder).appendingPathComponent(name)
        if FileManager.default.isExecutableFile(atPath: file.path) { return file }
      }
    }
    return nil
  }

  /// Starts the browser, headless, with a fresh profile it deletes when closed.
  public init(executable: URL) throws {
    profile = FileManager.default.temporaryDirectory.appendingPathComponent("tide-chromium-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
    process = Process()
    process.executableURL = executable
    process.arguments = [
      // Run as root in a container: Chromium's sandbox needs namespaces it may not get.
      "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-port=0",
      "--user-data-dir=\(profile.path)", "--no-first-run", "--no-default-browser-check", "--mute-audio",
      "--hide-scrollbars", "--disable-extensions", "--disable-background-networking", "--disable-sync",
      // A page in a background tab keeps drawing at full speed: tests open several at once.
      "--disable-background-timer-throttling", "--disable-renderer-backgrounding",
      "--disable-backgrounding-occluded-windows", "about:blank",
    ]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    // The browser writes its port and path once it listens.
    let portFile = profile.appendingPathComponent("DevToolsActivePort")
    let deadline = Date().addingTimeInterval(30)
    var lines: [Substring] = []
    while Date() < deadline, process.isRunning {
      if let text = try? String(contentsOf: portFile, encoding: .utf8) {
        lines = text.split(separator: "\n")
        if lines.count >= 2 { break }
      }
      Thread.sleep(forTimeInterval: 0.05)
    }
    guard lines.count >= 2, let port = UInt16(lines[0]) else {
      process.terminate()
      try? FileManager.default.removeItem(at: profile)
      throw Failure("chromium did not open its DevTools port within 30 seconds")
    }
    do {
      socket = try BlockingWebSocket(port: port, path: String(lines[1]))
    } catch {
      process.terminate()
      try? FileManager.default.removeItem(at: profile)
      throw error
    }
  }

  deinit { close() }

  /// Ends the browser and deletes its profile.
  public func close() {
    guard process.isRunning else {
      try? FileManager.default.removeItem(at: profile)
      return
    }
    _ = try? command("Browser.close", [:], timeout: 2)
    socket.close()
    let deadline = Date().addingTimeInterval(3)
    while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
    if process.isRunning {
      process.terminate()
      process.waitUntilExit()
    }
    try? FileManager.default.removeItem(at: profile)
  }

  /// Sends a command (to a page when `session` is given) and returns its result.
  @discardableResult
  func command(_ method: String, _ params: [String: Any], session: String? = nil, timeout: Double = 15) throws -> [String: Any] {
    let id = nextID
    nextID += 1
    var message: [String: Any] = ["id": id, "method": method, "params": params]
    if let session { message["sessionId"] = session }
    let data = try JSONSerialization.data(withJSONObject: message)
    if trace { FileHandle.standardError.write(Data("devtools> \(String(decoding: data.prefix(300), as: UTF8.self))\n".utf8)) }
    try socket.send(String(decoding: data, as: UTF8.self))
    let deadline = Date().addingTimeInterval(timeout)
    while true {
      let text: String
      do {
        text = try socket.receive(until: deadline)
      } catch is BlockingWebSocket.Timeout {
        throw Failure("\(method): no answer within \(timeout) seconds")
      }
      if trace { FileHandle.standardError.write(Data("devtools< \(text.prefix(300))\n".utf8)) }
      guard Date() < deadline else { throw Failure("\(method): no answer within \(timeout) seconds") }
      guard let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else { continue }
      if object["id"] as? Int == id {
        if let error = object["error"] as? [String: Any] {
          throw Failure("\(method): \(error["message"] as? String ?? "\(error)")")
        }
        return object["result"] as? [String: Any] ?? [:]
      }
      if object["method"] != nil {
        events.append(object)
        if events.count > 500 { events.removeFirst(events.count - 500) }
      }
    }
  }

  /// Opens a new tab of `width` by `height` CSS pixels at `scale` device pixels each, as a
  /// touch screen when `touch` (a phone: touches, no mouse).
  public func newPage(width: Int, height: Int, scale: Double = 1, touch: Bool = true) throws -> BrowserPage {
    let target = try command("Target.createTarget", ["url": "about:blank"])
    guard let targetID = target["targetId"] as? String else { throw Failure("Target.createTarget gave no target") }
    let attached = try command("Target.attachToTarget", ["targetId": targetID, "flatten": true])
    guard let session = attached["sessionId"] as? String else { throw Failure("Target.attachToTarget gave no session") }
    let page = BrowserPage(browser: self, session: session, targetID: targetID)
    try page.setViewport(width: width, height: height, scale: scale, touch: touch)
    return page
  }

  func closeTarget(_ targetID: String) {
    _ = try? command("Target.closeTarget", ["targetId": targetID], timeout: 5)
  }
}

/// One tab of a `HeadlessChromium`.
public final class BrowserPage {
  private let browser: HeadlessChromium
  private let session: String
  private let targetID: String

  init(browser: HeadlessChromium, session: String, targetID: String) {
    self.browser = browser
    self.session = session
    self.targetID = targetID
  }

  /// A touch point for `touch(_:_:)`: CSS pixels, and the finger's id while it is down.
  public struct TouchPoint {
    public var x: Double
    public var y: Double
    public var id: Int

    public init(x: Double, y: Double, id: Int) {
      self.x = x
      self.y = y
      self.id = id
    }
  }

  @discardableResult
  public func command(_ method: String, _ params: [String: Any] = [:], timeout: Double = 15) throws -> [String: Any] {
    try browser.command(method, params, session: session, timeout: timeout)
  }

  public func setViewport(width: Int, height: Int, scale: Double, touch: Bool) throws {
    try command(
      "Emulation.setDeviceMetricsOverride",
      ["width": width, "height": height, "deviceScaleFactor": scale, "mobile": touch])
    try command("Emulation.setTouchEmulationEnabled", ["enabled": touch, "maxTouchPoints": 10])
  }

  /// Goes to `url` and waits for the page to load.
  public func open(_ url: String, timeout: Double = 15) throws {
    try command("Page.enable")
    try command("Page.navigate", ["url": url])
    _ = try wait(until: "document.readyState === 'complete' && location.href !== 'about:blank'", timeout: timeout)
  }

  /// The value of a JavaScript expression (awaited when it is a promise), as JSON gives it.
  @discardableResult
  public func evaluate(_ expression: String, timeout: Double = 15) throws -> Any? {
    let result = try command(
      "Runtime.evaluate", ["expression": expression, "returnByValue": true, "awaitPromise": true], timeout: timeout)
    if let thrown = result["exceptionDetails"] as? [String: Any] {
      let text = (thrown["exception"] as? [String: Any])?["description"] as? String ?? thrown["text"] as? String ?? "\(thrown)"
      throw HeadlessChromium.Failure("the page threw: \(text)")
    }
    return (result["result"] as? [String: Any])?["value"]
  }

  /// Polls `expression` until it is truthy, returning its value; throws after `timeout`.
  @discardableResult
  public func wait(until expression: String, timeout: Double = 10) throws -> Any {
    let deadline = Date().addingTimeInterval(timeout)
    while true {
      if let value = try evaluate(expression), Self.truthy(value) { return value }
      guard Date() < deadline else {
        throw HeadlessChromium.Failure("waited \(timeout) s for: \(expression)")
      }
      Thread.sleep(forTimeInterval: 0.01)
    }
  }

  private static func truthy(_ value: Any) -> Bool {
    switch value {
    case let flag as Bool: return flag
    case let number as NSNumber: return number.doubleValue != 0
    case let text as String: return !text.isEmpty
    case is NSNull: return false
    default: return true
    }
  }

  /// A touch event: `touchStart`, `touchMove`, `touchEnd` or `touchCancel`, with every finger
  /// that is down (for `touchEnd`, those still down after it) in one event.
  public func touch(_ type: String, _ points: [TouchPoint]) throws {
    try command(
      "Input.dispatchTouchEvent",
      ["type": type, "touchPoints": points.map { ["x": $0.x, "y": $0.y, "id": $0.id, "radiusX": 4, "radiusY": 4, "force": 1] }])
  }

  /// A tap of one finger at a CSS point.
  public func tap(x: Double, y: Double, id: Int = 1) throws {
    try touch("touchStart", [TouchPoint(x: x, y: y, id: id)])
    try touch("touchEnd", [])
  }

  /// Types text as a keyboard would, key by key.
  public func type(_ text: String) throws {
    for character in text {
      let key = String(character)
      try command("Input.dispatchKeyEvent", ["type": "keyDown", "key": key, "text": key])
      try command("Input.dispatchKeyEvent", ["type": "keyUp", "key": key])
    }
  }

  /// Puts text in as a phone's keyboard does: into the focused input at once, with no key
  /// events (those keyboards send their letters as "Unidentified" keys, or none).
  public func insertText(_ text: String) throws {
    try command("Input.insertText", ["text": text])
  }

  /// Presses and releases a key that types nothing (`"Backspace"`, `"Enter"`) as a
  /// keyboard would, with its key code.
  public func press(key: String, code: Int) throws {
    for type in ["rawKeyDown", "keyUp"] {
      try command("Input.dispatchKeyEvent", ["type": type, "key": key, "code": key, "windowsVirtualKeyCode": code])
    }
  }

  /// A PNG of the viewport as drawn.
  public func screenshot() throws -> Data {
    let result = try command("Page.captureScreenshot", ["format": "png"], timeout: 30)
    guard let base64 = result["data"] as? String, let data = Data(base64Encoded: base64) else {
      throw HeadlessChromium.Failure("Page.captureScreenshot gave no image")
    }
    return data
  }

  /// Closes the tab.
  public func close() {
    browser.closeTarget(targetID)
  }
}
