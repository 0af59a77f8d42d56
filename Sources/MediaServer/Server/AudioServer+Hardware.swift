import SimCore
import VirtualDevices

/// Hardware values (setPreferredSampleRate/IOBufferDuration docs, AVAudioSession hardware-value docs): the device's one format, decided by the policy from the
/// controlling session's preferences and the route; every app reads the same values, while its
/// `preferred…` getters echo its own request.
extension AudioServer {
    /// The one hardware format of the device: what every app reads and what the IO runs at.
    public var currentHardware: HardwareSettings { policy.hardware }

    /// The hardware as `app` reads it: the same for every app (one device, one truth).
    public func hardware(for app: AppID) -> HardwareSettings { policy.hardware }

    public func preferredSampleRate(for app: AppID) -> Int? { policy.preferences(of: app).preferredSampleRate }
    public func preferredIOBufferDuration(for app: AppID) -> HostDuration? { policy.preferences(of: app).preferredIOBufferDuration }
    public func preferredChannels(for app: AppID, input: Bool) -> Int? {
        let preferences = policy.preferences(of: app)
        return input ? preferences.preferredInputNumberOfChannels : preferences.preferredOutputNumberOfChannels
    }
    /// The input gain (AVAudioSession hardware-value docs: system default 1.0 until an app sets it).
    public func inputGain(for app: AppID) -> Double { policy.preferences(of: app).inputGain ?? 1.0 }

    /// `hertz` nil clears the preference (traced as 0 Hz, what the getter then reads).
    public func setPreferredSampleRate(_ app: AppID, _ hertz: Int?) throws(SessionError) {
        try api(.apiSetPreferredSampleRate, app, ["hz": .integer(hertz ?? 0)]) { () throws(SessionError) in
            try policy.setPreferredSampleRate(app, hertz)
        }
    }

    public func setPreferredIOBufferDuration(_ app: AppID, _ duration: HostDuration?) throws(SessionError) {
        try api(.apiSetPreferredIOBufferDuration, app, ["duration": .string((duration ?? .zero).description)]) { () throws(SessionError) in
            try policy.setPreferredIOBufferDuration(app, duration)
        }
    }

    public func setPreferredChannels(_ app: AppID, _ count: Int, input: Bool) throws(SessionError) {
        let name: TraceKind = input ? .apiSetPreferredInputNumberOfChannels : .apiSetPreferredOutputNumberOfChannels
        try api(name, app, ["count": .integer(count)]) { () throws(SessionError) in
            try policy.setPreferredChannels(app, count, input: input)
        }
    }

    public func setInputGain(_ app: AppID, _ gain: Double) throws(SessionError) {
        try api(.apiSetInputGain, app, ["gainPerMille": .integer(Int((gain.isFinite ? gain : 0) * 1000))]) { () throws(SessionError) in
            try policy.setInputGain(app, gain)
        }
    }
}
