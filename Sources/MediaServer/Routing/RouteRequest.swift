import VirtualDevices

/// Everything route selection depends on, as plain values: one session's configuration and
/// routing choices plus the device's ports. Route selection is a pure function of this value, so
/// the same request always yields the same route (docs/architecture.md, Determinism).
///
/// `mode` is the effective mode (an invalid mode for the category already replaced by `default`)
/// and `options` are already normalised (implied bits added); docs/architecture.md, "The derived session model", configuration steps 1–3 and 6.
public struct RouteRequest: Hashable, Sendable {
    public var category: SessionCategory
    public var mode: SessionMode
    public var options: CategoryOptions
    /// Transient: reverted by any route change or interruption (QA1754). Only playAndRecord
    /// honours it; `RoutingState` refuses to set it for other categories.
    public var portOverride: PortOverride
    /// UID of the input port the session prefers; honoured only while it is among `availableInputs`.
    public var preferredInputUID: String?
    /// Preferred data source ID by port UID; applied when that port is in the route. Only looked
    /// up, never iterated, so dictionary order cannot reach a route.
    public var preferredDataSources: [String: Int]
    /// Preferred polar pattern by data source; shown as that source's selected pattern.
    public var preferredPolarPatterns: [PortDataSource: DataSource.PolarPattern]
    /// The device's ports in arrival order: built-in ports first, then accessories' ports from the
    /// oldest attachment to the newest (`VirtualDevice.ports`). "Last in wins" reads this order.
    public var ports: [Port]
    public var multiRouteInputs: MultiRouteInputRule

    public init(category: SessionCategory, mode: SessionMode = .default, options: CategoryOptions = [],
                portOverride: PortOverride = .none, preferredInputUID: String? = nil,
                preferredDataSources: [String: Int] = [:],
                preferredPolarPatterns: [PortDataSource: DataSource.PolarPattern] = [:], ports: [Port],
                multiRouteInputs: MultiRouteInputRule = .allEligible) {
        self.category = category
        self.mode = mode
        self.options = options
        self.portOverride = portOverride
        self.preferredInputUID = preferredInputUID
        self.preferredDataSources = preferredDataSources
        self.preferredPolarPatterns = preferredPolarPatterns
        self.ports = ports
        self.multiRouteInputs = multiRouteInputs
    }

    /// Phones have a receiver; iPads and Macs do not, so playAndRecord defaults to their speaker.
    public var hasReceiver: Bool {
        ports.contains { $0.portType == .builtInReceiver && $0.direction == .output }
    }
}
