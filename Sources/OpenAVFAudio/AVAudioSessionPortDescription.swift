import Foundation
import VirtualDevices

/// `AVAudioSessionPortDescription`: one port of a route.
public final class AVAudioSessionPortDescription: NSObject, @unchecked Sendable {
    public let portType: AVAudioSession.Port
    public let portName: String
    public let uid: String
    public let hasHardwareVoiceCallProcessing: Bool
    public let isSpatialAudioEnabled = false
    public let channels: [AVAudioSessionChannelDescription]?
    public let dataSources: [AVAudioSessionDataSourceDescription]?
    public let selectedDataSource: AVAudioSessionDataSourceDescription?
    public private(set) var preferredDataSource: AVAudioSessionDataSourceDescription?

    /// The simulated port this describes.
    let port: VirtualDevices.Port

    init(_ port: VirtualDevices.Port) {
        self.port = port
        portType = AVAudioSession.Port(port.portType)
        portName = port.portName
        uid = port.uid
        hasHardwareVoiceCallProcessing = port.hasHardwareVoiceCallProcessing
        channels = port.channels.map(AVAudioSessionChannelDescription.init)
        dataSources = port.dataSources?.map(AVAudioSessionDataSourceDescription.init)
        selectedDataSource = port.selectedDataSource.map(AVAudioSessionDataSourceDescription.init)
    }

    /// Records the app's preference; it takes effect when the port is routed (reference §6.6).
    public func setPreferredDataSource(_ dataSource: AVAudioSessionDataSourceDescription?) throws {
        if let dataSource, !(dataSources ?? []).contains(dataSource) {
            throw AVAudioSession.error(.badParam, "the data source is not one of this port's dataSources")
        }
        preferredDataSource = dataSource
    }

    // Apple compares UID, type, name, channels and data sources; the hash is the UID's (§6.6).
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
