@testable import Explore
import MediaServer
import SimCore
import Testing
import VirtualDevices

/// Explore's invariants read the trace as typed records: each one is judged here on records
/// built in memory, with no JSON line and no kind text, so a check that still matched a line's
/// `kind` string would see nothing and these would fail.
@Suite("Invariants on typed records")
struct TypedCheckpointTests {
    /// A checkpoint after `records`, all of them fresh, on a server no app has registered with
    /// (so only the trace can break a rule).
    static func checkpoint(_ facts: [TraceFact], appsUnderTest: Set<String> = ["Music", "Nav"], isEnd: Bool = false) throws -> Checkpoint {
        let records = facts.enumerated().map { TraceRecord(time: HostTime(nanoseconds: Int64($0.offset) * 1_000_000), $0.element) }
        let server = AudioServer(profile: try DeviceProfile.load("iphone"), seed: 1)
        return Checkpoint(server: server, records: records, fresh: 0..<records.count, stepsDone: 1, isEnd: isEnd,
                          appsUnderTest: appsUnderTest, previousTime: .zero)
    }

    static let began = TraceFact.notification(app: "Music", .interruption(type: .began, reason: nil, options: nil))
    static let endedResume = TraceFact.notification(app: "Music", .interruption(type: .ended, reason: nil, options: .shouldResume))
    static func started(_ app: String) -> TraceFact { .app(AppEventRecord(app: app, model: "player", what: "started")) }
    static func stopped(_ app: String) -> TraceFact { .app(AppEventRecord(app: app, model: "player", what: "stopped")) }

    @Test("\"began\" to a session still active breaks interrupted-session-inactive; after its deactivation it does not")
    func beganWhileActive() throws {
        let active = try Self.checkpoint([.activated(app: "Music"), Self.began])
        #expect(Invariant.interruptedIsInactive.check(active) == ["Music heard \"began\" while its session was still active"])
        let inactive = try Self.checkpoint([.activated(app: "Music"), .deactivated(app: "Music"), Self.began])
        #expect(Invariant.interruptedIsInactive.check(inactive).isEmpty)
        let otherApp = try Self.checkpoint([.activated(app: "Nav"), Self.began])
        #expect(Invariant.interruptedIsInactive.check(otherApp).isEmpty)
    }

    @Test("\"ended\" with shouldResume needs a release: notifyOthersOnDeactivation in the step, or a call's end")
    func shouldResumeNeedsARelease() throws {
        let step = TraceFact.step(number: 1, verb: "deactivate", line: 3)
        let unreleased = try Self.checkpoint([step, Self.endedResume])
        #expect(Invariant.shouldResumeOnlyWhenReleased.check(unreleased) == ["Music heard \"ended\" with shouldResume though nobody released it"])
        let release = TraceFact.api(APICallRecord(call: .apiSetActive, app: "Nav",
                                                  arguments: ["active": false, "options": ["notifyOthersOnDeactivation"]], result: .ok))
        #expect(Invariant.shouldResumeOnlyWhenReleased.check(try Self.checkpoint([step, Self.endedResume, release])).isEmpty)
        let hangUp = TraceFact.step(number: 1, verb: "hang-up", line: 3)
        #expect(Invariant.shouldResumeOnlyWhenReleased.check(try Self.checkpoint([hangUp, Self.endedResume])).isEmpty)
    }

    @Test("a playing app that hears \"began\" and does not stop in that step breaks kept-playing-through-interruption")
    func keptPlaying() throws {
        let step = TraceFact.step(number: 2, verb: "incoming-call", line: 5)
        let kept = try Self.checkpoint([Self.started("Music"), step, Self.began])
        #expect(Invariant.keptPlayingThroughInterruption.check(kept) == ["Music kept playing (in its own eyes) through an interruption"])
        #expect(Invariant.keptPlayingThroughInterruption.check(try Self.checkpoint([Self.started("Music"), step, Self.began, Self.stopped("Music")])).isEmpty)
        // A launch starts the app over, stopped.
        let relaunched = TraceFact.device(DeviceEventRecord(kind: .deviceLaunch, fields: ["app": "Music"]))
        #expect(Invariant.keptPlayingThroughInterruption.check(try Self.checkpoint([Self.started("Music"), relaunched, step, Self.began])).isEmpty)
        // An "ended" is not a "began".
        #expect(Invariant.keptPlayingThroughInterruption.check(try Self.checkpoint([Self.started("Music"), step, Self.endedResume])).isEmpty)
        // Only apps under test are judged.
        #expect(Invariant.keptPlayingThroughInterruption.check(try Self.checkpoint([Self.started("Music"), step, Self.began], appsUnderTest: ["Nav"])).isEmpty)
    }

    @Test("a voice from before a media-services reset that is not removed after it breaks reset-leaves-zombies")
    func zombieVoice() throws {
        let added = TraceFact.other(.audioVoiceAdded, ["voice": 4, "app": "Music"])
        let reset = TraceFact.other(.mediaServerReset, ["epoch": 1])
        #expect(Invariant.resetLeavesZombies.check(try Self.checkpoint([added, reset])) == ["voice 4 from before the reset still plays after it"])
        let removed = TraceFact.other(.audioVoiceRemoved, ["voice": 4])
        #expect(Invariant.resetLeavesZombies.check(try Self.checkpoint([added, reset, removed])).isEmpty)
    }

    @Test("an app's audio API error, as its model logged it, breaks the audio-API rules")
    func loggedError() throws {
        let error = TraceFact.app(AppEventRecord(app: "Music", model: "queue-player", what: "error",
                                                 details: ["call": "AudioQueueStart", "code": "-66681"]))
        #expect(Invariant.restartedHardwareQueue.check(try Self.checkpoint([error])).count == 1)
        #expect(Invariant.restartedHardwareQueue.check(try Self.checkpoint([error], appsUnderTest: ["Nav"])).isEmpty)
    }

    @Test("transitions are named from the records: the kind, then what tells its variants apart")
    func transitionNames() throws {
        let facts: [TraceFact] = [.activated(app: "Music"), Self.began, Self.endedResume, .ducked(app: "Music", true), .other(.mediaServerReset, ["epoch": 1]),
                       .notification(app: "Music", .routeChange(reason: .oldDeviceUnavailable, previous: TracedRoute())), Self.started("Music")]
        let records = facts.map { TraceRecord(time: .zero, $0) }
        #expect(TransitionCoverage.transitions(in: records) == [
            "session.activated": 1, "notify.interruption:began": 1, "notify.interruption:ended+shouldResume": 1, "session.ducked:true": 1,
            "mediaserver.reset": 1, "notify.routeChange:oldDeviceUnavailable": 1,
        ])
    }

    @Test("the kinds after which port audio is not judged are every listed kind of the server, route, hardware and sessions")
    func soundMoversAreTheFamilies() {
        let families = ["mediaserver.", "route.", "hardware.", "session."]
        #expect(TraceKind.allCases.filter(Invariant.movesTheSound) == TraceKind.allCases.filter { kind in families.contains { kind.rawValue.hasPrefix($0) } })
    }
}
