import SimCore
import VirtualDevices

/// Hardware values (§6.3, §16). The session that controls the hardware is the most recently
/// activated active non-mixable session; its preferences are granted. Every other session reads
/// the values that session got (its own preferences are only requests), and when no session is
/// active a session reads what its own preferences would get.
extension AudioServer {
    /// The one hardware format of the device (rate, IO buffer, channels, latencies): what every
    /// app reads and what the IO runs at. The controlling session's preferences are granted as far
    /// as the current route allows.
    public var currentHardware: HardwareSettings {
        HardwareNegotiator.resolve(preferences: controllingApp.flatMap { appRecord($0)?.preferences },
                                   hardware: device.profile.hardware,
                                   outputs: currentRoute.outputs, inputs: currentRoute.inputs)
    }

    /// The hardware as `app` reads it: the same for every app (one device, one truth).
    public func hardware(for app: AppID) -> HardwareSettings { currentHardware }

    /// The session whose configuration and preferences the device follows: the most recently
    /// activated active non-mixable session, else the most recently activated active session.
    /// With no session active nobody controls the device: it idles on the default
    /// configuration's route (soloAmbient: the last-in output, no input) and hardware defaults.
    var controllingApp: AppID? {
        activationOrder.last { !configuration(of: $0).isMixable } ?? activationOrder.last
    }

    public func preferredSampleRate(for app: AppID) -> Int? { appRecord(app)?.preferences.preferredSampleRate }
    public func preferredIOBufferDuration(for app: AppID) -> HostDuration? {
        appRecord(app)?.preferences.preferredIOBufferDuration
    }
    public func preferredChannels(for app: AppID, input: Bool) -> Int? {
        let preferences = appRecord(app)?.preferences
        return input ? preferences?.preferredInputNumberOfChannels : preferences?.preferredOutputNumberOfChannels
    }
    /// The input gain (§16: system default 1.0 until an app sets it).
    public func inputGain(for app: AppID) -> Double { appRecord(app)?.preferences.inputGain ?? 1.0 }

    public func setPreferredSampleRate(_ app: AppID, _ hertz: Int) throws(SessionError) {
        try api("setPreferredSampleRate", app, ["hz": .integer(hertz)]) { () throws(SessionError) in
            try requireMediaServices()
            try withRecord(app) { record throws(SessionError) in try record.preferences.setPreferredSampleRate(hertz) }
        }
    }

    public func setPreferredIOBufferDuration(_ app: AppID, _ duration: HostDuration) throws(SessionError) {
        try api("setPreferredIOBufferDuration", app, ["duration": .string(duration.description)]) { () throws(SessionError) in
            try requireMediaServices()
            try withRecord(app) { record throws(SessionError) in try record.preferences.setPreferredIOBufferDuration(duration) }
        }
    }

    public func setPreferredChannels(_ app: AppID, _ count: Int, input: Bool) throws(SessionError) {
        let settings = hardware(for: app)
        let configuration = configuration(of: app)
        let name = input ? "setPreferredInputNumberOfChannels" : "setPreferredOutputNumberOfChannels"
        try api(name, app, ["count": .integer(count)]) { () throws(SessionError) in
            try requireMediaServices()
            try withRecord(app) { record throws(SessionError) in
                if input {
                    try record.preferences.setPreferredInputNumberOfChannels(
                        count, configuration: configuration, maximum: settings.maximumInputChannels)
                } else {
                    try record.preferences.setPreferredOutputNumberOfChannels(
                        count, configuration: configuration, maximum: settings.maximumOutputChannels)
                }
            }
        }
    }

    public func setInputGain(_ app: AppID, _ gain: Double) throws(SessionError) {
        let configuration = configuration(of: app)
        try api("setInputGain", app, ["gainPerMille": .integer(Int((gain.isFinite ? gain : 0) * 1000))]) {
            () throws(SessionError) in
            try requireMediaServices()
            try withRecord(app) { record throws(SessionError) in try record.preferences.setInputGain(gain, configuration: configuration) }
        }
    }
}
