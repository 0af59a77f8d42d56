/// The events a random step may draw from, given what the device would accept right now.
/// The list is built in a fixed order so that the same state and stream pick the same event.
enum RandomEvents {
    static let attachable: [AccessoryKind] = [
        .wiredHeadphones, .wiredHeadset, .usbInterface(inputs: 2, outputs: 2, sampleRates: [44_100, 48_000]),
        .hdmi(channels: 6), .bluetoothA2DP, .bluetoothHeadphones, .airPlay(version: 2), .carAudio,
    ]

    /// The candidates outside `excluded` families (those a script drives itself).
    static func candidates(for device: VirtualDevice, excluding excluded: Set<DeviceEventFamily>) -> [DeviceEvent] {
        // A dropout takes AirPlay receivers away, so accessories and the network go together.
        var excluded = excluded
        if !excluded.isDisjoint(with: [.accessories, .network]) { excluded.formUnion([.accessories, .network]) }
        return allCandidates(for: device).filter { !excluded.contains($0.family) }
    }

    private static func allCandidates(for device: VirtualDevice) -> [DeviceEvent] {
        var events: [DeviceEvent] = [.volumeUp, .volumeDown]
        events.append(device.system.screenLocked ? .unlockScreen : .lockScreen)
        if device.profile.hasRingSilentSwitch { events.append(.ringerSwitch(silent: !device.system.ringerSilent)) }
        events += attachable.filter { canAttach($0, to: device) }.map { .attach($0, connector: nil) }
        events += device.accessories.map { .detach(accessory: $0.id) }
        events += device.accessories.filter { $0.connector == .bluetooth }.map { .bluetoothLinkLoss(accessory: $0.id) }
        if device.profile.hasTelephony {
            switch device.system.call {
            case .idle: events.append(.incomingCall(caller: "Random Caller"))
            case .ringing: events += [.answerCall, .declineCall]
            case .active: events.append(.hangUp)
            }
        }
        events.append(device.system.alarmRinging ? .dismissAlarm : .alarm)
        events.append(device.system.siriActive ? .siriEnd : .siri)
        if device.system.mediaServerRunning { events.append(.mediaServerCrash(restartDelay: .milliseconds(500))) }
        if device.system.networkUp { events.append(.networkDropout(duration: .seconds(2))) }
        return events
    }

    private static func canAttach(_ kind: AccessoryKind, to device: VirtualDevice) -> Bool {
        let connector = kind.defaultConnector
        guard device.profile.connectors.contains(connector) else { return false }
        if connector == .network, !device.system.networkUp { return false }
        return !connector.holdsOneAccessory || !device.accessories.contains { $0.connector == connector }
    }
}
