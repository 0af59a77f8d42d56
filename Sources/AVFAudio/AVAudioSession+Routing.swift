import Foundation
import MediaServer
import VirtualDevices

extension AVAudioSession {
    public var currentRoute: AVAudioSessionRouteDescription {
        AVAudioSessionRouteDescription(read(.empty) { $0.currentRoute(for: $1) }, binding: binding)
    }

    /// Nil when the category has no input (AVAudioSession.currentRoute, routeChangeNotification).
    public var availableInputs: [AVAudioSessionPortDescription]? {
        read(nil) { server, app in
            let inputs = server.availableInputs(for: app)
            return server.configuration(of: app).category.allowsInput ? inputs.map { AVAudioSessionPortDescription($0, binding: binding) } : nil
        }
    }

    public var preferredInput: AVAudioSessionPortDescription? {
        read(nil) { $0.preferredInput(for: $1) }.map { AVAudioSessionPortDescription($0, binding: binding) }
    }

    public func setPreferredInput(_ inPort: AVAudioSessionPortDescription?) throws {
        try call { server, app throws(SessionError) in try server.setPreferredInput(app, uid: inPort?.uid) }
    }

    public func overrideOutputAudioPort(_ portOverride: PortOverride) throws {
        try call { server, app throws(SessionError) in
            try server.overrideOutputAudioPort(app, MediaServer.PortOverride(rawValue: portOverride.rawValue) ?? .none)
        }
    }

    /// iOS 17: whether this Now Playing session is interrupted (reason `routeDisconnected`) when
    /// its route loses a device. Default true.
    public var prefersInterruptionOnRouteDisconnect: Bool { read(true) { $0.prefersInterruptionOnRouteDisconnect($1) } }

    public func setPrefersInterruptionOnRouteDisconnect(_ inValue: Bool) throws {
        try call { server, app throws(SessionError) in try server.setPrefersInterruptionOnRouteDisconnect(app, inValue) }
    }

    public var isInputAvailable: Bool { read(false) { !$0.availableInputs(for: $1).isEmpty } }

    /// The data sources of the routed input port (nil when it has none to choose from).
    public var inputDataSources: [AVAudioSessionDataSourceDescription]? { currentRoute.inputs.first?.dataSources }
    public var inputDataSource: AVAudioSessionDataSourceDescription? { currentRoute.inputs.first?.selectedDataSource }
    public var outputDataSources: [AVAudioSessionDataSourceDescription]? { currentRoute.outputs.first?.dataSources }
    public var outputDataSource: AVAudioSessionDataSourceDescription? { currentRoute.outputs.first?.selectedDataSource }

    public func setInputDataSource(_ dataSource: AVAudioSessionDataSourceDescription?) throws {
        try call { server, app throws(SessionError) in
            try server.setInputDataSource(app, id: dataSource.map { $0.dataSourceID.intValue })
        }
    }

    public func setOutputDataSource(_ dataSource: AVAudioSessionDataSourceDescription?) throws {
        try call { server, app throws(SessionError) in
            try server.setOutputDataSource(app, id: dataSource.map { $0.dataSourceID.intValue })
        }
    }
}
