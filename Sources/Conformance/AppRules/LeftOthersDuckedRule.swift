/// An app that ducks others (a navigation prompt) must deactivate when it is done, so they come
/// back to full volume; finishing its audio but keeping the session active leaves them ducked.
public struct LeftOthersDuckedRule: AppRule {
    public let id = "left-others-ducked"
    public init() {}

    public func violations(in trace: AppTrace) -> [(index: Int, app: String, message: String)] {
        var found: [(Int, String, String)] = []
        var seen: Set<String> = []
        for i in trace.events.indices where trace.kind(i) == "session.ducked" && trace.bool(i, "ducked") == true {
            // The ducking app is the one whose activation, at the same time, precedes the duck —
            // never the ducked app itself (activating under an active ducker ducks it at once).
            guard let ducker = (0..<i).reversed().first(where: {
                trace.events[$0].time == trace.events[i].time && trace.kind($0) == "session.activated" && trace.app($0) != trace.app(i)
            }).flatMap(trace.app), !seen.contains(ducker) else { continue }
            let rest = (i + 1)..<trace.events.count
            guard let stop = rest.first(where: { trace.app($0) == ducker && trace.isAppEvent($0, "stopped") }) else { continue }
            let deactivated = rest.contains { trace.app($0) == ducker && trace.kind($0) == "session.deactivated" }
            let unducked = rest.contains { trace.kind($0) == "session.ducked" && trace.bool($0, "ducked") == false }
            if !deactivated && !unducked {
                seen.insert(ducker)
                found.append((stop, ducker, "left other audio ducked: never deactivated after a prompt"))
            }
        }
        return found
    }
}
