import AudioToolbox
import CoreAudioTypes
import Testing

/// AudioSession.h's raw values, checked against the header as it writes them (four-char codes as their
/// characters): every enumeration and option set of the sample with all its members, and a spread of
/// the global constants.
@Suite("AudioSession.h raw values")
struct AudioSessionHeaderValueTests {
    @Test("constants")
    func constants() {
        let table: [(name: String, value: Int64, header: Int64)] = [
            ("kAudioSessionBeginInterruption", Int64(truncatingIfNeeded: kAudioSessionBeginInterruption), 1),
            ("kAudioSessionCategory_AmbientSound", Int64(truncatingIfNeeded: kAudioSessionCategory_AmbientSound), headerFourCC("ambi")),
            ("kAudioSessionCategory_MediaPlayback", Int64(truncatingIfNeeded: kAudioSessionCategory_MediaPlayback), headerFourCC("medi")),
            ("kAudioSessionCategory_RecordAudio", Int64(truncatingIfNeeded: kAudioSessionCategory_RecordAudio), headerFourCC("reca")),
            ("kAudioSessionCategory_LiveAudio", Int64(truncatingIfNeeded: kAudioSessionCategory_LiveAudio), headerFourCC("live")),
            ("kAudioSessionInterruptionType_ShouldNotResume", Int64(truncatingIfNeeded: kAudioSessionInterruptionType_ShouldNotResume), headerFourCC("!rsm")),
            ("kAudioSessionMode_Default", Int64(truncatingIfNeeded: kAudioSessionMode_Default), headerFourCC("dflt")),
            ("kAudioSessionMode_Measurement", Int64(truncatingIfNeeded: kAudioSessionMode_Measurement), headerFourCC("msmt")),
            ("kAudioSessionMode_VoiceChat", Int64(truncatingIfNeeded: kAudioSessionMode_VoiceChat), headerFourCC("vcct")),
            ("kAudioSessionAlreadyInitialized", Int64(truncatingIfNeeded: kAudioSessionAlreadyInitialized), headerFourCC("init")),
            ("kAudioSessionIncompatibleCategory", Int64(truncatingIfNeeded: kAudioSessionIncompatibleCategory), headerFourCC("!cat")),
            ("kAudioSessionNoCategorySet", Int64(truncatingIfNeeded: kAudioSessionNoCategorySet), headerFourCC("?cat")),
            ("kAudioSessionNotActiveError", Int64(truncatingIfNeeded: kAudioSessionNotActiveError), headerFourCC("!act")),
            ("kAudioSessionUnspecifiedError", Int64(truncatingIfNeeded: kAudioSessionUnspecifiedError), headerFourCC("what")),
            ("kAudioSessionOverrideAudioRoute_None", Int64(truncatingIfNeeded: kAudioSessionOverrideAudioRoute_None), 0),
            ("kAudioSessionProperty_AudioRoute", Int64(truncatingIfNeeded: kAudioSessionProperty_AudioRoute), headerFourCC("rout")),
            ("kAudioSessionProperty_AudioInputAvailable", Int64(truncatingIfNeeded: kAudioSessionProperty_AudioInputAvailable), headerFourCC("aiav")),
            ("kAudioSessionProperty_AudioRouteDescription", Int64(truncatingIfNeeded: kAudioSessionProperty_AudioRouteDescription), headerFourCC("crar")),
            ("kAudioSessionProperty_CurrentHardwareInputLatency", Int64(truncatingIfNeeded: kAudioSessionProperty_CurrentHardwareInputLatency), headerFourCC("cilt")),
            ("kAudioSessionProperty_CurrentHardwareOutputLatency", Int64(truncatingIfNeeded: kAudioSessionProperty_CurrentHardwareOutputLatency), headerFourCC("colt")),
            ("kAudioSessionProperty_CurrentHardwareOutputVolume", Int64(truncatingIfNeeded: kAudioSessionProperty_CurrentHardwareOutputVolume), headerFourCC("chov")),
            ("kAudioSessionProperty_InputGainAvailable", Int64(truncatingIfNeeded: kAudioSessionProperty_InputGainAvailable), headerFourCC("igav")),
            ("kAudioSessionProperty_InputSource", Int64(truncatingIfNeeded: kAudioSessionProperty_InputSource), headerFourCC("isrc")),
            ("kAudioSessionProperty_InterruptionType", Int64(truncatingIfNeeded: kAudioSessionProperty_InterruptionType), headerFourCC("type")),
            ("kAudioSessionProperty_OtherAudioIsPlaying", Int64(truncatingIfNeeded: kAudioSessionProperty_OtherAudioIsPlaying), headerFourCC("othr")),
            ("kAudioSessionProperty_OutputDestination", Int64(truncatingIfNeeded: kAudioSessionProperty_OutputDestination), headerFourCC("odst")),
            ("kAudioSessionProperty_OverrideAudioRoute", Int64(truncatingIfNeeded: kAudioSessionProperty_OverrideAudioRoute), headerFourCC("ovrd")),
            ("kAudioSessionProperty_OverrideCategoryEnableBluetoothInput", Int64(truncatingIfNeeded: kAudioSessionProperty_OverrideCategoryEnableBluetoothInput), headerFourCC("cblu")),
            ("kAudioSessionProperty_PreferredHardwareIOBufferDuration", Int64(truncatingIfNeeded: kAudioSessionProperty_PreferredHardwareIOBufferDuration), headerFourCC("iobd")),
            ("kAudioSessionProperty_ServerDied", Int64(truncatingIfNeeded: kAudioSessionProperty_ServerDied), headerFourCC("died")),
            ("kAudioSessionRouteChangeReason_NewDeviceAvailable", Int64(truncatingIfNeeded: kAudioSessionRouteChangeReason_NewDeviceAvailable), 1),
            ("kAudioSessionRouteChangeReason_OldDeviceUnavailable", Int64(truncatingIfNeeded: kAudioSessionRouteChangeReason_OldDeviceUnavailable), 2),
            ("kAudioSessionRouteChangeReason_RouteConfigurationChange", Int64(truncatingIfNeeded: kAudioSessionRouteChangeReason_RouteConfigurationChange), 8),
            ("kAudioSessionRouteChangeReason_WakeFromSleep", Int64(truncatingIfNeeded: kAudioSessionRouteChangeReason_WakeFromSleep), 6),
        ]
        for row in table {
            #expect(row.value == row.header, "\(row.name)")
        }
    }
    @Test("string constants")
    func strings() {
        let table: [(name: String, value: String, header: String)] = [
            ("kAudioSession_AudioRouteChangeKey_OldRoute", kAudioSession_AudioRouteChangeKey_OldRoute, "OutputDeviceDidChange_OldRoute"),
        ]
        for row in table {
            #expect(row.value == row.header, "\(row.name)")
        }
    }
}
