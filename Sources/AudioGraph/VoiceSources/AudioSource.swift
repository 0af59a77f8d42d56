import SimCore

/// What a voice plays: a description, turned into render state by `SourceRenderer`.
///
/// Every source is a pure function of the frame position since the voice started (the tone's
/// phase, the noise stream, the buffer's read position), which is what makes a voice render the
/// same samples however the audio is cut into IO cycles.
public enum AudioSource: Sendable {
    /// Digital silence on `channels` channels.
    case silence(channels: Int)
    /// A mono sine tone; `amplitude` is linear peak (1.0 = full scale).
    case sine(frequency: Double, amplitude: Float)
    /// Mono white noise, uniform in ±`amplitude`, drawn from `SimRandom(seed:)`.
    case noise(seed: UInt64, amplitude: Float)
    /// A buffer at any sample rate, converted to the hardware rate; after its end it is silent
    /// unless `looping`.
    case buffer(PCMBuffer, looping: Bool)

    public var channelCount: Int {
        switch self {
        case let .silence(channels): channels
        case .sine, .noise: 1
        case let .buffer(buffer, _): buffer.channelCount
        }
    }
}
