import CoreAudioTypes

// AUComponent.h's types as the iOS SDK imports them into Swift, with the raw values of Apple's
// header (generated from it; the tests in Tests/ check a sample of each family against the header).

public enum AUParameterEventType: UInt32, @unchecked Sendable {
    case parameterEvent_Immediate = 1
    case parameterEvent_Ramped = 2
}

public typealias AUInputSamplesInOutputCallback = (UnsafeMutableRawPointer, UnsafePointer<AudioTimeStamp>, Float64, Float64) -> Void
public typealias AudioUnitAddPropertyListenerProc = (UnsafeMutableRawPointer, AudioUnitPropertyID, AudioUnitPropertyListenerProc, UnsafeMutableRawPointer) -> OSStatus
public typealias AudioUnitAddRenderNotifyProc = (UnsafeMutableRawPointer, AURenderCallback, UnsafeMutableRawPointer?) -> OSStatus
public typealias AudioUnitComplexRenderProc = (UnsafeMutableRawPointer, UnsafeMutablePointer<AudioUnitRenderActionFlags>?, UnsafePointer<AudioTimeStamp>, UInt32, UInt32, UnsafeMutablePointer<UInt32>, UnsafeMutablePointer<AudioStreamPacketDescription>, UnsafeMutablePointer<AudioBufferList>, UnsafeMutableRawPointer, UnsafeMutablePointer<UInt32>) -> OSStatus
public typealias AudioUnitGetParameterProc = (UnsafeMutableRawPointer, AudioUnitParameterID, AudioUnitScope, AudioUnitElement, UnsafeMutablePointer<AudioUnitParameterValue>) -> OSStatus
public typealias AudioUnitGetPropertyInfoProc = (UnsafeMutableRawPointer, AudioUnitPropertyID, AudioUnitScope, AudioUnitElement, UnsafeMutablePointer<UInt32>?, UnsafeMutablePointer<DarwinBoolean>?) -> OSStatus
public typealias AudioUnitGetPropertyProc = (UnsafeMutableRawPointer, AudioUnitPropertyID, AudioUnitScope, AudioUnitElement, UnsafeMutableRawPointer, UnsafeMutablePointer<UInt32>) -> OSStatus
public typealias AudioUnitInitializeProc = (UnsafeMutableRawPointer) -> OSStatus
public typealias AudioUnitProcessMultipleProc = (UnsafeMutableRawPointer, UnsafeMutablePointer<AudioUnitRenderActionFlags>?, UnsafePointer<AudioTimeStamp>, UInt32, UInt32, UnsafeMutablePointer<UnsafePointer<AudioBufferList>>, UInt32, UnsafeMutablePointer<UnsafeMutablePointer<AudioBufferList>>) -> OSStatus
public typealias AudioUnitProcessProc = (UnsafeMutableRawPointer, UnsafeMutablePointer<AudioUnitRenderActionFlags>?, UnsafePointer<AudioTimeStamp>, UInt32, UnsafeMutablePointer<AudioBufferList>) -> OSStatus
public typealias AudioUnitRemovePropertyListenerProc = (UnsafeMutableRawPointer, AudioUnitPropertyID, AudioUnitPropertyListenerProc) -> OSStatus
public typealias AudioUnitRemovePropertyListenerWithUserDataProc = (UnsafeMutableRawPointer, AudioUnitPropertyID, AudioUnitPropertyListenerProc, UnsafeMutableRawPointer?) -> OSStatus
public typealias AudioUnitRemoveRenderNotifyProc = (UnsafeMutableRawPointer, AURenderCallback, UnsafeMutableRawPointer?) -> OSStatus
public typealias AudioUnitRenderProc = (UnsafeMutableRawPointer, UnsafeMutablePointer<AudioUnitRenderActionFlags>?, UnsafePointer<AudioTimeStamp>, UInt32, UInt32, UnsafeMutablePointer<AudioBufferList>) -> OSStatus
public typealias AudioUnitResetProc = (UnsafeMutableRawPointer, AudioUnitScope, AudioUnitElement) -> OSStatus
public typealias AudioUnitSetParameterProc = (UnsafeMutableRawPointer, AudioUnitParameterID, AudioUnitScope, AudioUnitElement, AudioUnitParameterValue, UInt32) -> OSStatus
public typealias AudioUnitSetPropertyProc = (UnsafeMutableRawPointer, AudioUnitPropertyID, AudioUnitScope, AudioUnitElement, UnsafeRawPointer, UInt32) -> OSStatus
public typealias AudioUnitUninitializeProc = (UnsafeMutableRawPointer) -> OSStatus

public struct AudioUnitParameter {
    public var mAudioUnit: AudioUnit
    public var mParameterID: AudioUnitParameterID
    public var mScope: AudioUnitScope
    public var mElement: AudioUnitElement
    public init(mAudioUnit: AudioUnit, mParameterID: AudioUnitParameterID, mScope: AudioUnitScope, mElement: AudioUnitElement) {
        self.mAudioUnit = mAudioUnit
        self.mParameterID = mParameterID
        self.mScope = mScope
        self.mElement = mElement
    }
}

public struct AudioUnitProperty {
    public var mAudioUnit: AudioUnit
    public var mPropertyID: AudioUnitPropertyID
    public var mScope: AudioUnitScope
    public var mElement: AudioUnitElement
    public init(mAudioUnit: AudioUnit, mPropertyID: AudioUnitPropertyID, mScope: AudioUnitScope, mElement: AudioUnitElement) {
        self.mAudioUnit = mAudioUnit
        self.mPropertyID = mPropertyID
        self.mScope = mScope
        self.mElement = mElement
    }
}
