import CoreAudioTypes

// Component types, subtypes and the manufacturer (AUComponent.h), as four-char codes.
public let kAudioUnitType_Output: UInt32 = 0x6175_6F75              // 'auou'
public let kAudioUnitType_Mixer: UInt32 = 0x6175_6D78               // 'aumx'
public let kAudioUnitType_FormatConverter: UInt32 = 0x6175_6663     // 'aufc'
public let kAudioUnitType_Effect: UInt32 = 0x6175_6678              // 'aufx'
public let kAudioUnitSubType_RemoteIO: UInt32 = 0x7269_6F63         // 'rioc'
public let kAudioUnitSubType_VoiceProcessingIO: UInt32 = 0x7670_696F // 'vpio'
public let kAudioUnitSubType_GenericOutput: UInt32 = 0x6765_6E72    // 'genr'
public let kAudioUnitSubType_MultiChannelMixer: UInt32 = 0x6D63_6D78 // 'mcmx'
public let kAudioUnitSubType_AUConverter: UInt32 = 0x636F_6E76      // 'conv'
public let kAudioUnitSubType_NewTimePitch: UInt32 = 0x6E75_7470     // 'nutp'
public let kAudioUnitSubType_Varispeed: UInt32 = 0x7661_7269        // 'vari'
public let kAudioUnitSubType_NBandEQ: UInt32 = 0x6E62_6571          // 'nbeq'
public let kAudioUnitSubType_Delay: UInt32 = 0x6465_6C79            // 'dely'
public let kAudioUnitSubType_Reverb2: UInt32 = 0x7276_6232          // 'rvb2'
public let kAudioUnitSubType_Distortion: UInt32 = 0x6469_7374       // 'dist'
public let kAudioUnitSubType_PeakLimiter: UInt32 = 0x6C6D_7472      // 'lmtr'
public let kAudioUnitSubType_DynamicsProcessor: UInt32 = 0x6463_6D70 // 'dcmp'
public let kAudioUnitSubType_LowPassFilter: UInt32 = 0x6C70_6173    // 'lpas'
public let kAudioUnitSubType_HighPassFilter: UInt32 = 0x6870_6173   // 'hpas'
public let kAudioUnitSubType_BandPassFilter: UInt32 = 0x6270_6173   // 'bpas'
public let kAudioUnitSubType_HighShelfFilter: UInt32 = 0x6873_6866  // 'hshf'
public let kAudioUnitSubType_LowShelfFilter: UInt32 = 0x6C73_6866   // 'lshf'
public let kAudioUnitSubType_ParametricEQ: UInt32 = 0x706D_6571     // 'pmeq'
public let kAudioUnitSubType_SampleDelay: UInt32 = 0x7364_6C79      // 'sdly'
public let kAudioUnitSubType_AUiPodEQ: UInt32 = 0x6970_6571         // 'ipeq'
public let kAudioUnitSubType_AUiPodTime: UInt32 = 0x6970_746D       // 'iptm'
public let kAudioUnitSubType_AUiPodTimeOther: UInt32 = 0x6970_746F  // 'ipto'
public let kAudioUnitManufacturer_Apple: UInt32 = 0x6170_706C       // 'appl'

// Scopes.
public let kAudioUnitScope_Global: AudioUnitScope = 0
public let kAudioUnitScope_Input: AudioUnitScope = 1
public let kAudioUnitScope_Output: AudioUnitScope = 2
public let kAudioUnitScope_Group: AudioUnitScope = 3
public let kAudioUnitScope_Part: AudioUnitScope = 4
public let kAudioUnitScope_Note: AudioUnitScope = 5
public let kAudioUnitScope_Layer: AudioUnitScope = 6
public let kAudioUnitScope_LayerItem: AudioUnitScope = 7

// Properties (AudioUnitProperties.h).
public let kAudioUnitProperty_ClassInfo: AudioUnitPropertyID = 0
public let kAudioUnitProperty_MakeConnection: AudioUnitPropertyID = 1
public let kAudioUnitProperty_SampleRate: AudioUnitPropertyID = 2
public let kAudioUnitProperty_ParameterList: AudioUnitPropertyID = 3
public let kAudioUnitProperty_ParameterInfo: AudioUnitPropertyID = 4
public let kAudioUnitProperty_StreamFormat: AudioUnitPropertyID = 8
public let kAudioUnitProperty_ElementCount: AudioUnitPropertyID = 11
public let kAudioUnitProperty_Latency: AudioUnitPropertyID = 12
public let kAudioUnitProperty_SupportedNumChannels: AudioUnitPropertyID = 13
public let kAudioUnitProperty_MaximumFramesPerSlice: AudioUnitPropertyID = 14
public let kAudioUnitProperty_AudioChannelLayout: AudioUnitPropertyID = 19
public let kAudioUnitProperty_TailTime: AudioUnitPropertyID = 20
public let kAudioUnitProperty_BypassEffect: AudioUnitPropertyID = 21
public let kAudioUnitProperty_LastRenderError: AudioUnitPropertyID = 22
public let kAudioUnitProperty_SetRenderCallback: AudioUnitPropertyID = 23
public let kAudioUnitProperty_ElementName: AudioUnitPropertyID = 30
public let kAudioUnitProperty_PresentPreset: AudioUnitPropertyID = 36
public let kAudioUnitProperty_MeteringMode: AudioUnitPropertyID = 3007
public let kAudioOutputUnitProperty_CurrentDevice: AudioUnitPropertyID = 2000
public let kAudioOutputUnitProperty_IsRunning: AudioUnitPropertyID = 2001
public let kAudioOutputUnitProperty_ChannelMap: AudioUnitPropertyID = 2002
public let kAudioOutputUnitProperty_EnableIO: AudioUnitPropertyID = 2003
public let kAudioOutputUnitProperty_StartTime: AudioUnitPropertyID = 2004
public let kAudioOutputUnitProperty_SetInputCallback: AudioUnitPropertyID = 2005
public let kAudioOutputUnitProperty_HasIO: AudioUnitPropertyID = 2006
public let kAudioOutputUnitProperty_StartTimestampsAtZero: AudioUnitPropertyID = 2007
public let kAUVoiceIOProperty_BypassVoiceProcessing: AudioUnitPropertyID = 2100
public let kAUVoiceIOProperty_VoiceProcessingEnableAGC: AudioUnitPropertyID = 2101
public let kAUVoiceIOProperty_DuckNonVoiceAudio: AudioUnitPropertyID = 2102
public let kAUVoiceIOProperty_VoiceProcessingQuality: AudioUnitPropertyID = 2103
public let kAUVoiceIOProperty_MuteOutput: AudioUnitPropertyID = 2104

// Result codes (AUComponent.h, AudioComponent.h).
public let kAudioUnitErr_InvalidProperty: OSStatus = -10879
public let kAudioUnitErr_InvalidParameter: OSStatus = -10878
public let kAudioUnitErr_InvalidElement: OSStatus = -10877
public let kAudioUnitErr_NoConnection: OSStatus = -10876
public let kAudioUnitErr_FailedInitialization: OSStatus = -10875
public let kAudioUnitErr_TooManyFramesToProcess: OSStatus = -10874
public let kAudioUnitErr_FormatNotSupported: OSStatus = -10868
public let kAudioUnitErr_Uninitialized: OSStatus = -10867
public let kAudioUnitErr_InvalidScope: OSStatus = -10866
public let kAudioUnitErr_PropertyNotWritable: OSStatus = -10865
public let kAudioUnitErr_CannotDoInCurrentContext: OSStatus = -10863
public let kAudioUnitErr_InvalidPropertyValue: OSStatus = -10851
public let kAudioUnitErr_PropertyNotInUse: OSStatus = -10850
public let kAudioUnitErr_Initialized: OSStatus = -10849
public let kAudioUnitErr_InvalidOfflineRender: OSStatus = -10848
public let kAudioUnitErr_Unauthorized: OSStatus = -10847
public let kAudioComponentErr_InstanceInvalidated: OSStatus = -66749
public let kAUGraphErr_NodeNotFound: OSStatus = -10860
public let kAUGraphErr_InvalidConnection: OSStatus = -10861
public let kAUGraphErr_OutputNodeErr: OSStatus = -10862
public let kAUGraphErr_CannotDoInCurrentContext: OSStatus = -10863
public let kAUGraphErr_InvalidAudioUnit: OSStatus = -10864
