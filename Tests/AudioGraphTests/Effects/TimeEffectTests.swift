import AudioGraph
import Foundation
import Testing

/// A sine source that time effects pull from, counting what they took.
final class PulledSine {
    let frequency: Double
    let sampleRate: Double
    let channels: Int
    private(set) var pulledFrames = 0

    init(_ frequency: Double, sampleRate: Double = 48_000, channels: Int = 1) {
        self.frequency = frequency
        self.sampleRate = sampleRate
        self.channels = channels
    }

    func fill(_ buffers: UnsafeMutablePointer<UnsafeMutablePointer<Float>>, _ frames: Int) {
        for frame in 0..<frames {
            let value = 0.5 * Float(sin(2 * Double.pi * frequency * Double(pulledFrames + frame) / sampleRate))
            for channel in 0..<channels { buffers[channel][frame] = value }
        }
        pulledFrames += frames
    }

    /// Renders `seconds` of output from `kernel` in blocks of `block` frames; returns channel 0.
    func render(_ kernel: some TimeEffectKernel, seconds: Double, block: Int = 512) -> [Float] {
        let total = Int(seconds * sampleRate)
        var output: [Float] = []
        output.reserveCapacity(total)
        let storage = (0..<channels).map { _ in UnsafeMutablePointer<Float>.allocate(capacity: block) }
        defer { storage.forEach { $0.deallocate() } }
        let pointers = UnsafeMutablePointer<UnsafeMutablePointer<Float>>.allocate(capacity: channels)
        defer { pointers.deallocate() }
        for channel in 0..<channels { pointers[channel] = storage[channel] }
        while output.count < total {
            let count = min(block, total - output.count)
            kernel.render(into: pointers, frameCount: count, pull: fill)
            output += UnsafeBufferPointer(start: storage[0], count: count)
        }
        return output
    }
}

@Suite("Time effects: time-pitch (Rubber Band) and varispeed (libsoxr)")
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
