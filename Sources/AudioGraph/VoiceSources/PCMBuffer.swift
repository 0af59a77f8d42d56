import SimCore

/// Audio held in memory at its own sample rate, planar (channel after channel), e.g. a decoded
/// file or a generated test signal. A voice playing it converts it to the hardware rate.
public struct PCMBuffer: Sendable {
    public let sampleRate: SampleRate
    public let channelCount: Int
    public let frameCount: Int
    /// `channelCount * frameCount` samples; channel `c` starts at `c * frameCount`.
    public let samples: [Float]

    /// - Parameter channels: one array per channel, all the same length.
    public init(sampleRate: SampleRate, channels: [[Float]]) {
        precondition(!channels.isEmpty, "a buffer has at least one channel")
        let frames = channels[0].count
        precondition(channels.allSatisfy { $0.count == frames }, "every channel has the same length")
        self.sampleRate = sampleRate
        self.channelCount = channels.count
        self.frameCount = frames
        self.samples = channels.flatMap { $0 }
    }

    /// One channel's samples.
    public func channel(_ index: Int) -> ArraySlice<Float> {
        samples[(index * frameCount)..<((index + 1) * frameCount)]
    }
}
