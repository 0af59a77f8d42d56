import Foundation
import SimCore

/// One watched channel's detector: everything an audio check asks of a window, kept as running
/// values while the IO writes the sink.
///
/// - Level: the peak and energy of every 10 ms block the window touches, folded in as the sink's
///   level envelope sums them (`levelChunk`), so level checks cost nothing per sample; the same
///   blocks `PortSink.level` reads, so a level is the same number it was with samples kept.
/// - Location: the first and last block at or above the threshold, how many, and the loudest.
/// - Tone: `ToneDetector` over the window's exact frames (`samples`), when a frequency is asked.
/// - Markers: where silences of `markerFrames` begin after sound (the AirPlay alignment check).
///
/// Each IO segment (rate) is entered once (`enter`); frame ranges are worked out there, so a
/// block or sample is tested against two integers.
struct WatchDetector: Sendable {
    let window: Range<HostTime>
    private let threshold: Float
    private var tone: ToneDetector?
    private var markers: MarkerDetector?

    private var clock: IOClock.Segment?
    private var blockFrames = 1
    /// The window's blocks and exact frames in the current segment.
    private var firstBlock = 0, lastBlock = -1
    private var firstFrame: Int64 = 0, endFrame: Int64 = 0

    private var peak: Float = 0
    private var energy = 0.0, weight = 0.0
    private var referenceRate: Double?
    private var scale = 1.0

    private var blocks = 0, blocksOver = 0
    private var lastBlockSeen = Int.min, lastOverSeen = Int.min
    private var firstOver: HostTime?
    private var lastOver: (block: Int, clock: IOClock.Segment, blockFrames: Int)?
    private var loudest: (block: Int, clock: IOClock.Segment, blockFrames: Int, peak: Float)?

    init(_ watch: AudioWatch) {
        window = watch.window
        threshold = Float(decibelsToLinear(watch.thresholdDBFS))
        tone = watch.toneHertz.map { ToneDetector(frequency: $0, levelAmplitude: decibelsToLinear(watch.toneLevelDBFS)) }
        markers = watch.markers ? MarkerDetector(reserving: Int(watch.window.upperBound.nanoseconds - watch.window.lowerBound.nanoseconds)
                                                     / 500_000_000 + 8) : nil
    }

    var needsSamples: Bool { tone != nil || markers != nil }

    /// The IO continues in `segment`, whose envelope blocks are `blockFrames` long.
    mutating func enter(_ segment: IOClock.Segment, blockFrames: Int) {
        clock = segment
        self.blockFrames = blockFrames
        firstBlock = Int(segment.frame(at: window.lowerBound) / Int64(blockFrames))
        lastBlock = Int((segment.frame(at: window.upperBound, rounding: .up) - 1) / Int64(blockFrames))
        firstFrame = segment.frame(at: window.lowerBound)
        endFrame = max(firstFrame, segment.frame(at: window.upperBound))
        // RMS across rates weighs frames by time, as `PortSink.level` does.
        scale = (referenceRate ?? segment.rate.hertz) / segment.rate.hertz
        lastBlockSeen = .min
        lastOverSeen = .min
        tone?.enter(segment, first: max(firstFrame, segment.firstFrame))
    }

    /// A piece of envelope block `block`: its peak, energy (sum of squares) and frame count.
    @inline(__always)
    mutating func levelChunk(block: Int, peak chunkPeak: Float, energy chunkEnergy: Double, frames: Int) {
        guard block >= firstBlock && block <= lastBlock, let clock else { return }
        if referenceRate == nil { referenceRate = clock.rate.hertz }
        if chunkPeak > peak { peak = chunkPeak }
        energy += chunkEnergy * scale
        weight += Double(frames) * scale
        if block != lastBlockSeen { blocks += 1; lastBlockSeen = block }
        if chunkPeak >= threshold && chunkPeak > 0 {
            if block != lastOverSeen { blocksOver += 1; lastOverSeen = block }
            if firstOver == nil { firstOver = blockStart(block, clock, blockFrames) }
            lastOver = (block, clock, blockFrames)
        }
        if chunkPeak > (loudest?.peak ?? 0) { loudest = (block, clock, blockFrames, chunkPeak) }
    }

    /// Samples of IO frames `[frame, frame + count)` (nil: silence); only the window's part counts.
    @inline(__always)
    mutating func samples(_ samples: UnsafePointer<Float>?, count: Int, at frame: Int64) {
        let first = max(frame, firstFrame), end = min(frame + Int64(count), endFrame)
        guard end > first, let clock else { return }
        let pointer = samples.map { $0 + Int(first - frame) }
        tone?.add(pointer, count: Int(end - first), at: first)
        markers?.add(pointer, count: Int(end - first), at: first, clock: clock)
    }

    /// What was heard (the open second of a tone counts as far as it got).
    var reading: WatchReading {
        var reading = WatchReading()
        if weight > 0 { reading.level = Level(peak: Double(peak), rms: (energy / weight).squareRoot()) }
        reading.blocks = blocks
        reading.blocksOver = blocksOver
        reading.firstOver = firstOver
        reading.lastOverEnd = lastOver.map { blockStart($0.block + 1, $0.clock, $0.blockFrames) }
        reading.loudest = loudest.map { (blockStart($0.block, $0.clock, $0.blockFrames), Double($0.peak)) }
        if var tone {
            tone.finish()
            reading.toneAmplitude = tone.amplitude
            reading.seconds = tone.seconds
            reading.secondsAtLevel = tone.secondsAtLevel
            reading.weakestSecond = tone.weakest
            reading.strongestSecond = tone.strongest
        }
        reading.onsets = markers?.onsets
        return reading
    }

    /// The instant block `block` starts (clamped to the window, for the blocks it cuts).
    private func blockStart(_ block: Int, _ clock: IOClock.Segment, _ blockFrames: Int) -> HostTime {
        let time = clock.hostTime(ofFrame: max(clock.firstFrame, Int64(block) * Int64(blockFrames)), rounding: .down)
        return min(max(time, window.lowerBound), window.upperBound)
    }
}

/// Where runs of at least `minimumFrames` near-silent frames begin after sound: the markers a
/// long-form player puts at the start of every second. One onset per marker is kept (a few
/// per second of window, reserved up front).
struct MarkerDetector: Sendable {
    static let minimumFrames: Int64 = 200
    static let threshold: Float = 1e-4
    private(set) var onsets: [HostTime] = []
    private var quietSince: Int64?
    private var heardSound = false

    init(reserving capacity: Int) { onsets.reserveCapacity(capacity) }

    mutating func add(_ samples: UnsafePointer<Float>?, count: Int, at frame: Int64, clock: IOClock.Segment) {
        guard let samples else { return quiet(from: frame, to: frame + Int64(count), clock: clock) }
        for offset in 0..<count {
            let here = frame + Int64(offset)
            if samples[offset].magnitude < Self.threshold { quiet(from: here, to: here + 1, clock: clock) } else {
                quietSince = nil
                heardSound = true
            }
        }
    }

    /// Frames `[from, to)` are quiet: an onset is due when the run reaches `minimumFrames` in them.
    private mutating func quiet(from: Int64, to: Int64, clock: IOClock.Segment) {
        let since = quietSince ?? from
        quietSince = since
        let due = since + Self.minimumFrames - 1
        if heardSound && due >= from && due < to {
            onsets.append(clock.hostTime(ofFrame: since, rounding: .down))
        }
    }
}

func decibelsToLinear(_ dBFS: Double) -> Double {
    dBFS == -.infinity ? 0 : pow(10, dBFS / 20)
}
