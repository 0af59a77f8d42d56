import AudioGraph
import SimCore

/// Brings one input of a mixer (or of the output node) to the rate it renders at: equal rates
/// pass the upstream buffer through; different rates go through libsoxr, pulling the upstream
/// node in chunks of its own (each chunk a fresh pull serial, since its timeline is not ours).
/// Channels are left as they are; the caller maps them.
final class RateBridge {
    let channelCount: Int
    let inputRate: Double
    let outputRate: Double
    private let converter: SampleRateConverter?
    private let converted: RenderBuffer?

    init(channelCount: Int, from inputRate: Double, to outputRate: Double, maximumFrames: Int) {
        self.channelCount = channelCount
        self.inputRate = inputRate
        self.outputRate = outputRate
        if inputRate == outputRate || channelCount == 0 || inputRate <= 0 || outputRate <= 0 {
            converter = nil
            converted = nil
        } else {
            converter = SampleRateConverter(channelCount: channelCount, from: SampleRate(hertz: inputRate),
                                            to: SampleRate(hertz: outputRate), maxReadFrames: maximumFrames)
            converted = RenderBuffer(channelCount: channelCount, capacity: maximumFrames)
        }
    }

    /// Converters pull their input in chunks (libsoxr's 256 frames): every node's buffer holds
    /// at least this many frames, however small the manual rendering maximum.
    static let minimumPullCapacity = 1024

    func matches(channelCount: Int, from inputRate: Double, to outputRate: Double) -> Bool {
        self.channelCount == channelCount && self.inputRate == inputRate && self.outputRate == outputRate
    }

    /// `frames` frames of `source`'s bus at the output rate.
    func pull(_ source: AVAudioNode, frames: Int, serial: Int,
              serials: RenderSerials) -> UnsafeMutablePointer<UnsafeMutablePointer<Float>> {
        guard let converter, let converted else { return source.pull(frames, serial: serial, serials: serials) }
        while converter.needsInput(toRead: frames) {
            let chunk = source.pull(converter.chunkFrames, serial: serials.fresh(), serials: serials)
            for channel in 0..<channelCount {
                converter.inputChunk(channel: channel).update(from: chunk[channel], count: converter.chunkFrames)
            }
            converter.convertChunk()
        }
        converter.read(frames, into: converted.channels[0], stride: converted.capacity)
        return converted.channels
    }
}

extension SampleRate {
    /// A rate given in hertz as AVAudioFormat holds it (whole hertz, or exact thousandths).
    init(hertz: Double) {
        if hertz == hertz.rounded() {
            self.init(framesPerSecond: Int64(hertz))
        } else {
            self.init(numerator: Int64((hertz * 1000).rounded()), denominator: 1000)
        }
    }
}
