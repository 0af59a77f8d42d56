import AudioGraph
import SimCore
#if canImport(Glibc)
import Glibc
#endif

/// Eight mono voices at eight source rates, converted to 48 kHz and mixed onto an 8-channel HDMI
/// route, rendered cycle by cycle through `RenderEngine` as the media server does.
///
/// Each voice is a sine at its own frequency (the same samples `sox -n … synth` generates), and
/// plays with the default mapping (mono → the first two channels), so the work matches sox
/// resampling each input and mixing them all; channels 3–8 are cleared and metered.
public struct EightVoiceMix {
    public static let rates: [Int64] = [16_000, 22_050, 24_000, 32_000, 44_100, 48_000, 88_200, 96_000]
    public static let frequencies: [Double] = [220, 330, 440, 550, 660, 770, 880, 990]
    public static let outputChannels = 8
    public static let outputRate = SampleRate.hz48000

    public let engine: RenderEngine
    public let cycleFrames: Int

    /// - Parameter inputs: the voices' samples, one per rate (see `sineInputs`), `seconds` long.
    public init(inputs: [[Float]], cycleFrames: Int = 256, quality: ConversionQuality = .standard) {
        self.cycleFrames = cycleFrames
        engine = RenderEngine(sampleRate: Self.outputRate, maxFrames: cycleFrames, quality: quality)
        var plans: [RenderProgram.VoicePlan] = []
        for (index, samples) in inputs.enumerated() {
            let buffer = PCMBuffer(sampleRate: SampleRate(framesPerSecond: Self.rates[index]), channels: [samples])
            let voice = engine.addVoice(.buffer(buffer, looping: true), at: 0, gain: 1.0 / 8)
            plans.append(.init(voice: voice, channels: 1,
                               routes: ChannelMap.routes(sourceChannels: 1, outputChannels: Self.outputChannels)))
        }
        engine.install(.compile(plans, outputChannels: Self.outputChannels))
    }

    /// Sines as `sox -n -r RATE -c 1 -e floating-point -b 32 x.f32 synth SECONDS sine FREQ vol 0.5` makes them.
    public static func sineInputs(seconds: Int) -> [[Float]] {
        zip(rates, frequencies).map { rate, frequency in
            (0..<(Int(rate) * seconds)).map { Float(0.5 * sin(2 * Double.pi * frequency * Double($0) / Double(rate))) }
        }
    }

    /// Renders `cycles` IO cycles; returns a checksum of the peaks so the work is not optimised away.
    @inline(never)
    public func render(cycles: Int) -> Float {
        var checksum: Float = 0
        for _ in 0..<cycles {
            engine.render(frames: cycleFrames)
            checksum += engine.peak(channel: 0)
        }
        return checksum
    }
}
