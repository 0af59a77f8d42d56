import Foundation
import OpenAVFAudio
import Testing

/// The AVAudioUnit effect nodes in a graph, rendered offline: Apple's property names and
/// defaults, and what each does to a tone.
@Suite("AVAudioUnit effects in the engine")
struct EngineEffectTests {
    /// player → effect → main mixer, mono 48 kHz, offline; returns the rendered left channel.
    static func render(through effect: AVAudioNode, _ buffer: AVAudioPCMBuffer, seconds: Double,
                       loops: Bool = false) throws -> [Float] {
        let format = AVAudioFormat(standardFormatWithSampleRate: 48_000, channels: 1)!
        let engine = try EngineGraphTests.offlineEngine(format: format, maximumFrames: 4096)
        let player = AVAudioPlayerNode()
        engine.attach(player)
        engine.attach(effect)
        engine.connect(player, to: effect, format: buffer.format)
        engine.connect(effect, to: engine.mainMixerNode, format: buffer.format)
        player.scheduleBuffer(buffer, at: nil, options: loops ? .loops : [])
        try engine.start()
        player.play()
        return EngineSignals.samples(try EngineSignals.renderOffline(engine, seconds: seconds), channel: 0)
    }

    static func frequency(_ samples: ArraySlice<Float>, around guess: Double) -> Double {
        stride(from: guess * 0.7, through: guess * 1.3, by: 1).max {
            EngineSignals.amplitude(samples, frequency: $0, rate: 48_000) < EngineSignals.amplitude(samples, frequency: $1, rate: 48_000)
        }!
    }

    @Test("ENGINE-EFFECT-EQ-PARAMETERS: AVAudioUnitEQ bands start bypassed with the header's defaults; values clamp to the ranges")
    func equalizerDefaults() throws {
        let eq = AVAudioUnitEQ(numberOfBands: 3)
        #expect(eq.bands.count == 3 && eq.bands.allSatisfy { $0.bypass && $0.filterType == .parametric && $0.gain == 0 })
        eq.globalGain = 40
        #expect(eq.globalGain == 24)
        eq.bands[1].bandwidth = 9
        #expect(eq.bands[1].bandwidth == 5)
        #expect(AVAudioUnitEQFilterType.resonantHighShelf.rawValue == 10 && !eq.bypass)
        // A band switched on and cut by 24 dB at the tone's frequency takes it down by 24 dB.
        eq.bands[0].filterType = .parametric
        eq.bands[0].frequency = 1000
        eq.bands[0].bandwidth = 1
        eq.bands[0].gain = -24
        eq.bands[0].bypass = false
        eq.globalGain = 0
        let out = try Self.render(through: eq, EngineSignals.tone(frequency: 1000, seconds: 1), seconds: 1)
        let level = EngineSignals.amplitude(out[24_000..<47_000], frequency: 1000, rate: 48_000)
        #expect(abs(20 * log10(level / 0.5) + 24) < 0.5)
    }

    @Test("ENGINE-EFFECT-REVERB-TAIL: the reverb rings on after the input stops; engine.reset() clears the tail")
    func reverbTail() throws {
        let reverb = AVAudioUnitReverb()
        reverb.loadFactoryPreset(.cathedral)
        reverb.wetDryMix = 100
        #expect(AVAudioUnitReverbPreset.largeHall2.rawValue == 12)
        let out = try Self.render(through: reverb, EngineSignals.tone(frequency: 500, seconds: 0.25), seconds: 1)
        let tail = EngineSignals.peak(out[14_400..<19_200])
        #expect(tail > 0.01)
        #expect(EngineSignals.peak(out[40_000...]) < tail)
        // The same engine, reset: nothing left ringing.
        let format = AVAudioFormat(standardFormatWithSampleRate: 48_000, channels: 1)!
        let engine = try EngineGraphTests.offlineEngine(format: format)
        let player = AVAudioPlayerNode()
        let room = AVAudioUnitReverb()
        room.wetDryMix = 100
        engine.attach(player)
        engine.attach(room)
        engine.connect(player, to: room, format: format)
        engine.connect(room, to: engine.mainMixerNode, format: format)
        player.scheduleBuffer(EngineSignals.tone(frequency: 500, seconds: 0.25))
        try engine.start()
        player.play()
        _ = try EngineSignals.renderOffline(engine, seconds: 0.3)
        engine.reset()
        let after = try EngineSignals.renderOffline(engine, seconds: 0.1)
        #expect(EngineSignals.peak(EngineSignals.samples(after, channel: 0)[...]) == 0)
    }

    @Test("ENGINE-EFFECT-DELAY-ECHOES: AVAudioUnitDelay (wet 100 % by default) plays a click back after delayTime")
    func delayEcho() throws {
        let delay = AVAudioUnitDelay()
        #expect(delay.wetDryMix == 100 && delay.delayTime == 1 && delay.feedback == 50 && delay.lowPassCutoff == 15_000)
        delay.delayTime = 0.1
        delay.feedback = 0
        delay.lowPassCutoff = 20_000
        let click = AVAudioPCMBuffer(pcmFormat: AVAudioFormat(standardFormatWithSampleRate: 48_000, channels: 1)!, frameCapacity: 1)!
        click.frameLength = 1
        click.floatChannelData![0][0] = 1
        let out = try Self.render(through: delay, click, seconds: 0.3)
        let loudest = out.indices.max { abs(out[$0]) < abs(out[$1]) }!
        #expect(abs(loudest - 4_800) <= 2)
        #expect(EngineSignals.peak(out[..<4_700]) < 0.01)
    }

    @Test("ENGINE-EFFECT-DISTORTION-PRESETS: AVAudioUnitDistortion starts on drumsBitBrush with preGain −6 dB and 50 % wet, and loads presets")
    func distortion() throws {
        let distortion = AVAudioUnitDistortion()
        #expect(distortion.preGain == -6 && distortion.wetDryMix == 50)
        distortion.loadFactoryPreset(.multiDistortedCubed)
        distortion.wetDryMix = 100
        #expect(AVAudioUnitDistortionPreset.speechWaves.rawValue == 21)
        let out = try Self.render(through: distortion, EngineSignals.tone(frequency: 500, seconds: 1), seconds: 0.5, loops: true)
        // A cubic shaper adds the third harmonic.
        #expect(EngineSignals.amplitude(out[4_800...], frequency: 1500, rate: 48_000) > 0.005)
    }

    @Test("ENGINE-EFFECT-VARISPEED-RATE: AVAudioUnitVarispeed at rate 2 plays a tone an octave up and twice as fast")
    func varispeed() throws {
        let varispeed = AVAudioUnitVarispeed()
        #expect(varispeed.rate == 1)
        varispeed.rate = 2
        let out = try Self.render(through: varispeed, EngineSignals.tone(frequency: 440, seconds: 1), seconds: 1)
        #expect(abs(Self.frequency(out[4_800..<20_000], around: 880) - 880) < 3)
        #expect(EngineSignals.peak(out[25_000...]) < 0.01)   // the second of input lasted half a second
    }

    @Test("ENGINE-EFFECT-TIMEPITCH-PITCH: AVAudioUnitTimePitch shifts pitch by cents without changing duration")
    func timePitch() throws {
        let timePitch = AVAudioUnitTimePitch()
        #expect(timePitch.rate == 1 && timePitch.pitch == 0 && timePitch.overlap == 8)
        timePitch.pitch = 1200
        let out = try Self.render(through: timePitch, EngineSignals.tone(frequency: 440, seconds: 1), seconds: 1, loops: true)
        #expect(abs(Self.frequency(out[12_000..<36_000], around: 880) - 880) < 4)
    }
}
