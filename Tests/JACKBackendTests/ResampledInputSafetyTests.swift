import AudioGraph
import CRealtimeProbe
import Foundation
@testable import JACKBackend
import MediaServer
import Scenario
import SimCore
import Testing

extension JACKServerTests.ResamplingTests {
    /// A recorder on a Mac (whose hardware has 96 kHz) recording at 96 kHz.
    static let macRecorderAt96k = """
        scenario: mac-recorder-at-96k
        description: A recorder on a Mac asks for 96 kHz and records.
        device: mac
        seed: 7
        duration: 2500ms
        apps:
          Rec: { model: recorder }
        steps:
          - { at: 0s, do: launch, app: Rec }
          - { at: 100ms, do: set-preferred-sample-rate, app: Rec, hz: 96000 }
          - { at: 200ms, do: record, app: Rec }
          - { at: 300ms, do: answer-permission, app: Rec, granted: true }
          - { at: 2400ms, do: stop, app: Rec }
        expect:
          - { at: 1s, app: Rec, state: { sample-rate: 96000 } }
        """

    @Test("at 96 kHz a steady render of a JACK input port (converted on the render path) allocates, locks and writes nothing")
    func steadyResampledInputIsRealtimeSafe() throws {
        let server = try DummyJACKServer()
        let scenario = try Scenario.parse(Self.macRecorderAt96k, file: "mac-recorder-at-96k.yaml")
        let client = try JACKClient(name: "soundcheck", server: server.name)
        let playback = try JACKPlayback(client: client, freewheel: true)
        defer { playback.close() }
        try client.activate()
        let probed = ProbedInputBackend(playback)
        let result = try ScenarioRunner().run(scenario, backend: probed)
        playback.finish(throughFrame: 3 * 48_000)
        #expect(playback.failure == nil)
        #expect(result.failures.allSatisfy { !$0.message.contains("sample-rate") }, "\(result.failureReport)")
        #expect(playback.resamplingsUsed.map(\.simulatedRate) == [96_000])
        #expect(probed.feed.probedRenders > 300, "\(probed.feed.probedRenders) renders probed")
        #expect(probed.feed.counts.allocations == 0 && probed.feed.counts.locks == 0 && probed.feed.counts.writes == 0,
                "\(probed.feed.counts)")
    }
}

/// Passes the run to a JACK playback, and feeds the built-in microphone's first channel from
/// its JACK input port (the playback's first) through a feed of the playback's own kind
/// (`JACKInputFeed`) whose renders are counted, in place of the playback's.
final class ProbedInputBackend: IOBackend, @unchecked Sendable {
    let inner: JACKPlayback
    let feed: ProbedFeed

    init(_ inner: JACKPlayback) {
        self.inner = inner
        feed = ProbedFeed(JACKInputFeed(player: inner.player, slot: 0, periodFrames: inner.periodFrames,
                                        latencyFrames: inner.inputLatencyFrames, resamplings: inner.resamplings))
    }

    var sampleRate: Int { inner.sampleRate }
    var periodFrames: Int { inner.periodFrames }
    func ioRendered(_ output: IOCycleOutput) { inner.ioRendered(output) }

    /// Ours first: the server keeps one feed per port channel, the first it was given.
    func attach(to server: AudioServer) {
        feed.inner.server = server
        if let microphone = server.device.ports.first(where: { $0.portType.rawValue == "MicrophoneBuiltIn" }) {
            server.feedInput(portUID: microphone.uid, channel: 1, from: feed)
        }
        inner.attach(to: server)
    }
}

/// Counts what a feed's renders allocate, lock and write, from the 50th render in the same IO
/// clock segment on (the first render at a new rate makes its converter).
final class ProbedFeed: RenderClient {
    let inner: JACKInputFeed
    private(set) var counts = rt_probe_counts()
    private(set) var probedRenders = 0
    private var steady = 0
    private var segments = 0

    init(_ inner: JACKInputFeed) { self.inner = inner }

    func render(_ cycle: RenderClientCycle) {
        let count = inner.server?.ioClock?.segments.count ?? 0
        steady = count == segments ? steady + 1 : 0
        segments = count
        guard steady > 50 else { return inner.render(cycle) }
        rt_probe_watch(pthread_self())
        inner.render(cycle)
        let render = rt_probe_stop()
        counts.allocations += render.allocations
        counts.locks += render.locks
        counts.writes += render.writes
        probedRenders += 1
    }
}
