/// Why the device refused an event. Each message names the event and the state that forbids it.
public enum DeviceEventError: Error, Equatable, CustomStringConvertible {
    case noSuchAccessory(String, attached: [String])
    case notOnConnector(String, Connector)
    case wrongConnector(String, Connector, allowed: [Connector])
    case profileLacksConnector(String, Connector)
    case connectorOccupied(Connector, by: String)
    case networkDown
    case profileLacks(String, String)
    case impossible(String, state: String)

    public var description: String {
        switch self {
        case let .noSuchAccessory(id, attached):
            "no accessory '\(id)' is attached (attached: \(attached.isEmpty ? "none" : attached.joined(separator: ", ")))"
        case let .notOnConnector(id, connector): "'\(id)' is not attached over \(connector.rawValue)"
        case let .wrongConnector(spec, connector, allowed):
            "\(spec) cannot attach to \(connector.rawValue) (it uses \(allowed.map(\.rawValue).joined(separator: " or ")))"
        case let .profileLacksConnector(profile, connector): "the \(profile) profile has no \(connector.rawValue) connector"
        case let .connectorOccupied(connector, occupant): "the \(connector.rawValue) connector is taken by \(occupant)"
        case .networkDown: "the network is down: nothing can join it until it returns"
        case let .profileLacks(profile, feature): "the \(profile) profile has no \(feature)"
        case let .impossible(event, state): "cannot \(event): \(state)"
        }
    }
}
