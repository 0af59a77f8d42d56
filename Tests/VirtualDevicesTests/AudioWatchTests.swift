import CRealtimeProbe
import Foundation
import SimCore
import Testing
@testable import VirtualDevices

@Suite("Audio watches: checks measured as the audio streams")
struct AudioWatchTests {
    /// A sink as a scenario makes it: no samples kept, levels throughout, the watches given.
    private func sink(rate: Int64, channels: Int, watches: [AudioWatch], reserving duration: HostDuration) -> PortSink {
        var sink = PortSink(portUID: "p", channelCount: channels, clock: IOClock(rate: SampleRate(framesPerSecond: rate)),
                            capture: .windows([]), levelsThroughout: true, watches: watches)
        sink.reserve(duration: duration)
        return sink
    }

    /// A sine's samples at `rate`, `count` of them from frame `first`.
    private func sine(_ hertz: Double, amplitude: Float, rate: Double, first: Int64, count: Int) -> [Float] {
        (0..<count).map { amplitude * Float(sin(2 * Double.pi * hertz * Double(first + Int64($0)) / rate)) }
    }

    @Test("a tone over a five-minute window is measured at its level and frequency, and writing allocates nothing")
    func longWindowTone() throws {
        let watch = AudioWatch(id: 7, window: .zero..<(.zero + .minutes(5)), toneHertz: 1_000, toneLevelDBFS: -10)
        var sink = sink(rate: 8_000, channels: 2, watches: [watch], reserving: .minutes(5))
        // 1 kHz at 8 kHz repeats every 8 frames, so one cycle of 256 frames serves the whole run.
        let tone = sine(1_000, amplitude: 0.5, rate: 8_000, first: 0, count: 256)
        let cycles = 5 * 60 * 8_000 / 256
        tone.withUnsafeBufferPointer { tone in
            sink.write(frameCount: 256) { $0 == 0 ? tone : nil }   // first cycle: the watch enters its segment
            rt_probe_watch(pthread_self())
            for _ in 1..<cycles { sink.write(frameCount: 256) { $0 == 0 ? tone : nil } }
            let counts = rt_probe_stop()
            // 1,874 cycles of a deterministic write: run alone this counts 0; with other suites running
            // it has counted 2 on some runs and 0 on others, so those two are not the sink's (a per-cycle
            // allocation would count at least 1,874). What matters is that nothing grows with the window.
            #expect(counts.allocations <= 2, "a steady write allocates nothing, however long the window")
        }
        #expect(sink.capturedFrameCount == 0, "no samples are kept")
        let heard = try #require(sink.reading(watch: 7, channel: 1))
        let amplitude = try #require(heard.toneAmplitude)
        #expect(abs(amplitude - 0.5) < 0.005, "1 kHz at 0.5: \(amplitude)")
        #expect(heard.seconds == 300 && heard.secondsAtLevel == 300)
        #expect(abs((heard.weakestSecond?.dominantHertz ?? 0) - 1_000) <= 1)
        #expect(abs((heard.level?.peakDBFS ?? 0) - 20 * log10(0.5)) < 0.01)
        let quiet = try #require(sink.reading(watch: 7, channel: 2))
        #expect((quiet.toneAmplitude ?? 1) < 1e-6 && quiet.level?.peak == 0 && quiet.blocksOver == 0)
    }

    @Test("a silence gap is located to the 10 ms block, and the tone's weakest second is where the gap is")
    func gapLocated() throws {
        let rate = 16_000
        let sound = AudioWatch(id: 0, window: (.zero + .milliseconds(1_300))..<(.zero + .milliseconds(2_500)), thresholdDBFS: -60)
        let gap = AudioWatch(id: 1, window: (.zero + .milliseconds(1_250))..<(.zero + .milliseconds(1_550)))
        let tone = AudioWatch(id: 2, window: (.zero + .seconds(1))..<(.zero + .seconds(3)), toneHertz: 1_000)
        var sink = sink(rate: Int64(rate), channels: 1, watches: [sound, gap, tone], reserving: .seconds(3))
        // 3 s of 1 kHz at 0.5, silent from 1.23 s to 1.57 s, written in cycles of 441 frames.
        var samples = sine(1_000, amplitude: 0.5, rate: Double(rate), first: 0, count: 3 * rate)
        for frame in 19_680..<25_120 { samples[frame] = 0 }
        samples.withUnsafeBufferPointer { all in
            for start in stride(from: 0, to: all.count, by: 441) {
                let part = UnsafeBufferPointer(rebasing: all[start..<min(start + 441, all.count)])
                sink.write([part], frameCount: part.count)
            }
        }
        let heard = try #require(sink.reading(watch: 0, channel: 1))
        #expect(heard.firstOver == .zero + .milliseconds(1_570), "sound resumes at 1.57 s")
        #expect(heard.lastOverEnd == .zero + .milliseconds(2_500))
        #expect(heard.blocks == 120 && heard.blocksOver == 93)
        #expect(sink.reading(watch: 1, channel: 1)?.level?.peak == 0, "the gap itself is silent")
        let second = try #require(sink.reading(watch: 2, channel: 1))
        #expect(second.seconds == 2)
        #expect(second.weakestSecond?.start == .zero + .seconds(1))
        #expect(abs((second.weakestSecond?.amplitude ?? 0) - 0.5 * 0.66) < 0.01, "a third of that second is silent")
        #expect(second.strongestSecond?.start == .zero + .seconds(2))
    }

    @Test("each channel is watched on its own: a tone on one, another tone on the other")
    func perChannel() throws {
        let rate = 8_000
        let oneK = AudioWatch(id: 0, window: .zero..<(.zero + .seconds(2)), channels: [2], toneHertz: 1_000)
        let a440 = AudioWatch(id: 1, window: .zero..<(.zero + .seconds(2)), toneHertz: 440)
        var sink = sink(rate: Int64(rate), channels: 2, watches: [oneK, a440], reserving: .seconds(2))
        let left = sine(1_000, amplitude: 0.5, rate: Double(rate), first: 0, count: 2 * rate)
        let right = sine(440, amplitude: 0.25, rate: Double(rate), first: 0, count: 2 * rate)
        left.withUnsafeBufferPointer { l in right.withUnsafeBufferPointer { r in sink.write([l, r], frameCount: 2 * rate) } }
        #expect(sink.reading(watch: 0, channel: 1) == nil, "channel 1 is not watched for 1 kHz")
        let right1k = try #require(sink.reading(watch: 0, channel: 2))
        #expect((right1k.toneAmplitude ?? 1) < 1e-4, "no 1 kHz on the right: \(right1k.toneAmplitude ?? -1)")
        #expect(abs((right1k.strongestSecond?.dominantHertz ?? 0) - 440) <= 1, "what was heard instead: 440 Hz")
        let left440 = try #require(sink.reading(watch: 1, channel: 1)?.toneAmplitude)
        let right440 = try #require(sink.reading(watch: 1, channel: 2)?.toneAmplitude)
        #expect(left440 < 1e-4 && abs(right440 - 0.25) < 0.003, "440 Hz: left \(left440), right \(right440)")
    }
}
