import MediaServer
import SimCore
import Soundcheck
import Testing
import VirtualDevices

/// A plain Swift podcast player, written only against Apple's API, driven through calls,
/// unplugs and a media-services reset.
@Suite("Podcast player on a simulated iPhone")
struct PodcastPlayerTests {
    private func launch(platform: PlatformProfile = .ios17) throws -> (SimulatedDevice, PodcastPlayer) {
        let device = try SimulatedDevice(profile: "iphone", platform: platform, seed: 1)
        let player = try device.launch("Podcasts", backgroundAudio: true) { PodcastPlayer() }
        return (device, player)
    }

    @Test("SESSION-INTERRUPT-BEGIN/END-RESUME: a declined call interrupts, then lets it resume")
    func declinedCall() throws {
        let (device, player) = try launch()
        device.run(as: "Podcasts") { player.play() }
        #expect(device.session("Podcasts").isActive)
        try device.perform(.incomingCall(caller: "Alice"))
        #expect(!player.isPlaying)
        #expect(!device.session("Podcasts").isActive, "an interrupted session is already inactive")
        device.advance(by: .seconds(3))
        try device.perform(.declineCall)
        #expect(player.isPlaying, "shouldResume after a declined call")
        #expect(device.session("Podcasts").isActive)
        #expect(player.events == ["configured", "playing", "interrupted", "interruption ended, may resume", "playing"])
    }

    @Test("SESSION-INTERRUPT-CALL-ANSWERED: no resume while the call lasts")
    func answeredCall() throws {
        let (device, player) = try launch()
        device.run(as: "Podcasts") { player.play() }
        try device.perform(.incomingCall(caller: "Bob"))
        try device.perform(.answerCall)
        device.advance(by: .minutes(1))
        #expect(!player.isPlaying)
        #expect(device.session("Podcasts").isInterrupted)
    }

    @Test("ROUTING-OLD-DEVICE-UNAVAILABLE: pulling the headphones out pauses playback")
    func unplug() throws {
        let (device, player) = try launch()
        let headphones = try device.attach("wired-headphones")
        device.run(as: "Podcasts") { player.play() }
        #expect(device.session("Podcasts").outputTypes == [.headphones])
        try device.detach(headphones)
        #expect(!player.isPlaying)
        #expect(player.events.suffix(2) == ["headphones gone", "paused"])
        #expect(device.session("Podcasts").outputTypes == [.builtInSpeaker])
        let routeChanges = device.events(.notifyRouteChange, app: "Podcasts")
        #expect(routeChanges.map { $0.fields["reason"] } == ["newDeviceAvailable", "oldDeviceUnavailable"])
        #expect(routeChanges.last?.fields["previousOutputs"] == [["type": "Headphones", "uid": "Wired Headphones"]])
    }

    @Test("SESSION-RESET: after a media-services reset the player rebuilds and does not restart by itself")
    func reset() throws {
        let (device, player) = try launch()
        device.run(as: "Podcasts") { player.play() }
        try device.perform(.mediaServerCrash(restartDelay: .milliseconds(500)))
        #expect(device.events(.notifyMediaServicesWereLost, app: "Podcasts").count == 1)
        device.advance(by: .seconds(1))
        #expect(device.events(.notifyMediaServicesWereReset, app: "Podcasts").count == 1)
        #expect(!player.isPlaying)
        #expect(player.events.suffix(2) == ["media services reset", "configured"])
        #expect(device.session("Podcasts").configuration.mode == .spokenAudio, "reconfigured from scratch")
        device.run(as: "Podcasts") { player.play() }
        #expect(player.isPlaying && device.session("Podcasts").isActive)
    }

    @Test("SESSION-RESET: calls while the media server is down fail with mediaServicesFailed")
    func callsDuringCrash() throws {
        let (device, player) = try launch()
        try device.perform(.mediaServerCrash(restartDelay: .seconds(1)))
        device.run(as: "Podcasts") { player.play() }
        #expect(!player.isPlaying)
        #expect(player.events.last == "play failed: \(SessionErrorCode.mediaServicesFailed.rawValue)")
    }
}
