import CoreAudioTypes

// AudioServices.h's constants as the iOS SDK imports them into Swift, with the raw values of Apple's
// header (generated from it; the tests in Tests/ check a sample of each family against the header).

public let kAudioServicesPropertyCompletePlaybackIfAppDies: AudioServicesPropertyID = 0x69666469  // 'ifdi'
public let kAudioServicesPropertyIsUISound: AudioServicesPropertyID = 0x69737569  // 'isui'
