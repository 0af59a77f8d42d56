import SimCore
import Testing
@testable import VirtualDevices
@testable import MediaServer

/// Issue 32's "each fact in one place" and "notifications after effects": the policy answers who
/// is heard and whether an app's I/O runs, once; the server traces an input's effects before any
/// app reacts to them.
@Suite("MediaPolicy: each fact once, the mix as its output, reactions after their cause")
struct OneFactTests {
    typealias Bench = MediaPolicyTests.Bench

    @Test("audibility is the policy's answer: audible, ducked under a prompt, silenced once a call interrupts")
    func audibilityFollowsThePolicy() throws {
        var bench = try Bench(apps: [.music, .navigation])
        _ = try bench.configure(.music, .playback)
        #expect(bench.policy.audibility(of: .music) == .silenced) // not active yet
        _ = try bench.policy.activate(.music)
        #expect(bench.policy.audibility(of: .music) == .audible)

        _ = try bench.configure(.navigation, .playback, mode: .voicePrompt, options: [.duckOthers])
        _ = try bench.policy.activate(.navigation)
        #expect(bench.policy.audibility(of: .music) == .ducked)
        #expect(bench.policy.audibility(of: .navigation) == .audible)

        _ = bench.policy.systemInterruptionBegan(.phoneCall, system: bench.device.system)
        #expect(bench.policy.isInterrupted(.music))
        #expect(bench.policy.audibility(of: .music) == .silenced)
        #expect(bench.policy.audibility(of: .navigation) == .silenced)
    }

    @Test("the ring/silent switch silences an ambient game and the system-sound player, not a playback session")
    func ringerSilencesAmbient() throws {
        var bench = try Bench(apps: [.game, .music])
        _ = try bench.configure(.game, .ambient)
        _ = try bench.policy.activate(.game)
        _ = try bench.configure(.music, .playback)
        _ = try bench.policy.activate(.music)
        #expect(bench.policy.audibility(of: .systemSounds) == .audible)

        _ = try bench.device.apply(.ringerSwitch(silent: true))
        _ = bench.policy.deviceChanged(ports: bench.device.ports, system: bench.device.system, cause: nil)
        #expect(bench.policy.audibility(of: .game) == .silenced)
        #expect(bench.policy.audibility(of: .music) == .audible)
        #expect(bench.policy.audibility(of: .systemSounds) == .silenced)
    }

    @Test("input reaches an app only while its session is active, the user granted the microphone and it is not muted")
    func inputGate() throws {
        var bench = try Bench(apps: [.recorder])
        _ = try bench.configure(.recorder, .record)
        #expect(!bench.policy.hearsInput(.recorder))
        _ = try bench.policy.activate(.recorder)
        #expect(!bench.policy.hearsInput(.recorder)) // the permission dialog is up
        _ = bench.policy.answerRecordPermission(.recorder, granted: true, fromSettings: false)
        #expect(bench.policy.hearsInput(.recorder))
        _ = bench.policy.setInputMuted(.recorder, true)
        #expect(!bench.policy.hearsInput(.recorder))
    }

    @Test("an app's I/O runs until its objects stop it, through an interruption; a media-services reset forgets it")
    func ioRunningIsOneFact() throws {
        var bench = try Bench(apps: [.music])
        _ = try bench.configure(.music, .playback)
        _ = try bench.policy.ioStarted(.music) // activates the session implicitly
        #expect(bench.policy.isActive(.music) && bench.policy.isIORunning(.music))

        _ = bench.policy.systemInterruptionBegan(.phoneCall, system: bench.device.system)
        #expect(!bench.policy.isActive(.music))
        #expect(bench.policy.isIORunning(.music)) // until the player reports it paused
        _ = bench.policy.ioStopped(.music)
        #expect(!bench.policy.isIORunning(.music))

        _ = try bench.policy.ioStarted(.music)
        _ = bench.policy.mediaServicesReset(system: bench.device.system)
        #expect(!bench.policy.isIORunning(.music))
    }

    @Test("a player paused by oldDeviceUnavailable is traced after the unplug's route change, not inside it")
    func reactionFollowsCause() throws {
        let server = AudioServer(profile: try DeviceProfile.load("iphone"), platform: .ios17)
        let music = AppID("Music")
        var heard: [PolicyNotification] = []
        server.register(music, hasAudioBackgroundMode: true, observer: { [unowned server] notification in
            heard.append(notification)
            if case .routeChange(.oldDeviceUnavailable, _) = notification { try? server.setIORunning(music, false) }
        })
        try server.apply(.launch(app: "Music"))
        try server.apply(.attach(.wiredHeadphones, connector: nil))
        try server.setCategory(music, .playback)
        try server.setIORunning(music, true)
        let headphones = try #require(server.device.accessories.last).id
        let before = server.trace.events.count

        try server.apply(.detach(accessory: headphones))
        // Delivered before `apply` returns, once everything the unplug did is traced.
        #expect(heard.contains { if case .routeChange(.oldDeviceUnavailable, _) = $0 { true } else { false } })
        let kinds = server.trace.records.dropFirst(before).map(\.kind)
        let routeChanged = try #require(kinds.firstIndex(of: .routeChanged))
        let stopped = try #require(kinds.firstIndex(of: .apiStopIO))
        #expect(routeChanged < stopped)
        #expect(!server.policy.isIORunning(music))
    }
}
