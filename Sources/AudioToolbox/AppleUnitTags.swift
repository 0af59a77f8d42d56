import CoreAudioTypes

/// The standard system tags (AudioComponent.h) and the ones Apple gives its own units, which
/// `AVAudioUnitComponent.allTagNames` reports: the 2014 talk's example is AUTimePitch, tagged
/// "Time Effect" and "Pitch".
@_spi(Soundcheck) public enum AppleUnitTags {
    /// The standard tags, spelled as the header spells them (never localized by a unit).
    public static let standard = [
        "Equalizer", "Dynamics", "Distortion", "Synthesizer", "Effects", "Filter", "Dynamics Processor", "Delay", "Reverb",
        "Pitch", "Panner", "Imaging", "Sampler", "Mixer", "Format Converter", "Time Effect", "Output", "Offline Effect",
        "Drums", "Guitar", "Vocal", "Bass", "MIDI",
    ]

    static func tags(type: OSType, subType: OSType) -> [String] {
        switch (type, subType) {
        case (kAudioUnitType_Output, _): ["Output"]
        case (kAudioUnitType_Mixer, _): ["Mixer"]
        case (kAudioUnitType_FormatConverter, kAudioUnitSubType_NewTimePitch): ["Time Effect", "Pitch"]
        case (kAudioUnitType_FormatConverter, kAudioUnitSubType_Varispeed): ["Time Effect", "Pitch"]
        case (kAudioUnitType_FormatConverter, kAudioUnitSubType_AUiPodTime),
             (kAudioUnitType_FormatConverter, kAudioUnitSubType_AUiPodTimeOther): ["Time Effect"]
        case (kAudioUnitType_FormatConverter, _): ["Format Converter"]
        case (kAudioUnitType_Effect, kAudioUnitSubType_NBandEQ): ["Equalizer", "Effects"]
        case (kAudioUnitType_Effect, kAudioUnitSubType_Delay): ["Delay", "Effects"]
        case (kAudioUnitType_Effect, kAudioUnitSubType_Reverb2): ["Reverb", "Effects"]
        case (kAudioUnitType_Effect, kAudioUnitSubType_Distortion): ["Distortion", "Effects"]
        case (kAudioUnitType_Effect, kAudioUnitSubType_DynamicsProcessor): ["Dynamics Processor", "Dynamics", "Effects"]
        case (kAudioUnitType_Effect, kAudioUnitSubType_PeakLimiter): ["Dynamics", "Effects"]
        case (kAudioUnitType_Effect, kAudioUnitSubType_LowPassFilter), (kAudioUnitType_Effect, kAudioUnitSubType_HighPassFilter),
             (kAudioUnitType_Effect, kAudioUnitSubType_BandPassFilter): ["Filter", "Effects"]
        case (kAudioUnitType_Effect, kAudioUnitSubType_HighShelfFilter), (kAudioUnitType_Effect, kAudioUnitSubType_LowShelfFilter),
             (kAudioUnitType_Effect, kAudioUnitSubType_ParametricEQ), (kAudioUnitType_Effect, kAudioUnitSubType_AUiPodEQ):
            ["Equalizer", "Effects"]
        case (kAudioUnitType_Effect, kAudioUnitSubType_SampleDelay): ["Delay", "Effects"]
        case (kAudioUnitType_Effect, _): ["Effects"]
        case (kAudioUnitType_MusicDevice, kAudioUnitSubType_Sampler): ["Sampler", "Synthesizer"]
        default: []
        }
    }
}
