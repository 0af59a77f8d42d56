import Foundation
import SimCore

/// Tone checks on captured samples, without an FFT: "is there a 1 kHz tone on HDMI channel 3
/// between 2 s and 4 s?". They need captured samples there; without them they return nil.
/// An interval that crosses a rate change is measured per segment (each at its own rate) and
/// the results are combined, weighted by the time each covers.
extension PortSink {
    /// The amplitude (linear peak, 1.0 = full scale) of the component at `frequency` over the
    /// interval, by the Goertzel algorithm on the captured samples.
    public func toneAmplitude(atFrequency frequency: Double, channel: Int, from start: HostTime, to end: HostTime) -> Double? {
        let pieces = capturedPieces(channel: channel, from: start, to: end)
        if pieces.count == 1 { return Self.goertzel(pieces[0].samples, frequency: frequency, rate: pieces[0].rate) }
        var weighted = 0.0, seconds = 0.0
        for piece in pieces {
            let duration = Double(piece.samples.count) / piece.rate.hertz
            weighted += Self.goertzel(piece.samples, frequency: frequency, rate: piece.rate) * duration
            seconds += duration
        }
        return seconds > 0 ? weighted / seconds : nil
    }

    /// The frequency of the dominant tone over the interval, estimated from the spacing of its
    /// upward zero crossings (interpolated between samples). Meant for one clear tone; nil when
    /// fewer than two crossings are found.
    public func dominantFrequency(channel: Int, from start: HostTime, to end: HostTime) -> Double? {
        let pieces = capturedPieces(channel: channel, from: start, to: end)
        if pieces.count == 1 {
            guard let (crossings, span) = Self.crossings(pieces[0].samples) else { return nil }
            return Double(crossings) * pieces[0].rate.hertz / span
        }
        var crossings = 0, seconds = 0.0
        for piece in pieces {
            guard let (count, span) = Self.crossings(piece.samples) else { continue }
            crossings += count
            seconds += span / piece.rate.hertz
        }
        return crossings > 0 ? Double(crossings) / seconds : nil
    }

    /// The captured samples of `channel` (1-based) between two instants, when they were all
    /// captured at one rate (nil across a rate change, or where nothing was captured).
    public func capturedSlice(channel: Int, from start: HostTime, to end: HostTime) -> ArraySlice<Float>? {
        let pieces = capturedPieces(channel: channel, from: start, to: end)
        return pieces.count == 1 ? pieces[0].samples : nil
    }

    private static func goertzel(_ samples: ArraySlice<Float>, frequency: Double, rate: SampleRate) -> Double {
        let omega = 2 * Double.pi * frequency / rate.hertz
        let coefficient = 2 * cos(omega)
        var (s1, s2) = (0.0, 0.0)
        for sample in samples {
            let s0 = Double(sample) + coefficient * s1 - s2
            (s2, s1) = (s1, s0)
        }
        let power = s1 * s1 + s2 * s2 - coefficient * s1 * s2
        return 2 * power.squareRoot() / Double(samples.count)
    }

    /// Upward zero crossings after the first one, and the span in frames from the first to the last.
    private static func crossings(_ samples: ArraySlice<Float>) -> (count: Int, span: Double)? {
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
        return (crossings, last - first)
    }
}
