import Testing
@testable import VirtualDevices
@testable import MediaServer

/// The media server dies and restarts (2012 talk "kill your zombies"; QA1749; AVAudioSession.mediaServicesWereLostNotification, .mediaServicesWereResetNotification; QA1749).
@Suite("Activation arbiter: media services lost and reset")
struct MediaServicesResetTests {
    @Test("SESSION-RESET-LOST-THEN-RESET: every running app hears lost then reset; sessions end inactive, un-ducked and fresh")
    func lostThenReset() throws {
        var arbiter = makeArbiter([.game, .music, .navigation])
        arbiter.register(.recorder, lifecycle: .notRunning)
        _ = try arbiter.activate(.music, traits: .player, system: idle)
        _ = try arbiter.activate(.navigation, traits: .navigationPrompt, system: idle)

        let lost = arbiter.mediaServicesLost()
        #expect(lost == [
            .deactivated(.music), .setDucked(.music, false), .deactivated(.navigation),
            .notify(.game, .mediaServicesWereLost), .notify(.music, .mediaServicesWereLost), .notify(.navigation, .mediaServicesWereLost),
        ])
        #expect(arbiter.mediaServicesLost() == [])
        #expect(arbiter.deactivate(.music, ioRunning: false).error?.code == .mediaServicesFailed)

        let reset = arbiter.mediaServicesReset()
        #expect(reset == [
            .notify(.game, .mediaServicesWereReset), .notify(.music, .mediaServicesWereReset), .notify(.navigation, .mediaServicesWereReset),
        ])
        #expect(arbiter.traits(of: .navigation) == .default)
        #expect(!arbiter.isActive(.music) && !arbiter.isDucked(.music))
        #expect(try arbiter.activate(.music, traits: .player, system: idle) == [.activated(.music)])
    }

    @Test("SESSION-RESET-CLEARS-INTERRUPTIONS: after a reset no interruption is pending and no stale ended is sent")
    func resetClearsInterruptions() throws {
        var arbiter = makeArbiter([.music, .voip])
        _ = try arbiter.activate(.music, traits: .player, system: idle)
        _ = try arbiter.activate(.voip, traits: .voiceCall, system: idle)
        _ = arbiter.mediaServicesReset()
        #expect(!arbiter.isInterrupted(.music))
        _ = try arbiter.activate(.voip, traits: .voiceCall, system: idle)
        #expect(arbiter.deactivate(.voip, options: .notifyOthersOnDeactivation, ioRunning: false).actions == [.deactivated(.voip)])
    }
}
