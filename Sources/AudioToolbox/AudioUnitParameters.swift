import CoreAudioTypes

// Effect parameter IDs (AudioUnitParameters.h), in the global scope of each unit.

// AUNBandEQ: band b's parameter is the ID plus b.
public let kAUNBandEQParam_GlobalGain: AudioUnitParameterID = 0
public let kAUNBandEQParam_BypassBand: AudioUnitParameterID = 1000
public let kAUNBandEQParam_FilterType: AudioUnitParameterID = 2000
public let kAUNBandEQParam_Frequency: AudioUnitParameterID = 3000
public let kAUNBandEQParam_Gain: AudioUnitParameterID = 4000
public let kAUNBandEQParam_Bandwidth: AudioUnitParameterID = 5000
public let kAUNBandEQFilterType_Parametric: Int = 0
public let kAUNBandEQFilterType_2ndOrderButterworthLowPass: Int = 1
public let kAUNBandEQFilterType_2ndOrderButterworthHighPass: Int = 2
public let kAUNBandEQFilterType_ResonantLowPass: Int = 3
public let kAUNBandEQFilterType_ResonantHighPass: Int = 4
public let kAUNBandEQFilterType_BandPass: Int = 5
public let kAUNBandEQFilterType_BandStop: Int = 6
public let kAUNBandEQFilterType_LowShelf: Int = 7
public let kAUNBandEQFilterType_HighShelf: Int = 8
public let kAUNBandEQFilterType_ResonantLowShelf: Int = 9
public let kAUNBandEQFilterType_ResonantHighShelf: Int = 10

// AUDelay.
public let kDelayParam_WetDryMix: AudioUnitParameterID = 0
public let kDelayParam_DelayTime: AudioUnitParameterID = 1
public let kDelayParam_Feedback: AudioUnitParameterID = 2
public let kDelayParam_LopassCutoff: AudioUnitParameterID = 3

// AUReverb2.
public let kReverb2Param_DryWetMix: AudioUnitParameterID = 0
public let kReverb2Param_Gain: AudioUnitParameterID = 1
public let kReverb2Param_MinDelayTime: AudioUnitParameterID = 2
public let kReverb2Param_MaxDelayTime: AudioUnitParameterID = 3
public let kReverb2Param_DecayTimeAt0Hz: AudioUnitParameterID = 4
public let kReverb2Param_DecayTimeAtNyquist: AudioUnitParameterID = 5
public let kReverb2Param_RandomizeReflections: AudioUnitParameterID = 6

// AUDistortion.
public let kDistortionParam_Delay: AudioUnitParameterID = 0
public let kDistortionParam_Decay: AudioUnitParameterID = 1
public let kDistortionParam_DelayMix: AudioUnitParameterID = 2
public let kDistortionParam_Decimation: AudioUnitParameterID = 3
public let kDistortionParam_Rounding: AudioUnitParameterID = 4
public let kDistortionParam_DecimationMix: AudioUnitParameterID = 5
public let kDistortionParam_LinearTerm: AudioUnitParameterID = 6
public let kDistortionParam_SquaredTerm: AudioUnitParameterID = 7
public let kDistortionParam_CubicTerm: AudioUnitParameterID = 8
public let kDistortionParam_PolynomialMix: AudioUnitParameterID = 9
public let kDistortionParam_RingModFreq1: AudioUnitParameterID = 10
public let kDistortionParam_RingModFreq2: AudioUnitParameterID = 11
public let kDistortionParam_RingModBalance: AudioUnitParameterID = 12
public let kDistortionParam_RingModMix: AudioUnitParameterID = 13
public let kDistortionParam_SoftClipGain: AudioUnitParameterID = 14
public let kDistortionParam_FinalMix: AudioUnitParameterID = 15

// AUNewTimePitch and AUVarispeed.
public let kNewTimePitchParam_Rate: AudioUnitParameterID = 0
public let kNewTimePitchParam_Pitch: AudioUnitParameterID = 1
public let kNewTimePitchParam_Overlap: AudioUnitParameterID = 4
public let kNewTimePitchParam_EnablePeakLocking: AudioUnitParameterID = 6
public let kVarispeedParam_PlaybackRate: AudioUnitParameterID = 0
public let kVarispeedParam_PlaybackCents: AudioUnitParameterID = 1
