import AudioGraph

extension AppID {
    /// Who plays System Sound Services' sounds: not a session, so a sound never activates,
    /// interrupts or ducks anyone.
    public static let systemSounds = AppID("SystemSounds")
}

/// System Sound Services' sounds (`AudioServicesPlaySystemSound`, `AudioServicesPlayAlertSound`):
/// short sounds mixed over whatever plays, on the current route, at full level — silent while the
/// ring/silent switch is on silent (an alert sound vibrates instead, traced `system.vibrate`), and,
/// from iOS 13, silent and without vibration while the app records unless its session allows
/// haptics and system sounds during recording (MediaPolicy+RecordingSounds.swift).
extension AudioServer {
    /// Plays `buffer` once for `app`; returns false when the switch silenced it.
    @discardableResult
    public func playSystemSound(_ buffer: PCMBuffer, for app: AppID, alert: Bool) -> Bool {
        let muted = mutesSystemSounds(of: app)
        let silent = device.system.ringerSilent || muted
        record(.systemSound, ["app": .string(app.name), "alert": .bool(alert), "silenced": .bool(silent)])
        if silent {
            if alert && !muted { vibrate(for: app) }
            return false
        }
        addVoice(app: .systemSounds, source: .buffer(buffer, looping: false))
        return true
    }

    /// `kSystemSoundID_Vibrate`: the device vibrates (there is nothing to hear), unless the
    /// app's recording mutes haptics.
    public func vibrate(for app: AppID) {
        guard !mutesSystemSounds(of: app) else { return }
        record(.systemVibrate, ["app": .string(app.name)])
    }

    private func mutesSystemSounds(of app: AppID) -> Bool {
        policy.mutesSystemSounds(of: app, recording: inputApps.contains(app))
    }

    public func allowsHapticsAndSystemSoundsDuringRecording(_ app: AppID) -> Bool {
        policy.allowsHapticsAndSystemSoundsDuringRecording(app)
    }

    public func setAllowHapticsAndSystemSoundsDuringRecording(_ app: AppID, _ allows: Bool) throws(SessionError) {
        registerIfNeeded(app)
        try policy.setAllowHapticsAndSystemSoundsDuringRecording(app, allows)
    }
}
