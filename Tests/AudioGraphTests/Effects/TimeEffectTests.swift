import AudioGraph
import Foundation
import Testing

/// A sine source that time effects pull from, counting what they took. With `gate`, the tone
/// sounds only in that range of input frames (a burst), silence elsewhere.
final class PulledSine {
    let frequency: Double
    let sampleRate: Double
    let channels: Int
    let gate: Range<Int>?
    private(set) var pulledFrames = 0

    init(_ frequency: Double, sampleRate: Double = 48_000, channels: Int = 1, gate: Range<Int>? = nil) {
        self.frequency = frequency
        self.sampleRate = sampleRate
        self.channels = channels
        self.gate = gate
    }

    func fill(_ buffers: UnsafeMutablePointer<UnsafeMutablePointer<Float>>, _ frames: Int) {
        for frame in 0..<frames {
            let index = pulledFrames + frame
            let sounding = gate?.contains(index) ?? true
            let value = sounding ? 0.5 * Float(sin(2 * Double.pi * frequency * Double(index) / sampleRate)) : 0
            for channel in 0..<channels { buffers[channel][frame] = value }
        }
        pulledFrames += frames
    }

    /// Renders `seconds` of output from `kernel` in blocks of `block` frames; returns channel 0.
    func render(_ kernel: some TimeEffectKernel, seconds: Double, block: Int = 512) -> [Float] {
        renderChannels(kernel, seconds: seconds, block: block)[0]
    }

    /// Renders `seconds` of output from `kernel` in blocks of `block` frames; returns every channel.
    func renderChannels(_ kernel: some TimeEffectKernel, seconds: Double, block: Int = 512) -> [[Float]] {
        let total = Int(seconds * sampleRate)
        var output = [[Float]](repeating: [], count: channels)
        let storage = (0..<channels).map { _ in UnsafeMutablePointer<Float>.allocate(capacity: block) }
        defer { storage.forEach { $0.deallocate() } }
        let pointers = UnsafeMutablePointer<UnsafeMutablePointer<Float>>.allocate(capacity: channels)
        defer { pointers.deallocate() }
        for channel in 0..<channels { pointers[channel] = storage[channel] }
        var rendered = 0
        while rendered < total {
            let count = min(block, total - rendered)
            kernel.render(into: pointers, frameCount: count, pull: fill)
            for channel in 0..<channels { output[channel] += UnsafeBufferPointer(start: storage[channel], count: count) }
            rendered += count
        }
        return output
    }
}

@Suite("Time effects: time-pitch (SoundTouch, Rubber Band) and varispeed (libsoxr)")
struct TimeEffectTests {
    func timePitch(rate: Float = 1, pitch: Float = 0, channels: Int = 1) -> TimePitchKernel {
        let kernel = TimePitchKernel()
        kernel.setParameter(TimePitchKernel.rate, rate)
        kernel.setParameter(TimePitchKernel.pitch, pitch)
        kernel.prepare(sampleRate: 48_000, channelCount: channels, maximumFrames: 512)
        return kernel
    }

    func varispeed(rate: Float) -> VarispeedKernel {
        let kernel = VarispeedKernel()
        kernel.prepare(sampleRate: 48_000, channelCount: 1, maximumFrames: 512)
        kernel.setParameter(VarispeedKernel.playbackRate, rate)
        kernel.reset()
        return kernel
    }

    @Test("ENGINE-EFFECT-TIMEPITCH-PARAMETERS: AUNewTimePitch's rate 1/32…32 (1), pitch −2400…2400 cents (0), overlap 3…32 (8)")
    func timePitchParameters() {
        let kernel = TimePitchKernel()
        let infos = kernel.parameterInfos
        #expect(infos.map(\.id) == [0, 1, 4, 6])
        #expect(infos.map(\.minValue) == [Float(1.0 / 32), -2400, 3, 0])
        #expect(infos.map(\.maxValue) == [32, 2400, 32, 1])
        #expect(infos.map(\.defaultValue) == [1, 0, 8, 1])
        kernel.setParameter(TimePitchKernel.rate, 100)
        #expect(kernel.parameter(TimePitchKernel.rate) == 32)
        #expect(TimePitchKernel.libraryVersion.hasPrefix("3."))
        #expect(TimePitchKernel.soundTouchVersion.hasPrefix("2."))
    }

    @Test("ENGINE-EFFECT-TIMEPITCH-PARAMETERS: overlap picks the engine's tier: SoundTouch up to 16 (default 8), Rubber Band R3 from 17 (its short window up to 24)")
    func overlapPicksTheTier() {
        let kernel = TimePitchKernel()
        #expect(kernel.engine == .soundTouch)
        #expect(TimePitchEngine.default == .soundTouch)
        let tiers: [(Float, TimePitchEngine)] = [(3, .soundTouchQuickSeek), (5, .soundTouchQuickSeek), (6, .soundTouch), (16, .soundTouch),
                                                 (17, .rubberBandR3Short), (24, .rubberBandR3Short), (25, .rubberBandR3), (32, .rubberBandR3)]
        for (overlap, tier) in tiers {
            kernel.setParameter(TimePitchKernel.overlap, overlap)
            #expect(kernel.engine == tier, "overlap \(overlap)")
        }
        // An owner's fixed tier ignores the overlap.
        let fixed = TimePitchKernel(engine: .rubberBandR3)
        fixed.setParameter(TimePitchKernel.overlap, 3)
        #expect(fixed.engine == .rubberBandR3)
    }

    /// A 0.9 s burst of 440 Hz after 0.15 s of silence, through `engine` at rate 1.5 and +300 cents, stereo.
    @Test("ENGINE-EFFECT-TIMEPITCH-RATE: every engine at rate 1.5, +300 cents: the tone at 523.25 Hz, a burst 2/3 as long, the level kept, both channels",
          arguments: TimePitchEngine.allCases)
    func burstAtRateAndPitch(engine: TimePitchEngine) {
        let kernel = TimePitchKernel(engine: engine)
        kernel.setParameter(TimePitchKernel.rate, 1.5)
        kernel.setParameter(TimePitchKernel.pitch, 300)
        kernel.prepare(sampleRate: 48_000, channelCount: 2, maximumFrames: 512)
        let source = PulledSine(440, channels: 2, gate: 7_200..<50_400)
        let output = source.renderChannels(kernel, seconds: 1.0, block: 256)
        let expected = 440 * pow(2, 300.0 / 1200)
        // Where the burst sounds in the output: its first and last sample above half its amplitude.
        let loud = output[0].indices.filter { abs(output[0][$0]) > 0.25 }
        let (first, last) = (loud.first ?? 0, loud.last ?? 0)
        let length = Double(last - first) / 48_000
        #expect(abs(length - 0.6) < 0.012, "\(engine): the burst lasts \(length) s at the output (0.9 s in, rate 1.5)")
        let middle = output[0][(first + 4_800)..<(last - 4_800)]
        let frequency = EffectSignals.zeroCrossingFrequency(middle)
        #expect(abs(frequency / expected - 1) < 0.001, "\(engine): \(frequency) Hz, expected \(expected)")
        for channel in 0..<2 {
            let level = EffectSignals.level(output[channel][(first + 4_800)..<(last - 4_800)], frequency: frequency)
            #expect(abs(level) < 1, "\(engine), channel \(channel): \(level) dB against the input's level")
        }
        // After the burst: silence (no echo of it).
        #expect(EffectSignals.power(output[0][(last + 2_400)...]) < -60, "\(engine): silence after the burst")
    }

    @Test("ENGINE-EFFECT-TIMEPITCH-PITCH: pitch +1200 cents plays a 440 Hz tone at 880 Hz, taking input at the same pace")
    func octaveUp() {
        let source = PulledSine(440)
        let output = source.render(timePitch(pitch: 1200), seconds: 2)
        let measured = EffectSignals.peakFrequency(output[24_000..<96_000], around: 880, span: 40)
        #expect(abs(measured - 880) < 1, "\(measured) Hz")
        // Duration kept: two seconds out took two seconds in (plus what Rubber Band buffers ahead).
        let consumed = Double(source.pulledFrames) / 48_000
        #expect(consumed > 1.95 && consumed < 2.25, "\(consumed) s")
    }

    @Test("ENGINE-EFFECT-TIMEPITCH-RATE: rate 2 halves the duration (twice the input per output) and keeps the pitch")
    func doubleSpeed() {
        let source = PulledSine(440)
        let output = source.render(timePitch(rate: 2), seconds: 2)
        let measured = EffectSignals.peakFrequency(output[24_000..<96_000], around: 440, span: 40)
        #expect(abs(measured - 440) < 1, "\(measured) Hz")
        let consumed = Double(source.pulledFrames) / 48_000
        #expect(consumed > 3.9 && consumed < 4.3, "\(consumed) s")
        // And the same run twice gives the same samples.
        #expect(PulledSine(440).render(timePitch(rate: 2), seconds: 2) == output)
    }

    @Test("ENGINE-EFFECT-VARISPEED-PARAMETERS: AUVarispeed's playback rate 0.25…4 (1) and cents −2400…2400 (0) are one setting")
    func varispeedParameters() {
        let kernel = VarispeedKernel()
        #expect(kernel.parameterInfos.map(\.id) == [0, 1])
        #expect(kernel.parameterInfos.map(\.minValue) == [0.25, -2400])
        #expect(kernel.parameterInfos.map(\.maxValue) == [4, 2400])
        #expect(kernel.parameterInfos.map(\.defaultValue) == [1, 0])
        kernel.setParameter(VarispeedKernel.playbackCents, -1200)
        #expect(kernel.parameter(VarispeedKernel.playbackRate) == 0.5)
        kernel.setParameter(VarispeedKernel.playbackRate, 2)
        #expect(kernel.parameter(VarispeedKernel.playbackCents) == 1200)
        kernel.setParameter(VarispeedKernel.playbackRate, 10)
        #expect(kernel.parameter(VarispeedKernel.playbackRate) == 4)
    }

    @Test("ENGINE-EFFECT-VARISPEED-RATE: rate 2 doubles the frequency and halves the duration; rate 0.5 does the opposite")
    func varispeedRate() {
        for (rate, expected) in [(Float(2), 880.0), (0.5, 220.0), (1, 440.0)] {
            let source = PulledSine(440)
            let output = source.render(varispeed(rate: rate), seconds: 2)
            let measured = EffectSignals.zeroCrossingFrequency(output[24_000..<96_000])
            #expect(abs(measured - expected) < 0.5, "rate \(rate): \(measured) Hz")
            let consumed = Double(source.pulledFrames) / 48_000
            #expect(abs(consumed - 2 * Double(rate)) < 0.05, "rate \(rate): \(consumed) s in")
            // A clean resampler: the tone has no added distortion.
            let fit = SineFit(output[24_000..<96_000], frequency: expected, sampleRate: 48_000)
            #expect(fit.thdPlusNoiseDecibels < -80, "rate \(rate): \(fit.thdPlusNoiseDecibels) dB")
        }
    }
}
