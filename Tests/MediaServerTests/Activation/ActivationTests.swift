import Testing
@testable import VirtualDevices
@testable import MediaServer

/// Going active: who interrupts whom, who ducks whom (AVAudioSession.setActive(_:options:), AVFAudio, duckOthers and notifyOthersOnDeactivation docs, docs/architecture.md, "The derived session model"; 2010 talk).
@Suite("Activation arbiter: activation")
struct ActivationTests {
    @Test("SESSION-ACTIVATE-NONMIXABLE-INTERRUPTS: a second non-mixable app interrupts music, already inactive when began arrives")
    func nonMixableInterruptsNonMixable() throws {
        var arbiter = makeArbiter([.music, .radio])
        #expect(try arbiter.activate(.music, traits: .player, system: idle) == [.activated(.music)])

        let actions = try arbiter.activate(.radio, traits: .player, system: idle)

        #expect(actions == [.deactivated(.music), .notify(.music, .began()), .activated(.radio)])
        #expect(!arbiter.isActive(.music))
        #expect(arbiter.isInterrupted(.music))
        #expect(arbiter.interrupter(of: .music) == .app(.radio))
        #expect(arbiter.isActive(.radio))
    }

    @Test("SESSION-ACTIVATE-MIXABLE-COEXISTS: an ambient game mixes with music in both activation orders")
    func ambientMixesWithMusic() throws {
        var arbiter = makeArbiter([.game, .music])
        _ = try arbiter.activate(.music, traits: .player, system: idle)
        #expect(try arbiter.activate(.game, traits: .ambientGame, system: idle) == [.activated(.game)])

        var reversed = makeArbiter([.game, .music])
        _ = try reversed.activate(.game, traits: .ambientGame, system: idle)
        let actions = try play(&reversed, .music, .player)

        // The game is not interrupted; being foreground and active it hears the hint instead.
        #expect(actions == [.activated(.music), .notify(.game, .hintBegin)])
        #expect(reversed.isActive(.game) && reversed.isActive(.music))
    }

    @Test("SESSION-ACTIVE-CHANGE-APPLIES: a change to an active session applies at once; reactivating re-applies it")
    func activeChangeApplies() throws {
        var arbiter = makeArbiter([.game, .music])
        _ = try arbiter.activate(.game, traits: .ambientGame, system: idle)
        _ = try arbiter.activate(.music, traits: .player, system: idle)
        // Same traits: nothing to do.
        #expect(try arbiter.activate(.music, traits: .player, system: idle) == [])
        // Music adds duckOthers while active: the game is ducked now, not at the next activation.
        let ducking = SessionTraits(category: .playback, options: [.duckOthers, .mixWithOthers])
        #expect(arbiter.reconfigure(.music, traits: ducking) == [.setDucked(.game, true)])
        #expect(arbiter.isDucked(.game))
        // Back to non-mixable via setActive(true) on the active session: the game is no longer
        // ducked; both mix-wise it stays (ambient is mixable), so nobody is interrupted.
        #expect(try arbiter.activate(.music, traits: .player, system: idle) == [.setDucked(.game, false)])
        // The game turns soloAmbient while active: now it displaces Music.
        #expect(arbiter.reconfigure(.game, traits: .soloGame) == [.deactivated(.music), .notify(.music, .began())])
        // An inactive session's change waits for its activation.
        #expect(arbiter.reconfigure(.music, traits: .ambientGame) == [])
    }

    @Test("SESSION-ACTIVATE-SPOKEN-AUDIO: a navigation prompt pauses a podcast, ducks a game, and notifyOthers lets the podcast resume")
    func navigationOverPodcast() throws {
        var arbiter = makeArbiter([.game, .navigation, .podcast])
        _ = try play(&arbiter, .podcast, .spokenAudio)
        #expect(try arbiter.activate(.game, traits: .ambientGame, system: idle) == [.activated(.game)])

        let prompt = try arbiter.activate(.navigation, traits: .navigationPrompt, system: idle)
        #expect(prompt == [
            .deactivated(.podcast), .notify(.podcast, .began()), .activated(.navigation),
            .setDucked(.game, true), .notify(.game, .hintEnd),
        ])
        #expect(arbiter.interrupter(of: .podcast) == .app(.navigation))

        let (done, error) = arbiter.deactivate(.navigation, options: .notifyOthersOnDeactivation, ioRunning: false)
        #expect(error == nil)
        #expect(done == [.deactivated(.navigation), .setDucked(.game, false), .notify(.podcast, .endedResume)])
        #expect(!arbiter.isInterrupted(.podcast) && !arbiter.isActive(.podcast))

        #expect(try play(&arbiter, .podcast, .spokenAudio) == [.activated(.podcast), .notify(.game, .hintBegin)])
    }
}
