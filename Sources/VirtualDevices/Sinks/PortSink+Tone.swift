import Foundation
import SimCore

/// Tone checks on captured samples, without an FFT: "is there a 1 kHz tone on HDMI channel 3
/// between 2 s and 4 s?". They need `captureSamples`; without it they return nil.
extension PortSink {
    /// The amplitude (linear peak, 1.0 = full scale) of the component at `frequency` over the
    /// interval, by the Goertzel algorithm on the captured samples.
    public func toneAmplitude(atFrequency frequency: Double, channel: Int, from start: HostTime, to end: HostTime) -> Double? {
        guard let samples = capturedSlice(channel: channel, from: start, to: end), !samples.isEmpty else { return nil }
        let omega = 2 * Double.pi * frequency / sampleRate.hertz
        let coefficient = 2 * cos(omega)
        var (s1, s2) = (0.0, 0.0)
        for sample in samples {
            let s0 = Double(sample) + coefficient * s1 - s2
            (s2, s1) = (s1, s0)
        }
        let power = s1 * s1 + s2 * s2 - coefficient * s1 * s2
        return 2 * power.squareRoot() / Double(samples.count)
    }

    /// The frequency of the dominant tone over the interval, estimated from the spacing of its
    /// upward zero crossings (interpolated between samples). Meant for one clear tone; nil when
    /// fewer than two crossings are found.
    public func dominantFrequency(channel: Int, from start: HostTime, to end: HostTime) -> Double? {
        guard let samples = capturedSlice(channel: channel, from: start, to: end) else { return nil }
        var first: Double?
        var last = 0.0
        var crossings = 0
        var previous = samples.first ?? 0
        for (offset, sample) in samples.enumerated().dropFirst() {
            defer { previous = sample }
            guard previous < 0, sample >= 0 else { continue }
            let position = Double(offset - 1) + Double(-previous) / Double(sample - previous)
            if first == nil { first = position } else { crossings += 1 }
            last = position
        }
        guard let first, crossings > 0 else { return nil }
        return Double(crossings) * sampleRate.hertz / (last - first)
    }

    /// The captured samples of `channel` (1-based) between two instants.
    public func capturedSlice(channel: Int, from start: HostTime, to end: HostTime) -> ArraySlice<Float>? {
        guard let samples = samples(channel: channel) else { return nil }
        let first = Int(max(0, min(Int64(samples.count), sampleRate.sampleTime(at: start).frames)))
        let last = Int(max(Int64(first), min(Int64(samples.count), sampleRate.sampleTime(at: end).frames)))
        return samples[first..<last]
    }
}
