import Testing
@testable import VirtualDevices
@testable import MediaServer

/// The rules `setActive(true)` and I/O start enforce, in the order of the derived session model (docs/architecture.md, activation; not specified by Apple), each error
/// naming its rule (AVAudioSession.ErrorCode docs codes).
@Suite("Activation arbiter: activation errors")
struct ActivationErrorTests {
    @Test("SESSION-ACTIVATE-ERR-BACKGROUND-NONMIXABLE: a non-mixable session cannot go active in the background unless it is Now Playing")
    func backgroundNonMixable() throws {
        var arbiter = makeArbiter([.music, .game])
        _ = arbiter.lifecycleChanged(.music, to: .background)
        let error = try #require(activationError(&arbiter, .music, .player))
        #expect(error.code == .cannotInterruptOthers)
        #expect(error.rule.contains("Now Playing"))
        // A mixable (ducking) session is allowed (observed workaround, AVAudioSession.setActive(_:options:), AVFAudio).
        #expect(activationError(&arbiter, .music, SessionTraits(category: .playback, options: [.mixWithOthers, .duckOthers])) == nil)
    }

    @Test("SESSION-ACTIVATE-ERR-BACKGROUND-NO-AUDIO-MODE: without the audio background mode, or in a foreground-only category, background start fails with cannotStartPlaying")
    func backgroundWithoutAudioMode() {
        let atActivation = ActivationSettings(backgroundStartCheck: .atActivation)
        var arbiter = ActivationArbiter(settings: atActivation)
        arbiter.register(.navigation, hasAudioBackgroundMode: false, lifecycle: .background)
        arbiter.register(.game, hasAudioBackgroundMode: true, lifecycle: .background)
        let mixable = SessionTraits(category: .playback, options: .mixWithOthers)
        #expect(activationError(&arbiter, .navigation, mixable)?.code == .cannotStartPlaying)
        #expect(activationError(&arbiter, .game, .ambientGame)?.code == .cannotStartPlaying)
        #expect(activationError(&arbiter, .game, mixable) == nil)
    }

    @Test("SESSION-ACTIVATE-ERR-BACKGROUND-AT-IO-START: by default the background rule fails when I/O starts, not at activation")
    func backgroundRuleAtIOStart() throws {
        var arbiter = ActivationArbiter()
        arbiter.register(.navigation, hasAudioBackgroundMode: false, lifecycle: .background)
        let mixable = SessionTraits(category: .playback, options: .mixWithOthers)
        #expect(activationError(&arbiter, .navigation, mixable) == nil)
        let error = #expect(throws: SessionError.self) { try arbiter.ioStarted(.navigation) }
        #expect(error?.code == .cannotStartPlaying)
        #expect(error?.rule.contains("audio background mode") == true)
        _ = arbiter.lifecycleChanged(.navigation, to: .foreground)
        #expect(try arbiter.ioStarted(.navigation) == [])
    }

    @Test("SESSION-ACTIVATE-ERR-NOT-RUNNING: an app that is not running cannot activate")
    func notRunning() {
        var arbiter = ActivationArbiter()
        #expect(activationError(&arbiter, .music, .player)?.code == .unspecified)
        arbiter.register(.music, lifecycle: .notRunning)
        #expect(activationError(&arbiter, .music, .player)?.code == .unspecified)
    }
}
