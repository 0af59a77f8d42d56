import Testing
@testable import VirtualDevices
@testable import MediaServer

/// isOtherAudioPlaying and the secondary-audio silence hint (2014 talk; AVAudioSession.currentRoute, routeChangeNotification, duckOthers and notifyOthersOnDeactivation docs, notification userInfo docs).
@Suite("Activation arbiter: other audio and the secondary-audio hint")
struct SecondaryAudioHintTests {
    @Test("SESSION-HINT-HANDOVER: primary audio changing hands keeps the hint; a call sends no hint end because the game is interrupted too")
    func handover() throws {
        // Judged on active sessions: under running-I/O evidence the hint would end between the
        // old player's stop and the new one's start.
        var arbiter = makeArbiter([.game, .music, .radio], settings: .init(playingEvidence: .activeSession))
        _ = try arbiter.activate(.game, traits: .ambientGame, system: idle)
        _ = arbiter.lifecycleChanged(.music, to: .background)
        arbiter.setNowPlaying(.music)
        _ = try arbiter.activate(.music, traits: .player, system: idle)
        // Radio (foreground, non-mixable) displaces Music: the primary audio changes hands, the hint stays.
        #expect(try arbiter.activate(.radio, traits: .player, system: idle) == [.deactivated(.music), .notify(.music, .began()), .activated(.radio)])
        #expect(arbiter.secondaryAudioShouldBeSilencedHint(for: .game))
        #expect(arbiter.systemInterruptionBegan(.phoneCall).contains(.notify(.game, .hintEnd)) == false)
    }

    @Test("SESSION-HINT-RUNNING-IO: the hint follows Music's play and pause, not its activation")
    func hintFollowsIO() throws {
        var arbiter = makeArbiter([.game, .music])
        _ = try arbiter.activate(.game, traits: .ambientGame, system: idle)
        _ = arbiter.lifecycleChanged(.music, to: .background)
        arbiter.setNowPlaying(.music)
        #expect(try arbiter.activate(.music, traits: .player, system: idle) == [.activated(.music)])
        #expect(try arbiter.ioStarted(.music) == [.notify(.game, .hintBegin)])
        #expect(arbiter.isOtherAudioPlaying(for: .game))
        #expect(arbiter.ioStopped(.music) == [.notify(.game, .hintEnd)])
        #expect(!arbiter.isOtherAudioPlaying(for: .game))
        #expect(arbiter.isActive(.music))
    }

    @Test("SESSION-HINT-OTHER-AUDIO-PLAYING: isOtherAudioPlaying counts other apps' output, ambient included, never the app itself or input-only sessions")
    func otherAudioPlaying() throws {
        var arbiter = makeArbiter([.game, .music, .recorder])
        #expect(!arbiter.isOtherAudioPlaying(for: .music))
        _ = try arbiter.activate(.game, traits: .ambientGame, system: idle)
        #expect(!arbiter.isOtherAudioPlaying(for: .music)) // active but silent: not playing
        _ = try arbiter.ioStarted(.game)
        #expect(arbiter.isOtherAudioPlaying(for: .music))
        #expect(!arbiter.isOtherAudioPlaying(for: .game))
        #expect(!arbiter.secondaryAudioShouldBeSilencedHint(for: .music))
        _ = arbiter.deactivate(.game, ioRunning: false)
        _ = try play(&arbiter, .recorder, .recording)
        #expect(!arbiter.isOtherAudioPlaying(for: .music))
    }
}
