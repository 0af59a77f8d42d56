import Testing
@testable import VirtualDevices
@testable import MediaServer

/// Phone calls, alarms and Siri (2010, 2012 and 2014 talks; AVAudioSession notifications and their userInfo keys, AVFAudio).
@Suite("Activation arbiter: system interruptions")
struct SystemInterruptionTests {
    /// Music (non-mixable) and an ambient game, both active in the foreground.
    static func musicAndGame(_ profile: PlatformProfile) throws -> ActivationArbiter {
        var arbiter = makeArbiter([.game, .music], profile: profile)
        _ = try arbiter.activate(.music, traits: .player, system: idle)
        _ = try arbiter.activate(.game, traits: .ambientGame, system: idle)
        return arbiter
    }

    /// "began" as each release spells it: the reason key exists from iOS 14.5.
    static func began(_ profile: PlatformProfile) -> PolicyNotification {
        .began(profile.release >= 14 ? .default : nil)
    }

    @Test("SESSION-INTERRUPT-CALL-BEGIN: a call interrupts mixable and non-mixable sessions alike", arguments: PlatformProfile.all)
    func callBegins(profile: PlatformProfile) throws {
        var arbiter = try Self.musicAndGame(profile)
        let actions = arbiter.systemInterruptionBegan(.phoneCall)
        let began = Self.began(profile)
        #expect(actions == [.deactivated(.game), .notify(.game, began), .deactivated(.music), .notify(.music, began)])
        #expect(arbiter.interrupter(of: .game) == .system(.phoneCall))
        #expect(!arbiter.isActive(.game) && !arbiter.isActive(.music))
    }

    @Test("SESSION-INTERRUPT-CALL-DECLINED: a declined call ends the interruption with shouldResume on every release", arguments: PlatformProfile.all)
    func callDeclined(profile: PlatformProfile) throws {
        var arbiter = try Self.musicAndGame(profile)
        _ = arbiter.systemInterruptionBegan(.phoneCall)
        let actions = arbiter.systemInterruptionEnded(.phoneCall, outcome: .declined)
        #expect(actions == [.notify(.game, .endedResume), .notify(.music, .endedResume)])
        #expect(!arbiter.isInterrupted(.music) && !arbiter.isActive(.music))
    }

    @Test("SESSION-INTERRUPT-CALL-ANSWERED: after an answered call iOS 6–7 send no ended (2012 talk), iOS 8+ do (2014 talk)",
          arguments: PlatformProfile.all)
    func callAnswered(profile: PlatformProfile) throws {
        var arbiter = try Self.musicAndGame(profile)
        _ = arbiter.systemInterruptionBegan(.phoneCall)
        let actions = arbiter.systemInterruptionEnded(.phoneCall, outcome: .answeredAndHungUp)
        if profile.release < 8 {
            #expect(actions == [])
            #expect(arbiter.isInterrupted(.music))
        } else {
            #expect(actions == [.notify(.game, .endedResume), .notify(.music, .endedResume)])
        }
    }

    @Test("SESSION-INTERRUPT-ALARM: a clock alarm interrupts, and dismissing it ends with shouldResume")
    func alarm() throws {
        var arbiter = try Self.musicAndGame(.ios17)
        #expect(arbiter.systemInterruptionBegan(.alarm).count == 4)
        #expect(arbiter.systemInterruptionEnded(.alarm) == [.notify(.game, .endedResume), .notify(.music, .endedResume)])
    }

    @Test("SESSION-INTERRUPT-SIRI: Siri interrupts a recorder; when Siri ends the recorder may resume")
    func siri() throws {
        var arbiter = makeArbiter([.recorder])
        _ = try arbiter.activate(.recorder, traits: .recording, system: idle)
        #expect(arbiter.systemInterruptionBegan(.siri) == [.deactivated(.recorder), .notify(.recorder, .began())])
        #expect(arbiter.systemInterruptionEnded(.siri) == [.notify(.recorder, .endedResume)])
    }

    @Test("SESSION-INTERRUPT-ONLY-ACTIVE: sessions already interrupted by another app hear nothing from the call")
    func onlyActiveSessionsInterrupted() throws {
        var arbiter = makeArbiter([.music, .voip])
        _ = try arbiter.activate(.music, traits: .player, system: idle)
        _ = try arbiter.activate(.voip, traits: .voiceCall, system: idle)
        #expect(arbiter.systemInterruptionBegan(.phoneCall) == [.deactivated(.voip), .notify(.voip, .began())])
        #expect(arbiter.systemInterruptionEnded(.phoneCall) == [.notify(.voip, .endedResume)])
        #expect(arbiter.interrupter(of: .music) == .app(.voip))
    }

    @Test("SESSION-INTERRUPT-UNDUCK: interrupting a ducking session restores the sessions it ducked")
    func interruptingDuckerUnducks() throws {
        var arbiter = makeArbiter([.music, .navigation])
        _ = try arbiter.activate(.music, traits: .player, system: idle)
        _ = try arbiter.activate(.navigation, traits: .navigationPrompt, system: idle)
        let actions = arbiter.systemInterruptionBegan(.phoneCall)
        #expect(actions == [
            .deactivated(.music), .notify(.music, .began()), .deactivated(.navigation), .notify(.navigation, .began()),
            .setDucked(.music, false),
        ])
    }
}
