import AudioGraph

extension AppID {
    /// Who plays System Sound Services' sounds: not a session, so a sound never activates,
    /// interrupts or ducks anyone.
    public static let systemSounds = AppID("SystemSounds")
}

/// System Sound Services' sounds (`AudioServicesPlaySystemSound`, `AudioServicesPlayAlertSound`):
/// short sounds mixed over whatever plays, on the current route, at full level — silent while the
/// ring/silent switch is on silent (an alert sound vibrates instead, traced `system.vibrate`).
extension AudioServer {
    /// Plays `buffer` once for `app`; returns false when the switch silenced it.
    @discardableResult
    public func playSystemSound(_ buffer: PCMBuffer, for app: AppID, alert: Bool) -> Bool {
        let silent = device.system.ringerSilent
        record(.systemSound, ["app": .string(app.name), "alert": .bool(alert), "silenced": .bool(silent)])
        if silent {
            if alert { vibrate(for: app) }
            return false
        }
        addVoice(app: .systemSounds, source: .buffer(buffer, looping: false))
        return true
    }

    /// `kSystemSoundID_Vibrate`: the device vibrates (there is nothing to hear).
    public func vibrate(for app: AppID) {
        record(.systemVibrate, ["app": .string(app.name)])
    }

    /// The system-sound player is audible unless the ring/silent switch is on silent.
    var systemSoundGain: Float { device.system.ringerSilent ? 0 : 1 }
}
