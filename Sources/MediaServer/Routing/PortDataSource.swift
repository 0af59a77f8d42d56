/// One data source of one port (the built-in microphone's front microphone): the key of a
/// session's preferred polar patterns and of a data source's own virtual input source.
public struct PortDataSource: Hashable, Sendable {
    public var portUID: String
    public var dataSourceID: Int

    public init(portUID: String, dataSourceID: Int) {
        self.portUID = portUID
        self.dataSourceID = dataSourceID
    }
}
