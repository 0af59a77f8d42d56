import Testing
@testable import MediaServer

/// `setActive(false)`: running I/O per release (AVAudioSession.ErrorCode docs), and what the sessions it interrupted hear (duckOthers and notifyOthersOnDeactivation docs).
@Suite("Activation arbiter: deactivation")
struct DeactivationTests {
    struct BusyCase: Sendable, CustomTestStringConvertible {
        let profile: PlatformProfile
        let staysActive: Bool
        let error: SessionErrorCode?
        var testDescription: String { "\(profile)" }
    }

    static let busyCases = [
        BusyCase(profile: .ios6, staysActive: true, error: .isBusy),
        BusyCase(profile: .ios7, staysActive: true, error: .isBusy),
        BusyCase(profile: .ios8, staysActive: false, error: .isBusy),
        BusyCase(profile: .ios17, staysActive: false, error: .isBusy),
        BusyCase(profile: .ios26, staysActive: false, error: nil),
    ]

    @Test("SESSION-ACTIVATE-DEACTIVATE-BUSY: deactivating with running I/O: stays active before iOS 8, isBusy on 8–25, silent on 26+",
          arguments: busyCases)
    func runningIO(_ busy: BusyCase) throws {
        var arbiter = makeArbiter([.music], profile: busy.profile)
        _ = try arbiter.activate(.music, traits: .player, system: idle)
        let (actions, error) = arbiter.deactivate(.music, ioRunning: true)
        #expect(error?.code == busy.error)
        #expect(arbiter.isActive(.music) == busy.staysActive)
        #expect(actions == (busy.staysActive ? [] : [.deactivated(.music)]))
    }

    @Test("SESSION-ACTIVATE-DEACTIVATE-IDLE: deactivating with I/O stopped succeeds on every release", arguments: PlatformProfile.all)
    func stoppedIO(profile: PlatformProfile) throws {
        var arbiter = makeArbiter([.music], profile: profile)
        _ = try arbiter.activate(.music, traits: .player, system: idle)
        let (actions, error) = arbiter.deactivate(.music, ioRunning: false)
        #expect(error == nil)
        #expect(actions == [.deactivated(.music)])
    }

    @Test("SESSION-ACTIVATE-DEACTIVATE-TRACKED-IO: without an explicit flag the I/O reported by ioStarted/ioStopped decides")
    func trackedIO() throws {
        var arbiter = makeArbiter([.music], profile: .ios17)
        _ = try arbiter.activate(.music, traits: .player, system: idle)
        _ = try arbiter.ioStarted(.music)
        #expect(arbiter.deactivate(.music).error?.code == .isBusy)
        _ = try arbiter.activate(.music, traits: .player, system: idle)
        #expect(arbiter.deactivate(.music).error == nil)
    }

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
