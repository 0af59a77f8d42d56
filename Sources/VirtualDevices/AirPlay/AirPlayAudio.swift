/// Audio on its way to AirPlay receivers: a run of interleaved stereo frames on the stream's
/// timeline (frame 0 = source time 0 at the stream rate). The samples are shared, never copied:
/// every receiver of a multi-room group holds the same `AirPlayAudio` objects, so the memory a
/// group uses is what is buffered ahead once, not once per speaker.
///
/// Stereo at the stream rate is kept as the app enqueued it (16-bit integers or 32-bit floats,
/// the bytes of its block buffer, shared with it) and converted as it plays, so a player that
/// enqueues the same decoded buffer again and again holds it once, however many minutes of it
/// are buffered ahead; anything else (mono, another rate, planar) arrives converted to floats.
public final class AirPlayAudio: Sendable {
    private enum Samples: Sendable {
        case float([Float])
        /// Native-endian interleaved stereo, 16-bit integers or 32-bit floats.
        case bytes([UInt8], isFloat: Bool)
    }

    private let samples: Samples
    public let frameCount: Int

    public init(interleavedStereo samples: [Float]) {
        precondition(samples.count % 2 == 0, "interleaved stereo holds pairs of samples")
        self.samples = .float(samples)
        frameCount = samples.count / 2
    }

    /// Interleaved stereo bytes: four per frame of 16-bit integers, eight of 32-bit floats.
    public init(interleavedStereoBytes bytes: [UInt8], isFloat: Bool) {
        let bytesPerFrame = isFloat ? 8 : 4
        precondition(bytes.count % bytesPerFrame == 0, "interleaved stereo holds whole frames")
        samples = .bytes(bytes, isFloat: isFloat)
        frameCount = bytes.count / bytesPerFrame
    }

    /// Frames `first ..< first + count` into `left` and `right`, times `gain` (a 16-bit sample
    /// `s` plays as `s / 32768`). Reads only: no allocation.
    @inline(__always)
    public func copy(from first: Int, count: Int, gain: Float, left: UnsafeMutablePointer<Float>, right: UnsafeMutablePointer<Float>) {
        switch samples {
        case let .float(floats):
            floats.withUnsafeBufferPointer { samples in
                for offset in 0..<count {
                    left[offset] = samples[2 * (first + offset)] * gain
                    right[offset] = samples[2 * (first + offset) + 1] * gain
                }
            }
        case let .bytes(bytes, isFloat):
            bytes.withUnsafeBytes { raw in
                if isFloat {
                    for offset in 0..<count {
                        left[offset] = raw.loadUnaligned(fromByteOffset: 8 * (first + offset), as: Float.self) * gain
                        right[offset] = raw.loadUnaligned(fromByteOffset: 8 * (first + offset) + 4, as: Float.self) * gain
                    }
                } else {
                    for offset in 0..<count {
                        left[offset] = Float(raw.loadUnaligned(fromByteOffset: 4 * (first + offset), as: Int16.self)) / 32_768 * gain
                        right[offset] = Float(raw.loadUnaligned(fromByteOffset: 4 * (first + offset) + 2, as: Int16.self)) / 32_768 * gain
                    }
                }
            }
        }
    }
}

/// One piece of a stream: `audio` frames from `offset` on, placed at stream frame `startFrame`.
public struct AirPlayPacket: Sendable {
    public let startFrame: Int64
    public let audio: AirPlayAudio
    public var offset: Int
    public var frameCount: Int

    public init(startFrame: Int64, audio: AirPlayAudio, offset: Int = 0, frameCount: Int? = nil) {
        self.startFrame = startFrame
        self.audio = audio
        self.offset = offset
        self.frameCount = frameCount ?? audio.frameCount - offset
    }

    public var endFrame: Int64 { startFrame + Int64(frameCount) }
}
