import Testing
@testable import VirtualDevices
@testable import MediaServer

/// The rules `setActive(true)` and I/O start enforce, in the order of our derived session model (not specified by Apple), each error
/// naming its rule (AVAudioSession.ErrorCode docs codes).
@Suite("Activation arbiter: activation errors")
struct ActivationErrorTests {
    static let inCall = { var state = SystemState(); state.call = .active(caller: "Mum"); return state }()
    static let siri = { var state = SystemState(); state.siriActive = true; return state }()
    static let serverDown = { var state = SystemState(); state.mediaServerRunning = false; return state }()

    @Test("SESSION-ACTIVATE-ERR-MEDIA-SERVICES: activation fails with mediaServicesFailed while the media server is down")
    func mediaServerDown() {
        var arbiter = makeArbiter([.music])
        #expect(activationError(&arbiter, .music, .player, Self.serverDown)?.code == .mediaServicesFailed)
        _ = arbiter.mediaServicesLost()
        #expect(activationError(&arbiter, .music, .player)?.code == .mediaServicesFailed)
        _ = arbiter.mediaServicesReset()
        #expect(activationError(&arbiter, .music, .player) == nil)
    }

    @Test("SESSION-ACTIVATE-ERR-CALL: during a call record and playAndRecord fail with insufficientPriority, playback may go active",
          arguments: [(SessionCategory.playAndRecord, true), (.record, true), (.playback, false), (.ambient, false)])
    func duringCall(category: SessionCategory, refused: Bool) {
        var arbiter = makeArbiter([.voip])
        let error = activationError(&arbiter, .voip, SessionTraits(category: category), Self.inCall)
        #expect(error?.code == (refused ? .insufficientPriority : nil))
        #expect(error?.rule.contains("phone call") ?? true)
        #expect(arbiter.isActive(.voip) == !refused)
    }

    @Test("SESSION-ACTIVATE-ERR-SIRI: a session that uses input cannot go active while Siri is recording")
    func siriRecording() {
        var arbiter = makeArbiter([.recorder, .music])
        #expect(activationError(&arbiter, .recorder, .recording, Self.siri)?.code == .siriIsRecording)
        #expect(activationError(&arbiter, .music, .player, Self.siri) == nil)
    }

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

    @Test("SESSION-ACTIVATE-ERR-BACKGROUND-RECORDING: a mixable recording cannot start from the background",
          arguments: [ActivationSettings.BackgroundStartCheck.atActivation, .atIOStart])
    func backgroundMixableRecording(check: ActivationSettings.BackgroundStartCheck) throws {
        var arbiter = ActivationArbiter(settings: ActivationSettings(backgroundStartCheck: check))
        arbiter.register(.recorder, hasAudioBackgroundMode: true, lifecycle: .background)
        let traits = SessionTraits(category: .playAndRecord, options: .mixWithOthers)
        let atActivation = activationError(&arbiter, .recorder, traits)
        if check == .atActivation {
            #expect(atActivation?.code == .cannotStartRecording)
        } else {
            #expect(atActivation == nil)
            let error = #expect(throws: SessionError.self) { try arbiter.ioStarted(.recorder) }
            #expect(error?.code == .cannotStartRecording)
        }
    }

    @Test("SESSION-ACTIVATE-ERR-ORDER: the first broken rule wins, in the order of our derived session model")
    func ruleOrder() {
        var everything = SystemState()
        everything.mediaServerRunning = false
        everything.call = .active(caller: "Mum")
        everything.siriActive = true
        var arbiter = ActivationArbiter(settings: .init(backgroundStartCheck: .atActivation))
        arbiter.register(.voip, hasAudioBackgroundMode: false, lifecycle: .background)
        #expect(activationError(&arbiter, .voip, .voiceCall, everything)?.code == .mediaServicesFailed)
        everything.mediaServerRunning = true
        #expect(activationError(&arbiter, .voip, .voiceCall, everything)?.code == .insufficientPriority)
        everything.call = .idle
        #expect(activationError(&arbiter, .voip, .voiceCall, everything)?.code == .siriIsRecording)
        everything.siriActive = false
        #expect(activationError(&arbiter, .voip, .voiceCall, everything)?.code == .cannotInterruptOthers)
        #expect(activationError(&arbiter, .voip, SessionTraits(category: .playAndRecord, options: .mixWithOthers), everything)?.code == .cannotStartPlaying)
    }

    @Test("SESSION-ACTIVATE-ERR-NOT-RUNNING: an app that is not running cannot activate")
    func notRunning() {
        var arbiter = ActivationArbiter()
        #expect(activationError(&arbiter, .music, .player)?.code == .unspecified)
        arbiter.register(.music, lifecycle: .notRunning)
        #expect(activationError(&arbiter, .music, .player)?.code == .unspecified)
    }
}
