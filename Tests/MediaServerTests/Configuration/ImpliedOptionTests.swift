import Testing
@testable import MediaServer

/// Defaults, implied options and what `categoryOptions` reads back (AVAudioSession defaults, AVAudioSession.CategoryOptions docs, docs/architecture.md, derived session model, configuration steps 1–3).
@Suite("Defaults and implied options (SESSION-CONFIG-IMPLIED)")
struct ImpliedOptionTests {
    @Test("SESSION-CONFIG-DEFAULT: a fresh session is soloAmbient, default mode, default policy, no options")
    func freshSession() {
        let config = SessionConfiguration()
        #expect(config.category == .soloAmbient)
        #expect(config.mode == .default)
        #expect(config.routeSharingPolicy == .default)
        #expect(config.categoryOptions == [])
        #expect(!config.isMixable)
        #expect(config == .default)
        #expect(config == (try? configure(.soloAmbient)))
    }

    @Test("SESSION-CONFIG-OPTIONS-NOT-STICKY: changing category drops the previous options")
    func optionsAreNotSticky() throws {
        let call = try configure(.playAndRecord, options: [.defaultToSpeaker, .allowBluetoothA2DP])
        #expect(call.categoryOptions == [.defaultToSpeaker, .allowBluetoothA2DP])
        let music = try configure(.playback)
        #expect(music.categoryOptions == [])
        #expect(try configure(.playAndRecord).categoryOptions == [])
    }

    @Test("SESSION-CONFIG-IMPLIED-AMBIENT-MIXES: ambient reads back mixWithOthers and is mixable")
    func ambientMixes() throws {
        let config = try configure(.ambient)
        #expect(config.categoryOptions == .mixWithOthers)
        #expect(config.requestedOptions == [])
        #expect(config.isMixable)
        #expect(try configure(.ambient, options: .mixWithOthers) == config.restated(.mixWithOthers))
    }

    @Test("SESSION-CONFIG-IMPLIED-DUCK-MIXES: duckOthers makes the session mixable", arguments: [
        SessionCategory.playback, .playAndRecord, .multiRoute, .ambient,
    ])
    func duckOthersMixes(_ category: SessionCategory) throws {
        let config = try configure(category, options: .duckOthers)
        #expect(config.categoryOptions == [.duckOthers, .mixWithOthers])
        #expect(config.isMixable && config.ducksOthers)
        #expect(!config.interruptsSpokenAudio)
    }

    @Test("SESSION-CONFIG-IMPLIED-SPOKEN-MIXES: interruptSpokenAudio makes the session mixable, even as bare 0x10")
    func interruptSpokenAudioMixes() throws {
        let config = try configure(.playback, options: .interruptSpokenAudioAndMixWithOthers)
        #expect(config.isMixable && config.interruptsSpokenAudio && !config.ducksOthers)
        let bare = try configure(.playback, options: CategoryOptions(rawValue: 0x10))
        #expect(bare.categoryOptions == .interruptSpokenAudioAndMixWithOthers)
        #expect(bare.requestedOptions.rawValue == 0x10)
        #expect(bare.isMixable && bare.interruptsSpokenAudio)
    }

    @Test("SESSION-CONFIG-IMPLIED-VOICECHAT-HFP: voiceChat reads back allowBluetoothHFP")
    func voiceChatAllowsHFP() throws {
        let config = try configure(.playAndRecord, mode: .voiceChat)
        #expect(config.categoryOptions == .allowBluetoothHFP)
        #expect(config.allowsBluetoothHFP)
        #expect(!config.isMixable)
    }

    @Test("SESSION-CONFIG-IMPLIED-VIDEOCHAT-HFP-SPEAKER: videoChat reads back allowBluetoothHFP and defaultToSpeaker")
    func videoChatAllowsHFPAndSpeaker() throws {
        let config = try configure(.playAndRecord, mode: .videoChat, options: .mixWithOthers)
        #expect(config.categoryOptions == [.allowBluetoothHFP, .defaultToSpeaker, .mixWithOthers])
        #expect(config.requestedOptions == .mixWithOthers)
    }

    @Test("SESSION-CONFIG-IMPLIED-ONLY-EFFECTIVE-MODE: a chat mode the category ignores implies nothing")
    func ignoredModeImpliesNothing() throws {
        let config = try configure(.playback, mode: .videoChat)
        #expect(config.effectiveMode == .default)
        #expect(config.categoryOptions == [])
        #expect(!config.allowsBluetoothHFP)
    }
}

extension SessionConfiguration {
    /// This configuration as if the app had passed `options` too (for comparing restated options).
    func restated(_ options: CategoryOptions) -> SessionConfiguration {
        SessionConfiguration(category: category, mode: mode, policy: routeSharingPolicy,
                             categoryOptions: categoryOptions, requestedOptions: requestedOptions.union(options),
                             effectiveMode: effectiveMode)
    }
}
