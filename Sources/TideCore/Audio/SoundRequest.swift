/// A request to play a sound, as recorded by backends for tests and logs.
public struct SoundRequest: Hashable, Sendable {
  /// The sound's name as the game gave it (e.g. "roar").
  public var name: String
  /// Volume, 0...1.
  public var volume: Double

  /// Creates a request.
  public init(name: String, volume: Double = 1) {
    self.name = name
    self.volume = volume
  }
}
