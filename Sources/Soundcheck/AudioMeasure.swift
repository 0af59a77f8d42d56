import Foundation
import SimCore
import VirtualDevices

/// The one place the harness measures audio, with the scenario runner's thresholds and the same
/// port-sink measurements its audio checks make (`Scenario/Runner/AudioChecker`): peak and RMS
/// from the sink's level envelope, a tone by Goertzel, the dominant frequency from zero crossings.
/// Kept narrow on purpose, so that when the checks become streaming detectors only this file moves.
public enum AudioMeasure {
    /// A scenario's `silent`: the peak below −90 dBFS.
    public static let silenceDBFS = -90.0
    /// A scenario's `tone:` default level: −40 dBFS.
    public static let toneDBFS = -40.0

    static func level(_ sink: PortSink, channel: Int, from: HostTime, to: HostTime) -> AudioLevel? {
        sink.level(channel: channel, from: from, to: to).map { AudioLevel(peak: $0.peak, rms: $0.rms) }
    }

    static func toneDBFS(_ sink: PortSink, hertz: Double, channel: Int, from: HostTime, to: HostTime) -> Double {
        guard let amplitude = sink.toneAmplitude(atFrequency: hertz, channel: channel, from: from, to: to), amplitude > 0 else {
            return -.infinity
        }
        return 20 * log10(amplitude)
    }

    static func dominantFrequency(_ sink: PortSink, channel: Int, from: HostTime, to: HostTime) -> Double? {
        sink.dominantFrequency(channel: channel, from: from, to: to)
    }

    static func samples(_ sink: PortSink, channel: Int, from: HostTime, to: HostTime) -> [Float]? {
        sink.capturedSlice(channel: channel, from: from, to: to).map(Array.init)
    }
}

/// Peak and RMS over a range, linear (1.0 is full scale) and in dBFS (silence is −inf).
public struct AudioLevel: Hashable, Sendable {
    public let peak: Double
    public let rms: Double

    public static let silence = AudioLevel(peak: 0, rms: 0)

    public var peakDBFS: Double { peak > 0 ? 20 * log10(peak) : -.infinity }
    public var rmsDBFS: Double { rms > 0 ? 20 * log10(rms) : -.infinity }
}
