import Foundation

/// `AVAudioFormat`: an immutable description of audio — sample rate, channels, sample type,
/// interleaving and (for more than two channels) a channel layout.
///
/// Everything derives from one `AudioStreamBasicDescription`, as on Apple platforms, so
/// `commonFormat`, `isStandard` and `settings` can never disagree with `streamDescription`.
open class AVAudioFormat: NSObject, @unchecked Sendable {
    private let asbd: UnsafeMutablePointer<AudioStreamBasicDescription>
    /// The layout; nil for mono and stereo formats created without one.
    public let channelLayout: AVAudioChannelLayout?

    init(validated description: AudioStreamBasicDescription, layout: AVAudioChannelLayout?) {
        asbd = .allocate(capacity: 1)
        asbd.initialize(to: description)
        channelLayout = layout
    }

    deinit { asbd.deallocate() }

    /// `AVAudioFormat()`, which Apple's class inherits from NSObject: every field of its stream
    /// description zero (no sample rate, no channels, `.otherFormat`), a format nothing accepts.
    public override convenience init() {
        self.init(validated: AudioStreamBasicDescription(), layout: nil)
    }

    /// A format from an ASBD; nil above two channels (a layout is required there) or for none.
    public convenience init?(streamDescription asbd: UnsafePointer<AudioStreamBasicDescription>) {
        self.init(streamDescription: asbd, channelLayout: nil)
    }

    /// A format from an ASBD and a layout, which must match the ASBD's channel count.
    public convenience init?(streamDescription asbd: UnsafePointer<AudioStreamBasicDescription>,
                             channelLayout layout: AVAudioChannelLayout?) {
        guard let accepted = Self.acceptedLayout(channels: asbd.pointee.mChannelsPerFrame, layout) else { return nil }
        self.init(validated: asbd.pointee, layout: accepted.layout)
    }

    /// Deinterleaved Float32 at `sampleRate`; nil above two channels.
    public convenience init?(standardFormatWithSampleRate sampleRate: Double, channels: AVAudioChannelCount) {
        self.init(commonFormat: .pcmFormatFloat32, sampleRate: sampleRate, channels: channels, interleaved: false)
    }

    /// Deinterleaved Float32 with the layout's channel count.
    public convenience init(standardFormatWithSampleRate sampleRate: Double, channelLayout layout: AVAudioChannelLayout) {
        self.init(commonFormat: .pcmFormatFloat32, sampleRate: sampleRate, interleaved: false, channelLayout: layout)
    }

    /// A common PCM format; nil for `.otherFormat`, for zero channels, and above two channels.
    public convenience init?(commonFormat format: AVAudioCommonFormat, sampleRate: Double,
                             channels: AVAudioChannelCount, interleaved: Bool) {
        guard format != .otherFormat, let accepted = Self.acceptedLayout(channels: channels, nil) else { return nil }
        self.init(validated: Self.pcmDescription(format, sampleRate, channels, interleaved), layout: accepted.layout)
    }

    /// A common PCM format with the layout's channel count (any number of channels).
    public convenience init(commonFormat format: AVAudioCommonFormat, sampleRate: Double, interleaved: Bool,
                            channelLayout layout: AVAudioChannelLayout) {
        self.init(validated: Self.pcmDescription(format, sampleRate, layout.channelCount, interleaved), layout: layout)
    }

    /// The rule AVAudioFormat, AVAudioCommonFormat, AVAudioFormat.h quotes: zero channels never; more than two only with a layout;
    /// a layout must have the format's channel count. The wrapper distinguishes "no layout" from nil.
    static func acceptedLayout(channels: UInt32, _ layout: AVAudioChannelLayout?) -> (layout: AVAudioChannelLayout?, Void)? {
        guard channels > 0 else { return nil }
        if let layout { return layout.channelCount == channels ? (layout, ()) : nil }
        return channels <= 2 ? (nil, ()) : nil
    }

    // MARK: Properties

    public var streamDescription: UnsafePointer<AudioStreamBasicDescription> { UnsafePointer(asbd) }
    public var sampleRate: Double { asbd.pointee.mSampleRate }
    public var channelCount: AVAudioChannelCount { asbd.pointee.mChannelsPerFrame }
    public var isInterleaved: Bool { asbd.pointee.mFormatFlags & kAudioFormatFlagIsNonInterleaved == 0 }
    public var commonFormat: AVAudioCommonFormat { Self.commonFormat(of: asbd.pointee) }
    public var magicCookie: Data?

    /// Deinterleaved native-endian Float32. Mono counts as deinterleaved either way: its one
    /// buffer has the same bytes whichever flag is set (the rule `isEqual` applies too).
    public var isStandard: Bool { commonFormat == .pcmFormatFloat32 && (!isInterleaved || channelCount == 1) }

    /// Apple's equality; see `isEqualFormat`.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? AVAudioFormat else { return false }
        return isEqualFormat(other)
    }

    public override var hash: Int { formatHash }

    public override var description: String {
        let d = asbd.pointee
        let layout = channelLayout.map { ", layout 0x\(String($0.layoutTag, radix: 16))" } ?? ""
        return "<AVAudioFormat: \(d.mChannelsPerFrame) ch, \(d.mSampleRate) Hz, \(commonFormat), "
            + "\(isInterleaved ? "interleaved" : "deinterleaved")\(layout)>"
    }
}
