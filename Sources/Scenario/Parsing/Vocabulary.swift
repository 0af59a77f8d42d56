import MediaServer
import SimCore
import VirtualDevices

/// The words scenario files use for the media server's values, with Apple's case names.
enum Vocabulary {
    static let categories = SessionCategory.allCases.map { ($0.name, $0) }
    static let modes = SessionMode.allCases.map { ($0.name, $0) }
    static let options = CategoryOptions.named.map { ($0.name, $0.option) }
    /// Route sharing policies by case name; `longForm` is Apple's deprecated alias of `longFormAudio`.
    static let policies = RouteSharingPolicy.allCases.map { ($0.name, $0) } + [("longForm", RouteSharingPolicy.longFormAudio)]
    /// Port types by Apple's raw value (`Speaker`, `Headphones`, `HDMIOutput`) and Swift name
    /// (`builtInSpeaker`, `headphones`, `HDMI`).
    static let portTypes: [(String, PortType)] =
        PortType.allCases.map { ($0.rawValue, $0) } + PortType.allCases.map { ("\($0)", $0) }.filter { pair in
            !PortType.allCases.contains { $0.rawValue == pair.0 }
        }
    static let errors = SessionErrorCode.allCases.filter { $0 != .none }.map { ($0.name, $0.name) }
    static let interruptionTypes = [("began", "began"), ("ended", "ended")]
    static let interruptionReasons = ["default", "appWasSuspended", "builtInMicMuted", "sceneWasBackgrounded",
                                      "routeDisconnected", "deviceUnauthenticated"].map { ($0, $0) }
    static let routeChangeReasons = ["unknown", "newDeviceAvailable", "oldDeviceUnavailable", "categoryChange", "override",
                                     "wakeFromSleep", "noSuitableRouteForCategory", "routeConfigurationChange"].map { ($0, $0) }
    static let hintTypes = [("begin", "begin"), ("end", "end")]
    /// Session notifications, and Core MIDI's setup notifications by `MIDINotificationMessageID` case.
    static let notifications = ["interruption", "routeChange", "mediaServicesWereLost", "mediaServicesWereReset",
                                "silenceSecondaryAudioHint",
                                "msgSetupChanged", "msgObjectAdded", "msgObjectRemoved", "msgPropertyChanged"].map { ($0, $0) }
    /// What the Bluetooth radio traces (`ble.<event>`).
    static let bluetoothEvents = ["advertising", "scan", "connecting", "connected", "pairing-requested", "paired",
                                  "pairing-refused", "ready", "disconnected", "power-off", "power-on", "reconnecting",
                                  "peer-received", "packet-rejected"].map { ($0, $0) }
    static let bluetoothDisconnectReasons = ["link-loss", "power-off", "idle", "pairing-refused"].map { ($0, $0) }
    static let apiCalls = ["setCategory", "setMode", "setActive", "setPreferredInput", "overrideOutputAudioPort",
                           "setInputDataSource", "setPreferredSampleRate", "setPreferredIOBufferDuration",
                           "setPreferredInputNumberOfChannels", "setPreferredOutputNumberOfChannels", "setInputGain",
                           "startIO", "stopIO"].map { ($0, $0) }
    static let permissions = ["undetermined", "granted", "denied"].map { ($0, $0) }
}

extension YAMLValue {
    func duration(_ what: String) throws(SourceError) -> HostDuration {
        let text = try string(what)
        guard let duration = HostDuration(text) else {
            throw error("\(what) '\(text)' is not a time: write it like 250ms, 2s or 1m30s")
        }
        return duration
    }

    /// A time in the scenario: at most a day, so every sum of times stays exact.
    func time(_ what: String) throws(SourceError) -> HostTime {
        let duration = try duration(what)
        guard duration.nanoseconds <= Self.longestScenario else { throw error("\(what) \(duration) is more than a day into the scenario") }
        return HostTime(nanoseconds: duration.nanoseconds)
    }

    static let longestScenario: Int64 = 24 * 3_600_000_000_000

    /// A single word or a list of words, each one of `choices`.
    func choices<T>(_ what: String, _ choices: [(String, T)]) throws(SourceError) -> [T] {
        if case .scalar = node { return [try choice(what, choices)] }
        var result: [T] = []
        for item in try list(what) { result.append(try item.choice(what, choices)) }
        return result
    }

    func names(_ what: String) throws(SourceError) -> [String] {
        if case .scalar = node { return [try string(what)] }
        var result: [String] = []
        for item in try list(what) { result.append(try item.string(what)) }
        return result
    }
}

extension YAMLValue {
    /// A mapping with any keys (app names, free fields), in document order; duplicates are errors.
    func freeMapping(_ what: String) throws(SourceError) -> [(key: YAMLValue, value: YAMLValue)] {
        guard case let .mapping(mapping) = node else { throw error("\(what) must be a mapping of names to values") }
        let keys = Array(mapping.keys.map { $0.string ?? "" })
        return try self.mapping(what, allowed: keys).entries
    }
}

extension YAMLValue {
    /// A list, where an empty value (`expect:` with nothing under it) is an empty list.
    func optionalList(_ what: String) throws(SourceError) -> [YAMLValue] {
        if case let .scalar(scalar) = node, ["", "~", "null"].contains(scalar.string) { return [] }
        return try list(what)
    }
}
