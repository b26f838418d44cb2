import Foundation
import TideCore

/// The sounds a session asked for since the hub last looked, for its page to play.
///
/// Written while the engine steps and read right after, both on the hub's thread.
public final class SoundQueue: @unchecked Sendable {
  var pending: [(name: String, volume: Double)] = []

  public init() {}
}

/// A session's backend: another backend (text metrics, image sizes) whose sounds also go to
/// the page.
public final class ServeBackend: Backend {
  private let inner: any Backend
  private let sounds: SoundQueue

  public init(_ inner: any Backend, sounds: SoundQueue) {
    self.inner = inner
    self.sounds = sounds
  }

  public func play(sound: String, volume: Double) {
    inner.play(sound: sound, volume: volume)
    sounds.pending.append((sound, volume))
  }

  public var textMetrics: any TextMetrics { inner.textMetrics }

  public func imageSize(named name: String) -> Vec2? { inner.imageSize(named: name) }

  public func reloadAsset(path: String) { inner.reloadAsset(path: path) }
}
