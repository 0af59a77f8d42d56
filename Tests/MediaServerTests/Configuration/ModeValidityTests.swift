import Testing
@testable import MediaServer

/// Mode × category validity (AVAudioSession.Mode docs): an unsupported mode is no error; it is stored as requested and
/// the session behaves as mode default.
@Suite("Mode validity (SESSION-CONFIG-MODE)")
struct ModeValidityTests {
    /// Written out from AVAudioSession.Mode docs, independently of `SessionMode.validCategories`.
    static let valid: [(SessionMode, [SessionCategory])] = [
        (.default, [.ambient, .soloAmbient, .playback, .record, .playAndRecord, .multiRoute]),
        (.voiceChat, [.playAndRecord]),
        (.gameChat, [.playAndRecord]),
        (.videoRecording, [.record, .playAndRecord]),
        (.measurement, [.playback, .record, .playAndRecord]),
        (.moviePlayback, [.playback]),
        (.videoChat, [.playAndRecord]),
        (.spokenAudio, [.playback]),
        (.voicePrompt, [.playback]),
        (.shortFormVideo, [.playback]),
        (.dualRoute, [.multiRoute]),
    ]

    static let categories: [SessionCategory] = [.ambient, .soloAmbient, .playback, .record, .playAndRecord, .multiRoute]

    @Test("SESSION-CONFIG-MODE-CATEGORY-MATRIX: supported modes take effect, others fall back to default without error",
          arguments: valid)
    func modeMatrix(_ mode: SessionMode, _ validCategories: [SessionCategory]) throws {
        for category in Self.categories {
            // dualRoute needs allowBluetoothHFP; give it where it is settable so only mode validity is tested.
            let options: CategoryOptions = mode == .dualRoute && category == .multiRoute ? .allowBluetoothHFP : []
            let config = try configure(category, mode: mode, options: options)
            #expect(config.mode == mode, "stored as requested with \(category.name)")
            let expected = validCategories.contains(category) ? mode : .default
            #expect(config.effectiveMode == expected, "\(mode.name) with \(category.name)")
        }
    }

    @Test("SESSION-CONFIG-MODE-INVALID-FALLBACK: gameChat with multiRoute behaves as default (Apple's own example)")
    func documentedExample() throws {
        let config = try configure(.multiRoute, mode: .gameChat)
        #expect(config.mode == .gameChat)
        #expect(config.effectiveMode == .default)
    }

    @Test("SESSION-CONFIG-MODE-RELEASE: a mode newer than the release behaves as default")
    func modeFromLaterRelease() throws {
        let spoken = try configure(.playback, mode: .spokenAudio, profile: .ios8)
        #expect(spoken.mode == .spokenAudio && spoken.effectiveMode == .default)
        #expect(try configure(.playback, mode: .spokenAudio, profile: PlatformProfile(release: 9)).effectiveMode == .spokenAudio)
        #expect(try configure(.playback, mode: .shortFormVideo, profile: .ios17).effectiveMode == .default)
        #expect(try configure(.playback, mode: .shortFormVideo, profile: .ios26).effectiveMode == .shortFormVideo)
    }

    @Test("SESSION-CONFIG-MODE-VOICECHAT-RELEASE: voiceChat's implied HFP holds on every release", arguments: PlatformProfile.all)
    func voiceChatEverywhere(_ profile: PlatformProfile) throws {
        let config = try configure(.playAndRecord, mode: .voiceChat, profile: profile)
        #expect(config.effectiveMode == .voiceChat && config.allowsBluetoothHFP)
    }
}
