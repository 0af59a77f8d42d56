import SimCore
import VirtualDevices

/// The ports a scenario can name: the device's built-in ports and those of every accessory it
/// attaches (at the start or in a step), found by attaching them to a scratch device. A port is
/// named by its name, its UID or its type, so a misspelt one is caught before the run.
struct PortNames: Sendable {
    let ports: [Port]

    init(profile: DeviceProfile, accessories: [AccessoryKind], steps: [ScenarioStep]) {
        var scratch = VirtualDevice(profile: profile)
        var seen = scratch.ports
        let attached = accessories + steps.compactMap { step -> AccessoryKind? in
            if case let .device(.attach(kind, _)) = step.action { kind } else { nil }
        }
        for kind in attached {
            _ = try? scratch.apply(.attach(kind, connector: nil))
            seen += scratch.ports.filter { port in !seen.contains { $0.uid == port.uid } }
        }
        ports = seen
    }

    /// Every way of naming a port of `direction`, for did-you-mean.
    func names(_ direction: PortDirection) -> [String] {
        let matching = ports.filter { $0.direction == direction }
        var names: [String] = []
        for port in matching {
            for name in [port.portType.rawValue, port.portName, port.uid] where !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// Throws, at `line:column`, when `reference` names no port of `direction` the scenario can have.
    func check(_ reference: String, _ direction: PortDirection, file: String, line: Int, column: Int) throws(SourceError) {
        guard !ports.contains(where: { $0.direction == direction && SeenPorts.reference(reference, names: $0) }) else { return }
        let known = names(direction)
        let hint = closestName(to: reference, among: known).map { "; did you mean '\($0)'?" } ?? ""
        throw SourceError(file: file, line: line, column: column,
                          message: "no \(direction) port named '\(reference)' on this device with these accessories\(hint) "
                              + "(a port is named by its type, name or UID: \(known.joined(separator: ", ")))")
    }

    /// Ports named by `input-tone` steps and by apps' channel assignments must exist.
    func checkReferences(in scenario: Scenario) throws(SourceError) {
        for app in scenario.apps {
            for reference in app.configuration.channelAssignments ?? [] {
                try check(reference.port, .output, file: scenario.file, line: app.line, column: app.column)
            }
        }
        for step in scenario.steps {
            guard case let .inputTone(port, _, _) = step.action else { continue }
            try check(port, .input, file: scenario.file, line: step.line, column: step.column)
        }
    }
}
