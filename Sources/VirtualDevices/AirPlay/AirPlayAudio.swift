/// Audio on its way to AirPlay receivers: a run of interleaved stereo frames on the stream's
/// timeline (frame 0 = source time 0 at the stream rate). The samples are shared, never copied:
/// every receiver of a multi-room group holds the same `AirPlayAudio` objects, so the memory a
/// group uses is what is buffered ahead once, not once per speaker.
public final class AirPlayAudio: Sendable {
    /// Interleaved, two channels (mono is sent on both).
    public let samples: [Float]
    public var frameCount: Int { samples.count / 2 }

    public init(interleavedStereo samples: [Float]) {
        precondition(samples.count % 2 == 0, "interleaved stereo holds pairs of samples")
        self.samples = samples
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
