import Testing
@testable import VirtualDevices
@testable import MediaServer

/// Background, suspension and termination (AVAudioSession.setActive(_:options:), AVFAudio; ASPG life cycle).
@Suite("Activation arbiter: app lifecycle")
struct LifecycleTests {
    @Test("SESSION-INTERRUPT-TERMINATED: a terminated interrupter's victims are not told to resume")
    func terminatedInterrupter() throws {
        var arbiter = makeArbiter([.music, .voip])
        _ = try arbiter.activate(.music, traits: .player, system: idle)
        _ = try arbiter.activate(.voip, traits: .voiceCall, system: idle)
        #expect(arbiter.lifecycleChanged(.voip, to: .notRunning) == [.deactivated(.voip)])
        #expect(arbiter.isInterrupted(.music))
        #expect(arbiter.traits(of: .voip) == .default)
    }

    @Test("SESSION-INTERRUPT-SUSPENDED: iOS 10–15 tell a suspended app it was interrupted when it runs again; others say nothing",
          arguments: PlatformProfile.all)
    func suspended(profile: PlatformProfile) throws {
        var arbiter = makeArbiter([.game], profile: profile)
        _ = try arbiter.activate(.game, traits: .soloGame, system: idle)
        _ = arbiter.lifecycleChanged(.game, to: .background)
        #expect(arbiter.lifecycleChanged(.game, to: .suspended) == [.deactivated(.game)])
        let back = arbiter.lifecycleChanged(.game, to: .foreground)
        if (10..<16).contains(profile.release) {
            #expect(back == [.notify(.game, .began(.appWasSuspended))])
            #expect(arbiter.interrupter(of: .game) == .suspension)
        } else {
            #expect(back == [])
            #expect(!arbiter.isInterrupted(.game))
        }
    }
}
