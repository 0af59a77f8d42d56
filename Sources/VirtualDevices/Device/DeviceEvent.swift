import SimCore

/// Something that happens to the simulated device: hardware coming and going, switches and
/// buttons, telephony, the clock app, Siri, app lifecycle, and faults. Scripts name each with the
/// `do:` word in `scriptName`.
public enum DeviceEvent: Hashable, Sendable {
    case attach(AccessoryKind, connector: Connector?)
    case detach(accessory: String)
    case ringerSwitch(silent: Bool)
    case lockScreen, unlockScreen
    /// Control Center swiped up over the foreground app, and dismissed: the app resigns active and
    /// becomes active again without leaving the foreground (its audio goes on).
    case controlCenter, dismissControlCenter
    /// The hardware mutes the built-in microphone and unmutes it again, as closing and opening an
    /// iPad's Smart Folio does: the mic records silence in between.
    case muteBuiltInMic, unmuteBuiltInMic
    case volumeUp, volumeDown
    case incomingCall(caller: String), answerCall, declineCall, hangUp
    case alarm, dismissAlarm
    case siri, siriEnd
    case launch(app: String), foreground(app: String), background(app: String)
    case suspend(app: String), terminate(app: String)
    /// mediaserverd dies; it comes back `restartDelay` later (lost, then reset notifications).
    case mediaServerCrash(restartDelay: HostDuration)
    case mediaServerRestart
    /// A Bluetooth accessory drops off the radio without being switched off.
    case bluetoothLinkLoss(accessory: String)
    /// Wi-Fi disappears for `duration`; AirPlay receivers drop off and come back.
    case networkDropout(duration: HostDuration)
    case networkRestored

    /// The word that names this event (`DeviceVerb`).
    public var verb: DeviceVerb {
        switch self {
        case .attach: .attach
        case .detach: .detach
        case let .ringerSwitch(silent): silent ? .ringerSilent : .ringerRing
        case .lockScreen: .lockScreen
        case .unlockScreen: .unlockScreen
        case .controlCenter: .controlCenter
        case .dismissControlCenter: .dismissControlCenter
        case .muteBuiltInMic: .muteBuiltInMic
        case .unmuteBuiltInMic: .unmuteBuiltInMic
        case .volumeUp: .volumeUp
        case .volumeDown: .volumeDown
        case .incomingCall: .incomingCall
        case .answerCall: .answerCall
        case .declineCall: .declineCall
        case .hangUp: .hangUp
        case .alarm: .alarm
        case .dismissAlarm: .dismissAlarm
        case .siri: .siri
        case .siriEnd: .siriEnd
        case .launch: .launch
        case .foreground: .foreground
        case .background: .background
        case .suspend: .suspend
        case .terminate: .terminate
        case .mediaServerCrash: .mediaServerCrash
        case .mediaServerRestart: .mediaServerRestart
        case .bluetoothLinkLoss: .bluetoothLinkLoss
        case .networkDropout: .networkDropout
        case .networkRestored: .networkRestored
        }
    }

    /// The `do:` word for this event in scripts and the `kind` suffix in traces.
    public var scriptName: String { verb.rawValue }
}

/// Groups of events that touch the same part of the device. Seeded random events stay out of the
/// families a script drives itself, so they can never make a scripted step impossible.
public enum DeviceEventFamily: Hashable, Sendable {
    case accessories, ringer, screen, volume, telephony, alarm, siri, lifecycle, mediaServer, network
}

extension DeviceEvent {
    public var family: DeviceEventFamily {
        switch self {
        case .attach, .detach, .bluetoothLinkLoss: .accessories
        case .ringerSwitch: .ringer
        case .lockScreen, .unlockScreen, .controlCenter, .dismissControlCenter, .muteBuiltInMic, .unmuteBuiltInMic: .screen
        case .volumeUp, .volumeDown: .volume
        case .incomingCall, .answerCall, .declineCall, .hangUp: .telephony
        case .alarm, .dismissAlarm: .alarm
        case .siri, .siriEnd: .siri
        case .launch, .foreground, .background, .suspend, .terminate: .lifecycle
        case .mediaServerCrash, .mediaServerRestart: .mediaServer
        case .networkDropout, .networkRestored: .network
        }
    }
}
