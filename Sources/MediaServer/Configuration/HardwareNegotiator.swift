import SimCore
import VirtualDevices

/// Turns an app's hardware preferences into what the hardware runs at for the current route.
///
/// Contract with the media server, which decides *whose* preferences to pass: the hardware is
/// shared, so the active non-mixable session's preferences are granted (as far as the hardware and
/// route allow); a mixable session's preferences are only requests and are not passed while a
/// non-mixable session is active. With no session owning the hardware, pass nil: hardware defaults.
/// Every session then reads back the same `HardwareSettings`, while its `preferred…` getters keep
/// echoing its own request (AVAudioSession hardware-value docs).
///
/// Pure: the same preferences, hardware and ports always give the same settings.
public enum HardwareNegotiator {
    /// Without a preference, at most this many channels are used per direction even when the route
    /// offers more (an app must ask for 5.1 on a 6-channel HDMI port). Derived: stereo by default.
    public static let defaultChannelLimit = 2

    /// Longer preferred IO durations are treated as this long, far above any hardware range, so the
    /// integer arithmetic cannot overflow.
    static let longestConsideredDuration = HostDuration.seconds(100)

    public static func resolve(preferences: HardwarePreferences?, hardware: AudioHardware,
                               outputs: [Port], inputs: [Port]) -> HardwareSettings {
        let rate = sampleRate(preferred: preferences?.preferredSampleRate, hardware: hardware, ports: outputs + inputs)
        let frames = ioBufferFrames(preferred: preferences?.preferredIOBufferDuration, sampleRate: rate, hardware: hardware)
        let maximumInput = channelCount(of: inputs)
        let maximumOutput = channelCount(of: outputs)
        return HardwareSettings(
            sampleRate: rate, ioBufferFrames: frames, ioBufferDuration: duration(ofFrames: frames, sampleRate: rate),
            inputChannels: channels(preferred: preferences?.preferredInputNumberOfChannels, maximum: maximumInput),
            outputChannels: channels(preferred: preferences?.preferredOutputNumberOfChannels, maximum: maximumOutput),
            maximumInputChannels: maximumInput, maximumOutputChannels: maximumOutput,
            inputLatency: PortLatency.slowest(of: inputs), outputLatency: PortLatency.slowest(of: outputs))
    }

    // MARK: Channels

    static func channelCount(of ports: [Port]) -> Int {
        ports.reduce(0) { $0 + $1.channels.count }
    }

    /// The preference clamped to 1...maximum, or `defaultChannelLimit`; zero when nothing is routed.
    static func channels(preferred: Int?, maximum: Int) -> Int {
        guard maximum > 0 else { return 0 }
        return min(max(preferred ?? defaultChannelLimit, 1), maximum)
    }
}
