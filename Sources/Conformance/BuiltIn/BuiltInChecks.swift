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

    /// Runs each check on `platform` when every requirement it names applies there; a check for
    /// other releases is reported as not run, so a report never claims another release's behaviour.
    public static func run(on platform: PlatformProfile, catalog: [Requirement]) -> [ConformanceCheck] {
        defer { try? FileManager.default.removeItem(at: FileChecks.scratchRoot) }
        return all.map { check in
            guard check.applies(on: platform, catalog: catalog) else {
                return ConformanceCheck(kind: .builtIn, name: check.name, requirementIDs: check.requirementIDs,
                                        outcome: .notRun("written for other releases than \(platform.description)"))
            }
            return check.check(platform: platform)
        }
    }
}

extension BuiltInCheck {
    /// Whether every requirement it names lists `platform`.
    func applies(on platform: PlatformProfile, catalog: [Requirement]) -> Bool {
        requirementIDs.allSatisfy { id in catalog.first { $0.id == id }?.platforms.contains(platform.description) ?? false }
    }
}
