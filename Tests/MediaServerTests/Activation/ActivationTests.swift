import Testing
@testable import VirtualDevices
@testable import MediaServer

/// Going active: who interrupts whom, who ducks whom (AVAudioSession.setActive(_:options:), AVFAudio, duckOthers and notifyOthersOnDeactivation docs, our derived session model; 2010 talk).
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

    @Test("SESSION-ACTIVATE-SOLOAMBIENT-NONMIXABLE: a soloAmbient game interrupts music (the default category is non-mixable)")
    func soloAmbientInterrupts() throws {
        var arbiter = makeArbiter([.game, .music])
        _ = try arbiter.activate(.music, traits: .player, system: idle)
        let actions = try arbiter.activate(.game, traits: .soloGame, system: idle)
        #expect(actions == [.deactivated(.music), .notify(.music, .began()), .activated(.game)])
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

    @Test("SESSION-ACTIVATE-DUCK-OTHERS: a navigation prompt ducks music while active and un-ducks it on deactivation")
    func duckOthersWhileActive() throws {
        var arbiter = makeArbiter([.music, .navigation])
        _ = try arbiter.activate(.music, traits: .player, system: idle)

        #expect(try arbiter.activate(.navigation, traits: .navigationPrompt, system: idle) == [.activated(.navigation), .setDucked(.music, true)])
        #expect(arbiter.isDucked(.music))
        #expect(arbiter.isActive(.music))
        #expect(!arbiter.isDucked(.navigation))

        let (actions, error) = arbiter.deactivate(.navigation, options: .notifyOthersOnDeactivation, ioRunning: false)
        #expect(error == nil)
        #expect(actions == [.deactivated(.navigation), .setDucked(.music, false)])
        #expect(!arbiter.isDucked(.music))
    }

    @Test("SESSION-ACTIVATE-DUCK-LATECOMER: a session that goes active while another ducks others is ducked too")
    func latecomerIsDucked() throws {
        var arbiter = makeArbiter([.music, .navigation])
        _ = try arbiter.activate(.navigation, traits: .navigationPrompt, system: idle)
        let actions = try play(&arbiter, .music, .player)
        // The foreground navigation app also learns that primary audio now plays.
        #expect(actions == [.activated(.music), .setDucked(.music, true), .notify(.navigation, .hintBegin)])
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

    @Test("SESSION-ACTIVATE-SPOKEN-AUDIO-MUSIC: interruptSpokenAudioAndMixWithOthers leaves non-spoken music playing")
    func spokenAudioOptionSparesMusic() throws {
        var arbiter = makeArbiter([.music, .navigation])
        _ = try arbiter.activate(.music, traits: .player, system: idle)
        let traits = SessionTraits(category: .playback, options: .interruptSpokenAudioAndMixWithOthers)
        #expect(try arbiter.activate(.navigation, traits: traits, system: idle) == [.activated(.navigation)])
        #expect(arbiter.isActive(.music) && !arbiter.isDucked(.music))
    }

    @Test("SESSION-ACTIVATE-BACKGROUND-NOW-PLAYING: the Now Playing app may go active non-mixable from the background and interrupts the foreground")
    func nowPlayingFromBackground() throws {
        var arbiter = makeArbiter([.game, .music])
        _ = arbiter.lifecycleChanged(.music, to: .background)
        arbiter.setNowPlaying(.music)
        _ = try arbiter.activate(.game, traits: .soloGame, system: idle)

        let actions = try arbiter.activate(.music, traits: .player, system: idle)
        #expect(actions == [.deactivated(.game), .notify(.game, .began()), .activated(.music)])
    }

    @Test("SESSION-ACTIVATE-DETERMINISTIC-ORDER: action lists follow AppID order, whatever the registration order")
    func registrationOrderDoesNotMatter() throws {
        func run(_ apps: [AppID]) throws -> [PolicyAction] {
            var arbiter = makeArbiter(apps)
            _ = try arbiter.activate(.podcast, traits: .spokenAudio, system: idle)
            _ = try arbiter.activate(.game, traits: .ambientGame, system: idle)
            _ = try arbiter.activate(.music, traits: SessionTraits(category: .playback, options: .mixWithOthers), system: idle)
            return arbiter.systemInterruptionBegan(.alarm) + arbiter.systemInterruptionEnded(.alarm)
        }
        let sorted = try run([.game, .music, .podcast])
        #expect(try run([.podcast, .music, .game]) == sorted)
        #expect(sorted.first == .deactivated(.game))
    }
}
