import Foundation

/// Sounds made from a waveform and an attack/decay/sustain/release envelope, so a game needs
/// no outside tool for a beep. The same settings always give the same samples (noise too).
public enum SoundSynth {
  /// The waveforms `render` knows.
  public enum Wave: String, CaseIterable, Sendable { case sine, square, triangle, saw, noise }

  /// How a note's loudness moves: up to full over `attack` seconds, down to `sustain` (0...1)
  /// over `decay`, held, then to silence over the last `release` seconds of the sound.
  public struct Envelope: Equatable, Sendable {
    public var attack: Double
    public var decay: Double
    public var sustain: Double
    public var release: Double

    public init(attack: Double = 0.005, decay: Double = 0, sustain: Double = 1, release: Double = 0.005) {
      self.attack = attack
      self.decay = decay
      self.sustain = sustain
      self.release = release
    }

    /// The level at `t` seconds into a sound `duration` seconds long.
    public func level(at t: Double, duration: Double) -> Double {
      var level: Double
      if t < attack {
        level = t / attack
      } else if t < attack + decay {
        level = 1 - (1 - sustain) * (t - attack) / decay
      } else {
        level = sustain
      }
      let releaseStart = duration - release
      if release > 0, t > releaseStart { level *= max(0, (duration - t) / release) }
      return level
    }
  }

  /// Samples per second of generated sounds.
  public static let rate = 44_100

  /// `duration` seconds of `wave` at `frequency` Hz, shaped by `envelope` and scaled by `volume`.
  public static func render(
    _ wave: Wave, frequency: Double, duration: Double, envelope: Envelope = Envelope(), volume: Double = 1
  ) -> [Float] {
    let count = Int((duration * Double(rate)).rounded())
    var samples = [Float](repeating: 0, count: count)
    // A fixed xorshift so noise is the same on every run and machine.
    var state: UInt32 = 0x9E37_79B9
    for i in 0..<count {
      let t = Double(i) / Double(rate)
      let phase = (t * frequency).truncatingRemainder(dividingBy: 1)
      let value: Double
      switch wave {
      case .sine: value = sin(2 * .pi * phase)
      case .square: value = phase < 0.5 ? 1 : -1
      case .triangle: value = phase < 0.5 ? 4 * phase - 1 : 3 - 4 * phase
      case .saw: value = 2 * phase - 1
      case .noise:
        state ^= state << 13
        state ^= state >> 17
        state ^= state << 5
        value = Double(state) / Double(UInt32.max) * 2 - 1
      }
      samples[i] = Float(value * envelope.level(at: t, duration: duration) * volume)
    }
    return samples
  }
}
