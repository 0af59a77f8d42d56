import SimCore

/// Hardware preferences (setPreferredSampleRate/IOBufferDuration docs, AVAudioSession hardware-value docs): requests, echoed back by the getters; the controlling
/// session's are granted as far as the route allows, and the device's one format follows.
extension MediaPolicy {
    public mutating func setPreferredSampleRate(_ app: AppID, _ hertz: Int?) throws(SessionError) -> [PolicyEffect] {
        try changePreferences(app) { preferences throws(SessionError) in try preferences.setPreferredSampleRate(hertz) }
    }

    public mutating func setPreferredIOBufferDuration(_ app: AppID, _ duration: HostDuration?) throws(SessionError) -> [PolicyEffect] {
        try changePreferences(app) { preferences throws(SessionError) in try preferences.setPreferredIOBufferDuration(duration) }
    }

    public mutating func setPreferredChannels(_ app: AppID, _ count: Int, input: Bool) throws(SessionError) -> [PolicyEffect] {
        let configuration = configuration(of: app)
        let maximum = input ? hardware.maximumInputChannels : hardware.maximumOutputChannels
        return try changePreferences(app) { preferences throws(SessionError) in
            if input {
                try preferences.setPreferredInputNumberOfChannels(count, configuration: configuration, maximum: maximum)
            } else {
                try preferences.setPreferredOutputNumberOfChannels(count, configuration: configuration, maximum: maximum)
            }
        }
    }

    public mutating func setInputGain(_ app: AppID, _ gain: Double) throws(SessionError) -> [PolicyEffect] {
        let configuration = configuration(of: app)
        return try changePreferences(app) { preferences throws(SessionError) in
            try preferences.setInputGain(gain, configuration: configuration)
        }
    }

    private mutating func changePreferences(_ app: AppID, _ change: (inout HardwarePreferences) throws(SessionError) -> Void) throws(SessionError) -> [PolicyEffect] {
        try input { policy throws(SessionError) in
            try policy.requireMediaServices()
            try policy.withSession(app) { session throws(SessionError) in try change(&session.preferences) }
            return []
        }
    }

    /// `setAggregatedIOPreference(_:)`: with the app's I/O running it fails with isBusy, as
    /// changing the I/O type does on a device (AVAudioSession.ErrorCode.isBusy docs); otherwise
    /// nothing changes that the simulation models.
    public func setAggregatedIOPreference(_ app: AppID) throws(SessionError) -> [PolicyEffect] {
        try requireMediaServices()
        guard !isIORunning(app) else {
            throw SessionError(.isBusy, "the I/O type cannot change while the app's I/O is running")
        }
        return []
    }
}
