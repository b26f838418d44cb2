import XCTest

@testable import TideCore

/// The audio model stepped with a fixed tick: when voices end, the levels fades send, how a
/// crossfade hands one track to the next, and the volumes every level is multiplied by.
final class AudioMixerTests: XCTestCase {
  private var sent: [AudioCommand] = []
  private lazy var mixer = AudioMixer { [unowned self] in sent.append($0) }
  private let tick = 1.0 / 60

  private func run(seconds: Double) -> [(id: Int, ending: AudioMixer.Ending)] {
    var ended: [(id: Int, ending: AudioMixer.Ending)] = []
    for _ in 0..<Int((seconds * 60).rounded()) { ended += mixer.update(tick) }
    return ended
  }

  func testAVoiceEndsAtTheTickItsLastPassPlaysOut() {
    let id = mixer.play("roar", duration: 0.5, loops: 1)
    XCTAssertEqual(mixer.voice(id)?.remaining ?? 0, 1, accuracy: 1e-9)
    XCTAssertTrue(run(seconds: 59.0 / 60).isEmpty)
    let ended = run(seconds: 1.0 / 60)
    XCTAssertEqual(ended.map(\.id), [id])
    XCTAssertEqual(ended.map(\.ending), [.done])
    XCTAssertNil(mixer.voice(id))
    XCTAssertEqual(sent.last, .stop(voice: id, playedOut: true))
  }

  func testAPausedVoiceHoldsItsPlace() {
    let id = mixer.play("roar", duration: 0.5)
    _ = run(seconds: 0.25)
    mixer.setPaused(id, true)
    XCTAssertTrue(run(seconds: 10).isEmpty)
    XCTAssertEqual(mixer.voice(id)?.position ?? 0, 0.25, accuracy: 1e-9)
    XCTAssertEqual(mixer.voice(id)?.played ?? 0, 0.25, accuracy: 1e-9)
    mixer.setPaused(id, false)
    XCTAssertEqual(run(seconds: 0.25).map(\.id), [id])
    XCTAssertTrue(sent.contains(.pause(voice: id)) && sent.contains(.resume(voice: id)))
  }

  func testFadesSendALevelEachTickAndAFadeOutEndsTheVoice() {
    mixer.setVolumes(master: 0.5)
    let id = mixer.play("roar", duration: 10, volume: 0.8, fadeIn: 0.1)
    XCTAssertEqual(sent.last, .play(voice: id, sound: "roar", volume: 0, pan: 0, loops: 0))
    sent.removeAll()
    _ = run(seconds: 0.2)
    let levels = sent.compactMap { command -> Double? in
      if case .setVoice(_, let volume, _) = command { return volume }
      return nil
    }
    XCTAssertEqual(levels.count, 6)
    XCTAssertEqual(levels.first ?? 0, 0.4 / 6, accuracy: 1e-9)
    XCTAssertEqual(levels.last ?? 0, 0.4, accuracy: 1e-9)
    XCTAssertTrue(mixer.stop(id, fade: 0.5))
    XCTAssertTrue(run(seconds: 0.45).isEmpty)
    XCTAssertEqual(run(seconds: 0.05).map(\.ending), [.stopped])
    XCTAssertEqual(sent.last, .stop(voice: id, playedOut: false), "faded out: stopped, not played out")
    XCTAssertFalse(mixer.stop(id))
    XCTAssertFalse(mixer.set(id, volume: 1))
  }

  func testACrossfadeFadesTheOldTrackOutThenTheNewOneIn() {
    mixer.playMusic("theme", duration: 3)
    mixer.playMusic("song", duration: 4, crossfade: 1)
    XCTAssertEqual(mixer.musicInfo?.track, "theme")
    XCTAssertEqual(mixer.musicInfo?.next, "song")
    _ = run(seconds: 0.5)
    XCTAssertEqual(mixer.musicInfo?.track, "song")
    XCTAssertEqual(mixer.musicInfo?.gain, 0)
    XCTAssertTrue(sent.contains(.playMusic(track: "song", volume: 0, loops: -1)))
    _ = run(seconds: 0.5)
    XCTAssertEqual(mixer.musicInfo?.gain ?? 0, 1, accuracy: 1e-9)
    XCTAssertEqual(sent.last, .setMusicVolume(1))
    XCTAssertEqual(sent.filter { $0 == .stopMusic }.count, 1)
  }

  func testMusicPlaysItsPassesThenStops() {
    mixer.playMusic("song", duration: 1, loops: 2)
    _ = run(seconds: 2.9)
    XCTAssertNotNil(mixer.musicInfo)
    // Played counts every pass, where the position starts again at each.
    XCTAssertEqual(mixer.musicInfo?.position ?? 0, 0.9, accuracy: 1e-6)
    XCTAssertEqual(mixer.musicInfo?.played ?? 0, 2.9, accuracy: 1e-6)
    _ = run(seconds: 0.1)
    XCTAssertNil(mixer.musicInfo)
    XCTAssertEqual(sent.last, .stopMusic)
  }

  func testVolumesMultiplyEveryLevel() {
    let id = mixer.play("roar", duration: 1, volume: 0.5, pan: 0.25)
    mixer.playMusic("song", duration: 1, volume: 0.5)
    sent.removeAll()
    mixer.setVolumes(master: 0.5, music: 0.5, sounds: 0.2)
    XCTAssertEqual(sent, [.setVoice(voice: id, volume: 0.05, pan: 0.25), .setMusicVolume(0.125)])
    mixer.reset()
    XCTAssertEqual(mixer.master, 1)
    XCTAssertEqual(mixer.voiceInfos, [])
    XCTAssertNil(mixer.musicInfo)
  }

  func testSynthesisIsTheSameEveryTimeAndFollowsTheEnvelope() {
    let envelope = SoundSynth.Envelope(attack: 0.01, decay: 0.01, sustain: 0.5, release: 0.02)
    for wave in SoundSynth.Wave.allCases {
      let samples = SoundSynth.render(wave, frequency: 440, duration: 0.1, envelope: envelope)
      XCTAssertEqual(samples.count, 4410)
      XCTAssertEqual(samples, SoundSynth.render(wave, frequency: 440, duration: 0.1, envelope: envelope))
      XCTAssertTrue(samples.allSatisfy { abs($0) <= 1 })
      XCTAssertLessThan(samples.suffix(40).map { abs($0) }.max() ?? 1, 0.05, "\(wave) fades out")
    }
    XCTAssertEqual(envelope.level(at: 0.005, duration: 0.1), 0.5, accuracy: 1e-9)
    XCTAssertEqual(envelope.level(at: 0.015, duration: 0.1), 0.75, accuracy: 1e-9)
    XCTAssertEqual(envelope.level(at: 0.05, duration: 0.1), 0.5, accuracy: 1e-9)
    XCTAssertEqual(envelope.level(at: 0.09, duration: 0.1), 0.25, accuracy: 1e-9)
    let square = SoundSynth.render(.square, frequency: 100, duration: 0.1, envelope: SoundSynth.Envelope(attack: 0, release: 0))
    XCTAssertEqual(square[10], 1)
    XCTAssertEqual(square[300], -1)
  }
}

extension AudioMixerTests {
  /// A sound a few samples long passes thousands of times a tick, counted in one step.
  func testATinySoundCountsItsPassesAtOnce() {
    let forever = mixer.play("tick", duration: 1e-5, loops: -1)
    let counted = mixer.play("tick", duration: 1e-5, loops: 2000)
    XCTAssertTrue(mixer.update(tick).isEmpty)
    XCTAssertEqual(mixer.update(tick).map(\.id), [counted])
    XCTAssertNotNil(mixer.voice(forever))
    XCTAssertLessThan(mixer.voice(forever)?.position ?? 1, 1e-5)
  }
}
