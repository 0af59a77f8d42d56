import AudioGraph
import VirtualDevices

/// Linear PCM enqueued at a rate other than the stream's 44.1 kHz (48 kHz, 22.05 kHz, 96 kHz …),
/// converted by libsoxr on its way into the renderer ("basically all platform supported audio
/// formats", WWDC 2017 session 509): the AirPlay speakers, and the local route, are then fed one
/// 44.1 kHz stream whatever the app enqueued, and a switch of format between items is handled
/// here, as the talk promises ("we will take care of the format transitions for you").
///
/// One conversion runs across consecutive buffers of one format, so a stream cut into buffers
/// converts as one signal (no filter edges at buffer boundaries). It starts again — at the
/// stream frame of the new buffer's time — at a change of rate or a gap or overlap in the
/// timestamps (the old conversion is finished first, so its last frames are not lost), or a
/// flush (which drops it). The converter's few milliseconds of look-ahead stay in it until the
/// next buffer arrives.
struct StreamRateConversion {
    let inputRate: Double
    private let converter: FlushingRateConverter
    /// Where the next converted frame goes on the stream (44.1 kHz frames).
    private var nextStreamFrame: Int64
    /// The input frame (at `inputRate`) the next buffer must start at to continue this conversion.
    private(set) var nextInputFrame: Int64

    init(from inputRate: Double, inputFrame: Int64, streamFrame: Int64, streamRate: Double) {
        self.inputRate = inputRate
        converter = FlushingRateConverter(channelCount: 2, from: inputRate, to: streamRate)
        nextStreamFrame = streamFrame
        nextInputFrame = inputFrame
    }

    /// Converts interleaved stereo `samples` (at `inputRate`) and returns what came out, placed
    /// on the stream (nil while the converter is still filling).
    mutating func convert(interleavedStereo samples: [Float]) -> AirPlayPacket? {
        let frames = samples.count / 2
        var left = [Float](repeating: 0, count: frames), right = left
        for index in 0..<frames {
            left[index] = samples[2 * index]
            right[index] = samples[2 * index + 1]
        }
        left.withUnsafeBufferPointer { l in
            right.withUnsafeBufferPointer { r in converter.append([l.baseAddress!, r.baseAddress!], frames: frames) }
        }
        nextInputFrame += Int64(frames)
        return takeConverted()
    }

    /// The stream ends here (the next buffer has another rate, or is not contiguous): what the
    /// converter still holds comes out, so the stream reaches exactly the end of its input.
    mutating func finish() -> AirPlayPacket? {
        converter.finish()
        return takeConverted()
    }

    private mutating func takeConverted() -> AirPlayPacket? {
        let available = converter.availableFrames
        guard available > 0 else { return nil }
        var outLeft = [Float](repeating: 0, count: available), outRight = outLeft
        _ = outLeft.withUnsafeMutableBufferPointer { l in
            outRight.withUnsafeMutableBufferPointer { r in converter.read(available, into: [l.baseAddress!, r.baseAddress!]) }
        }
        var interleaved = [Float](repeating: 0, count: available * 2)
        for index in 0..<available {
            interleaved[2 * index] = outLeft[index]
            interleaved[2 * index + 1] = outRight[index]
        }
        let packet = AirPlayPacket(startFrame: nextStreamFrame, audio: AirPlayAudio(interleavedStereo: interleaved))
        nextStreamFrame += Int64(available)
        return packet
    }
}
