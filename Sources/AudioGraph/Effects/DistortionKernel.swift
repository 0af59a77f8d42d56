#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// AUDistortion (`'aufx'/'dist'`, behind AVAudioUnitDistortion): a chain of the unit's own stages,
/// each with its mix, after a pre-gain: a short feedback delay (comb), a ring modulator of two
/// oscillators, decimation (sample-and-hold to a lower rate plus rounding to fewer bits), a
/// polynomial waveshaper (linear, squared and cubic terms), then a soft clipper (tanh) and a DC
/// blocker (the squared term adds DC), crossfaded with the dry input by the final mix.
/// The stage order and the mapping of each parameter to signal are ours.
///
/// Parameter IDs and ranges are AudioUnitParameters.h's: kDistortionParam_Delay 0 (0.1…500 ms, 0.1),
/// Decay 1 (0.1…50, 1), DelayMix 2 (0…100 %, 50), Decimation 3 (0…100 %; the header states no
/// default, we use 50), Rounding 4 (0…100 %, 0), DecimationMix 5 (0…100 %, 50), LinearTerm 6
/// (0…1, 1), SquaredTerm 7 (0…20, 0), CubicTerm 8 (0…20, 0), PolynomialMix 9 (0…100 %, 50),
/// RingModFreq1 10 and RingModFreq2 11 (0.5…8000 Hz, 100), RingModBalance 12 (0…100 %, 50),
/// RingModMix 13 (0…100 %, 0), SoftClipGain 14 (−80…20 dB, −6: AVAudioUnitDistortion's `preGain`),
/// FinalMix 15 (0…100 %, 50: its `wetDryMix`).
public final class DistortionKernel: InPlaceEffectKernel {
    public static let delay: UInt32 = 0
    public static let decay: UInt32 = 1
    public static let delayMix: UInt32 = 2
    public static let decimation: UInt32 = 3
    public static let rounding: UInt32 = 4
    public static let decimationMix: UInt32 = 5
    public static let linearTerm: UInt32 = 6
    public static let squaredTerm: UInt32 = 7
    public static let cubicTerm: UInt32 = 8
    public static let polynomialMix: UInt32 = 9
    public static let ringModFreq1: UInt32 = 10
    public static let ringModFreq2: UInt32 = 11
    public static let ringModBalance: UInt32 = 12
    public static let ringModMix: UInt32 = 13
    public static let softClipGain: UInt32 = 14
    public static let finalMix: UInt32 = 15

    private var parameters = EffectParameters([
        EffectParameterInfo(id: delay, name: "delay", unit: .milliseconds, minValue: 0.1, maxValue: 500, defaultValue: 0.1),
        EffectParameterInfo(id: decay, name: "decay", unit: .rate, minValue: 0.1, maxValue: 50, defaultValue: 1),
        EffectParameterInfo(id: delayMix, name: "delay mix", unit: .percent, minValue: 0, maxValue: 100, defaultValue: 50),
        EffectParameterInfo(id: decimation, name: "decimation", unit: .percent, minValue: 0, maxValue: 100, defaultValue: 50),
        EffectParameterInfo(id: rounding, name: "rounding", unit: .percent, minValue: 0, maxValue: 100, defaultValue: 0),
        EffectParameterInfo(id: decimationMix, name: "decimation mix", unit: .percent, minValue: 0, maxValue: 100, defaultValue: 50),
        EffectParameterInfo(id: linearTerm, name: "linear term", unit: .linearGain, minValue: 0, maxValue: 1, defaultValue: 1),
        EffectParameterInfo(id: squaredTerm, name: "squared term", unit: .linearGain, minValue: 0, maxValue: 20, defaultValue: 0),
        EffectParameterInfo(id: cubicTerm, name: "cubic term", unit: .linearGain, minValue: 0, maxValue: 20, defaultValue: 0),
        EffectParameterInfo(id: polynomialMix, name: "polynomial mix", unit: .percent, minValue: 0, maxValue: 100, defaultValue: 50),
        EffectParameterInfo(id: ringModFreq1, name: "ring mod freq 1", unit: .hertz, minValue: 0.5, maxValue: 8000, defaultValue: 100),
        EffectParameterInfo(id: ringModFreq2, name: "ring mod freq 2", unit: .hertz, minValue: 0.5, maxValue: 8000, defaultValue: 100),
        EffectParameterInfo(id: ringModBalance, name: "ring mod balance", unit: .percent, minValue: 0, maxValue: 100, defaultValue: 50),
        EffectParameterInfo(id: ringModMix, name: "ring mod mix", unit: .percent, minValue: 0, maxValue: 100, defaultValue: 0),
        EffectParameterInfo(id: softClipGain, name: "soft clip gain", unit: .decibels, minValue: -80, maxValue: 20, defaultValue: -6),
        EffectParameterInfo(id: finalMix, name: "final mix", unit: .percent, minValue: 0, maxValue: 100, defaultValue: 50),
    ])
    /// The factory preset last loaded (kAudioUnitProperty_PresentPreset).
    public private(set) var currentPreset: DistortionPreset?

    private var sampleRate = 44_100.0
    private var channelCount = 0
    private var lineCapacity = 0
    private var lines = UnsafeMutablePointer<Float>.allocate(capacity: 0)
    private var channelState = UnsafeMutablePointer<ChannelState>.allocate(capacity: 0)
    private var writeIndex = 0
    private var phase1 = 0.0, phase2 = 0.0

    /// Per-channel memory of the stages that have any.
    private struct ChannelState {
        var held = 0.0, holdCounter = 0.0
        var dcInput = 0.0, dcOutput = 0.0
    }

    public init() {}

    deinit {
        lines.deallocate()
        channelState.deallocate()
    }

    public var parameterInfos: [EffectParameterInfo] { parameters.infos }
    public func setParameter(_ id: UInt32, _ value: Float) { parameters.set(id, value) }
    public func parameter(_ id: UInt32) -> Float { parameters[id] }
    public var latency: Double { 0 }
    public var tailTime: Double { Double(parameters[Self.delay]) / 1000 * 10 }

    /// Loads one of AVAudioUnitDistortion's factory presets: every parameter takes the preset's value.
    public func loadFactoryPreset(_ preset: DistortionPreset) {
        for (id, value) in preset.values.sorted(by: { $0.key < $1.key }) { parameters.set(id, value) }
        currentPreset = preset
    }

    public func prepare(sampleRate: Double, channelCount: Int, maximumFrames: Int) {
        precondition(sampleRate > 0 && channelCount > 0 && maximumFrames > 0)
        self.sampleRate = sampleRate
        self.channelCount = channelCount
        lineCapacity = 1
        while lineCapacity < Int(0.5 * sampleRate) + 2 { lineCapacity <<= 1 }
        lines.deallocate()
        lines = .allocate(capacity: lineCapacity * channelCount)
        channelState.deallocate()
        channelState = .allocate(capacity: channelCount)
        reset()
    }

    public func reset() {
        lines.update(repeating: 0, count: lineCapacity * channelCount)
        channelState.update(repeating: ChannelState(), count: channelCount)
        writeIndex = 0
        phase1 = 0
        phase2 = 0
    }

    /// The parameters as the render loop uses them, worked out once per call.
    private struct Settings {
        var preGain, delayFrames, feedback, delayMix: Double
        var holdFrames, quantum, decimationMix: Double
        var linear, squared, cubic, polynomialMix: Double
        var step1, step2, balance, ringMix: Double
        var finalMix: Double
        var dcPole: Double
    }

    private func p(_ id: UInt32) -> Double { Double(parameters[id]) }

    private var settings: Settings {
        // Rounding keeps 16 bits at 0 % and 2 bits at 100 %.
        let bits = 16 - p(Self.rounding) / 100 * 14
        return Settings(
            preGain: EffectMath.gain(decibels: p(Self.softClipGain)),
            delayFrames: max(1, (p(Self.delay) / 1000 * sampleRate).rounded()),
            feedback: 1 / (1 + p(Self.decay)), delayMix: p(Self.delayMix) / 100,
            holdFrames: 1 + p(Self.decimation) / 100 * 15,
            quantum: p(Self.rounding) > 0 ? pow(2, bits - 1) : 0, decimationMix: p(Self.decimationMix) / 100,
            linear: p(Self.linearTerm), squared: p(Self.squaredTerm), cubic: p(Self.cubicTerm),
            polynomialMix: p(Self.polynomialMix) / 100,
            step1: 2 * Double.pi * p(Self.ringModFreq1) / sampleRate, step2: 2 * Double.pi * p(Self.ringModFreq2) / sampleRate,
            balance: p(Self.ringModBalance) / 100, ringMix: p(Self.ringModMix) / 100,
            finalMix: p(Self.finalMix) / 100,
            dcPole: exp(-2 * Double.pi * 10 / sampleRate))
    }

    public func process(_ channels: UnsafeMutablePointer<UnsafeMutablePointer<Float>>, frameCount: Int) {
        let s = settings
        let mask = lineCapacity - 1
        let start = (writeIndex, phase1, phase2)
        for channel in 0..<channelCount {
            (writeIndex, phase1, phase2) = start
            let samples = channels[channel]
            let line = lines + channel * lineCapacity
            var state = channelState[channel]
            for frame in 0..<frameCount {
                let dry = Double(samples[frame])
                var wet = dry * s.preGain
                // Comb: the delayed signal fed back, mixed in.
                let comb = wet + s.feedback * Double(line[(writeIndex - Int(s.delayFrames)) & mask])
                line[writeIndex] = Float(comb)
                wet += (comb - wet) * s.delayMix
                // Ring modulation by two oscillators, balanced.
                let carrier = (1 - s.balance) * sin(phase1) + s.balance * sin(phase2)
                wet += (wet * carrier - wet) * s.ringMix
                // Decimation: hold a sample for `holdFrames`, rounded to fewer bits.
                state.holdCounter += 1
                if state.holdCounter >= s.holdFrames {
                    state.holdCounter -= s.holdFrames
                    state.held = s.quantum > 0 ? (wet * s.quantum).rounded() / s.quantum : wet
                }
                wet += (state.held - wet) * s.decimationMix
                // Polynomial waveshaper.
                let shaped = s.linear * wet + s.squared * wet * wet + s.cubic * wet * wet * wet
                wet += (shaped - wet) * s.polynomialMix
                // Soft clip, then remove the DC the squared term leaves.
                let clipped = tanh(wet)
                let blocked = clipped - state.dcInput + s.dcPole * state.dcOutput
                state.dcInput = clipped
                state.dcOutput = blocked
                samples[frame] = Float(dry + (blocked - dry) * s.finalMix)
                writeIndex = (writeIndex + 1) & mask
                phase1 = advance(phase1, by: s.step1)
                phase2 = advance(phase2, by: s.step2)
            }
            channelState[channel] = state
        }
    }

    @inline(__always)
    private func advance(_ phase: Double, by step: Double) -> Double {
        let next = phase + step
        return next >= 2 * Double.pi ? next - 2 * Double.pi : next
    }
}
