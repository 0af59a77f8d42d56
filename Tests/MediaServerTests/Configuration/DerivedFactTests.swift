import Testing
@testable import MediaServer

/// Facts the rest of the media server reads from a configuration (AVAudioSession.Category docs, allowBluetooth/allowBluetoothA2DP docs, QA1803).
@Suite("Derived configuration facts (SESSION-CONFIG-DERIVED)")
struct DerivedFactTests {
    @Test("SESSION-CONFIG-AIRPLAY-BY-CATEGORY: AirPlay for ambient, soloAmbient and playback; never record or multiRoute",
          arguments: [(SessionCategory.ambient, true), (.soloAmbient, true), (.playback, true), (.record, false),
                      (.playAndRecord, false), (.multiRoute, false)])
    func airPlayByCategory(_ category: SessionCategory, _ allowed: Bool) throws {
        #expect(try configure(category).allowsAirPlay == allowed)
    }

    @Test("SESSION-CONFIG-AIRPLAY-PLAYANDRECORD-OPTION: playAndRecord reaches AirPlay only with allowAirPlay")
    func airPlayWithOption() throws {
        #expect(try configure(.playAndRecord, options: .allowAirPlay).allowsAirPlay)
        #expect(try configure(.playAndRecord, mode: .videoChat, options: .allowAirPlay).allowsAirPlay)
    }

    @Test("SESSION-CONFIG-AIRPLAY-NOT-VOICECHAT: mode voiceChat never uses AirPlay, even with allowAirPlay")
    func voiceChatNoAirPlay() throws {
        #expect(try !configure(.playAndRecord, mode: .voiceChat, options: .allowAirPlay).allowsAirPlay)
    }

    @Test("SESSION-CONFIG-INPUT-OUTPUT: input and output follow the category", arguments: [
        (SessionCategory.ambient, false, true), (.soloAmbient, false, true), (.playback, false, true),
        (.record, true, false), (.playAndRecord, true, true), (.multiRoute, true, true),
    ])
    func inputAndOutput(_ cell: (category: SessionCategory, input: Bool, output: Bool)) throws {
        let (category, input, output) = cell
        let config = try configure(category)
        #expect(config.allowsInput == input)
        #expect(config.allowsOutput == output)
    }

    @Test("SESSION-CONFIG-AUDIOPROCESSING-NO-IO: audioProcessing has neither input nor output (iOS ≤ 9)")
    func audioProcessingHasNoIO() throws {
        let config = try configure(.audioProcessing, profile: .ios8)
        #expect(!config.allowsInput && !config.allowsOutput && !config.allowsAirPlay && !config.allowsBluetoothA2DP)
    }

    static let mixability: [(category: SessionCategory, options: CategoryOptions, mixable: Bool)] = [
        (.soloAmbient, [], false), (.playback, [], false), (.playback, .mixWithOthers, true),
        (.playAndRecord, .defaultToSpeaker, false), (.playAndRecord, [.mixWithOthers, .defaultToSpeaker], true),
        (.record, .allowBluetoothHFP, false), (.multiRoute, .mixWithOthers, true),
    ]

    @Test("SESSION-CONFIG-MIXABLE: only mixWithOthers (set or implied) makes a session mixable", arguments: mixability)
    func mixable(_ cell: (category: SessionCategory, options: CategoryOptions, mixable: Bool)) throws {
        #expect(try configure(cell.category, options: cell.options).isMixable == cell.mixable)
    }
}
