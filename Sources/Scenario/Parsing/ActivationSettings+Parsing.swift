import MediaServer
import VirtualDevices

extension ActivationSettings {
    /// `activation-settings: { playing-evidence: runningIO, background-start-check: atActivation,
    /// ends-interruption-without-notify-others: true }`; what is not given keeps its default.
    static func read(_ value: YAMLValue?) throws(SourceError) -> ActivationSettings {
        var settings = ActivationSettings()
        guard let value else { return settings }
        let map = try value.mapping("activation-settings", allowed: ["playing-evidence", "background-start-check",
                                                                     "ends-interruption-without-notify-others"])
        if let evidence = map["playing-evidence"] {
            settings.playingEvidence = try evidence.choice("playing evidence", [("activeSession", .activeSession), ("runningIO", .runningIO)])
        }
        if let check = map["background-start-check"] {
            settings.backgroundStartCheck = try check.choice("background start check", [("atActivation", .atActivation), ("atIOStart", .atIOStart)])
        }
        if let ends = map["ends-interruption-without-notify-others"] {
            settings.endsInterruptionWithoutNotifyOthers = try ends.bool("ends-interruption-without-notify-others")
        }
        return settings
    }
}
