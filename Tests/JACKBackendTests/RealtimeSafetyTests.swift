import CRealtimeProbe
import Foundation
import JACKBackend
import MediaServer
import Scenario
import SimCore
import Testing

extension JACKServerTests {
    /// JACK's process thread, while our client plays a scenario, never allocates, locks or writes:
    /// every call to malloc, free, pthread_mutex_lock and write on that thread is counted.
    @Suite("real-time safety")
    struct RealtimeSafetyTests {
        @Test("the process callback does not allocate, lock or log")
        func processCallbackIsRealtimeSafe() throws {
            let server = try DummyJACKServer()
            let file = DummyJACKServer.repository.appendingPathComponent("Scenarios/audio/prompt-ducks-music-audio.yaml").path
            let scenario = try Scenario.load(file: file)
            let client = try JACKClient(name: "soundcheck", server: server.name)
            let playback = try JACKPlayback(client: client)
            defer { playback.close() }
            try client.activate()
            // Let the thread settle (libjack's first cycles set up), then count.
            usleep(200_000)
            let callbacksBefore = playback.stats.callbacks
            rt_probe_watch(client.processThread)
            let result = try ScenarioRunner().run(scenario, backend: playback)
            playback.finish(throughFrame: Int64(scenario.duration.nanoseconds / 1_000_000_000) * 48000)
            let counts = rt_probe_stop()
            #expect(result.passed)
            #expect(playback.failure == nil)
            #expect(playback.stats.callbacks - callbacksBefore > 1_000)
            #expect(counts.allocations == 0)
            #expect(counts.locks == 0)
            #expect(counts.writes == 0)
        }

        @Test("the probe counts what it should: a watched thread that allocates is caught")
        func probeCounts() {
            rt_probe_watch(pthread_self())
            let buffer = malloc(64)
            free(buffer)
            let counts = rt_probe_stop()
            #expect(counts.allocations == 2)
        }
    }
}
