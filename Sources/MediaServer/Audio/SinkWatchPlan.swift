import VirtualDevices

/// Which checks a sink measures while the run goes (`AudioWatch`): the scenario runner knows its
/// audio checks before the run, and each sink, when the IO first writes to it, asks the plan for
/// the watches that name its port (or, for an app's input tap, its app). Set it before IO starts.
public struct SinkWatchPlan: Sendable {
    /// The watches for the sink of `port` (an output port), or of `recordingApp`'s input tap.
    public var watches: @Sendable (_ port: Port?, _ recordingApp: AppID?) -> [AudioWatch]

    public init(watches: @escaping @Sendable (_ port: Port?, _ recordingApp: AppID?) -> [AudioWatch]) {
        self.watches = watches
    }
}

extension AudioServer {
    public var sinkWatchPlan: SinkWatchPlan? {
        get { io.watchPlan }
        set { io.watchPlan = newValue }
    }
}
