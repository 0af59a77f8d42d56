/// An app whose activation interrupted others must deactivate with `notifyOthersOnDeactivation`
/// when done, or the interrupted app never gets its "ended" and cannot resume.
public struct NoNotifyOthersRule: AppRule {
    public let id = "no-notify-others"
    public init() {}

    public func violations(in trace: AppTrace) -> [(index: Int, app: String, message: String)] {
        var found: [(Int, String, String)] = []
        var interrupters: Set<String> = []
        for i in trace.events.indices {
            if trace.kind(i) == "session.activated", let app = trace.app(i),
               (0..<i).contains(where: { trace.events[$0].time == trace.events[i].time && trace.kind($0) == "notify.interruption"
                   && trace.string($0, "type") == "began" && trace.app($0) != app && !isSystemInterruption($0, trace) }) {
                interrupters.insert(app)
            }
            if trace.kind(i) == "api.setActive", trace.bool(i, "active") == false, let app = trace.app(i), interrupters.contains(app) {
                interrupters.remove(app)
                if !trace.strings(i, "options").contains("notifyOthersOnDeactivation") {
                    found.append((i, app, "never deactivated with notifyOthersOnDeactivation, so the interrupted app could not resume"))
                }
            }
        }
        return found
    }

    /// A call, alarm or Siri interrupts through a `device.*` line at the same time, not an app.
    private func isSystemInterruption(_ index: Int, _ trace: AppTrace) -> Bool {
        (0..<index).contains { trace.events[$0].time == trace.events[index].time
            && ["device.incoming-call", "device.alarm", "device.siri", "device.media-server-crash"].contains(trace.kind($0)) }
    }
}
