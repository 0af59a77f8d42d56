import Testing
@testable import MediaServer

/// What changed between releases (AVAudioSession.Category docs to AVAudioSession.RouteSharingPolicy docs), through `PlatformProfile` properties and `make`.
@Suite("Configuration across releases (SESSION-CONFIG-RELEASE)")
struct ReleaseSupportTests {
    @Test("SESSION-CONFIG-AUDIOPROCESSING-DEPRECATED: audioProcessing is accepted up to iOS 9 and badParam from iOS 10")
    func audioProcessing() throws {
        #expect(try configure(.audioProcessing, profile: PlatformProfile(release: 9)).category == .audioProcessing)
        #expect(configurationError(.audioProcessing, profile: PlatformProfile(release: 10))
            == SessionError(.badParam, "category audioProcessing is no longer supported from iOS 10"))
        #expect(PlatformProfile.ios8.supportsAudioProcessingCategory)
        #expect(!PlatformProfile.ios14.supportsAudioProcessingCategory)
    }

    @Test("SESSION-CONFIG-OPTION-RELEASE: an option newer than the release is badParam naming its release", arguments: [
        (CategoryOptions.interruptSpokenAudioAndMixWithOthers, SessionCategory.playback, 9, "interruptSpokenAudioAndMixWithOthers"),
        (.allowBluetoothA2DP, .playAndRecord, 10, "allowBluetoothA2DP"),
        (.allowAirPlay, .playAndRecord, 10, "allowAirPlay"),
        (.overrideMutedMicrophoneInterruption, .playAndRecord, 14, "overrideMutedMicrophoneInterruption"),
        (.bluetoothHighQualityRecording, .playAndRecord, 26, "bluetoothHighQualityRecording"),
    ])
    func optionRelease(_ cell: (option: CategoryOptions, category: SessionCategory, release: Int, name: String)) {
        let (option, category, release, name) = cell
        let before = PlatformProfile(release: release - 1)
        #expect(configurationError(category, options: option, profile: before)
            == SessionError(.badParam, "\(name) is not available before iOS \(release)"))
        #expect(configurationError(category, options: option, profile: PlatformProfile(release: release)) == nil)
    }

    @Test("SESSION-CONFIG-OPTION-UNKNOWN-BITS: bits no option uses are badParam")
    func unknownBits() {
        #expect(configurationError(.playback, options: CategoryOptions(rawValue: 0x100))
            == SessionError(.badParam, "category option bits 0x100 are not defined"))
    }

    @Test("SESSION-CONFIG-RELEASE-AVAILABLE-OPTIONS: the option set grows with the release")
    func availableOptions() {
        #expect(PlatformProfile.ios6.availableCategoryOptions == [.mixWithOthers, .duckOthers, .allowBluetoothHFP, .defaultToSpeaker])
        #expect(PlatformProfile.ios8.availableCategoryOptions.contains(.interruptSpokenAudioAndMixWithOthers) == false)
        #expect(PlatformProfile.ios14.availableCategoryOptions.contains(.overrideMutedMicrophoneInterruption))
        #expect(!PlatformProfile.ios17.availableCategoryOptions.contains(.farFieldInput))
        #expect(PlatformProfile.ios26.availableCategoryOptions.isSuperset(of: [.farFieldInput, .bluetoothHighQualityRecording]))
    }

    @Test("route sharing policies arrive with iOS 11")
    func routeSharingPolicyRelease() {
        #expect(PlatformProfile.ios8.availableRouteSharingPolicies == [.default])
        #expect(PlatformProfile.ios17.availableRouteSharingPolicies == RouteSharingPolicy.allCases)
    }
}
