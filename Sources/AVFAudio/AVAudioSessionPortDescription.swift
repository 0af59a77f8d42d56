import Foundation
import MediaServer
import VirtualDevices

/// `AVAudioSessionPortDescription`: one port of a route.
open class AVAudioSessionPortDescription: NSObject, @unchecked Sendable {
    public let portType: AVAudioSession.Port
    public let portName: String
    public let uid: String
    public let hasHardwareVoiceCallProcessing: Bool
    /// iOS 15: the port renders spatial audio (the simulated AirPods-like buds' output).
    public let isSpatialAudioEnabled: Bool
    public let channels: [AVAudioSessionChannelDescription]?
    public let dataSources: [AVAudioSessionDataSourceDescription]?
    public let selectedDataSource: AVAudioSessionDataSourceDescription?

    /// The simulated port this describes.
    let port: VirtualDevices.Port
    /// The app whose session read this description: data-source choices are that session's.
    let binding: AppBinding?

    /// Made inside an app's context (a route read or a notification), so that choices made on it
    /// reach that app's session.
    init(_ port: VirtualDevices.Port, binding: AppBinding?) {
        self.port = port
        self.binding = binding
        portType = AVAudioSession.Port(port.portType)
        portName = port.portName
        uid = port.uid
        hasHardwareVoiceCallProcessing = port.hasHardwareVoiceCallProcessing
        isSpatialAudioEnabled = port.supportsSpatialAudio && (binding?.server.platform.reportsSpatialPlayback ?? true)
        channels = port.channels.map(AVAudioSessionChannelDescription.init)
        dataSources = port.dataSources?.map { AVAudioSessionDataSourceDescription($0, portUID: port.uid, binding: binding) }
        selectedDataSource = port.selectedDataSource.map { AVAudioSessionDataSourceDescription($0, portUID: port.uid, binding: binding) }
    }

    /// The data source the app chose for this port; nil when it has chosen none.
    public var preferredDataSource: AVAudioSessionDataSourceDescription? {
        guard let binding, let id = binding.server.preferredDataSourceID(for: binding.app, portUID: uid) else { return nil }
        return dataSources?.first { $0.dataSourceID.intValue == id }
    }

    /// Chooses one of `dataSources` (nil clears the choice): when the port is in the route the
    /// route is reconfigured at once (`routeConfigurationChange`) and input comes from that data
    /// source; otherwise it applies when the port is next routed (AVAudioSessionPortDescription, AVAudioSessionChannelDescription). A data source
    /// of another port is `badParam`.
    public func setPreferredDataSource(_ dataSource: AVAudioSessionDataSourceDescription?) throws {
        guard let binding else {
            throw AVAudioSession.error(.expiredSession, "this port description was not read by a simulated app")
        }
        if let dataSource, dataSource.portUID != uid {
            throw AVAudioSession.error(.badParam, "data source \(dataSource.dataSourceName) belongs to '\(dataSource.portUID)', not '\(uid)'")
        }
        do {
            try binding.server.setPreferredDataSource(binding.app, portUID: uid, id: dataSource?.dataSourceID.intValue)
        } catch { throw AVAudioSession.error(error) }
    }

    // Apple compares UID, type, name, channels and data sources; the hash is the UID's (AVAudioSessionPortDescription docs).
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? AVAudioSessionPortDescription else { return false }
        return uid == other.uid && portType == other.portType && portName == other.portName
            && channels == other.channels && dataSources == other.dataSources
    }

    public override var hash: Int { uid.hashValue }

    public override var description: String {
        "<AVAudioSessionPortDescription: type = \(portType.rawValue); name = \(portName); UID = \(uid); "
            + "selectedDataSource = \(selectedDataSource?.dataSourceName ?? "(null)")>"
    }
}
