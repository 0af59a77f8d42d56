import Conformance
import Foundation
import MediaServer

/// Every check compiled into the bench, in a fixed order (the report sorts them by name anyway).
public enum BuiltInChecks {
    public static let all: [BuiltInCheck] = [
        // Session facts, categories, modes and configuration
        FormatChecks.all, SessionFactChecks.all, SessionBehaviourChecks.all, SessionReleaseChecks.all,
        ConfigurationChecks.all, CategoryRuleChecks.all, ModeChecks.all, PlatformProfileChecks.all,
        SessionActivationChecks.all, ImplicitActivationChecks.all, SecondaryAudioHintChecks.all, SessionConfigChecks.all,

        // Routing, hardware, permission, input
        RoutingChecks.all, RouteFacadeChecks.all, DataSourceChecks.all, HardwareChecks.all,
        HardwareNegotiationChecks.all, PermissionChecks.all, InputChecks.all, SpeakerOverrideResetChecks.all,
        CategoryRouteChecks.all, RouteChoiceChecks.all, RoutingReasonChecks.all, HardwareChannelChecks.all,

        // Interruptions, system events, several apps, one device
        InterruptionChecks.all, SystemEventsChecks.all, MultiAppChecks.all, OneDeviceTruthChecks.all,
        ActiveSessionChangeChecks.all, APIMisuseChecks.all,

        // Multichannel, files, players and recorders, Audio Queue, OpenAL
        MultichannelChecks.all, RemoteIOChannelMapChecks.all, FileChecks.all, ConverterChecks.all,
        PlayerChecks.all, AudioPlayerChecks.all, AudioRecorderChecks.all, AudioQueueChecks.all, OpenALChecks.all,
        SpeechChecks.all,

        // The engine
        EngineChecks.all, EngineNodeChecks.all, EnginePlayerChecks.all, EngineRenderingChecks.all, EngineEffectChecks.all,

        // Audio Units, Inter-App Audio, the component manager
        MusicDeviceChecks.all, AudioUnitChecks.all, AudioUnitGraphChecks.all, RemoteIOChecks.all,
        IOUnitChecks.all, VoiceProcessingChecks.all,
        InterAppAudioChecks.all, ComponentManagerChecks.all, AppLifecycleChecks.all,

        // Core MIDI and MIDI over Bluetooth LE
        CoreMIDIChecks.all, BLEMIDIChecks.all, EngineMIDIChecks.all,

        // AirPlay 2 and Now Playing
        AirPlayChecks.all, NowPlayingChecks.all, NowPlayingCommandChecks.all, AirPlayVideoChecks.all, QueuePlayerChecks.all, MacAirPlayChecks.all,

    ].flatMap { $0 }

    /// Runs each check on `platform` when every requirement it names applies there. A check of
    /// other releases' behaviour (iOS 6's answered call, iOS 26's new options) runs on the newest
    /// release all its requirements name and says so (`ranOn`): the simulator has every release's
    /// profile, so the binary's report proves those requirements too, on the release they are about.
    public static func run(on platform: PlatformProfile, catalog: [Requirement]) -> [ConformanceCheck] {
        defer { try? FileManager.default.removeItem(at: FileChecks.scratchRoot) }
        return ParallelRuns.map(all) { check in
            guard let run = reportRun(of: check, for: platform, catalog: catalog) else {
                return ConformanceCheck(kind: .builtIn, name: check.name, requirementIDs: check.requirementIDs,
                                        outcome: .notRun("its requirements share no simulated release"))
            }
            return ConformanceCheck(kind: .builtIn, name: check.name, requirementIDs: check.requirementIDs,
                                    outcome: check.run(platform: run.release), ranOn: run.ranOn)
        }
    }

    /// The release a report for `platform` runs `check` on: that one when the check applies there,
    /// else the newest release all its requirements name (`ranOn` says which); Mac-only behaviour
    /// runs on the simulated Mac, the `mac` device profile (the check picks it) on the default
    /// release's media server (`ranOn` "macos"). Nil when its requirements share no release.
    static func reportRun(of check: BuiltInCheck, for platform: PlatformProfile, catalog: [Requirement])
        -> (release: PlatformProfile, ranOn: String?)? {
        if check.applies(on: platform, catalog: catalog) { return (platform, nil) }
        if let release = PlatformProfile.all.last(where: { check.applies(on: $0, catalog: catalog) }) {
            return (release, release.description)
        }
        return check.isMacOnly(catalog: catalog) ? (.default, "macos") : nil
    }
}

extension BuiltInCheck {
    /// Whether every requirement it names holds on the Mac alone: such a check runs its device on
    /// the `mac` profile, and the runner runs it once, as the Mac's (`ranOn` "macos").
    func isMacOnly(catalog: [Requirement]) -> Bool {
        requirementIDs.allSatisfy { id in catalog.first { $0.id == id }?.platforms == ["macos"] }
    }

    /// Whether it checks `platform`: a requirement it names lists `platform`, and every other one
    /// does too or holds on the Mac alone (a check of the Mac's user tags beside the tags iOS has).
    func applies(on platform: PlatformProfile, catalog: [Requirement]) -> Bool {
        let platforms = requirementIDs.map { id in catalog.first { $0.id == id }?.platforms ?? [] }
        return platforms.contains { $0.contains(platform.description) }
            && platforms.allSatisfy { $0.contains(platform.description) || $0 == ["macos"] }
    }
}
