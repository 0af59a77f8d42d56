import MediaServer

/// After a media-services reset every audio object is gone: an app must set its category again
/// (and rebuild its players) before it uses audio. Using the session first, or never setting it
/// up again, leaves it with a zombie configuration.
public struct IgnoredMediaServicesResetRule: AppRule {
    public let id = "ignored-media-services-reset"
    public init() {}

    public func violations(in trace: AppTrace) -> [(index: Int, app: String, message: String)] {
        var found: [(Int, String, String)] = []
        for i in trace.indices {
            guard case let .notification(app, .mediaServicesWereReset) = trace.records[i].fact else { continue }
            // Stopping the dead objects' I/O is not using audio: only what comes after counts.
            let later = ((i + 1)..<trace.records.count).filter {
                guard case let .api(call) = trace.records[$0].fact else { return false }
                return call.app == app && call.call != .apiStopIO
            }
            if let first = later.first, case let .api(call) = trace.records[first].fact, call.call != .apiSetCategory {
                found.append((first, app, "kept using audio after a media-services reset without reconfiguring"))
            } else if later.isEmpty, !trace.indices.contains(where: { $0 > i && trace.isAppEvent($0, "rebuilt", of: app) }) {
                found.append((i, app, "did not reconfigure its session after a media-services reset"))
            }
        }
        return found
    }
}
