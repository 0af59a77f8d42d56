import Foundation
import SimCore

/// What reached one output port, channel by channel: a level envelope at a fixed resolution,
/// always, and the samples themselves when capture is on. Tests and scenario expectations read it
/// ("a tone on HDMI channel 3 between 2 s and 4 s", "silence on the speaker after the unplug").
///
/// Writing is real-time safe once `reserve(duration:)` has sized the storage: no allocation,
/// no locks, only arithmetic on preallocated arrays.
public struct PortSink: Sendable {
    public let portUID: String
    public let channelCount: Int
    public let sampleRate: SampleRate
    /// Frames per envelope block (10 ms by default: 480 frames at 48 kHz).
    public let blockFrames: Int
    /// Frame position of the next frame to be written.
    public private(set) var position: Int64 = 0

    private var envelopes: [LevelEnvelope]
    private var captures: [[Float]]?

    public init(portUID: String, channelCount: Int, sampleRate: SampleRate,
                resolution: HostDuration = .milliseconds(10), captureSamples: Bool = false) {
        precondition(channelCount > 0, "a port has at least one channel")
        self.portUID = portUID
        self.channelCount = channelCount
        self.sampleRate = sampleRate
        self.blockFrames = max(1, Int(sampleRate.frames(in: resolution)))
        envelopes = Array(repeating: LevelEnvelope(), count: channelCount)
        captures = captureSamples ? Array(repeating: [], count: channelCount) : nil
    }

    public var isCapturing: Bool { captures != nil }

    /// Preallocates storage for `duration` of audio so later writes never allocate.
    public mutating func reserve(duration: HostDuration) {
        let frames = Int(sampleRate.frames(in: duration, rounding: .up))
        for channel in 0..<channelCount {
            envelopes[channel].reserve(blocks: frames / blockFrames + 1)
            captures?[channel].reserveCapacity(frames)
        }
    }

    /// Writes one IO cycle: `channels[c]` holds `frameCount` samples for channel `c`. Channels
    /// not supplied (fewer buffers than channels) receive silence.
    public mutating func write(_ channels: [UnsafeBufferPointer<Float>], frameCount: Int) {
        for channel in 0..<channelCount {
            if channel < channels.count {
                precondition(channels[channel].count >= frameCount, "short buffer for channel \(channel + 1)")
                let samples = UnsafeBufferPointer(rebasing: channels[channel][0..<frameCount])
                envelopes[channel].add(samples, blockFrames: blockFrames, startingAt: position)
                captures?[channel].append(contentsOf: samples)
            } else {
                envelopes[channel].addSilence(frameCount, blockFrames: blockFrames, startingAt: position)
                captures?[channel].append(contentsOf: repeatElement(0, count: frameCount))
            }
        }
        position += Int64(frameCount)
    }

    /// Peak and RMS of `channel` (1-based, like `AVAudioSessionChannelDescription`) over an
    /// interval, at envelope resolution; nil if nothing was written there.
    public func level(channel: Int, from start: HostTime, to end: HostTime) -> Level? {
        precondition((1...channelCount).contains(channel), "channel numbers run from 1 to \(channelCount)")
        let first = Int(sampleRate.sampleTime(at: start).frames / Int64(blockFrames))
        let last = Int((sampleRate.sampleTime(at: end, rounding: .up).frames - 1) / Int64(blockFrames))
        return envelopes[channel - 1].level(blocks: max(0, first)...max(0, last))
    }

    /// True when the channel's peak stays below `thresholdDBFS` over the interval.
    public func isSilent(channel: Int, from start: HostTime, to end: HostTime, thresholdDBFS: Double = -90) -> Bool {
        guard let level = level(channel: channel, from: start, to: end) else { return true }
        return level.peakDBFS < thresholdDBFS
    }

    /// The captured samples of `channel` (1-based), if capture is on.
    public func samples(channel: Int) -> [Float]? { captures?[channel - 1] }
}

/// A level over some interval: peak and RMS, linear and in dBFS.
public struct Level: Hashable, Sendable {
    public var peak: Double
    public var rms: Double

    public var peakDBFS: Double { decibels(peak) }
    public var rmsDBFS: Double { decibels(rms) }
}

/// Full scale is 1.0; silence is reported as -inf dBFS.
func decibels(_ linear: Double) -> Double {
    linear > 0 ? 20 * log10(linear) : -.infinity
}
