import VirtualDevices

/// Answers for apps deciding what to do after a route change.
extension RouteSelector {
    /// Outputs of `previous` that are no longer attached to the device: the media player pauses
    /// when the headphones it was playing to went away (WWDC 2012 session 505 "last-in wins"; Audio Session Programming Guide: responding to route changes, headphones).
    /// Judged against the device's ports, not the new route, so an output that merely stopped
    /// being used (a reverted speaker override) does not count as lost.
    public static func lostOutputs(previous: AudioRoute, ports: [Port]) -> [Port] {
        missing(previous.outputs, from: ports)
    }

    /// Inputs of `previous` that are no longer attached: a recorder stops (Audio Session Programming Guide: responding to route changes, headphones).
    public static func lostInputs(previous: AudioRoute, ports: [Port]) -> [Port] {
        missing(previous.inputs, from: ports)
    }

    static func missing(_ used: [Port], from ports: [Port]) -> [Port] {
        used.filter { port in !ports.contains { $0.isSamePort(as: port) } }
    }
}
