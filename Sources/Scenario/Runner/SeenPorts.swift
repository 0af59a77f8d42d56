import VirtualDevices

/// Every port seen during a run, so expectations can name ports that are gone by the end, and
/// the rule by which a scenario names a port: by its name ("USB Audio 2x2"), its UID, or its type
/// (`USBAudio`, Apple's raw value or Swift name). A name or UID that fits picks those ports; a
/// type may fit several, and then the scenario must name the one it means.
struct SeenPorts: Sendable {
    private(set) var byUID: [String: Port] = [:]

    mutating func remember(_ ports: [Port]) {
        for port in ports { byUID[port.uid] = port }
    }

    /// The UIDs of the ports of `direction` that `reference` names, sorted: those whose UID or
    /// name it is, else those of the type it names.
    func uids(named reference: String, direction: PortDirection) -> [String] {
        let candidates = byUID.values.filter { $0.direction == direction }
        let exact = candidates.filter { $0.uid == reference || $0.portName == reference }
        if !exact.isEmpty { return exact.map(\.uid).sorted() }
        guard let type = Self.portType(named: reference) else { return [] }
        return candidates.filter { $0.portType == type }.map(\.uid).sorted()
    }

    /// Whether `reference` names `port`, by its UID, its name or its type.
    static func reference(_ reference: String, names port: Port) -> Bool {
        port.uid == reference || port.portName == reference || portType(named: reference) == port.portType
    }

    /// A port type by Apple's raw value or Swift name.
    static func portType(named name: String) -> PortType? {
        Vocabulary.portTypes.first { $0.0 == name }?.1
    }

    /// One port of `direction` for `reference`, or why there is none (to put in a message).
    func port(named reference: String, direction: PortDirection) -> Result<Port, PortNameError> {
        let uids = uids(named: reference, direction: direction)
        guard uids.count <= 1 else {
            return .failure(PortNameError(message: "\(uids.count) \(direction) ports fit '\(reference)' (\(uids.joined(separator: ", "))); name one by its name or UID"))
        }
        guard let uid = uids.first, let port = byUID[uid] else {
            return .failure(PortNameError(message: "no \(direction) port named '\(reference)' (by name, UID or type) was attached during the run"))
        }
        return .success(port)
    }
}

struct PortNameError: Error, Sendable {
    var message: String
}
