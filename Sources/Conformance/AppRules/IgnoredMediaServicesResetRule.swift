/// After a media-services reset every audio object is gone: an app must set its category again
/// (and rebuild its players) before it uses audio. Using the session first, or never setting it
/// up again, leaves it with a zombie configuration.
public struct IgnoredMediaServicesResetRule: AppRule {
    public let id = "ignored-media-services-reset"
    public init() {}

    public func violations(in trace: AppTrace) -> [(index: Int, app: String, message: String)] {
        var found: [(Int, String, String)] = []
        for i in trace.events.indices where trace.kind(i) == "notify.mediaServicesWereReset" {
            guard let app = trace.app(i) else { continue }
            // Stopping the dead objects' I/O is not using audio: only what comes after counts.
            let later = ((i + 1)..<trace.events.count).filter {
                trace.app($0) == app && trace.kind($0).hasPrefix("api.") && trace.kind($0) != "api.stopIO"
            }
            if let first = later.first, trace.kind(first) != "api.setCategory" {
                found.append((first, app, "kept using audio after a media-services reset without reconfiguring"))
            } else if later.isEmpty, !trace.events.indices.contains(where: { $0 > i && trace.app($0) == app && trace.isAppEvent($0, "rebuilt") }) {
                found.append((i, app, "did not reconfigure its session after a media-services reset"))
            }
        }
        return found
    }
}
