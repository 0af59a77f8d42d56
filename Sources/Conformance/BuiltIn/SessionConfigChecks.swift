import Foundation
import MediaServer
import AVFAudio
import Soundcheck
import VirtualDevices

/// What a configuration means once set: which modes a release knows, whether it has input and
/// output, whether it may use AirPlay and A2DP, what the navigation set-up does to others. The
/// media server's derived-fact tests read its configuration; these read the route and listen.
enum SessionConfigChecks {
    /// Each mode's release, in declaration order (AVAudioSession.Mode docs).
    static let modeReleases: [(String, Int)] = [
        ("Default", 0), ("VoiceChat", 5), ("GameChat", 5), ("VideoRecording", 5), ("Measurement", 5), ("MoviePlayback", 6),
        ("VideoChat", 7), ("SpokenAudio", 9), ("VoicePrompt", 12), ("ShortFormVideo", 26), ("DualRoute", 26),
    ]

    static var all: [BuiltInCheck] { [
        BuiltInCheck(["SESSION-CONFIG"], "the category, mode and policy a podcast app sets are what its session reports and obeys") { p in
            let device = try p.device()
            let longForm = p.platform.since(11)
            let mode: AVAudioSession.Mode = p.platform.since(9) ? .spokenAudio : .moviePlayback
            let policy: AVAudioSession.RouteSharingPolicy = longForm ? .longFormAudio : .default
            let read = try device.launch("Podcasts", backgroundAudio: true) {
                let session = AVAudioSession.sharedInstance()
                try session.setCategory(.playback, mode: mode, policy: policy, options: [])
                return (session.category, session.mode, session.routeSharingPolicy)
            }
            p.expect(read.0, equals: .playback, "category")
            p.expect(read.1, equals: mode, "mode")
            p.expect(read.2, equals: policy, "routeSharingPolicy")
            let system = device.session("Podcasts").configuration
            p.expect(system.category == .playback && system.mode.rawValue == mode.rawValue, "the media server holds the same category and mode")
            p.expect(!device.session("Podcasts").isActive, "setting a category does not activate")
            try device.run(as: "Podcasts") { try AVAudioSession.sharedInstance().setActive(true) }
            try device.perform(.ringerSwitch(silent: true))
            try device.perform(.background(app: "Podcasts"))
            p.expect(device.isAudible("Podcasts"), "as playback it is heard with the switch on silent, in the background")
        },
        BuiltInCheck(["SESSION-CONFIG-RELEASE-AVAILABLE-MODES"], "availableModes lists the modes of the release; a later mode behaves as default") { p in
            let device = try p.device()
            try device.launchApp("Chat", .playAndRecord, activate: false)
            let expected = modeReleases.filter { p.platform.since($0.1) }.map { AVAudioSession.Mode(rawValue: "AVAudioSessionMode" + $0.0) }
            p.expect(device.run(as: "Chat") { AVAudioSession.sharedInstance().availableModes }, equals: expected, "availableModes")
            // videoChat (iOS 7) sends playAndRecord to the speaker; on iOS 6 it is unknown and the receiver stays.
            let bench = try RouteBench(platform: p.platform)
            let outputs = try bench.route(.playAndRecord, mode: .videoChat).outputTypes
            p.expect(outputs, equals: p.platform.since(7) ? [.builtInSpeaker] : [.builtInReceiver], "playAndRecord in videoChat plays to")
        },
        BuiltInCheck(["SESSION-CONFIG-INPUT-OUTPUT"], "input and output follow the category: the route has ports only where the category has them") { p in
            let cases: [(AVAudioSession.Category, Bool, Bool)] = [
                (.ambient, false, true), (.soloAmbient, false, true), (.playback, false, true),
                (.record, true, false), (.playAndRecord, true, true), (.multiRoute, true, true),
            ]
            let bench = try RouteBench(platform: p.platform)
            for (category, input, output) in cases {
                let route = try bench.route(category)
                p.expect(!route.inputs.isEmpty == input, "\(category.rawValue) \(input ? "has" : "has no") input (\(route.inputTypes))")
                p.expect(!route.outputs.isEmpty == output, "\(category.rawValue) \(output ? "has" : "has no") output (\(route.outputTypes))")
                let configuration = bench.device.session(RouteBench.app).configuration
                p.expect(configuration.allowsInput == input && configuration.allowsOutput == output, "\(category.rawValue): the session's facts")
            }
        },
        BuiltInCheck(["SESSION-CONFIG-AUDIOPROCESSING-NO-IO", "ROUTING-AUDIOPROCESSING-NO-IO"], "audioProcessing uses no port, not even with AirPlay and A2DP about") { p in
            let bench = try RouteBench(platform: p.platform)
            try bench.attach(.airPlay(version: 2))
            try bench.attach(.bluetoothA2DP)
            let route = try bench.route(.audioProcessing)
            p.expect(route.inputs.isEmpty && route.outputs.isEmpty, "the route is empty (\(route.inputTypes), \(route.outputTypes))")
            let configuration = bench.device.session(RouteBench.app).configuration
            p.expect(!configuration.allowsInput && !configuration.allowsOutput && !configuration.allowsAirPlay && !configuration.allowsBluetoothA2DP,
                     "no input, output, AirPlay or A2DP")
        },
        BuiltInCheck(["ROUTING-AIRPLAY-CATEGORY", "SESSION-CONFIG-AIRPLAY-BY-CATEGORY", "SESSION-CONFIG-AIRPLAY-NOT-VOICECHAT"],
                     "an AirPlay receiver is used by ambient, soloAmbient and playback, never by record, multiRoute or voiceChat") { p in
            let hasOption = p.platform.since(10)
            let rows: [(AVAudioSession.Category, AVAudioSession.Mode, AVAudioSession.CategoryOptions, Bool)] = [
                (.ambient, .default, [], true), (.soloAmbient, .default, [], true), (.playback, .default, [], true),
                (.playback, .moviePlayback, [], true), (.playAndRecord, .default, [], false), (.record, .default, [], false),
                (.multiRoute, .default, [], false), (.playAndRecord, .voiceChat, hasOption ? [.allowAirPlay, .allowBluetoothHFP] : [], false),
            ]
            let bench = try RouteBench(platform: p.platform)
            try bench.attach(.airPlay(version: 2))
            for (category, mode, options, used) in rows {
                let route = try bench.route(category, mode: mode, options: options)
                let what = "\(category.rawValue)/\(mode.rawValue) options \(options.rawValue)"
                p.expect(route.outputTypes.contains(.airPlay) == used, "\(what) \(used ? "plays" : "does not play") to AirPlay (\(route.outputTypes))")
                p.expect(bench.device.session(RouteBench.app).configuration.allowsAirPlay == used, "\(what): the session's AirPlay fact")
            }
        },
        BuiltInCheck(["SESSION-CONFIG-AIRPLAY-PLAYANDRECORD-OPTION"], "playAndRecord reaches AirPlay only with allowAirPlay, in the default and videoChat modes") { p in
            let bench = try RouteBench(platform: p.platform)
            try bench.attach(.airPlay(version: 2))
            p.expect(!(try bench.route(.playAndRecord).outputTypes.contains(.airPlay)), "without the option")
            p.expect(try bench.route(.playAndRecord, options: .allowAirPlay).outputTypes.contains(.airPlay), "with allowAirPlay")
            p.expect(try bench.route(.playAndRecord, mode: .videoChat, options: .allowAirPlay).outputTypes.contains(.airPlay), "videoChat with allowAirPlay")
        },
        BuiltInCheck(["SESSION-CONFIG-IMPLIED-A2DP-OUTPUT-ONLY"], "ambient, soloAmbient and playback play to A2DP without asking for it") { p in
            let bench = try RouteBench(platform: p.platform)
            try bench.attach(.bluetoothA2DP)
            for category in [AVAudioSession.Category.ambient, .soloAmbient, .playback] {
                p.expect(try bench.route(category).outputTypes, equals: [.bluetoothA2DP], "\(category.rawValue)'s outputs")
                let options = bench.device.run(as: RouteBench.app) { AVAudioSession.sharedInstance().categoryOptions }
                p.expect(!options.contains(.allowBluetoothA2DP), "\(category.rawValue) does not read back allowBluetoothA2DP")
            }
        },
        BuiltInCheck(["SESSION-CONFIG-A2DP-PLAYANDRECORD-OPTIONAL"], "playAndRecord uses A2DP only with allowBluetoothA2DP; record and multiRoute never") { p in
            let bench = try RouteBench(platform: p.platform)
            try bench.attach(.bluetoothA2DP)
            p.expect(try bench.route(.playAndRecord).outputTypes, equals: [.builtInReceiver], "playAndRecord without the option")
            p.expect(try bench.route(.playAndRecord, options: .allowBluetoothA2DP).outputTypes, equals: [.bluetoothA2DP], "playAndRecord with allowBluetoothA2DP")
            p.expect(try bench.route(.record).outputs.isEmpty && !bench.device.session(RouteBench.app).configuration.allowsBluetoothA2DP, "record")
            p.expect(!(try bench.route(.multiRoute).outputTypes.contains(.bluetoothA2DP)), "multiRoute")
        },
        BuiltInCheck(["SESSION-CONFIG-IMPLIED-NAVIGATION-PROMPT"], "the navigation set-up ducks Music, which plays on, and interrupts a podcast") { p in
            let options: AVAudioSession.CategoryOptions = [.duckOthers, .interruptSpokenAudioAndMixWithOthers]
            let device = try p.device()
            let music = try device.launchMusic()
            device.run(as: MusicApp.name) { music.play() }
            try device.launch("Navigation", backgroundAudio: true) {
                try AVAudioSession.sharedInstance().setCategory(.playback, mode: .voicePrompt, options: options)
                try AVAudioSession.sharedInstance().setActive(true)
            }
            let read = device.run(as: "Navigation") { (AVAudioSession.sharedInstance().mode, AVAudioSession.sharedInstance().categoryOptions) }
            p.expect(read.0, equals: .voicePrompt, "the mode")
            p.expect(read.1.contains(.mixWithOthers), "mixWithOthers is implied")
            p.expect(music.isPlaying && device.session(MusicApp.name).isDucked, "Music mixes on, ducked")
            let spoken = try p.device()
            let podcast = try spoken.launch("Podcast", backgroundAudio: true) {
                let log = NotificationLog()
                try AVAudioSession.sharedInstance().setCategory(.playback, mode: .spokenAudio)
                try AVAudioSession.sharedInstance().setActive(true)
                return log
            }
            try spoken.launch("Navigation", backgroundAudio: true) {
                try AVAudioSession.sharedInstance().setCategory(.playback, mode: .voicePrompt, options: options)
                try AVAudioSession.sharedInstance().setActive(true)
            }
            p.expect(!spoken.session("Podcast").isActive, "the podcast is interrupted")
            p.expect(podcast.of(AVAudioSession.interruptionNotification).count, equals: 1, "interruptions the podcast received")
        },
        BuiltInCheck(["SESSION-IOTYPE-RAW-VALUES"], "IOType is notSpecified 0 and aggregated 1; changing it with I/O running fails with isBusy") { p in
            p.expect(AVAudioSession.IOType.notSpecified.rawValue, equals: 0, "notSpecified")
            p.expect(AVAudioSession.IOType.aggregated.rawValue, equals: 1, "aggregated")
            let device = try p.device()
            try device.launchApp("Chat", .playAndRecord)
            func error(_ type: AVAudioSession.IOType) -> NSError? {
                device.run(as: "Chat") {
                    do { try AVAudioSession.sharedInstance().setAggregatedIOPreference(type); return nil } catch { return error as NSError }
                }
            }
            p.expect(error(.aggregated) == nil, "aggregated before I/O starts")
            try device.server.setIORunning(AppID("Chat"), true)
            p.expect(error(.notSpecified)?.code, equals: AVAudioSession.ErrorCode.isBusy.rawValue, "notSpecified with I/O running")
            try device.server.setIORunning(AppID("Chat"), false)
            p.expect(error(.notSpecified) == nil, "notSpecified once I/O stopped")
        },
    ] }
}
