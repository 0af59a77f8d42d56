import CoreAudioTypes

// AudioToolbox.h's constants as the iOS SDK imports them into Swift, with the raw values of Apple's
// header (generated from it; the tests in Tests/ check a sample of each family against the header).

public let kInstrumentInfoKey_LSB: String = "LSB"
public let kInstrumentInfoKey_MSB: String = "MSB"
public let kInstrumentInfoKey_Name: String = "name"
public let kInstrumentInfoKey_Program: String = "program"
