import CoreAudioTypes

// MusicDevice.h's constants as the iOS SDK imports them into Swift, with the raw values of Apple's
// header (generated from it; the tests in Tests/ check a sample of each family against the header).

public let kMusicDeviceMIDIEventListSelect: Int = 263
public let kMusicDeviceMIDIEventSelect: Int = 257
public let kMusicDevicePrepareInstrumentSelect: Int = 259
public let kMusicDeviceRange: Int = 256
public let kMusicDeviceReleaseInstrumentSelect: Int = 260
public let kMusicDeviceStartNoteSelect: Int = 261
public let kMusicDeviceStopNoteSelect: Int = 262
public let kMusicDeviceSysExSelect: Int = 258
