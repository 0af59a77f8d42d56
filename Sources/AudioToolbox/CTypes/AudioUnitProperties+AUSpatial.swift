import CoreAudioTypes
import CoreMIDI
import Foundation

// AudioUnitProperties.h's types as the iOS SDK imports them into Swift, with the raw values of Apple's
// header (generated from it; the tests in Tests/ check a sample of each family against the header).

public enum AU3DMixerAttenuationCurve: UInt32, @unchecked Sendable {
    case k3DMixerAttenuationCurve_Exponential = 1
    case k3DMixerAttenuationCurve_Inverse = 2
    case k3DMixerAttenuationCurve_Linear = 3
    case k3DMixerAttenuationCurve_Power = 0
}

public enum AUReverbRoomType: UInt32, @unchecked Sendable {
    case reverbRoomType_Cathedral = 8
    case reverbRoomType_LargeChamber = 7
    case reverbRoomType_LargeHall = 4
    case reverbRoomType_LargeHall2 = 12
    case reverbRoomType_LargeRoom = 2
    case reverbRoomType_LargeRoom2 = 9
    case reverbRoomType_MediumChamber = 6
    case reverbRoomType_MediumHall = 3
    case reverbRoomType_MediumHall2 = 10
    case reverbRoomType_MediumHall3 = 11
    case reverbRoomType_MediumRoom = 1
    case reverbRoomType_Plate = 5
    case reverbRoomType_SmallRoom = 0
}

public enum AUSpatialMixerAttenuationCurve: UInt32, @unchecked Sendable {
    case spatialMixerAttenuationCurve_Exponential = 1
    case spatialMixerAttenuationCurve_Inverse = 2
    case spatialMixerAttenuationCurve_Linear = 3
    case spatialMixerAttenuationCurve_Power = 0
}

public enum AUSpatialMixerOutputType: UInt32, @unchecked Sendable {
    case spatialMixerOutputType_BuiltInSpeakers = 2
    case spatialMixerOutputType_ExternalSpeakers = 3
    case spatialMixerOutputType_Headphones = 1
}

public enum AUSpatialMixerPersonalizedHRTFMode: UInt32, @unchecked Sendable {
    case auto = 2
    case off = 0
    case on = 1
}

public enum AUSpatialMixerPointSourceInHeadMode: UInt32, @unchecked Sendable {
    case spatialMixerPointSourceInHeadMode_Bypass = 1
    case spatialMixerPointSourceInHeadMode_Mono = 0
}

public enum AUSpatialMixerSourceMode: UInt32, @unchecked Sendable {
    case spatialMixerSourceMode_AmbienceBed = 3
    case spatialMixerSourceMode_Bypass = 1
    case spatialMixerSourceMode_PointSource = 2
    case spatialMixerSourceMode_SpatializeIfMono = 0
}

public enum AUSpatializationAlgorithm: UInt32, @unchecked Sendable {
    case spatializationAlgorithm_EqualPowerPanning = 0
    case spatializationAlgorithm_HRTF = 2
    case spatializationAlgorithm_HRTFHQ = 6
    case spatializationAlgorithm_SoundField = 3
    case spatializationAlgorithm_SphericalHead = 1
    case spatializationAlgorithm_StereoPassThrough = 5
    case spatializationAlgorithm_UseOutputType = 7
    case spatializationAlgorithm_VectorBasedPanning = 4
}

public enum AUVoiceIOOtherAudioDuckingLevel: UInt32, @unchecked Sendable {
    case `default` = 0
    case max = 30
    case mid = 20
    case min = 10
}

public enum AUVoiceIOSpeechActivityEvent: UInt32, @unchecked Sendable {
    case hasEnded = 1
    case hasStarted = 0
}

public struct AU3DMixerRenderingFlags: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static var k3DMixerRenderingFlags_ConstantReverbBlend: AU3DMixerRenderingFlags { AU3DMixerRenderingFlags(rawValue: 64) }
    public static var k3DMixerRenderingFlags_DistanceAttenuation: AU3DMixerRenderingFlags { AU3DMixerRenderingFlags(rawValue: 4) }
    public static var k3DMixerRenderingFlags_DistanceDiffusion: AU3DMixerRenderingFlags { AU3DMixerRenderingFlags(rawValue: 16) }
    public static var k3DMixerRenderingFlags_DistanceFilter: AU3DMixerRenderingFlags { AU3DMixerRenderingFlags(rawValue: 8) }
    public static var k3DMixerRenderingFlags_DopplerShift: AU3DMixerRenderingFlags { AU3DMixerRenderingFlags(rawValue: 2) }
    public static var k3DMixerRenderingFlags_InterAuralDelay: AU3DMixerRenderingFlags { AU3DMixerRenderingFlags(rawValue: 1) }
    public static var k3DMixerRenderingFlags_LinearDistanceAttenuation: AU3DMixerRenderingFlags { AU3DMixerRenderingFlags(rawValue: 32) }
}

public struct AUScheduledAudioSliceFlags: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static var scheduledAudioSliceFlag_BeganToRender: AUScheduledAudioSliceFlags { AUScheduledAudioSliceFlags(rawValue: 2) }
    public static var scheduledAudioSliceFlag_BeganToRenderLate: AUScheduledAudioSliceFlags { AUScheduledAudioSliceFlags(rawValue: 4) }
    public static var scheduledAudioSliceFlag_Complete: AUScheduledAudioSliceFlags { AUScheduledAudioSliceFlags(rawValue: 1) }
    public static var scheduledAudioSliceFlag_Interrupt: AUScheduledAudioSliceFlags { AUScheduledAudioSliceFlags(rawValue: 16) }
    public static var scheduledAudioSliceFlag_InterruptAtLoop: AUScheduledAudioSliceFlags { AUScheduledAudioSliceFlags(rawValue: 32) }
    public static var scheduledAudioSliceFlag_Loop: AUScheduledAudioSliceFlags { AUScheduledAudioSliceFlags(rawValue: 8) }
}

public struct AUSpatialMixerRenderingFlags: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static var spatialMixerRenderingFlags_DistanceAttenuation: AUSpatialMixerRenderingFlags { AUSpatialMixerRenderingFlags(rawValue: 4) }
    public static var spatialMixerRenderingFlags_InterAuralDelay: AUSpatialMixerRenderingFlags { AUSpatialMixerRenderingFlags(rawValue: 1) }
}

public typealias AUMIDIEventListBlock = (AUEventSampleTime, UInt8, UnsafePointer<MIDIEventList>) -> OSStatus
public typealias AUMIDIOutputCallback = (UnsafeMutableRawPointer?, UnsafePointer<AudioTimeStamp>, UInt32, UnsafePointer<MIDIPacketList>) -> OSStatus
public typealias AUVoiceIOMutedSpeechActivityEventListener = (AUVoiceIOSpeechActivityEvent) -> Void

public struct AUChannelInfo {
    public var inChannels: Int16
    public var outChannels: Int16
    public init() { self.inChannels = 0; self.outChannels = 0 }
    public init(inChannels: Int16, outChannels: Int16) {
        self.inChannels = inChannels
        self.outChannels = outChannels
    }
}

public struct AUDependentParameter {
    public var mScope: AudioUnitScope
    public var mParameterID: AudioUnitParameterID
    public init() { self.mScope = 0; self.mParameterID = 0 }
    public init(mScope: AudioUnitScope, mParameterID: AudioUnitParameterID) {
        self.mScope = mScope
        self.mParameterID = mParameterID
    }
}

public struct AUInputSamplesInOutputCallbackStruct {
    public var inputToOutputCallback: AUInputSamplesInOutputCallback
    public var userData: UnsafeMutableRawPointer?
    public init(inputToOutputCallback: @escaping AUInputSamplesInOutputCallback, userData: UnsafeMutableRawPointer?) {
        self.inputToOutputCallback = inputToOutputCallback
        self.userData = userData
    }
}

public struct AUMIDIOutputCallbackStruct {
    public var midiOutputCallback: AUMIDIOutputCallback
    public var userData: UnsafeMutableRawPointer?
    public init(midiOutputCallback: @escaping AUMIDIOutputCallback, userData: UnsafeMutableRawPointer?) {
        self.midiOutputCallback = midiOutputCallback
        self.userData = userData
    }
}

public struct AUPreset {
    public var presetNumber: Int32
    public var presetName: Unmanaged<CFString>?
    public init() { self.presetNumber = 0; self.presetName = nil }
    public init(presetNumber: Int32, presetName: Unmanaged<CFString>?) {
        self.presetNumber = presetNumber
        self.presetName = presetName
    }
}

public struct AUSamplerBankPresetData {
    public var bankURL: Unmanaged<CFURL>
    public var bankMSB: UInt8
    public var bankLSB: UInt8
    public var presetID: UInt8
    public var reserved: UInt8
    public init(bankURL: Unmanaged<CFURL>, bankMSB: UInt8, bankLSB: UInt8, presetID: UInt8, reserved: UInt8) {
        self.bankURL = bankURL
        self.bankMSB = bankMSB
        self.bankLSB = bankLSB
        self.presetID = presetID
        self.reserved = reserved
    }
}

public struct AUSamplerInstrumentData {
    public var fileURL: Unmanaged<CFURL>
    public var instrumentType: UInt8
    public var bankMSB: UInt8
    public var bankLSB: UInt8
    public var presetID: UInt8
    public init(fileURL: Unmanaged<CFURL>, instrumentType: UInt8, bankMSB: UInt8, bankLSB: UInt8, presetID: UInt8) {
        self.fileURL = fileURL
        self.instrumentType = instrumentType
        self.bankMSB = bankMSB
        self.bankLSB = bankLSB
        self.presetID = presetID
    }
}

public struct AUVoiceIOOtherAudioDuckingConfiguration {
    public var mEnableAdvancedDucking: DarwinBoolean
    public var mDuckingLevel: AUVoiceIOOtherAudioDuckingLevel
    public init() { self.mEnableAdvancedDucking = false; self.mDuckingLevel = .`default` }
    public init(mEnableAdvancedDucking: DarwinBoolean, mDuckingLevel: AUVoiceIOOtherAudioDuckingLevel) {
        self.mEnableAdvancedDucking = mEnableAdvancedDucking
        self.mDuckingLevel = mDuckingLevel
    }
}

public struct AudioOutputUnitStartAtTimeParams {
    public var mTimestamp: AudioTimeStamp
    public var mFlags: UInt32
    public init() { self.mTimestamp = AudioTimeStamp(); self.mFlags = 0 }
    public init(mTimestamp: AudioTimeStamp, mFlags: UInt32) {
        self.mTimestamp = mTimestamp
        self.mFlags = mFlags
    }
}

public struct AudioUnitExternalBuffer {
    public var buffer: UnsafeMutablePointer<UInt8>
    public var size: UInt32
    public init(buffer: UnsafeMutablePointer<UInt8>, size: UInt32) {
        self.buffer = buffer
        self.size = size
    }
}

public struct AudioUnitFrequencyResponseBin {
    public var mFrequency: Float64
    public var mMagnitude: Float64
    public init() { self.mFrequency = 0; self.mMagnitude = 0 }
    public init(mFrequency: Float64, mMagnitude: Float64) {
        self.mFrequency = mFrequency
        self.mMagnitude = mMagnitude
    }
}

public struct AudioUnitMeterClipping {
    public var peakValueSinceLastCall: Float32
    public var sawInfinity: DarwinBoolean
    public var sawNotANumber: DarwinBoolean
    public init() { self.peakValueSinceLastCall = 0; self.sawInfinity = false; self.sawNotANumber = false }
    public init(peakValueSinceLastCall: Float32, sawInfinity: DarwinBoolean, sawNotANumber: DarwinBoolean) {
        self.peakValueSinceLastCall = peakValueSinceLastCall
        self.sawInfinity = sawInfinity
        self.sawNotANumber = sawNotANumber
    }
}
