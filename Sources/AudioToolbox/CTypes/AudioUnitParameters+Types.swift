import CoreAudioTypes

// AudioUnitParameters.h's types as the iOS SDK imports them into Swift, with the raw values of Apple's
// header (generated from it; the tests in Tests/ check a sample of each family against the header).

public enum AUAudioMixRenderingStyle: UInt32, @unchecked Sendable {
    case audioMixRenderingStyle_Cinematic = 0
    case audioMixRenderingStyle_CinematicBackgroundStem = 3
    case audioMixRenderingStyle_CinematicForegroundStem = 4
    case audioMixRenderingStyle_InFrame = 2
    case audioMixRenderingStyle_InFrameBackgroundStem = 9
    case audioMixRenderingStyle_InFrameForegroundStem = 6
    case audioMixRenderingStyle_Standard = 7
    case audioMixRenderingStyle_Studio = 1
    case audioMixRenderingStyle_StudioBackgroundStem = 8
    case audioMixRenderingStyle_StudioForegroundStem = 5
}
