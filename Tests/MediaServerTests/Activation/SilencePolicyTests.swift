import Testing
@testable import VirtualDevices
@testable import MediaServer

/// The "silenced by" columns of the category table (AVAudioSession.Category (AVFAudio); Audio Session Programming Guide: categories, ASPG Table B-1, 2010 talk).
@Suite("Silence policy")
struct SilencePolicyTests {
    /// One device situation, for an app with the audio background mode.
    enum Situation: String, CaseIterable, Sendable {
        case quiet, ringerSilent, screenLocked, background, suspended

        var system: SystemState {
            var state = SystemState()
            state.ringerSilent = self == .ringerSilent
            state.screenLocked = self == .screenLocked
            return state
        }

        var lifecycle: AppLifecycle {
            switch self {
            case .background: .background
            case .suspended: .suspended
            default: .foreground
            }
        }
    }

    /// Expected silencing per category, in `Situation.allCases` order:
    /// quiet, ringer silent, screen locked, background (with audio mode), suspended.
    static let table: [(SessionCategory, [Bool])] = [
        (.ambient, [false, true, true, true, true]),
        (.soloAmbient, [false, true, true, true, true]),
        (.playback, [false, false, false, false, true]),
        (.record, [false, false, false, false, true]),
        (.playAndRecord, [false, false, false, false, true]),
        (.multiRoute, [false, false, false, false, true]),
    ]

    static let cases: [(SessionCategory, Situation, Bool)] = table.flatMap { category, row in
        zip(Situation.allCases, row).map { (category, $0, $1) }
    }

    @Test("SESSION-SILENCE-TABLE: ring/silent switch, screen lock, background and suspension per category", arguments: cases)
    func table(category: SessionCategory, situation: Situation, silenced: Bool) {
        let result = SilencePolicy.isSilenced(category: category, system: situation.system, lifecycle: situation.lifecycle, hasAudioBackgroundMode: true)
        #expect(result == silenced)
    }

    @Test("SESSION-SILENCE-NO-AUDIO-MODE: without the audio background mode the background and the locked screen silence every category",
          arguments: [SessionCategory.playback, .record, .playAndRecord, .multiRoute])
    func withoutAudioMode(category: SessionCategory) {
        var locked = SystemState()
        locked.screenLocked = true
        #expect(SilencePolicy.isSilenced(category: category, system: SystemState(), lifecycle: .background, hasAudioBackgroundMode: false))
        #expect(SilencePolicy.isSilenced(category: category, system: locked, lifecycle: .foreground, hasAudioBackgroundMode: false))
        #expect(!SilencePolicy.isSilenced(category: category, system: SystemState(), lifecycle: .foreground, hasAudioBackgroundMode: false))
    }
}
