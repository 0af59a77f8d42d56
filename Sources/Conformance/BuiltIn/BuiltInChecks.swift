import Foundation
import MediaServer

/// Every check compiled into the bench, in a fixed order (the report sorts them by name anyway).
public enum BuiltInChecks {
    public static let all: [BuiltInCheck] = FormatChecks.all + SessionFactChecks.all + SessionBehaviourChecks.all
        + RoutingChecks.all + HardwareChecks.all + PermissionChecks.all + MultichannelChecks.all + FileChecks.all
        + PlayerChecks.all + InterruptionChecks.all + InputChecks.all
        + SessionReleaseChecks.all
        + MusicDeviceChecks.all
        + EngineChecks.all
        + AudioPlayerChecks.all + AudioRecorderChecks.all + APIMisuseChecks.all + ActiveSessionChangeChecks.all
        + DataSourceChecks.all + MultiAppChecks.all + OneDeviceTruthChecks.all + PlatformProfileChecks.all
        + SpeakerOverrideResetChecks.all + SystemEventsChecks.all
        + RouteFacadeChecks.all + ConfigurationChecks.all + ConverterChecks.all
        + HardwareNegotiationChecks.all
        + CategoryRuleChecks.all + RemoteIOChannelMapChecks.all + ModeChecks.all

    /// Runs each check on `platform` when every requirement it names applies there. A check of
    /// other releases' behaviour (iOS 6's answered call, iOS 26's new options) runs on the newest
    /// release all its requirements name and says so (`ranOn`): the simulator has every release's
    /// profile, so the binary's report proves those requirements too, on the release they are about.
    public static func run(on platform: PlatformProfile, catalog: [Requirement]) -> [ConformanceCheck] {
        defer { try? FileManager.default.removeItem(at: FileChecks.scratchRoot) }
        return all.map { check in
            if check.applies(on: platform, catalog: catalog) { return check.check(platform: platform) }
            guard let release = PlatformProfile.all.last(where: { check.applies(on: $0, catalog: catalog) }) else {
                return ConformanceCheck(kind: .builtIn, name: check.name, requirementIDs: check.requirementIDs,
                                        outcome: .notRun("its requirements share no simulated release"))
            }
            return ConformanceCheck(kind: .builtIn, name: check.name, requirementIDs: check.requirementIDs,
                                    outcome: check.run(platform: release), ranOn: release.description)
        }
    }
}

extension BuiltInCheck {
    /// Whether every requirement it names lists `platform`.
    func applies(on platform: PlatformProfile, catalog: [Requirement]) -> Bool {
        requirementIDs.allSatisfy { id in catalog.first { $0.id == id }?.platforms.contains(platform.description) ?? false }
    }
}
