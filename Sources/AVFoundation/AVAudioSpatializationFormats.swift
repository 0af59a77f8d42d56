/// Which channel layouts the system may spatialize for a renderer or item on headphones that render
/// spatial audio, with Apple's raw values (AVAudioProcessingSettings.h).
public struct AVAudioSpatializationFormats: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let monoAndStereo = AVAudioSpatializationFormats(rawValue: 0x3)
    public static let multichannel = AVAudioSpatializationFormats(rawValue: 0x4)
    public static let monoStereoAndMultichannel = AVAudioSpatializationFormats(rawValue: 0x7)
}
