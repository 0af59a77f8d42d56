import CoreAudioTypes

// MusicDevice.h's types as the iOS SDK imports them into Swift, with the raw values of Apple's
// header (generated from it; the tests in Tests/ check a sample of each family against the header).

public typealias MusicDeviceMIDIEventProc = (UnsafeMutableRawPointer, UInt32, UInt32, UInt32, UInt32) -> OSStatus
public typealias MusicDeviceSysExProc = (UnsafeMutableRawPointer, UnsafePointer<UInt8>, UInt32) -> OSStatus
public typealias NoteInstanceID = UInt32

public struct MusicDeviceStdNoteParams {
    public var argCount: UInt32
    public var mPitch: Float32
    public var mVelocity: Float32
    public init() { self.argCount = 0; self.mPitch = 0; self.mVelocity = 0 }
    public init(argCount: UInt32, mPitch: Float32, mVelocity: Float32) {
        self.argCount = argCount
        self.mPitch = mPitch
        self.mVelocity = mVelocity
    }
}

public typealias MusicDeviceStartNoteProc = (UnsafeMutableRawPointer, MusicDeviceInstrumentID, MusicDeviceGroupID, UnsafeMutablePointer<NoteInstanceID>, UInt32, UnsafePointer<MusicDeviceNoteParams>) -> OSStatus
public typealias MusicDeviceStopNoteProc = (UnsafeMutableRawPointer, MusicDeviceGroupID, NoteInstanceID, UInt32) -> OSStatus
