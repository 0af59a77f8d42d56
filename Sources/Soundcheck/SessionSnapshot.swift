import MediaServer
import VirtualDevices

/// One app's session state as the system sees it, for assertions in tests.
public struct SessionSnapshot: Hashable, Sendable {
    public let isActive: Bool
    public let isInterrupted: Bool
    public let isDucked: Bool
    public let isSilenced: Bool
    public let configuration: SessionConfiguration
    public let route: AudioRoute
    public let recordPermission: RecordPermission

    init(server: AudioServer, app: AppID) {
        isActive = server.isActive(app)
        isInterrupted = server.isInterrupted(app)
        isDucked = server.isDucked(app)
        isSilenced = server.isSilenced(app)
        configuration = server.configuration(of: app)
        route = server.currentRoute(for: app)
        recordPermission = server.recordPermission(of: app)
    }

    /// The port types of the route's outputs, e.g. `[.headphones]`.
    public var outputTypes: [PortType] { route.outputs.map(\.portType) }
    public var inputTypes: [PortType] { route.inputs.map(\.portType) }
}
