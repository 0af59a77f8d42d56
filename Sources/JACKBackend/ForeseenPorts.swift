import Scenario
import VirtualDevices

/// Every port a scenario's device will have at some point: its built-in ports, the accessories
/// attached at the start and those its steps attach later, in order of appearance.
///
/// Registering their JACK ports (and connections) before the run means a port that appears
/// mid-run (headphones plugged at 1.5 s) is already connected when its first cycle plays: a
/// connection made while JACK runs takes effect only at a later cycle.
enum ForeseenPorts {
    static func of(_ scenario: Scenario) -> [VirtualDevices.Port] {
        guard let profile = scenario.deviceProfile ?? (try? DeviceProfile.load(scenario.device)) else { return [] }
        var device = VirtualDevice(profile: profile)
        var seen: [VirtualDevices.Port] = []
        func remember() {
            for port in device.ports where !seen.contains(where: { $0.uid == port.uid && $0.direction == port.direction }) {
                seen.append(port)
            }
        }
        remember()
        for accessory in scenario.accessories { _ = try? device.apply(.attach(accessory, connector: nil)) }
        remember()
        for step in scenario.steps.sorted(by: { $0.at < $1.at }) {
            guard case let .device(event) = step.action else { continue }
            _ = try? device.apply(event)
            remember()
        }
        return seen
    }
}
