import CoreAudioTypes

// Parameter IDs of Apple's dynamics and filter units (AudioUnitParameters.h), in each unit's global
// scope. Ranges and defaults live with the kernels (AudioGraph/Effects) and in docs/effect-units.md.

// AUPeakLimiter.
public let kLimiterParam_AttackTime: AudioUnitParameterID = 0
public let kLimiterParam_DecayTime: AudioUnitParameterID = 1
public let kLimiterParam_PreGain: AudioUnitParameterID = 2

// AUDynamicsProcessor. iOS's Swift has OverallGain (the header's newer name for MasterGain), not MasterGain;
// the last three are read-only meters.
public let kDynamicsProcessorParam_Threshold: AudioUnitParameterID = 0
public let kDynamicsProcessorParam_HeadRoom: AudioUnitParameterID = 1
public let kDynamicsProcessorParam_ExpansionRatio: AudioUnitParameterID = 2
public let kDynamicsProcessorParam_ExpansionThreshold: AudioUnitParameterID = 3
public let kDynamicsProcessorParam_AttackTime: AudioUnitParameterID = 4
public let kDynamicsProcessorParam_ReleaseTime: AudioUnitParameterID = 5
public let kDynamicsProcessorParam_OverallGain: AudioUnitParameterID = 6
public let kDynamicsProcessorParam_CompressionAmount: AudioUnitParameterID = 1000
public let kDynamicsProcessorParam_InputAmplitude: AudioUnitParameterID = 2000
public let kDynamicsProcessorParam_OutputAmplitude: AudioUnitParameterID = 3000

// AULowpass and AUHipass.
public let kLowPassParam_CutoffFrequency: AudioUnitParameterID = 0
public let kLowPassParam_Resonance: AudioUnitParameterID = 1
public let kHipassParam_CutoffFrequency: AudioUnitParameterID = 0
public let kHipassParam_Resonance: AudioUnitParameterID = 1

// AUBandpass.
public let kBandpassParam_CenterFrequency: AudioUnitParameterID = 0
public let kBandpassParam_Bandwidth: AudioUnitParameterID = 1

// AUHighShelfFilter and AULowShelfFilter (the header spells the two differently).
public let kHighShelfParam_CutOffFrequency: AudioUnitParameterID = 0
public let kHighShelfParam_Gain: AudioUnitParameterID = 1
public let kAULowShelfParam_CutoffFrequency: AudioUnitParameterID = 0
public let kAULowShelfParam_Gain: AudioUnitParameterID = 1

// AUParametricEQ.
public let kParametricEQParam_CenterFreq: AudioUnitParameterID = 0
public let kParametricEQParam_Q: AudioUnitParameterID = 1
public let kParametricEQParam_Gain: AudioUnitParameterID = 2
