import Foundation
import SimCore

/// The component at one frequency, measured as audio streams past: each stretch of one second is
/// one DFT bin at the asked frequency (what the Goertzel algorithm computes, `PortSink+Tone`),
/// and the tone's level over a window is the time-weighted mean of its seconds' amplitudes.
///
/// Seconds, not the whole window: the state stays a few numbers however long the window, a tone
/// whose phase jumps (a looped file) keeps its level, and two whole-hertz tones stay orthogonal
/// (a 440 Hz tone leaks nothing into the 1 kHz bin). A window of a second or less is one bin, as
/// before. Each second also counts its upward zero crossings, which give its dominant frequency
/// ("what was heard instead"), and the weakest and strongest seconds are kept with their times.
///
/// Real-time safe: the phase table is allocated once (`init`) and refilled in place when the
/// rate changes; the inner loop runs four samples at a time.
struct ToneDetector: Sendable {
    let frequency: Double
    /// Seconds at or above this amplitude are counted (`secondsAtLevel`).
    let levelAmplitude: Double
    private(set) var weakest: ToneSecond?
    private(set) var strongest: ToneSecond?
    private(set) var secondsAtLevel = 0
    private(set) var seconds = 0

    /// Σ amplitude × duration and Σ duration over finished seconds.
    private var weightedAmplitude = 0.0
    private var measuredSeconds = 0.0

    /// The segment being measured: its rate, block length (a second of frames) and first frame.
    private var rate = SampleRate.hz48000
    private var blockFrames = 48_000
    private var rangeStart: Int64 = 0
    private var clock: IOClock.Segment?
    /// The open second: its first frame, frames so far, DFT sum and zero crossings.
    private var blockStart: Int64 = -1
    private var blockCount = 0
    private var sumRe = 0.0, sumIm = 0.0
    private var crossings = 0
    private var previous: Float = 0

    /// cos and sin of ω·j for j in 0..<tableLength, at the current rate.
    private static let tableLength = 512
    private var table: [Float]
    private var tableRate: SampleRate?

    init(frequency: Double, levelAmplitude: Double) {
        self.frequency = frequency
        self.levelAmplitude = levelAmplitude
        table = Array(repeating: 0, count: 2 * Self.tableLength)
    }

    /// The window's tone amplitude (linear, 1.0 = full scale), nil when no sample was measured.
    var amplitude: Double? { measuredSeconds > 0 ? weightedAmplitude / measuredSeconds : nil }

    /// Measurement continues in `segment` from frame `first` (the window's first frame there).
    mutating func enter(_ segment: IOClock.Segment, first: Int64) {
        finishBlock()
        clock = segment
        rangeStart = first
        guard segment.rate != tableRate else { return }
        tableRate = segment.rate
        rate = segment.rate
        blockFrames = max(1, Int(rate.frames(in: .seconds(1))))
        let omega = 2 * Double.pi * frequency / rate.hertz
        table.withUnsafeMutableBufferPointer { table in
            for j in 0..<Self.tableLength {
                table[j] = Float(cos(omega * Double(j)))
                table[Self.tableLength + j] = Float(sin(omega * Double(j)))
            }
        }
    }

    /// Measures `count` samples starting at IO frame `frame` (nil: silence), all inside the window.
    mutating func add(_ samples: UnsafePointer<Float>?, count: Int, at frame: Int64) {
        var done = 0
        while done < count {
            let here = frame + Int64(done)
            if blockStart == -1 || here >= blockStart + Int64(blockFrames) || here < blockStart {
                finishBlock()
                blockStart = rangeStart + (here - rangeStart) / Int64(blockFrames) * Int64(blockFrames)
            }
            let offset = Int(here - blockStart)
            let run = min(count - done, blockFrames - offset)
            if let samples { accumulate(samples + done, count: run, offset: offset) } else { addSilence(run) }
            blockCount += run
            done += run
        }
    }

    /// Ends the measurement (the run is over): the open second counts as far as it got.
    mutating func finish() { finishBlock() }

    /// Silence adds nothing to the sum; after a negative sample its first zero is a crossing,
    /// as it would be were the zeros measured one by one.
    private mutating func addSilence(_ count: Int) {
        if previous < 0 && count > 0 { crossings += 1 }
        previous = 0
    }

    /// Adds samples at `offset` frames into the open second to its DFT sum and crossings.
    private mutating func accumulate(_ x: UnsafePointer<Float>, count: Int, offset: Int) {
        let omega = 2 * Double.pi * frequency / rate.hertz
        var done = 0
        table.withUnsafeBufferPointer { table in
            let cosines = table.baseAddress!, sines = cosines + Self.tableLength
            while done < count {
                let j = (offset + done) % Self.tableLength
                let run = min(count - done, Self.tableLength - j)
                let (re, im) = Self.dot(x + done, cosines + j, sines + j, count: run)
                // x·e^{-iω(p+j)} = e^{-iωp} · Σ x·e^{-iωj}, p the table period's first offset.
                let phase = omega * Double(offset + done - j)
                let c = cos(phase), s = sin(phase)
                sumRe += re * c + im * s
                sumIm += im * c - re * s
                done += run
            }
        }
        crossings += Self.upwardCrossings(x, count: count, previous: previous)
        previous = x[count - 1]
    }

    /// Σ x·cos and −Σ x·sin over `count` samples, four at a time.
    @inline(__always)
    private static func dot(_ x: UnsafePointer<Float>, _ c: UnsafePointer<Float>, _ s: UnsafePointer<Float>,
                            count: Int) -> (Double, Double) {
        var re = SIMD4<Float>(), im = SIMD4<Float>()
        var i = 0
        let (rx, rc, rs) = (UnsafeRawPointer(x), UnsafeRawPointer(c), UnsafeRawPointer(s))
        while i + 4 <= count {
            let v = rx.loadUnaligned(fromByteOffset: 4 * i, as: SIMD4<Float>.self)
            re += v * rc.loadUnaligned(fromByteOffset: 4 * i, as: SIMD4<Float>.self)
            im -= v * rs.loadUnaligned(fromByteOffset: 4 * i, as: SIMD4<Float>.self)
            i += 4
        }
        var tailRe: Float = 0, tailIm: Float = 0
        while i < count {
            tailRe += x[i] * c[i]
            tailIm -= x[i] * s[i]
            i += 1
        }
        return (Double((re[0] + re[1]) + (re[2] + re[3]) + tailRe), Double((im[0] + im[1]) + (im[2] + im[3]) + tailIm))
    }

    /// Upward zero crossings (a sample below zero, the next at or above), the first against `previous`.
    @inline(__always)
    private static func upwardCrossings(_ x: UnsafePointer<Float>, count: Int, previous: Float) -> Int {
        guard count > 0 else { return 0 }
        var total = previous < 0 && x[0] >= 0 ? 1 : 0
        var counts = SIMD4<Int32>()
        // A zero vector, not the scalar 0: splatting a scalar in a comparison crashes the 6.3 compiler in release.
        let zero = SIMD4<Float>()
        var i = 1
        let raw = UnsafeRawPointer(x)
        while i + 4 <= count {
            let before = raw.loadUnaligned(fromByteOffset: 4 * (i - 1), as: SIMD4<Float>.self)
            let now = raw.loadUnaligned(fromByteOffset: 4 * i, as: SIMD4<Float>.self)
            counts &-= unsafeBitCast((before .< zero) .& (now .>= zero), to: SIMD4<Int32>.self)
            i += 4
        }
        total += Int(counts[0]) + Int(counts[1]) + Int(counts[2]) + Int(counts[3])
        while i < count {
            if x[i - 1] < 0 && x[i] >= 0 { total += 1 }
            i += 1
        }
        return total
    }

    private mutating func finishBlock() {
        defer { blockStart = -1; blockCount = 0; sumRe = 0; sumIm = 0; crossings = 0 }
        guard blockStart != -1, blockCount > 0, let clock else { return }
        let amplitude = 2 * (sumRe * sumRe + sumIm * sumIm).squareRoot() / Double(blockCount)
        let duration = Double(blockCount) / rate.hertz
        weightedAmplitude += amplitude * duration
        measuredSeconds += duration
        seconds += 1
        if amplitude >= levelAmplitude { secondsAtLevel += 1 }
        let second = ToneSecond(start: clock.hostTime(ofFrame: blockStart, rounding: .down), amplitude: amplitude,
                            dominantHertz: crossings > 1 ? Double(crossings) / duration : nil)
        if weakest.map({ amplitude < $0.amplitude }) ?? true { weakest = second }
        if strongest.map({ amplitude > $0.amplitude }) ?? true { strongest = second }
    }
}
