import CoreAudioTypes

// AudioComponent.h's constants as the iOS SDK imports them into Swift, with the raw values of Apple's
// header (generated from it; the tests in Tests/ check a sample of each family against the header).

public let kAudioComponentConfigurationInfo_ValidationResult: String = "ValidationResult"
public let kAudioComponentValidationParameter_ForceValidation: String = "ForceValidation"
public let kAudioComponentValidationParameter_LoadOutOfProcess: String = "LoadOutOfProcess"
public let kAudioComponentValidationParameter_TimeOut: String = "TimeOut"
