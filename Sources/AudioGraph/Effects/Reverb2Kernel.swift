#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SimCore

/// AUReverb2 (`'aufx'/'rvb2'`, behind AVAudioUnitReverb on iOS): an algorithmic room.
///
/// The algorithm is ours, a feedback delay network: the input (all channels summed) goes through
/// four series all-pass diffusers into eight delay lines whose lengths spread between the minimum
/// and maximum delay time, mixed back through an orthogonal (Hadamard) matrix. Each line's loop
/// gain and one-pole damping filter are set so that the level falls by 60 dB in
/// `DecayTimeAt0Hz` at low frequencies and in `DecayTimeAtNyquist` at the top. Each output channel
/// reads the lines with its own sign pattern, so channels are decorrelated.
/// `RandomizeReflections` seeds the jitter of the line lengths: the same value, the same room.
///
/// Parameter IDs and ranges are AudioUnitParameters.h's: kReverb2Param_DryWetMix 0 (0…100, 100),
/// Gain 1 (−20…20 dB, 0), MinDelayTime 2 (0.0001…1 s, 0.008), MaxDelayTime 3 (0.0001…1 s, 0.050),
/// DecayTimeAt0Hz 4 (0.001…20 s, 1.0), DecayTimeAtNyquist 5 (0.001…20 s, 0.5),
/// RandomizeReflections 6 (1…1000, 1).
public final class Reverb2Kernel: InPlaceEffectKernel {
    public static let dryWetMix: UInt32 = 0
    public static let gain: UInt32 = 1
    public static let minDelayTime: UInt32 = 2
    public static let maxDelayTime: UInt32 = 3
    public static let decayTimeAt0Hz: UInt32 = 4
    public static let decayTimeAtNyquist: UInt32 = 5
    public static let randomizeReflections: UInt32 = 6

    static let lineCount = 8
    /// Diffuser lengths in seconds and their all-pass gain: short, mutually prime-ish, as Schroeder's.
    static let diffuserSeconds = [0.0047, 0.0036, 0.0127, 0.0093]
    static let diffuserGain = 0.6

    private var parameters = EffectParameters([
        EffectParameterInfo(id: dryWetMix, name: "dry wet mix", unit: .percent, minValue: 0, maxValue: 100, defaultValue: 100),
        EffectParameterInfo(id: gain, name: "gain", unit: .decibels, minValue: -20, maxValue: 20, defaultValue: 0),
        EffectParameterInfo(id: minDelayTime, name: "min delay time", unit: .seconds, minValue: 0.0001, maxValue: 1, defaultValue: 0.008),
        EffectParameterInfo(id: maxDelayTime, name: "max delay time", unit: .seconds, minValue: 0.0001, maxValue: 1, defaultValue: 0.050),
        EffectParameterInfo(id: decayTimeAt0Hz, name: "decay time at 0 Hz", unit: .seconds, minValue: 0.001, maxValue: 20, defaultValue: 1),
        EffectParameterInfo(id: decayTimeAtNyquist, name: "decay time at Nyquist", unit: .seconds, minValue: 0.001, maxValue: 20, defaultValue: 0.5),
        EffectParameterInfo(id: randomizeReflections, name: "randomize reflections", unit: .generic, minValue: 1, maxValue: 1000, defaultValue: 1),
    ])
    private var appliedChangeCount = -1
    /// The factory preset last loaded (kAudioUnitProperty_PresentPreset).
    public private(set) var currentPreset: ReverbPreset?

    private var sampleRate = 44_100.0
    private var channelCount = 0
    /// The eight lines share one buffer, `lineCapacity` samples each (a power of two).
    private var lines = UnsafeMutablePointer<Float>.allocate(capacity: 0)
    private var lineCapacity = 0
    private var writeIndex = 0
    // Per-line settings and state, and the taps' signs, in fixed storage: the render loop touches
    // them every sample, so no array bounds checks or exclusivity checks.
    private let lineLengths = UnsafeMutablePointer<Int>.allocate(capacity: lineCount)
    private let loopGains = UnsafeMutablePointer<Double>.allocate(capacity: lineCount)
    private let dampingPoles = UnsafeMutablePointer<Double>.allocate(capacity: lineCount)
    private let dampingState = UnsafeMutablePointer<Double>.allocate(capacity: lineCount)
    /// Row r of the 8×8 Hadamard matrix's signs at `tapSigns + 8r`.
    private let tapSigns = UnsafeMutablePointer<Double>.allocate(capacity: lineCount * lineCount)
    private var diffusers = AllPassChain()
    private var wet = UnsafeMutablePointer<Float>.allocate(capacity: 0)
    private var maximumFrames = 0

    public init() {
        lineLengths.initialize(repeating: 1, count: Self.lineCount)
        loopGains.initialize(repeating: 0, count: Self.lineCount)
        dampingPoles.initialize(repeating: 0, count: Self.lineCount)
        dampingState.initialize(repeating: 0, count: Self.lineCount)
        for row in 0..<Self.lineCount {
            for line in 0..<Self.lineCount {
                tapSigns[row * Self.lineCount + line] = (row & line).nonzeroBitCount & 1 == 0 ? 1 : -1
            }
        }
    }

    deinit {
        lines.deallocate()
        wet.deallocate()
        lineLengths.deallocate()
        loopGains.deallocate()
        dampingPoles.deallocate()
        dampingState.deallocate()
        tapSigns.deallocate()
        diffusers.deallocate()
    }

    public var parameterInfos: [EffectParameterInfo] { parameters.infos }
    public func setParameter(_ id: UInt32, _ value: Float) {
        parameters.set(id, id == Self.randomizeReflections ? value.rounded() : value)
    }
    public func parameter(_ id: UInt32) -> Float { parameters[id] }
    public var latency: Double { 0 }
    public var tailTime: Double {
        Double(max(parameters[Self.decayTimeAt0Hz], parameters[Self.decayTimeAtNyquist]) + parameters[Self.maxDelayTime])
    }

    /// Loads one of AVAudioUnitReverb's factory presets (the parameters it sets are ours: Apple does
    /// not publish them). The dry/wet mix is left as it is, as AVAudioUnitReverb's `wetDryMix` is
    /// the app's.
    public func loadFactoryPreset(_ preset: ReverbPreset) {
        let room = preset.room
        parameters.set(Self.gain, room.gain)
        parameters.set(Self.minDelayTime, room.minDelay)
        parameters.set(Self.maxDelayTime, room.maxDelay)
        parameters.set(Self.decayTimeAt0Hz, room.decayAt0Hz)
        parameters.set(Self.decayTimeAtNyquist, room.decayAtNyquist)
        parameters.set(Self.randomizeReflections, room.reflectionsSeed)
        currentPreset = preset
    }

    public func prepare(sampleRate: Double, channelCount: Int, maximumFrames: Int) {
        precondition(sampleRate > 0 && channelCount > 0 && maximumFrames > 0)
        self.sampleRate = sampleRate
        self.channelCount = channelCount
        self.maximumFrames = maximumFrames
        // Room for the longest line: the 1 s maximum plus the largest jitter.
        lineCapacity = 1
        while lineCapacity < Int(sampleRate * 1.1) + 2 { lineCapacity <<= 1 }
        lines.deallocate()
        lines = .allocate(capacity: lineCapacity * Self.lineCount)
        wet.deallocate()
        wet = .allocate(capacity: maximumFrames * channelCount)
        diffusers.deallocate()
        diffusers = AllPassChain(lengths: Self.diffuserSeconds.map { max(1, Int($0 * sampleRate)) }, gain: Self.diffuserGain)
        reset()
    }

    public func reset() {
        lines.update(repeating: 0, count: lineCapacity * Self.lineCount)
        writeIndex = 0
        dampingState.update(repeating: 0, count: Self.lineCount)
        diffusers.clear()
        applyParameters()
    }

    public func process(_ channels: UnsafeMutablePointer<UnsafeMutablePointer<Float>>, frameCount: Int) {
        if appliedChangeCount != parameters.changeCount { applyParameters() }
        renderWet(from: channels, frameCount: frameCount)
        mix(into: channels, frameCount: frameCount)
    }

    // MARK: - Parameters to the network

    /// Line lengths (jittered by the seed), loop gains and damping from the current parameters.
    private func applyParameters() {
        appliedChangeCount = parameters.changeCount
        guard lineCapacity > 0 else { return }
        let shortest = Double(min(parameters[Self.minDelayTime], parameters[Self.maxDelayTime]))
        let longest = Double(max(parameters[Self.minDelayTime], parameters[Self.maxDelayTime]))
        var random = SimRandom(seed: UInt64(parameters[Self.randomizeReflections]))
        let decayLow = Double(parameters[Self.decayTimeAt0Hz])
        let decayHigh = Double(parameters[Self.decayTimeAtNyquist])
        for line in 0..<Self.lineCount {
            // Geometric spacing, each length moved by up to ±7% so no two lines share echoes.
            let spread = Double(line) / Double(Self.lineCount - 1)
            let jitter = 1 + (Double(random.uniform(below: 1401)) - 700) / 10_000
            let seconds = shortest * pow(longest / shortest, spread) * jitter
            let length = min(max(2, Int((seconds * sampleRate).rounded())) + line, lineCapacity - 1)
            lineLengths[line] = length
            let low = EffectMath.decayFactor(frames: Double(length), t60: decayLow, sampleRate: sampleRate)
            let high = EffectMath.decayFactor(frames: Double(length), t60: decayHigh, sampleRate: sampleRate)
            loopGains[line] = low
            dampingPoles[line] = (low - high) / (low + high)
        }
    }

    // MARK: - Render

    /// The reverberated signal of the summed input, into `wet` (one row of `maximumFrames` per channel).
    private func renderWet(from channels: UnsafeMutablePointer<UnsafeMutablePointer<Float>>, frameCount: Int) {
        let inputScale = 1 / Double(channelCount)
        let outputScale = EffectMath.gain(decibels: Double(parameters[Self.gain])) / Double(Self.lineCount).squareRoot()
        let feedbackScale = 1 / Double(Self.lineCount).squareRoot()
        let mask = lineCapacity - 1
        var outputs = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
        withUnsafeMutableBytes(of: &outputs) { raw in
            let y = raw.baseAddress!.assumingMemoryBound(to: Double.self)
            for frame in 0..<frameCount {
                var input = 0.0
                for channel in 0..<channelCount { input += Double(channels[channel][frame]) }
                input *= inputScale
                input = diffusers.tick(input)
                readLines(into: y, mask: mask)
                for channel in 0..<channelCount {
                    wet[channel * maximumFrames + frame] = Float(tap(y, row: channel & 7) * outputScale)
                }
                Self.hadamard8(y)
                for line in 0..<Self.lineCount {
                    let sign: Double = line & 1 == 0 ? 1 : -1
                    lines[line * lineCapacity + writeIndex] = Float(y[line] * feedbackScale + input * sign)
                }
                writeIndex = (writeIndex + 1) & mask
            }
        }
    }

    /// The lines summed with the signs of Hadamard row `row`: orthogonal rows give each output
    /// channel an uncorrelated view of the same room.
    @inline(__always)
    private func tap(_ y: UnsafeMutablePointer<Double>, row: Int) -> Double {
        let signs = tapSigns + row * Self.lineCount
        var sum = 0.0
        for line in 0..<Self.lineCount { sum += signs[line] * y[line] }
        return sum
    }

    /// Each line's delayed sample through its loop gain and damping filter.
    @inline(__always)
    private func readLines(into y: UnsafeMutablePointer<Double>, mask: Int) {
        for line in 0..<Self.lineCount {
            let delayed = Double(lines[line * lineCapacity + ((writeIndex - lineLengths[line]) & mask)])
            let pole = dampingPoles[line]
            let filtered = loopGains[line] * (1 - pole) * delayed + pole * dampingState[line]
            dampingState[line] = filtered
            y[line] = filtered
        }
    }

    /// An in-place 8-point Walsh–Hadamard transform (unnormalised): the lossless mixing matrix.
    @inline(__always)
    static func hadamard8(_ y: UnsafeMutablePointer<Double>) {
        var half = 1
        while half < 8 {
            var start = 0
            while start < 8 {
                for index in start..<(start + half) {
                    let (a, b) = (y[index], y[index + half])
                    y[index] = a + b
                    y[index + half] = a - b
                }
                start += 2 * half
            }
            half <<= 1
        }
    }

    /// Dry and wet crossfaded linearly (the header's "CrossFade" unit).
    private func mix(into channels: UnsafeMutablePointer<UnsafeMutablePointer<Float>>, frameCount: Int) {
        let wetLevel = parameters[Self.dryWetMix] / 100
        let dryLevel = 1 - wetLevel
        for channel in 0..<channelCount {
            let samples = channels[channel]
            let wetSamples = wet + channel * maximumFrames
            for frame in 0..<frameCount {
                samples[frame] = samples[frame] * dryLevel + wetSamples[frame] * wetLevel
            }
        }
    }
}

/// Schroeder all-pass sections in series: flat magnitude, smeared phase (echo density without
/// colour). One buffer holds every section's delay line; the owner frees it with `deallocate()`.
struct AllPassChain {
    private let buffer: UnsafeMutablePointer<Double>
    private let size: Int
    /// Each section's length, then each section's position.
    private let lengthsAndPositions: UnsafeMutablePointer<Int>
    private let count: Int
    let gain: Double

    init(lengths: [Int] = [], gain: Double = 0) {
        size = lengths.reduce(0, +)
        count = lengths.count
        buffer = .allocate(capacity: max(size, 1))
        buffer.initialize(repeating: 0, count: max(size, 1))
        lengthsAndPositions = .allocate(capacity: max(2 * count, 1))
        lengthsAndPositions.initialize(repeating: 0, count: max(2 * count, 1))
        for (section, length) in lengths.enumerated() { lengthsAndPositions[section] = length }
        self.gain = gain
    }

    func deallocate() {
        buffer.deallocate()
        lengthsAndPositions.deallocate()
    }

    func clear() {
        buffer.update(repeating: 0, count: size)
        (lengthsAndPositions + count).update(repeating: 0, count: count)
    }

    @inline(__always)
    func tick(_ x: Double) -> Double {
        var value = x
        var start = 0
        for section in 0..<count {
            let length = lengthsAndPositions[section]
            let position = lengthsAndPositions[count + section]
            let delayed = buffer[start + position]
            let v = value + gain * delayed
            buffer[start + position] = v
            lengthsAndPositions[count + section] = position + 1 == length ? 0 : position + 1
            value = delayed - gain * v
            start += length
        }
        return value
    }
}
