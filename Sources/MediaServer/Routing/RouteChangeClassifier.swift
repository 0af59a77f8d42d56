import VirtualDevices

/// Decides which `RouteChangeReason` a route change notification carries (
/// AVAudioSession.routeChangeNotification, AVAudioSession.RouteChangeReason), or that none is posted because the session's route did not change.
/// Kept apart from selection so the server can compute the route once and classify it per cause.
public enum RouteChangeClassifier {
    /// The reason to post for `cause`, given the route before and after; nil when nothing changed.
    ///
    /// In order:
    /// 1. Same route → nil, except after a category change, which is itself a route change even
    ///    when the ports stay the same (ASPG "Responding to Route Changes"; WWDC 2012 session 505: setting
    ///    MultiRoute "will trigger a route change with the reason Category Change"; setActive(_:options:) docs; docs/architecture.md, "The derived session model").
    /// 2. The category needs input (or output) and the new route has none →
    ///    `noSuitableRouteForCategory` (e.g. record with no input, RouteChangeReason docs).
    /// 3. `categoryChanged` → `categoryChange`.
    /// 4. Same ports, different configuration (data source, channels, rates) →
    ///    `routeConfigurationChange` (RouteChangeReason docs, setPreferredInput docs).
    /// 5. Otherwise by cause: attach → `newDeviceAvailable`, detach → `oldDeviceUnavailable`,
    ///    speaker override → `override`, preferred input → `override` (an app-requested reroute;
    ///    observed, not documented), wake → `wakeFromSleep`.
    /// `unknown` is never produced.
    public static func reason(for cause: RouteChangeCause, category: SessionCategory,
                              previous: AudioRoute, current: AudioRoute) -> RouteChangeReason? {
        if previous == current, cause != .categoryChanged { return nil }
        if lacksRequiredPorts(current, for: category) { return .noSuitableRouteForCategory }
        if cause == .categoryChanged { return .categoryChange }
        if hasSamePorts(previous, current) { return .routeConfigurationChange }
        return reason(for: cause)
    }

    static func reason(for cause: RouteChangeCause) -> RouteChangeReason {
        switch cause {
        case .portsAdded: .newDeviceAvailable
        case .portsRemoved: .oldDeviceUnavailable
        case .categoryChanged: .categoryChange
        case .overrideChanged, .preferredInputChanged: .override
        case .dataSourceChanged: .routeConfigurationChange
        case .wakeFromSleep: .wakeFromSleep
        }
    }

    /// Record needs an input; output categories need an output; playAndRecord and multiRoute need
    /// both. audioProcessing needs neither.
    static func lacksRequiredPorts(_ route: AudioRoute, for category: SessionCategory) -> Bool {
        (category.allowsInput && route.inputs.isEmpty) || (category.allowsOutput && route.outputs.isEmpty)
    }

    static func hasSamePorts(_ lhs: AudioRoute, _ rhs: AudioRoute) -> Bool {
        samePorts(lhs.inputs, rhs.inputs) && samePorts(lhs.outputs, rhs.outputs)
    }

    static func samePorts(_ lhs: [Port], _ rhs: [Port]) -> Bool {
        lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { $0.isSamePort(as: $1) }
    }
}
