import AudioGraph
import AudioToolbox

/// The kernels behind `AVAudioUnitEffect(audioComponentDescription:)`: one for each of Apple's
/// effect units the system registers ('aufx' with manufacturer 'appl'), named as the component is.
///
/// Apple raises an Objective-C exception for a description no component has; a Swift program cannot
/// catch that, so here such a node passes its input through unchanged (and has no unit behind it).
enum EffectKernels {
    static func make(for description: AudioComponentDescription) -> (name: String, kernel: EffectKernel) {
        guard description.componentType == kAudioUnitType_Effect,
              description.componentManufacturer == kAudioUnitManufacturer_Apple else { return ("", PassThroughEffectKernel()) }
        switch description.componentSubType {
        case kAudioUnitSubType_NBandEQ: return ("AUNBandEQ", NBandEQKernel(bandCount: 16))
        case kAudioUnitSubType_Delay: return ("AUDelay", DelayKernel())
        case kAudioUnitSubType_Reverb2: return ("AUReverb2", Reverb2Kernel())
        case kAudioUnitSubType_Distortion: return ("AUDistortion", DistortionKernel())
        case kAudioUnitSubType_PeakLimiter: return ("AUPeakLimiter", PeakLimiterKernel())
        case kAudioUnitSubType_DynamicsProcessor: return ("AUDynamicsProcessor", DynamicsProcessorKernel())
        case kAudioUnitSubType_LowPassFilter: return ("AULowpass", BiquadFilterKernel(.lowPass))
        case kAudioUnitSubType_HighPassFilter: return ("AUHipass", BiquadFilterKernel(.highPass))
        case kAudioUnitSubType_BandPassFilter: return ("AUBandpass", BiquadFilterKernel(.bandPass))
        case kAudioUnitSubType_HighShelfFilter: return ("AUHighShelfFilter", BiquadFilterKernel(.highShelf))
        case kAudioUnitSubType_LowShelfFilter: return ("AULowShelfFilter", BiquadFilterKernel(.lowShelf))
        case kAudioUnitSubType_ParametricEQ: return ("AUParametricEQ", BiquadFilterKernel(.parametricEQ))
        case kAudioUnitSubType_SampleDelay: return ("AUSampleDelay", SampleDelayKernel())
        case kAudioUnitSubType_AUiPodEQ: return ("AUiPodEQ", IPodEQKernel())
        default: return ("", PassThroughEffectKernel())
        }
    }
}

/// A kernel that leaves the signal as it is.
final class PassThroughEffectKernel: InPlaceEffectKernel {
    func prepare(sampleRate: Double, channelCount: Int, maximumFrames: Int) {}
    func reset() {}
    var parameterInfos: [EffectParameterInfo] { [] }
    func setParameter(_ id: UInt32, _ value: Float) {}
    func parameter(_ id: UInt32) -> Float { 0 }
    var latency: Double { 0 }
    var tailTime: Double { 0 }
    func process(_ channels: UnsafeMutablePointer<UnsafeMutablePointer<Float>>, frameCount: Int) {}
}
