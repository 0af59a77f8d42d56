import SimCore

/// What an app asked for with `setPreferred…` and `setInputGain`: hints, not guarantees (AVAudioSession hardware-value docs).
///
/// The getters echo the request, as devices do even when the hardware cannot honour it (AVAudioSession hardware-value docs,
/// openradar 19156110); what the hardware actually runs at is `HardwareNegotiator`'s answer.
/// Setters throw the documented errors for values no device accepts. Time is an integer
/// `HostDuration`; facades convert Apple's `TimeInterval` at the edge.
public struct HardwarePreferences: Hashable, Sendable {
    /// Hertz; nil when the app has not asked.
    public private(set) var preferredSampleRate: Int?
    public private(set) var preferredIOBufferDuration: HostDuration?
    public private(set) var preferredInputNumberOfChannels: Int?
    public private(set) var preferredOutputNumberOfChannels: Int?
    /// 0...1 after clamping; nil until the app sets a gain (the system default applies).
    public private(set) var inputGain: Double?

    /// No preferences: the hardware defaults apply.
    public init() {}

    /// Nil clears the preference; zero or negative rates are badParam.
    public mutating func setPreferredSampleRate(_ hertz: Int?) throws(SessionError) {
        if let hertz, hertz <= 0 {
            throw SessionError(.badParam, "preferred sample rate must be positive, got \(hertz) Hz")
        }
        preferredSampleRate = hertz
    }

    /// Nil clears the preference; zero or negative durations are badParam.
    public mutating func setPreferredIOBufferDuration(_ duration: HostDuration?) throws(SessionError) {
        if let duration, duration <= .zero {
            throw SessionError(.badParam, "preferred IO buffer duration must be positive, got \(duration)")
        }
        preferredIOBufferDuration = duration
    }

    /// incompatibleCategory in a category without input (the example AVAudioSession.ErrorCode.incompatibleCategory's page gives); badParam outside
    /// 1...`maximum`, the route's `maximumInputNumberOfChannels`.
    public mutating func setPreferredInputNumberOfChannels(_ count: Int, configuration: SessionConfiguration,
                                                           maximum: Int) throws(SessionError) {
        guard configuration.allowsInput else {
            throw Self.incompatible("setPreferredInputNumberOfChannels", needs: "input", configuration)
        }
        try Self.checkChannelCount(count, maximum: maximum, direction: "input")
        preferredInputNumberOfChannels = count
    }

    /// incompatibleCategory in a category without output; badParam outside 1...`maximum`.
    public mutating func setPreferredOutputNumberOfChannels(_ count: Int, configuration: SessionConfiguration,
                                                            maximum: Int) throws(SessionError) {
        guard configuration.allowsOutput else {
            throw Self.incompatible("setPreferredOutputNumberOfChannels", needs: "output", configuration)
        }
        try Self.checkChannelCount(count, maximum: maximum, direction: "output")
        preferredOutputNumberOfChannels = count
    }

    /// Out-of-range gains are clamped to 0...1 (AVAudioSession hardware-value docs); NaN is badParam; a category without input
    /// has no gain to set ("input-specific properties … generate an error", AVAudioSession hardware-value docs).
    public mutating func setInputGain(_ gain: Double, configuration: SessionConfiguration) throws(SessionError) {
        guard configuration.allowsInput else { throw Self.incompatible("setInputGain", needs: "input", configuration) }
        guard !gain.isNaN else { throw SessionError(.badParam, "input gain must be a number") }
        inputGain = min(max(gain, 0), 1)
    }

    private static func checkChannelCount(_ count: Int, maximum: Int, direction: String) throws(SessionError) {
        guard count >= 1, count <= maximum else {
            throw SessionError(.badParam, "preferred \(direction) channel count must be between 1 and "
                                   + "the route maximum \(maximum), got \(count)")
        }
    }

    private static func incompatible(_ call: String, needs direction: String,
                                     _ configuration: SessionConfiguration) -> SessionError {
        SessionError(.incompatibleCategory, "\(call) needs a category with \(direction), not \(configuration.category.name)")
    }
}
