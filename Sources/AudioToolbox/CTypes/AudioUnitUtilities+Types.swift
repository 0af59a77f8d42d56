import CoreAudioTypes

// AudioUnitUtilities.h's types as the iOS SDK imports them into Swift, with the raw values of Apple's
// header (generated from it; the tests in Tests/ check a sample of each family against the header).

public enum AudioUnitEventType: UInt32, @unchecked Sendable {
    case beginParameterChangeGesture = 1
    case endParameterChangeGesture = 2
    case parameterValueChange = 0
    case propertyChange = 3
}

public typealias AUParameterListenerRef = OpaquePointer
public typealias AUEventListenerRef = AUParameterListenerRef
public typealias AUParameterListenerBlock = (UnsafeMutableRawPointer?, UnsafePointer<AudioUnitParameter>, AudioUnitParameterValue) -> Void
public typealias AUParameterListenerProc = (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafePointer<AudioUnitParameter>, AudioUnitParameterValue) -> Void
