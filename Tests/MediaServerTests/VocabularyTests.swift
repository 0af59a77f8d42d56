import Testing
@testable import MediaServer

/// Apple's raw values, which apps compare against and logs print (AVAudioSession.h and the AVFAudio documentation).
@Suite("Media server vocabulary")
struct VocabularyTests {
    @Test("error codes are Apple's FourCC values")
    func errorCodes() {
        #expect(SessionErrorCode.isBusy.rawValue == 0x2161_6374) // '!act'
        #expect(SessionErrorCode.cannotInterruptOthers.rawValue == 0x2169_6E74) // '!int'
        #expect(SessionErrorCode.mediaServicesFailed.rawValue == 0x6D73_7276) // 'msrv'
        #expect(SessionErrorCode.insufficientPriority.rawValue == 0x2170_7269) // '!pri'
        #expect(SessionErrorCode.sessionNotActive.rawValue == 0x696E_6163) // 'inac'
    }

    @Test("category options keep Apple's bits; interruptSpokenAudio includes mixWithOthers")
    func options() {
        #expect(CategoryOptions.interruptSpokenAudioAndMixWithOthers.contains(.mixWithOthers))
        #expect(CategoryOptions([.duckOthers, .mixWithOthers]).names == ["mixWithOthers", "duckOthers"])
        #expect(CategoryOptions.interruptSpokenAudioAndMixWithOthers.names == ["interruptSpokenAudioAndMixWithOthers"])
        #expect(PortOverride.speaker.rawValue == 0x7370_6B72) // 'spkr'
    }

    @Test("platform profiles parse from their names")
    func profiles() {
        #expect(PlatformProfile(name: "ios8") == .ios8)
        #expect(PlatformProfile(name: "android") == nil)
        #expect(PlatformProfile.default.description == "ios17")
    }
}
