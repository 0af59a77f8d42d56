import MediaServer
import SimCore
import VirtualDevices

/// Reading port audio in a test: by port type, by name or UID, or what an app recorded.
extension SimulatedDevice {
    /// What reached the output port of this type over `from..<to`: the port on the device now,
    /// else the last one of that type the route used (an unplugged headset is still checkable).
    public func audio(at type: PortType, from: HostTime, to: HostTime) throws(PortAudioError) -> PortAudio {
        guard let uid = outputPortsSeen().last(where: { $0.type == type })?.uid else {
            throw PortAudioError(message: "no \(type.rawValue) output port was ever on the device (seen: \(seenList()))")
        }
        return portAudio(uid: uid, from: from, to: to)
    }

    /// The same for a port named by UID (`Wired Headphones`, `HDMIOutput-1`) or by its name.
    public func audio(at port: String, from: HostTime, to: HostTime) throws(PortAudioError) -> PortAudio {
        if let type = PortType(rawValue: port), !outputPortsSeen().contains(where: { $0.uid == port }) {
            return try audio(at: type, from: from, to: to)
        }
        let named = server.device.ports.first { $0.direction == .output && $0.portName == port }?.uid
        guard let uid = named ?? outputPortsSeen().first(where: { $0.uid == port })?.uid else {
            throw PortAudioError(message: "no output port named \(port) was ever on the device (seen: \(seenList()))")
        }
        return portAudio(uid: uid, from: from, to: to)
    }

    /// What `app` read from its input over `from..<to` (the samples its recorder or input tap took).
    public func recording(of app: String, from: HostTime, to: HostTime) throws(PortAudioError) -> PortAudio {
        guard let sink = server.inputSink(app: AppID(app)) else {
            throw PortAudioError(message: "\(app) never read its input")
        }
        return PortAudio(port: sink.portUID, from: from, to: to, channelCount: sink.channelCount, sink: sink)
    }

    private func portAudio(uid: String, from: HostTime, to: HostTime) -> PortAudio {
        let sink = server.sink(portUID: uid)
        let channels = sink?.channelCount ?? server.device.ports.first { $0.uid == uid }?.channels.count ?? 0
        return PortAudio(port: uid, from: from, to: to, channelCount: channels, sink: sink)
    }

    /// Output ports the device has now and every one a traced route used, oldest first.
    private func outputPortsSeen() -> [TracedPort] {
        var seen: [TracedPort] = []
        func add(_ port: TracedPort) { if !seen.contains(port) { seen.append(port) } }
        for record in trace.records {
            switch record.fact {
            case let .routeChanged(route): route.outputs.forEach(add)
            case let .notification(_, .routeChange(_, previous)): previous.outputs.forEach(add)
            default: break
            }
        }
        server.device.ports.filter { $0.direction == .output }.map(TracedPort.init).forEach(add)
        return seen
    }

    private func seenList() -> String {
        let ports = outputPortsSeen().map(\.uid)
        return ports.isEmpty ? "none" : ports.joined(separator: ", ")
    }
}

/// A port audio question that names no port the device ever had.
public struct PortAudioError: Error, CustomStringConvertible, Sendable {
    public let message: String
    public var description: String { message }
}
