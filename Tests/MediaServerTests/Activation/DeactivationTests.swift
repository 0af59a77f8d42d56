import Testing
@testable import MediaServer

/// `setActive(false)`: running I/O per release (AVAudioSession.ErrorCode docs), and what the sessions it interrupted hear (duckOthers and notifyOthersOnDeactivation docs).
@Suite("Activation arbiter: deactivation")
struct DeactivationTests {
    @Test("SESSION-INTERRUPT-NOTIFY-OTHERS: a VoIP call ending with notifyOthersOnDeactivation tells music it may resume")
    func notifyOthers() throws {
        var arbiter = makeArbiter([.music, .voip])
        _ = try arbiter.activate(.music, traits: .player, system: idle)
        _ = try arbiter.activate(.voip, traits: .voiceCall, system: idle)
        let (actions, _) = arbiter.deactivate(.voip, options: .notifyOthersOnDeactivation, ioRunning: false)
        #expect(actions == [.deactivated(.voip), .notify(.music, .endedResume)])
        #expect(!arbiter.isInterrupted(.music))
    }

    @Test("SESSION-INTERRUPT-NO-NOTIFY-OTHERS: without notifyOthersOnDeactivation the interrupted app hears nothing and stays interrupted")
    func withoutNotifyOthers() throws {
        var arbiter = makeArbiter([.music, .voip])
        _ = try arbiter.activate(.music, traits: .player, system: idle)
        _ = try arbiter.activate(.voip, traits: .voiceCall, system: idle)
        #expect(arbiter.deactivate(.voip, ioRunning: false).actions == [.deactivated(.voip)])
        #expect(arbiter.isInterrupted(.music))
        // A later notifyOthers from the same app does not revive the released interruption.
        _ = try arbiter.activate(.voip, traits: .voiceCall, system: idle)
        #expect(arbiter.deactivate(.voip, options: .notifyOthersOnDeactivation, ioRunning: false).actions == [.deactivated(.voip)])
    }

    @Test("SESSION-ACTIVATE-DEACTIVATE-INACTIVE: deactivating an inactive session does nothing")
    func deactivateInactive() {
        var arbiter = makeArbiter([.music])
        let (actions, error) = arbiter.deactivate(.music, options: .notifyOthersOnDeactivation, ioRunning: true)
        #expect(actions == [] && error == nil)
    }
}
