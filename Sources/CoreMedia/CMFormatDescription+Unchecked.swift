import CoreAudioTypes

extension CMFormatDescription {
    /// An audio description of any stream description, unchecked: `AVAudioFormat.formatDescription`
    /// describes every format, `AVAudioFormat()`'s all-zero one included, which
    /// `CMAudioFormatDescriptionCreate` refuses.
    @_spi(Soundcheck) public static func audio(unchecked description: AudioStreamBasicDescription,
                                               layout: AudioChannelLayout?) -> CMFormatDescription {
        CMFormatDescription(asbd: description, layout: layout)
    }
}
