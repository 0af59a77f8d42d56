import Testing
@testable import MediaServer

/// Facts the rest of the media server reads from a configuration (AVAudioSession.Category docs, allowBluetooth/allowBluetoothA2DP docs, QA1803).
@Suite("Derived configuration facts (SESSION-CONFIG-DERIVED)")
struct DerivedFactTests {

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
