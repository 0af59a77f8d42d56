/// An output (or input) channel chosen by an app, as `AVAudioSessionChannelDescription` names
/// it: the owning port's UID and the 1-based channel number within that port.
public struct ChannelAssignment: Hashable, Sendable {
    public var portUID: String
    /// 1-based, as Apple's multiroute article uses `mChannelNumber` (AVAudioSessionPortDescription, AVAudioSessionChannelDescription).
    public var channelNumber: Int

    public init(portUID: String, channelNumber: Int) {
        self.portUID = portUID
        self.channelNumber = channelNumber
    }
}
