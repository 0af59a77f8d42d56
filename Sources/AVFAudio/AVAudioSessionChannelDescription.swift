import Foundation
import CoreAudioTypes
import VirtualDevices

/// `AVAudioSessionChannelDescription`: one channel of a port, by owning port UID and number.
open class AVAudioSessionChannelDescription: NSObject, @unchecked Sendable {
    public let channelName: String
    public let owningPortUID: String
    /// 1-based, as in Apple's multichannel routing examples (AVAudioSessionPortDescription, AVAudioSessionChannelDescription).
    public let channelNumber: Int
    /// The physical position the channel feeds (`kAudioChannelLabel_Left` …).
    public let channelLabel: AudioChannelLabel

    init(_ channel: PortChannel) {
        channelName = channel.channelName
        owningPortUID = channel.owningPortUID
        channelNumber = channel.channelNumber
        channelLabel = channel.channelLabel.rawValue
    }

    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? AVAudioSessionChannelDescription else { return false }
        return owningPortUID == other.owningPortUID && channelNumber == other.channelNumber
            && channelName == other.channelName && channelLabel == other.channelLabel
    }

    public override var hash: Int { owningPortUID.hashValue ^ channelNumber }
}
