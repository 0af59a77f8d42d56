import Foundation
import SimCore

/// What reached one output port, channel by channel: a level envelope at a fixed resolution and,
/// when capturing, the samples themselves. Tests and scenario expectations read it ("a tone on
/// HDMI channel 3 between 2 s and 4 s", "silence on the speaker after the unplug").
///
/// Positions are IO frames (`IOClock`): frame `f` of the sink is IO frame `f`. When the IO
/// restarts at another rate the sink starts a new segment at that rate (`changeRate`), and every
/// query converts host times through the segment that covers them, so an interval at 48 kHz,
/// one at 16 kHz and one across the change all answer correctly.
///
/// Writing is real-time safe once storage is reserved (`reserve(duration:)`, or capture windows,
/// which reserve their own): no allocation, no locks, only arithmetic on preallocated arrays.
public struct PortSink: Sendable {
    public let portUID: String
    public let channelCount: Int
    public let capture: SinkCapture
    /// With capture windows: a level envelope is kept over the whole run too.
    public let levelsThroughout: Bool
    /// Frame position of the next frame to be written.
    public private(set) var position: Int64 = 0

    private let resolution: HostDuration
    private var segments: [SinkSegment]
    /// Checks measured as the audio streams past (`AudioWatch`).
    private var watches: SinkWatches

    public init(portUID: String, channelCount: Int, sampleRate: SampleRate,
                resolution: HostDuration = .milliseconds(10), captureSamples: Bool = false) {
        self.init(portUID: portUID, channelCount: channelCount, clock: IOClock(rate: sampleRate),
                  resolution: resolution, capture: captureSamples ? .everything : .levels)
    }

    /// A sink following `clock` (all its segments so far), keeping what `capture` says and
    /// measuring `watches` (which need the level envelope of every frame: capture `.levels` or
    /// `.everything`, or windows with `levelsThroughout`).
    public init(portUID: String, channelCount: Int, clock: IOClock, resolution: HostDuration = .milliseconds(10),
                capture: SinkCapture, levelsThroughout: Bool = false, watches: [AudioWatch] = []) {
        precondition(channelCount > 0, "a port has at least one channel")
        self.watches = SinkWatches(watches, channelCount: channelCount)
        self.portUID = portUID
        self.levelsThroughout = levelsThroughout
        self.channelCount = channelCount
        self.resolution = resolution
        if case let .windows(windows) = capture { self.capture = .windows(SinkCapture.merged(windows)) } else { self.capture = capture }
        segments = []
        for segment in clock.segments { changeRate(to: segment) }
    }

    /// The rate of the latest segment (the rate the IO runs at now).
    public var sampleRate: SampleRate { segments[segments.count - 1].clock.rate }

    public var isCapturing: Bool { capture != .levels }

    /// Continues at another rate from IO frame `segment.firstFrame` on.
    public mutating func changeRate(to segment: IOClock.Segment) {
        if !segments.isEmpty { segments[segments.count - 1].end(at: segment.firstFrame) }
        segments.append(SinkSegment(clock: segment, channels: channelCount, resolution: resolution, capture: capture,
                                    levelsThroughout: levelsThroughout))
    }

    /// Preallocates storage for `duration` of audio at the current rate so later writes never allocate.
    public mutating func reserve(duration: HostDuration) {
        let last = segments.count - 1
        let frames = Int(sampleRate.frames(in: duration, rounding: .up))
        for index in segments[last].stretches.indices where segments[last].stretches[index].endFrame == .max {
            segments[last].stretches[index].reserve(frames: frames, blockFrames: segments[last].blockFrames)
        }
    }

    /// Writes one IO cycle: `channels[c]` holds `frameCount` samples for channel `c`. Channels
    /// not supplied (fewer buffers than channels) receive silence.
    public mutating func write(_ channels: [UnsafeBufferPointer<Float>], frameCount: Int) {
        for buffer in channels { precondition(buffer.count >= frameCount, "short buffer") }
        write(frameCount: frameCount) { channel in channel < channels.count ? channels[channel] : nil }
    }

    /// Writes one IO cycle without building an array: `samples(c)` gives channel `c`'s
    /// `frameCount` samples (zero-based), or nil for silence.
    public mutating func write(frameCount: Int, samples: (Int) -> UnsafeBufferPointer<Float>?) {
        var done = 0
        while done < frameCount {
            let frame = position + Int64(done)
            let index = segmentIndex(ofFrame: frame)
            let end = index + 1 < segments.count ? segments[index + 1].clock.firstFrame : .max
            let count = Int(min(Int64(frameCount - done), end - frame))
            writeSegment(index, from: frame, offset: done, count: count, samples: samples)
            done += count
        }
        position += Int64(frameCount)
    }

    private mutating func writeSegment(_ index: Int, from frame: Int64, offset: Int, count: Int,
                                       samples: (Int) -> UnsafeBufferPointer<Float>?) {
        let blockFrames = segments[index].blockFrames
        // The watches read the first stretch's envelope, which covers the whole segment.
        let watching = !watches.isEmpty && segments[index].coversWholeSegment
        if watching { watches.enter(segments[index].clock, blockFrames: blockFrames) }
        var nobody = NoChunkObserver()
        for stretch in segments[index].stretches.indices {
            let first = max(frame, segments[index].stretches[stretch].firstFrame)
            let last = min(frame + Int64(count), segments[index].stretches[stretch].endFrame)
            guard last > first else { continue }
            let skip = offset + Int(first - frame), length = Int(last - first)
            var channel = 0
            while channel < channelCount {
                let part = samples(channel).map { UnsafeBufferPointer(rebasing: $0[skip..<(skip + length)]) }
                // Two sounding channels side by side (a stereo port playing) are summed in one pass.
                if let part, channel + 1 < channelCount,
                   let next = samples(channel + 1).map({ UnsafeBufferPointer(rebasing: $0[skip..<(skip + length)]) }) {
                    if watching && stretch == 0 {
                        segments[index].stretches[stretch].writePair(channel: channel, part, next, at: first, blockFrames: blockFrames,
                                                                     observer: &watches)
                        watches.samples(channel: channel, part.baseAddress, count: length, at: first)
                        watches.samples(channel: channel + 1, next.baseAddress, count: length, at: first)
                    } else {
                        segments[index].stretches[stretch].writePair(channel: channel, part, next, at: first, blockFrames: blockFrames,
                                                                     observer: &nobody)
                    }
                    channel += 2
                    continue
                }
                if watching && stretch == 0 {
                    segments[index].stretches[stretch].write(channel: channel, part, count: length, at: first, blockFrames: blockFrames,
                                                             observer: &watches)
                    watches.samples(channel: channel, part?.baseAddress, count: length, at: first)
                } else {
                    segments[index].stretches[stretch].write(channel: channel, part, count: length, at: first, blockFrames: blockFrames,
                                                             observer: &nobody)
                }
                channel += 1
            }
        }
    }

    /// What watch `id` heard on `channel` (1-based) so far; nil when this sink has no such watch.
    public func reading(watch id: Int, channel: Int) -> WatchReading? {
        watches.reading(watch: id, channel: channel)
    }

    private func segmentIndex(ofFrame frame: Int64) -> Int {
        var index = segments.count - 1
        while index > 0 && segments[index].clock.firstFrame > frame { index -= 1 }
        return index
    }

    /// Peak and RMS of `channel` (1-based, like `AVAudioSessionChannelDescription`) over an
    /// interval, at envelope resolution; nil if nothing was recorded there. Across a rate change
    /// the RMS weighs each segment by the time it covers.
    public func level(channel: Int, from start: HostTime, to end: HostTime) -> Level? {
        precondition((1...channelCount).contains(channel), "channel numbers run from 1 to \(channelCount)")
        var peak: Float = 0
        var energy = 0.0, weight = 0.0
        var referenceRate: Double?
        for segment in segments {
            let first = Int(segment.clock.frame(at: start) / Int64(segment.blockFrames))
            let last = Int((segment.clock.frame(at: end, rounding: .up) - 1) / Int64(segment.blockFrames))
            guard last >= first else { continue }
            for stretch in segment.levelStretches(blocks: first...last) {
                guard let sums = stretch.envelopes[channel - 1].sums(blocks: first...last) else { continue }
                // Weigh by time: frames at this rate count rate₀/rate as much as frames at rate₀.
                let scale = (referenceRate ?? segment.clock.rate.hertz) / segment.clock.rate.hertz
                if referenceRate == nil { referenceRate = segment.clock.rate.hertz }
                peak = max(peak, sums.peak)
                energy += sums.energy * scale
                weight += Double(sums.frames) * scale
            }
        }
        guard weight > 0 else { return nil }
        return Level(peak: Double(peak), rms: (energy / weight).squareRoot())
    }

    /// True when the channel's peak stays below `thresholdDBFS` over the interval.
    public func isSilent(channel: Int, from start: HostTime, to end: HostTime, thresholdDBFS: Double = -90) -> Bool {
        guard let level = level(channel: channel, from: start, to: end) else { return true }
        return level.peakDBFS < thresholdDBFS
    }

    /// The captured samples of `channel` (1-based), indexed by IO frame, when the whole run is
    /// captured (`.everything`); nil otherwise. Across a rate change the rates differ by segment.
    public func samples(channel: Int) -> [Float]? {
        guard capture == .everything else { return nil }
        if segments.count == 1 { return segments[0].stretches.first?.captures?[channel - 1] }
        return segments.flatMap { $0.stretches.first?.captures?[channel - 1] ?? [] }
    }

    /// Frames of samples kept per channel, over all segments and stretches (what capture costs).
    public var capturedFrameCount: Int {
        segments.reduce(0) { total, segment in
            segment.stretches.reduce(total) { $0 + ($1.captures?.first?.count ?? 0) }
        }
    }

    /// The captured pieces of `channel` (1-based) between two instants, one per segment and
    /// stretch they cross, each with its rate.
    func capturedPieces(channel: Int, from start: HostTime, to end: HostTime) -> [(samples: ArraySlice<Float>, rate: SampleRate)] {
        var pieces: [(samples: ArraySlice<Float>, rate: SampleRate)] = []
        for segment in segments {
            let frames = segment.frames(from: start, to: end)
            for stretch in segment.stretches where stretch.firstFrame < frames.upperBound && stretch.endFrame > frames.lowerBound {
                if let slice = stretch.samples(channel: channel - 1, frames: frames), !slice.isEmpty {
                    pieces.append((slice, segment.clock.rate))
                }
            }
        }
        return pieces
    }
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
