/// After an interruption ends without `shouldResume`, an app must wait for the user; restarting on
/// its own (at the "ended" notification) takes audio the system did not hand back.
public struct ResumeWithoutShouldResumeRule: AppRule {
    public let id = "resume-without-should-resume"
    public init() {}

    public func violations(in trace: AppTrace) -> [(index: Int, app: String, message: String)] {
        var found: [(Int, String, String)] = []
        for i in trace.events.indices where trace.kind(i) == "notify.interruption" && trace.string(i, "type") == "ended" {
            guard let app = trace.app(i), !trace.strings(i, "options").contains("shouldResume") else { continue }
            if let start = trace.sameTime(after: i).first(where: { trace.app($0) == app && trace.isAppEvent($0, "started") }) {
                found.append((start, app, "resumed playback after an interruption without shouldResume"))
            }
        }
        return found
    }
}
