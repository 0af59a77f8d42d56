import MediaServer

/// An app that ducks others (a navigation prompt) must deactivate when it is done, so they come
/// back to full volume; finishing its audio but keeping the session active leaves them ducked.
public struct LeftOthersDuckedRule: AppRule {
    public let id = "left-others-ducked"
    public init() {}

    public func violations(in trace: AppTrace) -> [(index: Int, app: String, message: String)] {
        var found: [(Int, String, String)] = []
        var seen: Set<String> = []
        for i in trace.indices {
            guard case let .ducked(ducked, true) = trace.records[i].fact else { continue }
            // The ducking app is the one whose activation, at the same time, precedes the duck —
            // never the ducked app itself (activating under an active ducker ducks it at once).
            guard let ducker = trace.sameTime(before: i).lazy.compactMap({ j -> String? in
                if case let .activated(app) = trace.records[j].fact, app != ducked { app } else { nil }
            }).first, !seen.contains(ducker) else { continue }
            let rest = (i + 1)..<trace.records.count
            guard let stop = rest.first(where: { trace.isAppEvent($0, "stopped", of: ducker) }) else { continue }
            let deactivated = rest.contains { trace.records[$0].fact == .deactivated(app: ducker) }
            let unducked = rest.contains { if case .ducked(_, false) = trace.records[$0].fact { true } else { false } }
            if !deactivated && !unducked {
                seen.insert(ducker)
                found.append((stop, ducker, "left other audio ducked: never deactivated after a prompt"))
            }
        }
        return found
    }
}
