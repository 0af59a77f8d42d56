/// One channel of a port (`AVAudioSessionChannelDescription`): its name, its position in the
/// owning port, and its label. Channel numbers are 1-based by default, as Apple's multi-device
/// routing article uses them (AVAudioSessionPortDescription, AVAudioSessionChannelDescription).
public struct PortChannel: Hashable, Codable, Sendable {
    public var channelName: String
    public var owningPortUID: String
    public var channelNumber: Int
    public var channelLabel: ChannelLabel

    public init(channelName: String, owningPortUID: String, channelNumber: Int, channelLabel: ChannelLabel) {
        self.channelName = channelName
        self.owningPortUID = owningPortUID
        self.channelNumber = channelNumber
        self.channelLabel = channelLabel
    }
}
