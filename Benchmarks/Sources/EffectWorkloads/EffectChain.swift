import AudioGraph
import SimCore
#if canImport(Glibc)
import Glibc
#endif

/// Thirty-two voices, each through its own 4-band EQ, mixed to mono, then through a stereo
/// reverb, at 48 kHz: the DSP of a small mixing-desk session, rendered block by block as a render
/// thread would, allocating nothing once prepared.
///
/// The same work expressed for sox is `soxCommand`: each voice through `equalizer` ×4 in its own
/// sox process, mixed with `sox -m` (which scales each input by 1/32, as `render` does), then
/// `channels 2 reverb`. sox's reverb is not AUReverb2, so the two differ in sound; the comparison
/// is of cost for the same shape of work.
public final class EffectChain {
    public static let voiceCount = 32
    public static let sampleRate = 48_000.0
    /// The EQ every voice gets: four parametric bands (frequency Hz, bandwidth octaves, gain dB).
    public static let bands: [(frequency: Float, bandwidth: Float, gain: Float)] =
        [(100, 1, 3), (500, 1, -4), (2500, 1.5, 5), (8000, 1, -6)]
    public static let reverbPreset = ReverbPreset.mediumHall
    public static let reverbWetDryMix: Float = 50

    public let voices: [[Float]]
    public let blockFrames: Int
    private let equalizers: [NBandEQKernel]
    private let reverb = Reverb2Kernel()
    private let voiceBuffer: UnsafeMutablePointer<Float>
    private let voicePointer: UnsafeMutablePointer<UnsafeMutablePointer<Float>>
    /// The two output channels (left, right), `blockFrames` each.
    public let output: UnsafeMutablePointer<UnsafeMutablePointer<Float>>
    private var position = 0

    public init(voices: [[Float]], blockFrames: Int = 256) {
        precondition(voices.count == Self.voiceCount && voices.allSatisfy { $0.count == voices[0].count })
        self.voices = voices
        self.blockFrames = blockFrames
        equalizers = voices.indices.map { _ in Self.makeEqualizer(blockFrames: blockFrames) }
        reverb.prepare(sampleRate: Self.sampleRate, channelCount: 2, maximumFrames: blockFrames)
        reverb.loadFactoryPreset(Self.reverbPreset)
        reverb.setParameter(Reverb2Kernel.dryWetMix, Self.reverbWetDryMix)
        voiceBuffer = .allocate(capacity: blockFrames)
        voicePointer = .allocate(capacity: 1)
        voicePointer[0] = voiceBuffer
        output = .allocate(capacity: 2)
        output[0] = .allocate(capacity: blockFrames)
        output[1] = .allocate(capacity: blockFrames)
    }

    deinit {
        voiceBuffer.deallocate()
        voicePointer.deallocate()
        output[0].deallocate()
        output[1].deallocate()
        output.deallocate()
    }

    static func makeEqualizer(blockFrames: Int) -> NBandEQKernel {
        let eq = NBandEQKernel(bandCount: bands.count)
        eq.prepare(sampleRate: sampleRate, channelCount: 1, maximumFrames: blockFrames)
        for (index, band) in bands.enumerated() {
            let b = UInt32(index)
            eq.setParameter(NBandEQKernel.filterType + b, Float(NBandEQFilterType.parametric.rawValue))
            eq.setParameter(NBandEQKernel.frequency + b, band.frequency)
            eq.setParameter(NBandEQKernel.bandwidth + b, band.bandwidth)
            eq.setParameter(NBandEQKernel.gain + b, band.gain)
            eq.setParameter(NBandEQKernel.bypassBand + b, 0)
        }
        eq.reset()
        return eq
    }

    /// Renders one block into `output`; the voices loop when they run out.
    @inline(never)
    public func renderBlock() {
        let frames = blockFrames
        let length = voices[0].count
        let left = output[0]
        MixKernel.clear(left, frames: frames)
        for (index, voice) in voices.enumerated() {
            voice.withUnsafeBufferPointer { samples in
                // Up to the end of the voice, then from its start again.
                let first = min(frames, length - position)
                voiceBuffer.update(from: samples.baseAddress! + position, count: first)
                (voiceBuffer + first).update(from: samples.baseAddress!, count: frames - first)
            }
            equalizers[index].process(voicePointer, frameCount: frames)
            MixKernel.accumulate(voiceBuffer, into: left, gain: 1 / Float(Self.voiceCount), frames: frames)
        }
        output[1].update(from: left, count: frames)
        reverb.process(output, frameCount: frames)
        position = (position + frames) % length
    }

    /// Renders `blocks` blocks; returns a checksum so the work is not optimised away.
    @inline(never)
    public func render(blocks: Int) -> Float {
        var checksum: Float = 0
        for _ in 0..<blocks {
            renderBlock()
            checksum += output[0][0] + output[1][blockFrames - 1]
        }
        return checksum
    }

    /// The voices: three in four are sines (55 Hz rising a whole tone per voice), every fourth is
    /// white noise from a seeded generator, all at -12 dBFS peak.
    public static func voices(seconds: Double, seed: UInt64 = 2014) -> [[Float]] {
        let frames = Int(seconds * sampleRate)
        var random = SimRandom(seed: seed)
        return (0..<voiceCount).map { voice in
            if voice % 4 == 3 {
                return (0..<frames).map { _ in Float(Double(random.uniform(below: 1 << 24)) / Double(1 << 23) - 1) * 0.25 }
            }
            let frequency = 55 * pow(2, Double(voice) / 6)
            return (0..<frames).map { Float(0.25 * sin(2 * Double.pi * frequency * Double($0) / sampleRate)) }
        }
    }

    /// The sox command that applies the same chain to `files` (the voices as WAV) and discards the result.
    public static func soxCommand(files: [String]) -> String {
        let equalizer = bands.map { "equalizer \($0.frequency) \($0.bandwidth)o \($0.gain)" }.joined(separator: " ")
        let inputs = files.map { "\"|sox -V1 \($0) -p \(equalizer)\"" }.joined(separator: " ")
        return "sox -V1 -m \(inputs) -t raw -e floating-point -b 32 -r 48000 /dev/null channels 2 reverb \(Int(reverbWetDryMix))"
    }
}
