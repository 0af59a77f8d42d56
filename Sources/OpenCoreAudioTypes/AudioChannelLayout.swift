/// `AudioChannelLayout` (CoreAudioTypes.h), for the tag-only layouts the simulator uses.
///
/// Apple's struct ends in a variable-length array of channel descriptions; layouts built from a
/// tag carry none, so this value keeps the fixed header fields only.
public struct AudioChannelLayout: Equatable, Sendable {
    public var mChannelLayoutTag: AudioChannelLayoutTag
    public var mChannelBitmap: UInt32
    public var mNumberChannelDescriptions: UInt32

    public init() { self.init(mChannelLayoutTag: 0, mChannelBitmap: 0, mNumberChannelDescriptions: 0) }

    public init(mChannelLayoutTag: AudioChannelLayoutTag, mChannelBitmap: UInt32, mNumberChannelDescriptions: UInt32) {
        self.mChannelLayoutTag = mChannelLayoutTag
        self.mChannelBitmap = mChannelBitmap
        self.mNumberChannelDescriptions = mNumberChannelDescriptions
    }
}
