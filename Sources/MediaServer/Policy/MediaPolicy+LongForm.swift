import VirtualDevices

/// Long-form audio routing (WWDC 2017 session 509, "Introducing AirPlay 2"): a session that says
/// it plays long-form audio (`setCategory(.playback, mode: .default, policy: .longFormAudio)`)
/// is routed to the AirPlay 2 speakers the user picked, "independently of the rest of the
/// system audio": every other session keeps the local route. Picked speakers leave the system
/// route while a long-form session has them.
extension MediaPolicy {
    /// The user picks AirPlay outputs for long-form audio in the route picker (empty: back to
    /// the local route). Ports must be AirPlay outputs present now; others are ignored.
    public mutating func pickLongFormRoute(_ uids: [String]) -> [PolicyEffect] {
        input { policy in
            policy.longFormPicks = uids.filter { uid in policy.ports.contains { $0.uid == uid && $0.portType == .airPlay } }
            return policy.routeMayHaveChanged(.overrideChanged)
        }
    }

    /// Where a long-form session plays: the picked speakers still on the network, in pick order;
    /// nil for other sessions, or when no picked speaker is reachable.
    public func longFormRoute(for app: AppID) -> AudioRoute? {
        guard configuration(of: app).routeSharingPolicy == .longFormAudio else { return nil }
        let outputs = longFormPicks.compactMap { uid in ports.first { $0.uid == uid } }
        return outputs.isEmpty ? nil : AudioRoute(outputs: outputs)
    }

    /// "Allow the user to take a phone call while your app is AirPlaying" (2017 talk): a call
    /// takes the phone, not the AirPlay speakers a long-form session plays to, so it spares them.
    func spared(by source: SystemInterruptionSource) -> [AppID] {
        guard source == .phoneCall, !longFormPicks.isEmpty else { return [] }
        return activation.registeredApps.filter { activation.isActive($0) && longFormRoute(for: $0) != nil }
    }

    /// The ports the system route chooses among: all but the speakers picked for long-form audio.
    var portsForSystemRoute: [Port] {
        longFormPicks.isEmpty ? ports : ports.filter { !longFormPicks.contains($0.uid) }
    }
}
