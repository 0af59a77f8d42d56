import MediaServer

/// After an interruption ends without `shouldResume`, an app must wait for the user; restarting on
/// its own (at the "ended" notification) takes audio the system did not hand back.
public struct ResumeWithoutShouldResumeRule: AppRule {
    public let id = "resume-without-should-resume"
    public init() {}

    public func violations(in trace: AppTrace) -> [(index: Int, app: String, message: String)] {
        var found: [(Int, String, String)] = []
        for i in trace.indices {
            guard case let .notification(app, .interruption(.ended, _, options)) = trace.records[i].fact,
                  options?.contains(.shouldResume) != true else { continue }
            if let start = trace.sameTime(after: i).first(where: { trace.isAppEvent($0, "started", of: app) }) {
                found.append((start, app, "resumed playback after an interruption without shouldResume"))
            }
        }
        return found
    }
}
