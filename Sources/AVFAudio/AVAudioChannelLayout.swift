import Foundation

/// `AVAudioChannelLayout`: which speaker each channel of a format feeds, named by a layout tag.
///
/// Formats with more than two channels must carry one (AVAudioChannelLayout, AVAudioChannelLayout.h), because a bare count
/// cannot say whether six channels are 5.1 in film order or in AAC order.
open class AVAudioChannelLayout: NSObject, @unchecked Sendable {
    private let storage: UnsafeMutablePointer<AudioChannelLayout>

    /// A layout for `layoutTag`; nil for the description- and bitmap-based tags, which need
    /// data a tag cannot carry, and for tags that describe zero channels.
    public init?(layoutTag: AudioChannelLayoutTag) {
        guard layoutTag != kAudioChannelLayoutTag_UseChannelDescriptions,
              layoutTag != kAudioChannelLayoutTag_UseChannelBitmap,
              AudioChannelLayoutTag_GetNumberOfChannels(layoutTag) > 0 else { return nil }
        storage = .allocate(capacity: 1)
        var layout = AudioChannelLayout()
        layout.mChannelLayoutTag = layoutTag
        storage.initialize(to: layout)
    }

    /// A layout copied from Apple's struct.
    public init(layout: UnsafePointer<AudioChannelLayout>) {
        storage = .allocate(capacity: 1)
        storage.initialize(to: layout.pointee)
    }

    deinit { storage.deallocate() }

    public var layoutTag: AudioChannelLayoutTag { storage.pointee.mChannelLayoutTag }
    public var layout: UnsafePointer<AudioChannelLayout> { UnsafePointer(storage) }
    public var channelCount: AVAudioChannelCount { AudioChannelLayoutTag_GetNumberOfChannels(layoutTag) }

    /// Equal when tag and the whole struct match.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? AVAudioChannelLayout else { return false }
        return storage.pointee.isSame(as: other.storage.pointee)
    }

    public override var hash: Int { Int(layoutTag) }

    public override var description: String { "<AVAudioChannelLayout: tag 0x\(String(layoutTag, radix: 16)), \(channelCount) ch>" }

    /// The layout every format of `channels` channels gets when none was named: Apple's tag for
    /// the usual speaker set of that size (WAV's channel order for 3–8), else discrete channels.
    static func defaultLayout(channels: AVAudioChannelCount) -> AVAudioChannelLayout? {
        let tags: [AudioChannelLayoutTag] = [
            kAudioChannelLayoutTag_Mono, kAudioChannelLayoutTag_Stereo, kAudioChannelLayoutTag_MPEG_3_0_A,
            kAudioChannelLayoutTag_Quadraphonic, kAudioChannelLayoutTag_MPEG_5_0_A,
            kAudioChannelLayoutTag_MPEG_5_1_A, kAudioChannelLayoutTag_MPEG_6_1_A, kAudioChannelLayoutTag_MPEG_7_1_C,
        ]
        guard channels > 0 else { return nil }
        let tag = channels <= 8 ? tags[Int(channels) - 1] : kAudioChannelLayoutTag_DiscreteInOrder | channels
        return AVAudioChannelLayout(layoutTag: tag)
    }

    /// The bytes of `AVChannelLayoutKey`: Apple's struct with one zeroed channel description
    /// (32 bytes, little-endian), as `sizeof(AudioChannelLayout)` is on Apple platforms.
    var settingsData: Data {
        var bytes = [UInt8](repeating: 0, count: 32)
        for (index, word) in [layoutTag, storage.pointee.mChannelBitmap.rawValue, 0].enumerated() {
            for byte in 0..<4 { bytes[index * 4 + byte] = UInt8(truncatingIfNeeded: word >> (8 * UInt32(byte))) }
        }
        return Data(bytes)
    }

    /// Reads a tag-based layout from `AVChannelLayoutKey` data; nil when too short or not tagged.
    convenience init?(settingsData data: Data) {
        guard data.count >= 12 else { return nil }
        let bytes = [UInt8](data.prefix(4))
        let tag = bytes.enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (8 * UInt32($1.offset)) }
        self.init(layoutTag: tag)
    }
}
