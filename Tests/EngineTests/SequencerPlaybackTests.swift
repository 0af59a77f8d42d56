@testable import BuiltInChecks
import Foundation
import AVFAudio
import AudioToolbox
import Testing

/// AVAudioSequencer playing into an AUSampler while the engine renders offline at 48 kHz in
/// pulls of 512 frames: every note's onset is found in the output and compared with the frame
/// the tempo map gives it.
@Suite("AVAudioSequencer playback")
struct SequencerPlaybackTests {
    /// An offline engine with a sampler and a sequencer holding one track of `notes`
    /// (beat, key), each half a beat long.
    static func rig(_ notes: [(beat: Double, key: UInt32)]) throws -> (AVAudioEngine, AVAudioUnitSampler, AVAudioSequencer, AVMusicTrack) {
        let engine = try EngineSignals.offlineEngine()
        let sampler = AVAudioUnitSampler()
        engine.attach(sampler)
        engine.connect(sampler, to: engine.mainMixerNode, format: EngineSignals.stereo48)
        let sequencer = AVAudioSequencer(audioEngine: engine)
        let track = sequencer.createAndAppendTrack()
        for note in notes { track.addEvent(AVMIDINoteEvent(channel: 0, key: note.key, velocity: 100, duration: 0.5), at: note.beat) }
        try engine.start()
        return (engine, sampler, sequencer, track)
    }

    /// The frames where sound starts after at least 1,000 silent frames.
    static func onsets(_ samples: [Float]) -> [Int] {
        var result: [Int] = []
        var silent = 1_000
        for (index, sample) in samples.enumerated() {
            if abs(sample) > 1e-6 {
                if silent >= 1_000 { result.append(index) }
                silent = 0
            } else {
                silent += 1
            }
        }
        return result
    }

    static func play(_ engine: AVAudioEngine, _ sequencer: AVAudioSequencer, seconds: Double) throws -> [Float] {
        try sequencer.start()
        return EngineSignals.samples(try EngineSignals.renderOffline(engine, seconds: seconds), channel: 0)
    }

    @Test("ENGINE-SEQUENCER-NOTE-TIMES: notes one beat apart at the default 120 bpm start at 0.5 s intervals, to the frame")
    func onsetsAt120() throws {
        let (engine, _, sequencer, _) = try Self.rig([(0, 69), (1, 69), (2, 69), (3, 69)])
        let output = try Self.play(engine, sequencer, seconds: 2.2)
        #expect(Self.onsets(output) == [0, 24_000, 48_000, 72_000])
        #expect(abs(EngineSamplerTests.frequency(output[100..<10_000]) - 440) < 3)
        #expect(abs(sequencer.currentPositionInBeats - 2.2 * 2) < 0.01)
        #expect(sequencer.isPlaying)
    }

    @Test("a tempo change to 60 bpm at beat 2 moves the later onsets; seconds(forBeats:) and beats(forSeconds:) agree with it")
    func tempoChange() throws {
        let (engine, _, sequencer, _) = try Self.rig([(0, 69), (1, 69), (2, 69), (3, 69)])
        sequencer.tempoTrack.addEvent(AVExtendedTempoEvent(tempo: 60), at: 2)
        #expect(sequencer.seconds(forBeats: 2) == 1)
        #expect(sequencer.seconds(forBeats: 3) == 2)
        #expect(sequencer.beats(forSeconds: 2.5) == 3.5)
        #expect(sequencer.beats(forSeconds: 0.25) == 0.5)
        let output = try Self.play(engine, sequencer, seconds: 2.6)
        #expect(Self.onsets(output) == [0, 24_000, 48_000, 96_000])
    }

    @Test("the rate scales time: at rate 2 the notes start 0.25 s apart")
    func rate() throws {
        let (engine, _, sequencer, _) = try Self.rig([(0, 69), (1, 69), (2, 69)])
        sequencer.rate = 2
        let output = try Self.play(engine, sequencer, seconds: 1)
        #expect(Self.onsets(output) == [0, 12_000, 24_000])
    }

    @Test("a loop plays its range again: two beats three times, then nothing")
    func loop() throws {
        let (engine, _, sequencer, track) = try Self.rig([(0, 69), (1, 69)])
        track.loopRange = AVMakeBeatRange(0, 2)
        track.numberOfLoops = 3
        track.isLoopingEnabled = true
        let output = try Self.play(engine, sequencer, seconds: 4)
        #expect(Self.onsets(output) == [0, 24_000, 48_000, 72_000, 96_000, 120_000])
        #expect(output[140_000...].allSatisfy { $0 == 0 })
    }

    @Test("muting a track silences it; the other track still sounds")
    func mute() throws {
        let (engine, _, sequencer, high) = try Self.rig([(0, 81)])   // 880 Hz
        let low = sequencer.createAndAppendTrack()
        low.addEvent(AVMIDINoteEvent(channel: 0, key: 69, velocity: 100, duration: 1), at: 0)   // 440 Hz
        // 4,800 frames hold whole periods of both tones, so neither leaks into the other's bin.
        let both = try Self.play(engine, sequencer, seconds: 0.4)
        #expect(EngineSignals.amplitude(both[480..<5_280], frequency: 880, rate: 48_000) > 0.05)
        sequencer.stop()
        sequencer.currentPositionInBeats = 0
        _ = try EngineSignals.renderOffline(engine, seconds: 0.1)   // the release
        high.isMuted = true
        let output = try Self.play(engine, sequencer, seconds: 0.4)
        let window = output[480..<5_280]
        #expect(EngineSignals.amplitude(window, frequency: 440, rate: 48_000) > 0.05)
        #expect(EngineSignals.amplitude(window, frequency: 880, rate: 48_000) < 1e-4)
    }

    @Test("starting from beat 2 plays from there; stop ends the sounding note")
    func positionAndStop() throws {
        let (engine, _, sequencer, _) = try Self.rig([(0, 69), (2, 69), (3, 69)])
        sequencer.currentPositionInBeats = 2
        #expect(sequencer.currentPositionInSeconds == 1)
        let output = try Self.play(engine, sequencer, seconds: 0.6)
        #expect(Self.onsets(output) == [0, 24_000])
        sequencer.stop()
        #expect(!sequencer.isPlaying)
        #expect(abs(sequencer.currentPositionInBeats - 3.2) < 0.01)
    }

    @Test("starting with the engine stopped fails with kAudioToolboxErr_InvalidPlayerState")
    func startWithoutEngine() throws {
        let sequencer = AVAudioSequencer(audioEngine: AVAudioEngine())
        let error = #expect(throws: NSError.self) { try sequencer.start() }
        #expect(error?.domain == AVFAudio.NSOSStatusErrorDomain && error?.code == Int(kAudioToolboxErr_InvalidPlayerState))
    }
}
