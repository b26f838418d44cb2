import Foundation

/// A backend with no display or sound device: it records what was asked of it, for tests.
public final class HeadlessBackend: Backend {
  /// Every sound requested, in order.
  public private(set) var soundRequests: [SoundRequest] = []
  /// Every audio command the engine sent, in order.
  public private(set) var audioCommands: [AudioCommand] = []
  /// The names of the sounds requested, in order.
  public var soundLog: [String] { soundRequests.map(\.name) }
  /// Asset paths passed to `reloadAsset(path:)`, in order.
  public private(set) var reloadedAssets: [String] = []
  /// Metrics for text nodes; font-free and deterministic by default.
  public var textMetrics: any TextMetrics
  /// Where image assets are looked up to learn their sizes from their headers.
  public let assetDirectory: URL?
  /// Sizes to report for images, overriding what the files say.
  public var imageSizes: [String: Vec2] = [:]

  /// Creates a backend; images in `assetDirectory` report the sizes in their headers.
  public init(assetDirectory: URL? = nil, textMetrics: any TextMetrics = ApproximateTextMetrics()) {
    self.assetDirectory = assetDirectory
    self.textMetrics = textMetrics
  }

  /// Records the request.
  public func play(sound: String, volume: Double) {
    soundRequests.append(SoundRequest(name: sound, volume: volume))
  }

  /// Records the command; a voice started is also a sound request.
  public func audio(_ command: AudioCommand) {
    audioCommands.append(command)
    if case .play(_, let sound, let volume, _, _) = command {
      soundRequests.append(SoundRequest(name: sound, volume: volume))
    }
  }

  /// The size from `imageSizes`, else from the image header in `assetDirectory`, else nil.
  public func imageSize(named name: String) -> Vec2? {
    if let size = imageSizes[name] { return size }
    guard let directory = assetDirectory,
      let size = ImageInfo.size(of: directory.appendingPathComponent(name))
    else { return nil }
    imageSizes[name] = size
    return size
  }

  /// Records the path.
  public func reloadAsset(path: String) {
    reloadedAssets.append(path)
    imageSizes.removeValue(forKey: path)
  }

  /// Forgets recorded sounds (e.g. between tests).
  public func clearSoundLog() {
    soundRequests.removeAll()
    audioCommands.removeAll()
  }
}
