import Foundation
import MediaServer

/// Aggregated I/O (iOS 10): whether input and output share one I/O cycle, sample rate and buffer
/// duration. Apps that use a capture session may get separate input and output I/O unless they
/// ask for `.aggregated`; the simulated device always runs both in one cycle, so the preference
/// is recorded and refused only where Apple refuses it: while the app's I/O runs (isBusy).
extension AVAudioSession {
    public enum IOType: UInt, Sendable {
        case notSpecified = 0
        case aggregated = 1
    }

    public func setAggregatedIOPreference(_ inIOType: IOType) throws {
        try call { server, app throws(SessionError) in
            try server.setAggregatedIOPreference(app, aggregated: inIOType == .aggregated)
        }
    }
}
