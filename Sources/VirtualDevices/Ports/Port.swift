/// An audio port of the simulated device: a built-in speaker or microphone, or one side of an
/// attached accessory (`AVAudioSessionPortDescription`).
public struct Port: Hashable, Codable, Sendable {
    public var portType: PortType
    public var direction: PortDirection
    /// Human-readable, as a device shows it ("iPhone Microphone", "Brian’s AirPods").
    public var portName: String
    /// Stable for the life of the attachment, unique on the device.
    public var uid: String
    public var channels: [PortChannel]
    /// Nil when the port has fewer than two selectable sources, as on a device.
    public var dataSources: [DataSource]?
    public var selectedDataSourceID: Int?
    public var hasHardwareVoiceCallProcessing: Bool
    /// Hardware sample rates the port runs at, in hertz, preferred first.
    public var sampleRates: [Int]

    public init(portType: PortType, direction: PortDirection, portName: String, uid: String,
                channelNames: [(String, ChannelLabel)], dataSources: [DataSource]? = nil,
                hasHardwareVoiceCallProcessing: Bool = false, sampleRates: [Int]) {
        self.portType = portType
        self.direction = direction
        self.portName = portName
        self.uid = uid
        self.channels = channelNames.enumerated().map { offset, channel in
            PortChannel(channelName: channel.0, owningPortUID: uid, channelNumber: offset + 1, channelLabel: channel.1)
        }
        self.dataSources = (dataSources?.count ?? 0) > 1 ? dataSources : nil
        self.selectedDataSourceID = self.dataSources?.first?.dataSourceID
        self.hasHardwareVoiceCallProcessing = hasHardwareVoiceCallProcessing
        self.sampleRates = sampleRates
    }

    public var selectedDataSource: DataSource? {
        dataSources?.first { $0.dataSourceID == selectedDataSourceID }
    }
}

extension Port {
    /// Headphones that render spatial audio (`AVAudioSessionPortDescription.isSpatialAudioEnabled`,
    /// iOS 15): the simulated AirPods-like buds (`bluetooth-headphones`, whose Bluetooth addresses
    /// carry kind byte B0) on their A2DP output. Plain A2DP headphones, wired headphones, HDMI and
    /// the speaker do not. Derived from the port, so profiles and traces stay as they were.
    public var supportsSpatialAudio: Bool {
        portType == .bluetoothA2DP && uid.hasPrefix("02:5C:4B:B0:")
    }
}
