import Foundation
import AVFAudio

/// AVAudioSession's constants as the SDK declares them: what an app compiled against Apple's
/// headers would store, compare and switch on.
enum SessionFactChecks {
    typealias Session = AVAudioSession

    static var all: [BuiltInCheck] { [
        BuiltInCheck(["SESSION-CONFIG-OPTION-RAW-VALUES"], "category options have the SDK's raw values") { p in
            let options: [(Session.CategoryOptions, UInt, String)] = [
                (.mixWithOthers, 0x1, "mixWithOthers"), (.duckOthers, 0x2, "duckOthers"), (.allowBluetoothHFP, 0x4, "allowBluetoothHFP"),
                (.defaultToSpeaker, 0x8, "defaultToSpeaker"), (.interruptSpokenAudioAndMixWithOthers, 0x11, "interruptSpokenAudioAndMixWithOthers"),
                (.allowBluetoothA2DP, 0x20, "allowBluetoothA2DP"), (.allowAirPlay, 0x40, "allowAirPlay"),
                (.overrideMutedMicrophoneInterruption, 0x80, "overrideMutedMicrophoneInterruption"),
                (.farFieldInput, 0x40000, "farFieldInput"), (.bluetoothHighQualityRecording, 0x80000, "bluetoothHighQualityRecording"),
            ]
            for (option, raw, name) in options { p.expect(option.rawValue, equals: raw, name) }
        },
        BuiltInCheck(["SESSION-CONFIG-POLICY-RAW-VALUES"], "route sharing policies have the SDK's raw values") { p in
            p.expect(Session.RouteSharingPolicy.default.rawValue, equals: 0, "default")
            p.expect(Session.RouteSharingPolicy.longFormAudio.rawValue, equals: 1, "longFormAudio")
            p.expect(Session.RouteSharingPolicy.independent.rawValue, equals: 2, "independent")
            p.expect(Session.RouteSharingPolicy.longFormVideo.rawValue, equals: 3, "longFormVideo")
            p.expect(Session.RouteSharingPolicy(rawValue: 1), equals: .longFormAudio, "longForm is another spelling of 1")
        },
        BuiltInCheck(["SESSION-ERROR-CODES"], "session error codes are the SDK's four-character codes") { p in
            let codes: [(Session.ErrorCode, String)] = [
                (.mediaServicesFailed, "msrv"), (.isBusy, "!act"), (.incompatibleCategory, "!cat"), (.cannotInterruptOthers, "!int"),
                (.missingEntitlement, "ent?"), (.siriIsRecording, "siri"), (.cannotStartPlaying, "!pla"), (.cannotStartRecording, "!rec"),
                (.insufficientPriority, "!pri"), (.resourceNotAvailable, "!res"), (.unspecified, "what"), (.expiredSession, "!ses"),
                (.sessionNotActive, "inac"),
            ]
            for (code, fourCC) in codes { p.expect(code.rawValue, equals: FourCC.value(fourCC), "\(code) ('\(fourCC)')") }
            p.expect(Session.ErrorCode.badParam.rawValue, equals: -50, "badParam")
        },
        BuiltInCheck(["SESSION-HINT-RAW-VALUES", "SESSION-ACTIVATE-NOTIFY-OTHERS-RAW", "SESSION-PROMPT-STYLE-RAW-VALUES"],
                     "the hint type, deactivation option and prompt style have the SDK's raw values") { p in
            p.expect(Session.SilenceSecondaryAudioHintType.begin.rawValue, equals: 1, "hint begin")
            p.expect(Session.SilenceSecondaryAudioHintType.end.rawValue, equals: 0, "hint end")
            p.expect(Session.SetActiveOptions.notifyOthersOnDeactivation.rawValue, equals: 1, "notifyOthersOnDeactivation")
            p.expect(Session.PromptStyle.none.rawValue, equals: UInt(FourCC.value("none")), "prompt style none")
            p.expect(Session.PromptStyle.short.rawValue, equals: UInt(FourCC.value("shrt")), "prompt style short")
            p.expect(Session.PromptStyle.normal.rawValue, equals: UInt(FourCC.value("nrml")), "prompt style normal")
        },
        BuiltInCheck(["SESSION-INTERRUPT-RAW-VALUES"], "interruption types and options have the SDK's raw values") { p in
            p.expect(Session.InterruptionType.began.rawValue, equals: 1, "began")
            p.expect(Session.InterruptionType.ended.rawValue, equals: 0, "ended")
            p.expect(Session.InterruptionOptions.shouldResume.rawValue, equals: 1, "shouldResume")
        },
        BuiltInCheck(["ROUTING-REASON-RAW-VALUES"], "route change reasons have the SDK's raw values, with 5 unused") { p in
            let reasons: [(Session.RouteChangeReason, UInt)] = [
                (.unknown, 0), (.newDeviceAvailable, 1), (.oldDeviceUnavailable, 2), (.categoryChange, 3), (.override, 4),
                (.wakeFromSleep, 6), (.noSuitableRouteForCategory, 7), (.routeConfigurationChange, 8),
            ]
            for (reason, raw) in reasons { p.expect(reason.rawValue, equals: raw, "\(reason)") }
            p.expect(Session.RouteChangeReason(rawValue: 5) == nil, "5 names no reason")
        },
        BuiltInCheck(["ROUTING-PORT-OVERRIDE-RAW"], "PortOverride has none = 0 and speaker = 'spkr'") { p in
            p.expect(Session.PortOverride.none.rawValue, equals: 0, "none")
            p.expect(Session.PortOverride.speaker.rawValue, equals: UInt(FourCC.value("spkr")), "speaker")
        },
        BuiltInCheck(["ROUTING-PORT-TYPE-VALUES"], "port types have their documented string values") { p in
            let ports: [(Session.Port, String)] = [
                (.builtInMic, "MicrophoneBuiltIn"), (.headsetMic, "MicrophoneWired"), (.headphones, "Headphones"),
                (.builtInSpeaker, "Speaker"), (.builtInReceiver, "Receiver"), (.bluetoothA2DP, "BluetoothA2DPOutput"),
                (.bluetoothHFP, "BluetoothHFP"), (.bluetoothLE, "BluetoothLE"), (.HDMI, "HDMIOutput"), (.airPlay, "AirPlay"),
                (.usbAudio, "USBAudio"), (.carAudio, "CarAudio"), (.lineIn, "LineIn"), (.lineOut, "LineOut"),
            ]
            for (port, value) in ports { p.expect(port.rawValue, equals: value, "port type \(value)") }
        },
        BuiltInCheck(["SESSION-CATEGORY-MULTIROUTE-NEW"], "the categories, iOS 6's MultiRoute among them, have the SDK's names") { p in
            let categories: [(Session.Category, String)] = [
                (.ambient, "AVAudioSessionCategoryAmbient"), (.soloAmbient, "AVAudioSessionCategorySoloAmbient"),
                (.playback, "AVAudioSessionCategoryPlayback"), (.record, "AVAudioSessionCategoryRecord"),
                (.playAndRecord, "AVAudioSessionCategoryPlayAndRecord"), (.multiRoute, "AVAudioSessionCategoryMultiRoute"),
            ]
            for (category, name) in categories { p.expect(category.rawValue, equals: name, "category \(name)") }
            // audioProcessing, deprecated in the SDK, is checked among a session's available categories.
        },
    ] }
}

/// Apple's four-character codes as the integers the headers give them.
enum FourCC {
    static func value(_ code: String) -> Int {
        code.utf8.reduce(0) { $0 << 8 | Int($1) }
    }
}
