import MediaServer
import VirtualDevices

/// Finding the samples an audio expectation is about, after the run.
enum AudioTargetSink {
    case sink(PortSink)
    /// The target exists but nothing was ever rendered to it: it stayed silent.
    case nothingRendered
    /// The expectation names no single target; the message says why.
    case problem(String)

    /// An output port's sink (the port named by name, UID or type among the output ports seen
    /// during the run), or the app's input tap for a recording.
    static func find(_ target: AudioTarget, ports: SeenPorts, server: AudioServer) -> AudioTargetSink {
        switch target {
        case let .port(name):
            switch ports.port(named: name, direction: .output) {
            case let .failure(error): return .problem(error.message)
            case let .success(port): return server.sink(portUID: port.uid).map(Self.sink) ?? .nothingRendered
            }
        case let .recording(app):
            return server.inputSink(app: AppID(app)).map(Self.sink) ?? .nothingRendered
        }
    }
}
