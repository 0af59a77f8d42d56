/// iOS 13's `allowHapticsAndSystemSoundsDuringRecording`: "the system mutes system sounds and
/// haptics during recording" unless the recording session allows them (Apple's property
/// documentation, default false). The server asks `mutesSystemSounds` when an app plays a system
/// sound or vibrates (AudioServer+SystemSounds.swift).
extension MediaPolicy {
    public func allowsHapticsAndSystemSoundsDuringRecording(_ app: AppID) -> Bool {
        session(app)?.allowsHapticsAndSystemSoundsDuringRecording ?? false
    }

    /// Before iOS 13 the call does not exist: `badParam`, as for other calls a release lacks.
    public mutating func setAllowHapticsAndSystemSoundsDuringRecording(_ app: AppID, _ allows: Bool) throws(SessionError) {
        guard platform.mutesSystemSoundsWhileRecording else {
            throw SessionError(.badParam, "setAllowHapticsAndSystemSoundsDuringRecording(_:) is iOS 13 API; the run's platform is iOS \(platform.release)")
        }
        try requireMediaServices()
        withSession(app) { $0.allowsHapticsAndSystemSoundsDuringRecording = allows }
    }

    /// Whether `app`'s system sounds and haptics are muted now: it records (`recording`) and has
    /// not allowed them.
    public func mutesSystemSounds(of app: AppID, recording: Bool) -> Bool {
        platform.mutesSystemSoundsWhileRecording && recording && !allowsHapticsAndSystemSoundsDuringRecording(app)
    }
}

extension PlatformProfile {
    /// The rule and its opt-out arrived together in iOS 13 (the property's availability); the
    /// profiles before keep their traces.
    public var mutesSystemSoundsWhileRecording: Bool { since(13) }
}
