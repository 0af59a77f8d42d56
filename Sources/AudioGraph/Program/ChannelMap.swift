/// Decides which output channels a source's channels feed (WWDC 2012 session 505, AVAudioSession.Category.multiRoute).
///
/// - Default: mono plays the same data to the first two output channels; stereo plays to the
///   first two; a source with more channels plays channel `i` to output `i`; the rest of a
///   larger route (HDMI 3–8, a second port in multiRoute) stays silent. On a one-channel output
///   (the receiver) stereo is downmixed at half gain per side.
/// - Explicit assignments (AVAudioSessionChannelDescription lists) override: source channel `i`
///   goes only to `assignments[i]`; nil there leaves that source channel unrouted.
public enum ChannelMap {
    public static func routes(sourceChannels: Int, outputChannels: Int, assignments: [Int?]? = nil) -> [ChannelRoute] {
        guard outputChannels > 0, sourceChannels > 0 else { return [] }
        if let assignments { return explicitRoutes(sourceChannels: sourceChannels, outputChannels: outputChannels, assignments) }
        switch (sourceChannels, outputChannels) {
        case (1, 1):
            return [ChannelRoute(sourceChannel: 0, outputChannel: 0)]
        case (1, _):
            return [ChannelRoute(sourceChannel: 0, outputChannel: 0, side: .left),
                    ChannelRoute(sourceChannel: 0, outputChannel: 1, side: .right)]
        case (_, 1):
            return [ChannelRoute(sourceChannel: 0, outputChannel: 0, gain: 0.5, side: .left),
                    ChannelRoute(sourceChannel: 1, outputChannel: 0, gain: 0.5, side: .right)]
        case (2, _):
            return [ChannelRoute(sourceChannel: 0, outputChannel: 0, side: .left),
                    ChannelRoute(sourceChannel: 1, outputChannel: 1, side: .right)]
        default:
            return (0..<min(sourceChannels, outputChannels)).map { ChannelRoute(sourceChannel: $0, outputChannel: $0) }
        }
    }

    private static func explicitRoutes(sourceChannels: Int, outputChannels: Int, _ assignments: [Int?]) -> [ChannelRoute] {
        (0..<min(sourceChannels, assignments.count)).compactMap { channel in
            guard let output = assignments[channel], (0..<outputChannels).contains(output) else { return nil }
            return ChannelRoute(sourceChannel: channel, outputChannel: output)
        }
    }
}
