import AudioGraph
import SimCore
import VirtualDevices

/// Data sources (a phone's front, back and bottom microphones) and their polar patterns: a
/// session's choice changes the route it reads (`selectedDataSource`, `selectedPolarPattern`,
/// a `routeConfigurationChange`) and what its input hears, since each data source can have a
/// virtual source of its own.
extension AudioServer {
    /// `AVAudioSession.setInputDataSource(_:)`: chooses a data source of the routed input port.
    public func setInputDataSource(_ app: AppID, id: Int?) throws(SessionError) {
        guard let input = currentRoute.inputs.first else {
            throw SessionError(.badParam, "setInputDataSource: the route has no input")
        }
        try choose(dataSource: id, of: input.uid, for: app, call: .apiSetInputDataSource)
    }

    /// `setOutputDataSource(_:)`: chooses among the routed output port's data sources, as
    /// `setInputDataSource` does for the input (an output without data sources refuses any but nil).
    public func setOutputDataSource(_ app: AppID, id: Int?) throws(SessionError) {
        guard let output = currentRoute.outputs.first else {
            throw SessionError(.badParam, "setOutputDataSource: the route has no output")
        }
        try choose(dataSource: id, of: output.uid, for: app, call: .apiSetOutputDataSource)
    }

    /// `AVAudioSessionPortDescription.setPreferredDataSource(_:)` on the port `portUID`: applies
    /// at once when the port is routed, otherwise when it next is.
    public func setPreferredDataSource(_ app: AppID, portUID: String, id: Int?) throws(SessionError) {
        try choose(dataSource: id, of: portUID, for: app, call: .apiSetPreferredDataSource)
    }

    /// The data source `app` prefers for the port `portUID`; nil when it has set none.
    public func preferredDataSourceID(for app: AppID, portUID: String) -> Int? {
        policy.routing(of: app).preferredDataSources[portUID]
    }

    /// `AVAudioSessionDataSourceDescription.setPreferredPolarPattern(_:)`.
    public func setPreferredPolarPattern(_ app: AppID, _ pattern: DataSource.PolarPattern?, for source: PortDataSource) throws(SessionError) {
        let arguments: [String: TraceValue] = ["port": .string(source.portUID), "dataSource": .integer(source.dataSourceID),
                                               "pattern": pattern.map { .string($0.rawValue) } ?? .null]
        try api(.apiSetPreferredPolarPattern, app, arguments) { () throws(SessionError) in
            try policy.setPreferredPolarPattern(app, pattern, for: source)
        }
    }

    /// The polar pattern `app` prefers for `source`; nil when it has set none.
    public func preferredPolarPattern(for app: AppID, source: PortDataSource) -> DataSource.PolarPattern? {
        policy.routing(of: app).preferredPolarPatterns[source]
    }

    /// Plays `source` into channel `channel` of one data source of an input port (the front
    /// microphone, say): heard by readers while that data source is selected. A port's own source
    /// (`attachInputSource(portUID:channel:source:)`) is heard when the selected data source has none.
    @discardableResult
    public func attachInputSource(portUID: String, dataSourceID: Int, channel: Int = 1, source: AudioSource) -> VoiceID {
        attachInputSource(portUID: Self.inputSourceUID(PortDataSource(portUID: portUID, dataSourceID: dataSourceID)),
                          channel: channel, source: source)
    }

    /// Where a reader of `port`'s channel `channel` takes its input from: the selected data
    /// source's own source when one is attached, else the port's.
    func inputSourceUID(of port: Port, channel: Int) -> String {
        guard let id = port.selectedDataSourceID else { return port.uid }
        let uid = Self.inputSourceUID(PortDataSource(portUID: port.uid, dataSourceID: id))
        return io.voices.contains { $0.role == .inputSource(portUID: uid, channel: channel) } ? uid : port.uid
    }

    static func inputSourceUID(_ source: PortDataSource) -> String { "\(source.portUID)#\(source.dataSourceID)" }

    private func choose(dataSource id: Int?, of portUID: String, for app: AppID, call: TraceKind) throws(SessionError) {
        try api(call, app, ["port": .string(portUID), "dataSource": id.map { .integer($0) } ?? .null]) { () throws(SessionError) in
            try policy.setPreferredDataSource(app, id: id, portUID: portUID)
        }
    }
}
