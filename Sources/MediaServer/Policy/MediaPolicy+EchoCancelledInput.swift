import VirtualDevices

/// Echo-cancelled input (iOS 18.2): the built-in microphone's input with what the built-in speaker
/// plays taken out, for apps that play and record at once without voice processing. Apple's rules:
/// available only on hardware with the feature ("certain 2024 or later iPhone models",
/// `AudioHardware.hasEchoCancelledInput`) to a session in `playAndRecord` with the `default` mode;
/// the preference is valid only in that category and mode. It is in effect (`isEchoCancelledInputEnabled`)
/// while the app prefers it, it is available, the session is active, and the device's route is the
/// built-in microphone and the built-in speaker. Elsewhere the preference is kept and waits.
extension MediaPolicy {
    /// `isEchoCancelledInputAvailable`: the hardware has it and `app` is in playAndRecord, default mode.
    public func isEchoCancelledInputAvailable(for app: AppID) -> Bool {
        guard platform.offersEchoCancelledInput, audioHardware.hasEchoCancelledInput else { return false }
        let configuration = configuration(of: app)
        return configuration.category == .playAndRecord && configuration.mode == .default
    }

    /// `isEchoCancelledInputEnabled`: preferred, available, active, and on the built-in mic and speaker.
    public func isEchoCancelledInputEnabled(for app: AppID) -> Bool {
        guard prefersEchoCancelledInput(app), isEchoCancelledInputAvailable(for: app), isActive(app) else { return false }
        let route = route(for: app)
        return route.inputs.first?.portType == .builtInMic && route.outputs.contains { $0.portType == .builtInSpeaker }
    }

    /// `setPrefersEchoCancelledInput(_:)`. The call succeeds anywhere and the preference reads
    /// back, as the existing facade did; it only takes effect where the option "is valid". Apple
    /// documents no error for the other cases, so we throw none.
    public mutating func setPrefersEchoCancelledInput(_ app: AppID, _ prefers: Bool) throws(SessionError) -> [PolicyEffect] {
        try input { policy throws(SessionError) in
            try policy.requireMediaServices()
            policy.withSession(app) { $0.prefersEchoCancelledInput = prefers }
            return []
        }
    }
}

extension PlatformProfile {
    /// Echo-cancelled input arrived in iOS 18.2; the profiles before `ios26` lack it.
    public var offersEchoCancelledInput: Bool { since(18) }
}
