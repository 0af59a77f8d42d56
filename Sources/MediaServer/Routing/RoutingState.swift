import VirtualDevices

/// One session's routing choices: the transient speaker override, the preferred input and
/// preferred data sources. Mutators validate like AVAudioSession does and return the
/// `RouteChangeCause` to recompute the route with, or nil when the choice did not change; the
/// server then calls `RouteSelector` and `RouteChangeClassifier` (which posts nothing if the route
/// stayed the same, e.g. preferring an input that is already in use, AVAudioSession.setPreferredInput(_:), AVAudioSessionDataSourceDescription).
public struct RoutingState: Hashable, Sendable {
    public private(set) var portOverride: PortOverride = .none
    public private(set) var preferredInputUID: String?
    /// Preferred data source ID by port UID. Only looked up, never iterated.
    public private(set) var preferredDataSources: [String: Int] = [:]
    /// Preferred polar pattern by data source. Only looked up, never iterated.
    public private(set) var preferredPolarPatterns: [PortDataSource: DataSource.PolarPattern] = [:]

    public init() {}

    /// `overrideOutputAudioPort(_:)`: valid only for playAndRecord ("This method is only valid for
    /// a session using PlayAndRecord category", AVAudioSession.overrideOutputAudioPort(_:), CategoryOptions.defaultToSpeaker; QA1754). Other categories get `badParam`
    /// (-50), the code observed on devices; no Apple source names a code, and `.none` is refused
    /// too since the documented check is on the category, not the value.
    @discardableResult
    public mutating func overrideOutputAudioPort(_ newOverride: PortOverride,
                                                 category: SessionCategory) throws(SessionError) -> RouteChangeCause? {
        guard category == .playAndRecord else {
            throw SessionError(.badParam, "overrideOutputAudioPort is only valid with category playAndRecord, "
                + "not \(category.name) (QA1754)")
        }
        guard newOverride != portOverride else { return nil }
        portOverride = newOverride
        return .overrideChanged
    }

    /// `setPreferredInput(_:)`: `uid` must name one of `available` (the session's
    /// `availableInputs`), otherwise `badParam`; nil clears the preference (AVAudioSession.currentRoute, routeChangeNotification, setPreferredInput docs).
    /// The preference is kept when its port detaches and is honoured again if it returns.
    @discardableResult
    public mutating func setPreferredInput(_ uid: String?, available: [Port]) throws(SessionError) -> RouteChangeCause? {
        if let uid, !available.contains(where: { $0.uid == uid && $0.direction == .input }) {
            throw SessionError(.badParam, "setPreferredInput: '\(uid)' is not one of availableInputs "
                + "[\(available.map(\.uid).joined(separator: ", "))]")
        }
        guard uid != preferredInputUID else { return nil }
        preferredInputUID = uid
        return .preferredInputChanged
    }

    /// `AVAudioSessionPortDescription.setPreferredDataSource(_:)` for the port `portUID`: the ID must
    /// be one of that port's `dataSources`, otherwise `badParam`; nil clears (AVAudioSessionPortDescription, AVAudioSessionChannelDescription). It
    /// takes effect whenever the port is in the route.
    @discardableResult
    public mutating func setPreferredDataSource(_ dataSourceID: Int?, forPortUID portUID: String,
                                                ports: [Port]) throws(SessionError) -> RouteChangeCause? {
        guard let port = ports.first(where: { $0.uid == portUID }) else {
            throw SessionError(.badParam, "setPreferredDataSource: no port '\(portUID)'")
        }
        if let dataSourceID, !(port.dataSources ?? []).contains(where: { $0.dataSourceID == dataSourceID }) {
            throw SessionError(.badParam, "setPreferredDataSource: \(dataSourceID) is not one of the data sources "
                + "of '\(portUID)' [\((port.dataSources ?? []).map { String($0.dataSourceID) }.joined(separator: ", "))]")
        }
        guard preferredDataSources[portUID] != dataSourceID else { return nil }
        preferredDataSources[portUID] = dataSourceID
        return .dataSourceChanged
    }

    /// `AVAudioSessionDataSourceDescription.setPreferredPolarPattern(_:)`: the source must be one of
    /// the port's `dataSources` and the pattern one of its `supportedPolarPatterns`, otherwise
    /// `badParam`; nil clears (AVAudioSessionPortDescription, AVAudioSessionChannelDescription). It shows as the source's `selectedPolarPattern`
    /// whenever the port is in the route.
    @discardableResult
    public mutating func setPreferredPolarPattern(_ pattern: DataSource.PolarPattern?, for source: PortDataSource,
                                                  ports: [Port]) throws(SessionError) -> RouteChangeCause? {
        guard let port = ports.first(where: { $0.uid == source.portUID }),
              let dataSource = port.dataSources?.first(where: { $0.dataSourceID == source.dataSourceID }) else {
            throw SessionError(.badParam, "setPreferredPolarPattern: \(source.dataSourceID) is not a data source of '\(source.portUID)'")
        }
        if let pattern, !(dataSource.supportedPolarPatterns ?? []).contains(pattern) {
            throw SessionError(.badParam, "setPreferredPolarPattern: \(dataSource.dataSourceName) does not support \(pattern.rawValue) "
                + "[\((dataSource.supportedPolarPatterns ?? []).map(\.rawValue).joined(separator: ", "))]")
        }
        guard preferredPolarPatterns[source] != pattern else { return nil }
        preferredPolarPatterns[source] = pattern
        return .dataSourceChanged
    }

    /// Reverts the speaker override, which lasts only "until the current route changes"; "any
    /// route change or interruption will cause the audio to be routed back to its normal route,
    /// following the last-in wins rule" (QA1754, Audio Session Programming Guide: audio routing, last in wins, QA1754). The server calls this on
    /// every hardware route change (ports added or removed, wake), category change and
    /// interruption, before recomputing the route, but not for the change the override itself
    /// causes. Returns whether an override was in effect.
    @discardableResult
    public mutating func revertSpeakerOverride() -> Bool {
        defer { portOverride = .none }
        return portOverride != .none
    }

    /// The route request for this session's choices with the given configuration and ports.
    public func request(category: SessionCategory, mode: SessionMode, options: CategoryOptions, ports: [Port],
                        multiRouteInputs: MultiRouteInputRule = .allEligible) -> RouteRequest {
        RouteRequest(category: category, mode: mode, options: options, portOverride: portOverride,
                     preferredInputUID: preferredInputUID, preferredDataSources: preferredDataSources,
                     preferredPolarPatterns: preferredPolarPatterns,
                     ports: ports, multiRouteInputs: multiRouteInputs)
    }
}
