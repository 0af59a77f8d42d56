import CoreAudioTypes

// AudioSession.h's types as the iOS SDK imports them into Swift, with the raw values of Apple's
// header (generated from it; the tests in Tests/ check a sample of each family against the header).

public typealias AudioSessionInterruptionListener = (UnsafeMutableRawPointer?, UInt32) -> Void
public typealias AudioSessionInterruptionType = UInt32
public typealias AudioSessionPropertyID = UInt32
public typealias AudioSessionPropertyListener = (UnsafeMutableRawPointer?, AudioSessionPropertyID, UInt32, UnsafeRawPointer?) -> Void
