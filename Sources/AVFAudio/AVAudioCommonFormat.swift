/// The PCM sample formats AVFAudio processes natively, with Apple's raw values.
///
/// All are native-endian; `pcmFormatFloat32` deinterleaved is the "standard" format.
public enum AVAudioCommonFormat: UInt, Sendable {
    case otherFormat = 0
    case pcmFormatFloat32 = 1
    case pcmFormatFloat64 = 2
    case pcmFormatInt16 = 3
    case pcmFormatInt32 = 4

    /// Bytes per sample; 0 for `otherFormat`.
    var bytesPerSample: UInt32 {
        switch self {
        case .otherFormat: 0
        case .pcmFormatInt16: 2
        case .pcmFormatFloat32, .pcmFormatInt32: 4
        case .pcmFormatFloat64: 8
        }
    }

    /// The LPCM flags (before interleaving) Apple uses for this format.
    var formatFlags: AudioFormatFlags {
        switch self {
        case .otherFormat: 0
        case .pcmFormatFloat32, .pcmFormatFloat64: kAudioFormatFlagIsFloat | kAudioFormatFlagIsPacked
        case .pcmFormatInt16, .pcmFormatInt32: kAudioFormatFlagIsSignedInteger | kAudioFormatFlagIsPacked
        }
    }
}
