import MediaServer

/// An app whose activation interrupted others must deactivate with `notifyOthersOnDeactivation`
/// when done, or the interrupted app never gets its "ended" and cannot resume.
public struct NoNotifyOthersRule: AppRule {
    public let id = "no-notify-others"
    public init() {}

    public func violations(in trace: AppTrace) -> [(index: Int, app: String, message: String)] {
        var found: [(Int, String, String)] = []
        var interrupters: Set<String> = []
        for i in trace.indices {
            if case let .activated(app) = trace.records[i].fact, trace.sameTime(before: i).contains(where: { j in
                guard case let .notification(other, .interruption(.began, _, _)) = trace.records[j].fact else { return false }
                return other != app && !isSystemInterruption(j, trace)
            }) {
                interrupters.insert(app)
            }
            if case let .api(call) = trace.records[i].fact, call.call == .apiSetActive, call.arguments["active"] == .bool(false),
               interrupters.contains(call.app) {
                let app = call.app
                interrupters.remove(app)
                if !call.names("options").contains("notifyOthersOnDeactivation") {
                    found.append((i, app, "never deactivated with notifyOthersOnDeactivation, so the interrupted app could not resume"))
                }
            }
        }
        return found
    }

    /// A call, alarm or Siri interrupts through a `device.*` line at the same time, not an app.
    private func isSystemInterruption(_ index: Int, _ trace: AppTrace) -> Bool {
        trace.sameTime(before: index).contains {
            [.deviceIncomingCall, .deviceAlarm, .deviceSiri, .deviceMediaServerCrash].contains(trace.records[$0].kind)
        }
    }
}
