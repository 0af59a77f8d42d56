import MediaServer
import VirtualDevices

extension ScenarioRun {
    /// The user picks AirPlay outputs in the route picker; a name that is not an attached
    /// AirPlay output is refused like any impossible step.
    func pickRoute(_ references: [String], step: ScenarioStep) {
        var uids: [String] = []
        for reference in references {
            switch ports.port(named: reference, direction: .output) {
            case let .success(port) where port.portType == .airPlay && server.device.ports.contains(where: { $0.uid == port.uid }):
                uids.append(port.uid)
            case let .failure(error):
                refuse(step.verb, error.message)
                return
            default:
                refuse(step.verb, "\(reference) is not an attached AirPlay output")
                return
            }
        }
        server.pickLongFormRoute(uids)
    }
}
