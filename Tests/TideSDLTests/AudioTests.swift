import CSDL2
import Foundation
import XCTest

@testable import TideSDL

/// SDL_mixer sounds. The no-device case runs first (test names sort), before any audio
/// driver has been opened in this process.
final class AudioTests: XCTestCase {
  /// A 0.1 s 440 Hz mono 16-bit WAV.
  private func writeBeep(to url: URL) throws {
    let rate = 8000
    let samples = (0..<(rate / 10)).map { index -> Int16 in
      Int16(sin(Double(index) * 2 * .pi * 440 / Double(rate)) * 8000)
    }
    var data = Data()
    func append<T: FixedWidthInteger>(_ value: T) {
      withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
    }
    data.append(contentsOf: Array("RIFF".utf8))
    append(UInt32(36 + samples.count * 2))
    data.append(contentsOf: Array("WAVEfmt ".utf8))
    append(UInt32(16))
    append(UInt16(1))
    append(UInt16(1))
    append(UInt32(rate))
    append(UInt32(rate * 2))
    append(UInt16(2))
    append(UInt16(16))
    data.append(contentsOf: Array("data".utf8))
    append(UInt32(samples.count * 2))
    for sample in samples { append(sample) }
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try data.write(to: url)
  }

  private func makeAssets() throws -> AssetLibrary {
    let assets = try SceneFixtures.makeAssets()
    guard let directory = assets.directory else { throw SDLError("no assets folder") }
    try writeBeep(to: directory.appendingPathComponent("beep.wav"))
    return assets
  }

  func testA_NoDeviceRunsSilentAndPlayIsHarmless() throws {
    guard SDL_WasInit(UInt32(SDL_INIT_AUDIO)) == 0 else {
      throw XCTSkip("audio already opened in this process")
    }
    setenv("SDL_AUDIODRIVER", "no-such-driver", 1)
    defer { unsetenv("SDL_AUDIODRIVER") }
    let audio = SDLAudio(assets: try makeAssets())
    XCTAssertTrue(audio.isSilent)
    audio.play("beep", volume: 1)
  }

  func testB_DummyDevicePlaysWav() throws {
    setenv("SDL_AUDIODRIVER", "dummy", 1)
    defer { unsetenv("SDL_AUDIODRIVER") }
    let audio = SDLAudio(assets: try makeAssets())
    XCTAssertFalse(audio.isSilent)
    audio.play("beep", volume: 0.5)
    XCTAssertGreaterThan(Mix_Playing(-1), 0)
    // Unknown sounds are reported once and otherwise ignored.
    audio.play("no-such-sound", volume: 1)
    audio.reload("beep")
    audio.play("beep", volume: 1)
  }
}
