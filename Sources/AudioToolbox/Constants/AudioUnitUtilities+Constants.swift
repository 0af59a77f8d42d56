import CoreAudioTypes

// AudioUnitUtilities.h's constants as the iOS SDK imports them into Swift, with the raw values of Apple's
// header (generated from it; the tests in Tests/ check a sample of each family against the header).

public let kAUParameterListener_AnyParameter: AudioUnitParameterID = 0xffffffff
