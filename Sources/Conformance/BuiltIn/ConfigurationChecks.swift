import Foundation
import MediaServer
import AVFAudio
import Soundcheck

/// What setCategory accepts, refuses and reads back on the report's release, asked as an app asks:
/// the media server's configuration tests check its rules directly; these check what an app sees.
enum ConfigurationChecks {
    /// One app's session on a fresh device, for trying configurations on.
    struct Trial {
        let device: SimulatedDevice
        let platform: PlatformProfile

        init(_ p: CheckProbe) throws {
            device = try p.device()
            platform = p.platform
            try device.launch("App", backgroundAudio: true) {}
        }

        /// The error setCategory throws, or nil when it accepts the configuration.
        func error(_ category: AVAudioSession.Category, mode: AVAudioSession.Mode = .default,
                   policy: AVAudioSession.RouteSharingPolicy = .default, options: AVAudioSession.CategoryOptions = []) -> NSError? {
            device.run(as: "App") {
                do {
                    try AVAudioSession.sharedInstance().setCategory(category, mode: mode, policy: policy, options: options)
                    return nil
                } catch { return error as NSError }
            }
        }

        /// The options the session reads back after setCategory (which must succeed).
        func options(_ category: AVAudioSession.Category, mode: AVAudioSession.Mode = .default,
                     options: AVAudioSession.CategoryOptions = []) throws -> AVAudioSession.CategoryOptions {
            try device.run(as: "App") {
                try AVAudioSession.sharedInstance().setCategory(category, mode: mode, options: options)
                return AVAudioSession.sharedInstance().categoryOptions
            }
        }

        /// Whether setCategory refuses the configuration with badParam and a message starting with `rule`.
        func refuses(_ category: AVAudioSession.Category, mode: AVAudioSession.Mode = .default,
                     policy: AVAudioSession.RouteSharingPolicy = .default, options: AVAudioSession.CategoryOptions = [],
                     rule: String = "") -> Bool {
            guard let error = error(category, mode: mode, policy: policy, options: options) else { return false }
            return error.code == AVAudioSession.ErrorCode.badParam.rawValue && error.localizedDescription.hasPrefix(rule)
        }
    }

    /// Whether Music keeps playing when an app activates with this configuration.
    static func musicKeepsPlaying(_ p: CheckProbe, _ category: AVAudioSession.Category,
                                  options: AVAudioSession.CategoryOptions = []) throws -> Bool {
        let device = try p.device()
        let music = try device.launchMusic()
        device.run(as: MusicApp.name) { music.play() }
        try device.launchApp("App", category, options: options)
        return music.isPlaying
    }

    /// Mixing options with multiRoute: taken in the default mode; in another mode refused from
    /// iOS 26, taken before.
    static func multiRouteMixing(_ p: inout CheckProbe) throws {
        let trial = try Trial(p)
        for option in [AVAudioSession.CategoryOptions.mixWithOthers, .duckOthers] {
            p.expect(trial.error(.multiRoute, options: option) == nil, "multiRoute in default takes \(option.rawValue)")
            if p.platform.since(26) {
                p.expect(trial.refuses(.multiRoute, mode: .dualRoute, options: option.union(.allowBluetoothHFP)), "refused in dualRoute")
            } else {
                p.expect(trial.error(.multiRoute, mode: .gameChat, options: option) == nil, "taken in gameChat before iOS 26")
            }
        }
    }

    static var all: [BuiltInCheck] { [
        BuiltInCheck(["SESSION-CONFIG-DEFAULT"], "a fresh session is soloAmbient, in the default mode and policy, with no options") { p in
            let trial = try Trial(p)
            let (category, mode, policy, options) = trial.device.run(as: "App") {
                let session = AVAudioSession.sharedInstance()
                return (session.category, session.mode, session.routeSharingPolicy, session.categoryOptions)
            }
            p.expect(category, equals: .soloAmbient, "category")
            p.expect(mode, equals: .default, "mode")
            p.expect(policy, equals: .default, "routeSharingPolicy")
            p.expect(options, equals: [], "categoryOptions")
        },
        BuiltInCheck(["SESSION-CONFIG-OPTIONS-NOT-STICKY"], "changing the category drops the options of the previous one") { p in
            let trial = try Trial(p)
            p.expect(try trial.options(.playAndRecord, options: [.defaultToSpeaker, .duckOthers]).contains(.defaultToSpeaker), "options taken")
            p.expect(try trial.options(.playback), equals: [], "playback after playAndRecord")
            p.expect(try trial.options(.playAndRecord), equals: [], "playAndRecord again, without options")
        },
        BuiltInCheck(["SESSION-CONFIG-IMPLIED-AMBIENT-MIXES", "SESSION-CONFIG-IMPLIED-DUCK-MIXES", "SESSION-CONFIG-MIXABLE"],
                     "ambient and duckOthers read back mixWithOthers and keep Music playing; plain playback does not") { p in
            let trial = try Trial(p)
            p.expect(try trial.options(.ambient), equals: .mixWithOthers, "ambient's options")
            p.expect(try trial.options(.playback, options: .duckOthers), equals: [.duckOthers, .mixWithOthers], "playback with duckOthers")
            p.expect(try trial.options(.playAndRecord, options: .duckOthers), equals: [.duckOthers, .mixWithOthers], "playAndRecord with duckOthers")
            p.expect(try musicKeepsPlaying(p, .ambient), "Music plays on beside ambient")
            p.expect(try musicKeepsPlaying(p, .playback, options: .duckOthers), "Music plays on (ducked) beside duckOthers")
            p.expect(try !musicKeepsPlaying(p, .playback), "plain playback interrupts Music")
        },
        BuiltInCheck(["SESSION-CONFIG-IMPLIED-SPOKEN-MIXES"], "interruptSpokenAudioAndMixWithOthers, even as the bare 0x10, reads back 0x11 and mixes") { p in
            let trial = try Trial(p)
            let spoken = AVAudioSession.CategoryOptions.interruptSpokenAudioAndMixWithOthers
            p.expect(try trial.options(.playback, options: spoken), equals: spoken, "the option reads back")
            p.expect(try trial.options(.playback, options: .init(rawValue: 0x10)).rawValue, equals: 0x11, "the bare bit reads back with mixWithOthers")
            p.expect(try musicKeepsPlaying(p, .playback, options: spoken), "Music (not spoken audio) plays on")
        },
        BuiltInCheck(["SESSION-CONFIG-IMPLIED-VOICECHAT-HFP", "SESSION-CONFIG-MODE-VOICECHAT-RELEASE"], "voiceChat reads back allowBluetoothHFP on every release") { p in
            let trial = try Trial(p)
            p.expect(try trial.options(.playAndRecord, mode: .voiceChat).contains(.allowBluetoothHFP), "voiceChat implies HFP")
        },
        BuiltInCheck(["SESSION-CONFIG-IMPLIED-VIDEOCHAT-HFP-SPEAKER"], "videoChat reads back allowBluetoothHFP and defaultToSpeaker") { p in
            let trial = try Trial(p)
            p.expect(try trial.options(.playAndRecord, mode: .videoChat), equals: [.allowBluetoothHFP, .defaultToSpeaker], "videoChat's options")
        },
        BuiltInCheck(["SESSION-CONFIG-IMPLIED-ONLY-EFFECTIVE-MODE"], "a chat mode the category ignores implies no option") { p in
            let trial = try Trial(p)
            p.expect(try trial.options(.playback, mode: .voiceChat), equals: [], "playback in voiceChat")
            p.expect(try trial.options(.ambient, mode: .gameChat), equals: .mixWithOthers, "ambient in gameChat: only ambient's own")
        },
        BuiltInCheck(["SESSION-CONFIG-MODE-RELEASE"], "a mode newer than the release is stored but behaves as default") { p in
            let trial = try Trial(p)
            let options = try trial.options(.playAndRecord, mode: .videoChat)
            p.expect(trial.device.run(as: "App") { AVAudioSession.sharedInstance().mode }, equals: .videoChat, "mode reads back as set")
            // videoChat arrived in iOS 7: before it, nothing is implied.
            p.expect(options, equals: p.platform.since(7) ? [.allowBluetoothHFP, .defaultToSpeaker] : [], "videoChat's implied options")
        },
        BuiltInCheck(["SESSION-CONFIG-MODE-INVALID-FALLBACK", "SESSION-CONFIG-MODE-CATEGORY-MATRIX"],
                     "every mode is accepted with every category; gameChat with multiRoute routes as default") { p in
            let trial = try Trial(p)
            let modes: [AVAudioSession.Mode] = [.default, .voiceChat, .gameChat, .videoRecording, .measurement, .moviePlayback, .videoChat, .spokenAudio]
            for category in [AVAudioSession.Category.ambient, .soloAmbient, .playback, .record, .playAndRecord, .multiRoute] {
                for mode in modes {
                    p.expect(trial.error(category, mode: mode) == nil, "\(category.rawValue) in \(mode.rawValue) is accepted")
                }
            }
            let bench = try RouteBench(platform: p.platform)
            p.expect(try bench.route(.multiRoute, mode: .gameChat).outputTypes, equals: try bench.route(.multiRoute).outputTypes, "multiRoute in gameChat routes as in default")
        },
        BuiltInCheck(["SESSION-CONFIG-DEFAULT-TO-SPEAKER-PLAYANDRECORD-ONLY"], "defaultToSpeaker with playback: badParam naming the rule") { p in
            let error = try Trial(p).error(.playback, options: .defaultToSpeaker)
            p.expect(error?.code, equals: AVAudioSession.ErrorCode.badParam.rawValue, "code")
            p.expect(error?.localizedDescription, equals: "defaultToSpeaker is only applicable with category playAndRecord", "message")
        },
        BuiltInCheck(["SESSION-CONFIG-OPTION-CATEGORY-RULE-TEXT", "SESSION-CONFIG-OPTION-CATEGORY-MATRIX"],
                     "an option with a category that does not take it is badParam naming every category that does") { p in
            let trial = try Trial(p)
            p.expect(trial.refuses(.soloAmbient, options: .mixWithOthers,
                                   rule: "mixWithOthers is only applicable with categories ambient, playAndRecord, playback and multiRoute"), "mixWithOthers with soloAmbient")
            p.expect(trial.refuses(.playback, options: .allowBluetoothHFP, rule: "allowBluetoothHFP is only applicable with categories record and playAndRecord"),
                     "allowBluetoothHFP with playback")
            p.expect(trial.refuses(.record, options: .defaultToSpeaker, rule: "defaultToSpeaker is only applicable"), "defaultToSpeaker with record")
            p.expect(trial.refuses(.record, options: .duckOthers, rule: "duckOthers is only applicable"), "duckOthers with record")
            p.expect(trial.error(.record, options: .allowBluetoothHFP) == nil && trial.error(.playAndRecord, options: [.defaultToSpeaker, .mixWithOthers, .duckOthers]) == nil,
                     "and each is taken where it applies")
        },
        BuiltInCheck(["SESSION-CONFIG-OPTION-FIRST-BROKEN-RULE"], "with several unacceptable options the lowest raw value is reported") { p in
            p.expect(try Trial(p).refuses(.record, options: [.defaultToSpeaker, .mixWithOthers], rule: "mixWithOthers is only applicable"), "mixWithOthers (0x1) before defaultToSpeaker (0x8)")
        },
        BuiltInCheck(["SESSION-CONFIG-OPTION-INTERRUPT-SPOKEN-NAMED"], "0x11 is reported as interruptSpokenAudioAndMixWithOthers, not mixWithOthers") { p in
            let error = try Trial(p).error(.soloAmbient, options: .interruptSpokenAudioAndMixWithOthers)
            p.expect(error?.localizedDescription.hasPrefix("interruptSpokenAudioAndMixWithOthers") == true, "named by the compound option (\(error?.localizedDescription ?? "accepted"))")
        },
        BuiltInCheck(["SESSION-CONFIG-OPTION-UNKNOWN-BITS"], "option bits no option uses are badParam") { p in
            p.expect(try Trial(p).refuses(.playback, options: .init(rawValue: 0x100), rule: "category option bits 0x100 are not defined"), "0x100")
        },
        BuiltInCheck(["SESSION-CONFIG-OPTION-RELEASE", "SESSION-CONFIG-RELEASE-AVAILABLE-OPTIONS"], "each option is taken from its release on and refused before it") { p in
            let trial = try Trial(p)
            let options: [(AVAudioSession.CategoryOptions, AVAudioSession.Category, Int, String)] = [
                (.mixWithOthers, .playback, 6, "mixWithOthers"), (.duckOthers, .playback, 6, "duckOthers"),
                (.allowBluetoothHFP, .playAndRecord, 6, "allowBluetoothHFP"), (.defaultToSpeaker, .playAndRecord, 6, "defaultToSpeaker"),
                (.interruptSpokenAudioAndMixWithOthers, .playback, 9, "interruptSpokenAudioAndMixWithOthers"),
                (.allowBluetoothA2DP, .playAndRecord, 10, "allowBluetoothA2DP"), (.allowAirPlay, .playAndRecord, 10, "allowAirPlay"),
                (.overrideMutedMicrophoneInterruption, .playAndRecord, 14, "overrideMutedMicrophoneInterruption"),
                (.bluetoothHighQualityRecording, .playAndRecord, 26, "bluetoothHighQualityRecording"),
            ]
            for (option, category, release, name) in options {
                let error = trial.error(category, options: option)
                if p.platform.since(release) {
                    p.expect(error == nil, "\(name) is taken on \(trial.platform.description) (\(error?.localizedDescription ?? ""))")
                } else {
                    p.expect(error?.code == AVAudioSession.ErrorCode.badParam.rawValue && error?.localizedDescription.contains(name) == true,
                             "\(name) is refused before iOS \(release) (\(error?.localizedDescription ?? "accepted"))")
                }
            }
        },
        BuiltInCheck(["SESSION-CONFIG-AIRPLAY-OPTION-ERROR-CODE"], "allowAirPlay outside playAndRecord is badParam") { p in
            p.expect(try Trial(p).refuses(.playback, options: .allowAirPlay, rule: "allowAirPlay is only applicable with category playAndRecord"), "playback with allowAirPlay")
        },
        BuiltInCheck(["SESSION-CONFIG-DUCK-AMBIENT-SETTING"], "duckOthers with ambient is taken, as the SDK header says") { p in
            p.expect(try Trial(p).options(.ambient, options: .duckOthers).contains(.duckOthers), "ambient keeps duckOthers")
        },
        BuiltInCheck(["SESSION-CONFIG-AUDIOPROCESSING-DEPRECATED"], "audioProcessing is taken up to iOS 9 and badParam from iOS 10") { p in
            let error = try Trial(p).error(.audioProcessing)
            if p.platform.since(10) {
                p.expect(error?.code, equals: AVAudioSession.ErrorCode.badParam.rawValue, "refused")
            } else {
                p.expect(error == nil, "taken")
            }
        },
        BuiltInCheck(["SESSION-CONFIG-AUDIOPROCESSING-NO-OPTIONS"], "audioProcessing takes no category option") { p in
            let trial = try Trial(p)
            for option in [AVAudioSession.CategoryOptions.mixWithOthers, .duckOthers, .allowBluetoothHFP, .defaultToSpeaker] {
                p.expect(trial.refuses(.audioProcessing, options: option, rule: ""), "option \(option.rawValue) is refused")
            }
        },
        BuiltInCheck(["SESSION-CONFIG-MUTED-MIC-INPUT-OUTPUT"], "overrideMutedMicrophoneInterruption is taken only by categories with input and output") { p in
            let trial = try Trial(p)
            p.expect(trial.error(.playAndRecord, options: .overrideMutedMicrophoneInterruption) == nil, "playAndRecord takes it")
            for category in [AVAudioSession.Category.playback, .ambient, .soloAmbient, .record] {
                p.expect(trial.refuses(category, options: .overrideMutedMicrophoneInterruption), "\(category.rawValue) refuses it")
            }
        },
        BuiltInCheck(["SESSION-CONFIG-FARFIELD-REQUIRES-HFP", "SESSION-CONFIG-FARFIELD-IMPLIED-HFP"], "farFieldInput needs allowBluetoothHFP, which voiceChat implies") { p in
            let trial = try Trial(p)
            for category in [AVAudioSession.Category.record, .playAndRecord] {
                p.expect(trial.refuses(category, options: .farFieldInput, rule: "farFieldInput requires allowBluetoothHFP"), "\(category.rawValue) without HFP")
                p.expect(trial.error(category, options: [.farFieldInput, .allowBluetoothHFP]) == nil, "\(category.rawValue) with HFP")
            }
            p.expect(trial.error(.playAndRecord, mode: .voiceChat, options: .farFieldInput) == nil, "voiceChat's implied HFP is enough")
        },
        BuiltInCheck(["SESSION-CONFIG-BT-HQ-DEFAULT-MODE", "SESSION-CONFIG-BT-HQ-EFFECTIVE-MODE"],
                     "bluetoothHighQualityRecording only in the default mode, or a mode the category ignores") { p in
            let trial = try Trial(p)
            for mode in [AVAudioSession.Mode.voiceChat, .videoChat, .gameChat, .measurement, .videoRecording] {
                p.expect(trial.refuses(.playAndRecord, mode: mode, options: .bluetoothHighQualityRecording,
                                       rule: "bluetoothHighQualityRecording is only applicable with mode default"), "refused in \(mode.rawValue)")
            }
            p.expect(trial.error(.playAndRecord, options: .bluetoothHighQualityRecording) == nil, "taken in default")
            p.expect(trial.error(.playAndRecord, mode: .moviePlayback, options: .bluetoothHighQualityRecording) == nil, "taken in moviePlayback, which playAndRecord ignores")
        },
        BuiltInCheck(["SESSION-CONFIG-DUALROUTE-REQUIRES-HFP", "SESSION-CONFIG-DUALROUTE-BLUETOOTH"],
                     "dualRoute needs allowBluetoothHFP; multiRoute takes HFP and farFieldInput only in dualRoute") { p in
            let trial = try Trial(p)
            p.expect(trial.refuses(.multiRoute, mode: .dualRoute, rule: "mode dualRoute requires allowBluetoothHFP"), "dualRoute without HFP")
            p.expect(trial.error(.multiRoute, mode: .dualRoute, options: [.allowBluetoothHFP, .farFieldInput]) == nil, "dualRoute with HFP and far-field input")
            p.expect(trial.refuses(.multiRoute, options: .allowBluetoothHFP), "HFP with multiRoute in default mode")
        },
        BuiltInCheck(["SESSION-CONFIG-DUALROUTE-RELEASE"], "before iOS 26 dualRoute is ignored, so multiRoute refuses allowBluetoothHFP") { p in
            let error = try Trial(p).error(.multiRoute, mode: .dualRoute, options: .allowBluetoothHFP)
            if p.platform.since(26) {
                p.expect(error == nil, "taken on iOS 26")
            } else {
                p.expect(error?.localizedDescription.hasPrefix("allowBluetoothHFP is only applicable") == true, "refused (\(error?.localizedDescription ?? "accepted"))")
            }
        },
        BuiltInCheck(["SESSION-CONFIG-MULTIROUTE-MIXING-DEFAULT-MODE"], "from iOS 26 the mixing options need multiRoute in the default mode") { p in
            try multiRouteMixing(&p)
        },
        BuiltInCheck(["SESSION-CONFIG-RELEASE-MULTIROUTE-MIXING"], "before iOS 26 multiRoute mixes in any mode; from iOS 26 only in the default mode") { p in
            try multiRouteMixing(&p)
        },
        BuiltInCheck(["SESSION-CONFIG-POLICY-LONGFORM-PLAYBACK", "SESSION-CONFIG-POLICY-LONGFORM-PLAYBACK-ONLY", "SESSION-CONFIG-POLICY-LONGFORM-NO-OPTIONS",
                      "SESSION-CONFIG-POLICY-BACK-TO-DEFAULT"], "a long-form policy goes with playback and no options; back at default, options are taken again") { p in
            let trial = try Trial(p)
            p.expect(trial.error(.playback, policy: .longFormAudio) == nil, "playback with longFormAudio")
            p.expect(trial.device.run(as: "App") { AVAudioSession.sharedInstance().routeSharingPolicy }, equals: .longFormAudio, "the policy reads back")
            for category in [AVAudioSession.Category.playAndRecord, .ambient, .record] {
                p.expect(trial.refuses(category, policy: .longFormAudio), "\(category.rawValue) with longFormAudio is refused")
            }
            p.expect(trial.refuses(.playback, policy: .longFormAudio, options: .mixWithOthers), "options with longFormAudio are refused")
            p.expect(trial.error(.playback, policy: .default, options: .mixWithOthers) == nil, "back at default, mixWithOthers is taken")
        },
        BuiltInCheck(["SESSION-CONFIG-POLICY-LONGFORM-MODES"], "a long-form policy takes the modes default, moviePlayback and spokenAudio only") { p in
            let trial = try Trial(p)
            for mode in [AVAudioSession.Mode.default, .moviePlayback, .spokenAudio] {
                p.expect(trial.error(.playback, mode: mode, policy: .longFormVideo) == nil, "\(mode.rawValue) is taken")
            }
            for mode in [AVAudioSession.Mode.voiceChat, .gameChat, .measurement, .videoRecording] {
                p.expect(trial.refuses(.playback, mode: mode, policy: .longFormVideo,
                                       rule: "routeSharingPolicy longFormVideo is only applicable with modes default, moviePlayback and spokenAudio"), "\(mode.rawValue) is refused")
            }
        },
        BuiltInCheck(["SESSION-CONFIG-POLICY-INDEPENDENT-SYSTEM-ONLY"], "apps cannot set the independent policy") { p in
            p.expect(try Trial(p).refuses(.playback, policy: .independent), "independent is refused")
        },
        BuiltInCheck(["SESSION-CONFIG-POLICY-RELEASES"], "route sharing policies arrive in iOS 11, longFormVideo in iOS 13") { p in
            let trial = try Trial(p)
            let error = trial.error(.playback, policy: .longFormAudio)
            if p.platform.since(11) {
                p.expect(error == nil && trial.error(.playback, policy: .longFormVideo) == nil, "both policies are taken")
            } else {
                p.expect(error?.localizedDescription, equals: "routeSharingPolicy longFormAudio is not available on \(trial.platform.description)", "refused")
            }
        },
        BuiltInCheck(["SESSION-CONFIG-POLICY-LONGFORM-SHORTFORMVIDEO"], "shortFormVideo cannot go with a long-form policy") { p in
            let trial = try Trial(p)
            p.expect(trial.refuses(.playback, mode: .shortFormVideo, policy: .longFormAudio), "longFormAudio in shortFormVideo")
            p.expect(trial.error(.playback, mode: .shortFormVideo) == nil, "shortFormVideo alone is taken")
        },
    ] }
}
