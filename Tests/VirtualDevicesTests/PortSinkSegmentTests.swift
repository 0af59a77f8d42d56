import Foundation
import SimCore
import Testing
import VirtualDevices

/// A sink that recorded at 48 kHz and then, after the IO restarted, at 16 kHz.
@Suite("Port sinks across a rate change")
struct PortSinkSegmentTests {
    static let sixteen = SampleRate(framesPerSecond: 16_000)

    /// One second of a 440 Hz sine at 0.5 at 48 kHz, then one second at 16 kHz from the same
    /// phase, in 256-frame cycles; `capture` as the sink keeps it.
    static func sink(_ capture: SinkCapture) -> PortSink {
        var clock = IOClock(rate: .hz48000)
        var sink = PortSink(portUID: "p", channelCount: 1, clock: clock, capture: capture)
        var seconds = 0.0
        func write(frames: Int, rate: Double) {
            var buffer = [Float](repeating: 0, count: 256)
            var done = 0
            while done < frames {
                let count = min(256, frames - done)
                for i in 0..<count { buffer[i] = 0.5 * Float(sin(2 * Double.pi * 440 * (seconds + Double(i) / rate))) }
                seconds += Double(count) / rate
                buffer.withUnsafeBufferPointer { samples in sink.write([samples], frameCount: count) }
                done += count
            }
        }
        write(frames: 48_000, rate: 48_000)
        clock.changeRate(to: sixteen, atFrame: 48_000, time: .zero + .seconds(1))
        sink.changeRate(to: clock.segments[1])
        write(frames: 16_000, rate: 16_000)
        return sink
    }

    static let intervals: [(HostTime, HostTime)] = [
        (.zero + .milliseconds(200), .zero + .milliseconds(800)),     // at 48 kHz
        (.zero + .milliseconds(1_200), .zero + .milliseconds(1_800)), // at 16 kHz
        (.zero + .milliseconds(500), .zero + .milliseconds(1_500)),   // across the change
    ]

    @Test("levels, tone amplitude and frequency hold on both sides and across the change",
          arguments: [SinkCapture.everything, .windows([.zero..<(.zero + .seconds(2))])])
    func queries(capture: SinkCapture) throws {
        let sink = Self.sink(capture)
        #expect(sink.sampleRate == Self.sixteen)
        #expect(sink.position == 64_000)
        for (from, to) in Self.intervals {
            let level = try #require(sink.level(channel: 1, from: from, to: to))
            #expect(abs(level.rms - 0.5 / 2.0.squareRoot()) < 0.002, "RMS \(level.rms) \(from)–\(to)")
            #expect(abs(level.peak - 0.5) < 0.001)
            let amplitude = try #require(sink.toneAmplitude(atFrequency: 440, channel: 1, from: from, to: to))
            #expect(abs(amplitude - 0.5) < 0.01, "amplitude \(amplitude) \(from)–\(to)")
            let frequency = try #require(sink.dominantFrequency(channel: 1, from: from, to: to))
            #expect(abs(frequency - 440) < 0.5, "\(frequency) Hz \(from)–\(to)")
        }
        #expect(sink.capturedSlice(channel: 1, from: Self.intervals[2].0, to: Self.intervals[2].1) == nil,
                "one slice cannot span two rates")
        #expect(sink.capturedSlice(channel: 1, from: Self.intervals[1].0, to: Self.intervals[1].1)?.count == 9_600)
    }

    @Test("a window that covers only the 16 kHz part keeps only that, at 16 kHz")
    func windowAfterTheChange() throws {
        let sink = Self.sink(.windows([(.zero + .milliseconds(1_500))..<(.zero + .milliseconds(1_750))]))
        #expect(sink.capturedFrameCount == 4_000)
        #expect(sink.level(channel: 1, from: .zero + .milliseconds(200), to: .zero + .milliseconds(800)) == nil)
        let amplitude = try #require(sink.toneAmplitude(atFrequency: 440, channel: 1, from: .zero + .milliseconds(1_500),
                                                        to: .zero + .milliseconds(1_750)))
        #expect(abs(amplitude - 0.5) < 0.01)
    }
}
