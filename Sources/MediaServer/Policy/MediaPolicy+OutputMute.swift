import VirtualDevices

/// iOS 26's output mute (`AVAudioSession.setOutputMuted(_:)`, `isOutputMuted`): the app's output
/// is silent at every port while muted (the mix asks `isOutputMuted`), and the app is told each
/// change (`outputMuteStateChangeNotification`, `muteStateKey`). A volume button pressed while a
/// muted session is active is the user's intent to unmute: the app hears
/// `userIntentToUnmuteOutputNotification`, and a `shortFormVideo` session is unmuted by the
/// system, which tells it so ("the system may automatically unmute the output … and send
/// userIntentToUnmuteOutputNotification and outputMuteStateChangeNotification", the iOS 26 header
/// of the mode). Other modes stay muted: the app decides.
extension MediaPolicy {
    public func isOutputMuted(_ app: AppID) -> Bool { session(app)?.outputMuted ?? false }

    /// Before iOS 26 the call does not exist; the simulated system answers `badParam` rather than
    /// leaving the app's code silently without effect.
    public mutating func setOutputMuted(_ app: AppID, _ muted: Bool) throws(SessionError) -> [PolicyEffect] {
        guard platform.offersOutputMute else {
            throw SessionError(.badParam, "setOutputMuted(_:) is iOS 26 API; the run's platform is iOS \(platform.release)")
        }
        return try input { policy throws(SessionError) in
            try policy.requireMediaServices()
            policy.withSession(app) { $0.outputMuted = muted }
            return []
        }
    }

    /// A volume button (the device's volume and system state as they are now): each active,
    /// output-muted session hears the user's intent to unmute; a `shortFormVideo` one is unmuted
    /// too, and then hears its new mute state (from `toldStateChanges`, after the intent).
    public mutating func volumeButtonPressed(ports: [Port], system: SystemState) -> [PolicyEffect] {
        input { policy in
            policy.ports = ports
            policy.system = system
            var intents: [PolicyEffect] = []
            for index in policy.sessions.indices where policy.sessions[index].outputMuted && policy.isActive(policy.sessions[index].app) {
                intents.append(.notify(policy.sessions[index].app, .userIntentToUnmuteOutput))
                if policy.sessions[index].configuration.mode == .shortFormVideo { policy.sessions[index].outputMuted = false }
            }
            return intents
        }
    }

    /// The output mute notifications owed to `index`'s session (told at once, whatever its state).
    mutating func toldOutputMuteChange(_ index: Int) -> [PolicyEffect] {
        let muted = sessions[index].outputMuted
        guard muted != sessions[index].toldOutputMuted else { return [] }
        sessions[index].toldOutputMuted = muted
        return [.notify(sessions[index].app, .outputMuteStateChange(muted: muted))]
    }

    /// iOS 26 tells an app whose category records when its `availableInputs` change (no userInfo).
    mutating func toldAvailableInputsChange(_ index: Int) -> [PolicyEffect] {
        guard platform.postsAvailableInputsChange, sessions[index].configuration.category.allowsInput else { return [] }
        let available = availableInputs(for: sessions[index].app).map(\.uid)
        defer { sessions[index].toldAvailableInputs = available }
        guard let told = sessions[index].toldAvailableInputs, told != available else { return [] }
        return [.notify(sessions[index].app, .availableInputsChange)]
    }
}

extension PlatformProfile {
    /// `setOutputMuted(_:)`, `isOutputMuted` and their notifications arrived in iOS 26 (the iOS 26 SDK).
    public var offersOutputMute: Bool { since(26) }

    /// `availableInputsChangeNotification` arrived in iOS 26 (the iOS 26 SDK).
    public var postsAvailableInputsChange: Bool { since(26) }
}
