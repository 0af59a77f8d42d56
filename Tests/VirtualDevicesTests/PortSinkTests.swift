import Foundation
import SimCore
import Testing
@testable import VirtualDevices

@Suite("Port sinks")
struct PortSinkTests {
    /// Writes `seconds` of a 1 kHz sine at `amplitude` on channel 1 and silence on channel 2,
    /// in IO cycles of `cycle` frames.
    private func render(_ sink: inout PortSink, seconds: Int, amplitude: Float, cycle: Int = 256) {
        let total = seconds * 48_000
        var written = 0
        var tone = [Float](repeating: 0, count: cycle)
        let silence = [Float](repeating: 0, count: cycle)
        while written < total {
            let count = min(cycle, total - written)
            for i in 0..<count {
                tone[i] = amplitude * Float(sin(2 * Double.pi * 1_000 * Double(Int(sink.position) + i) / 48_000))
            }
            tone.withUnsafeBufferPointer { t in
                silence.withUnsafeBufferPointer { s in sink.write([t, s], frameCount: count) }
            }
            written += count
        }
    }

    @Test("the envelope reports a tone's level on its channel and silence on the other")
    func levels() throws {
        var sink = PortSink(portUID: "HDMIOutput-1", channelCount: 2, sampleRate: .hz48000)
        sink.reserve(duration: .seconds(2))
        render(&sink, seconds: 2, amplitude: 0.5)
        let level = try #require(sink.level(channel: 1, from: .zero + .milliseconds(500), to: .zero + .milliseconds(1500)))
        #expect(abs(level.peakDBFS - (-6.02)) < 0.05)
        #expect(abs(level.rmsDBFS - (-9.03)) < 0.05, "a sine's RMS is 3 dB below its peak")
        #expect(sink.isSilent(channel: 2, from: .zero, to: .zero + .seconds(2)))
        #expect(!sink.isSilent(channel: 1, from: .zero + .seconds(1), to: .zero + .seconds(2)))
        #expect(sink.level(channel: 1, from: .zero + .seconds(3), to: .zero + .seconds(4)) == nil, "nothing written there")
    }

    @Test("the envelope is the same whatever the IO cycle size", arguments: [1, 7, 64, 256, 1024])
    func cycleIndependent(cycle: Int) throws {
        var reference = PortSink(portUID: "p", channelCount: 2, sampleRate: .hz48000)
        render(&reference, seconds: 1, amplitude: 0.25, cycle: 480)
        var sink = PortSink(portUID: "p", channelCount: 2, sampleRate: .hz48000)
        render(&sink, seconds: 1, amplitude: 0.25, cycle: cycle)
        for start in stride(from: 0, to: 1_000, by: 100) {
            let from = HostTime.zero + .milliseconds(Int64(start)), to = from + .milliseconds(100)
            #expect(sink.level(channel: 1, from: from, to: to) == reference.level(channel: 1, from: from, to: to))
        }
    }

    @Test("capture keeps the exact samples when asked, and missing channels are silent")
    func capture() {
        var sink = PortSink(portUID: "p", channelCount: 3, sampleRate: .hz44100, captureSamples: true)
        let samples: [Float] = [0.1, -0.2, 0.3]
        samples.withUnsafeBufferPointer { sink.write([$0], frameCount: 3) }
        #expect(sink.samples(channel: 1) == samples)
        #expect(sink.samples(channel: 3) == [0, 0, 0])
        #expect(sink.position == 3)
        #expect(PortSink(portUID: "p", channelCount: 1, sampleRate: .hz48000).samples(channel: 1) == nil)
    }
}
