#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// AUDynamicsProcessor ('aufx'/'dcmp'): a feed-forward compressor and downward expander with one
/// level detector shared by all channels (so the stereo image holds still).
///
/// Parameter IDs, ranges and defaults are AudioUnitParameters.h's: kDynamicsProcessorParam_Threshold
/// 0 (−40…20 dB, −20), HeadRoom 1 (0.1…40 dB, 5), ExpansionRatio 2 (1…50, 2), ExpansionThreshold 3
/// (the header gives no range: ours is −120…0 dB, default −100), AttackTime 4 (0.0001…0.2 s,
/// 0.001), ReleaseTime 5 (0.01…3 s, 0.05), OverallGain 6 (−40…40 dB, 0), and the read-only meters
/// CompressionAmount 1000, InputAmplitude 2000 and OutputAmplitude 3000 (dB).
///
/// The header says the unit has no fixed ratio: the ratio adjusts so that the output never exceeds
/// threshold + headroom. Our curve does exactly that, smoothly: above the threshold T an input level
/// L comes out at T + H·(1 − e^−(L−T)/H), slope 1 at the threshold and approaching T + H. Below the
/// expansion threshold E the level falls by (E − L)·(ratio − 1) dB. The detector follows the peak
/// level with one-pole attack and release at the parameters' times. Both shapes are ours.
public final class DynamicsProcessorKernel: InPlaceEffectKernel {
    public static let threshold: UInt32 = 0
    public static let headRoom: UInt32 = 1
    public static let expansionRatio: UInt32 = 2
    public static let expansionThreshold: UInt32 = 3
    public static let attackTime: UInt32 = 4
    public static let releaseTime: UInt32 = 5
    public static let overallGain: UInt32 = 6
    public static let compressionAmount: UInt32 = 1000
    public static let inputAmplitude: UInt32 = 2000
    public static let outputAmplitude: UInt32 = 3000

    /// The lowest level the meters and the curve work with (silence reads as this).
    static let floorDecibels = -120.0

    private var parameters = EffectParameters([
        EffectParameterInfo(id: threshold, name: "Threshold", unit: .decibels, minValue: -40, maxValue: 20, defaultValue: -20),
        EffectParameterInfo(id: headRoom, name: "Head Room", unit: .decibels, minValue: 0.1, maxValue: 40, defaultValue: 5),
        EffectParameterInfo(id: expansionRatio, name: "Expansion Ratio", unit: .rate, minValue: 1, maxValue: 50, defaultValue: 2),
        EffectParameterInfo(id: expansionThreshold, name: "Expansion Threshold", unit: .decibels, minValue: -120, maxValue: 0, defaultValue: -100),
        EffectParameterInfo(id: attackTime, name: "Attack Time", unit: .seconds, minValue: 0.0001, maxValue: 0.2, defaultValue: 0.001),
        EffectParameterInfo(id: releaseTime, name: "Release Time", unit: .seconds, minValue: 0.01, maxValue: 3, defaultValue: 0.05),
        EffectParameterInfo(id: overallGain, name: "Overall Gain", unit: .decibels, minValue: -40, maxValue: 40, defaultValue: 0),
        EffectParameterInfo(id: compressionAmount, name: "Compression Amount", unit: .decibels, minValue: -120, maxValue: 0,
                            defaultValue: 0, isReadOnly: true),
        EffectParameterInfo(id: inputAmplitude, name: "Input Amplitude", unit: .decibels, minValue: -120, maxValue: 40,
                            defaultValue: -120, isReadOnly: true),
        EffectParameterInfo(id: outputAmplitude, name: "Output Amplitude", unit: .decibels, minValue: -120, maxValue: 40,
                            defaultValue: -120, isReadOnly: true),
    ])
    private var sampleRate = 44_100.0
    private var channelCount = 0
    /// The detector's linear peak envelope.
    private var envelope = 0.0
    /// The meters, as of the end of the last render.
    private var meteredGain = 0.0, meteredInput = floorDecibels, meteredOutput = floorDecibels

    public init() {}

    public var parameterInfos: [EffectParameterInfo] { parameters.infos }

    /// The meters are measured, not set: writes to them are ignored.
    public func setParameter(_ id: UInt32, _ value: Float) {
        guard id < Self.compressionAmount else { return }
        parameters.set(id, value)
    }

    public func parameter(_ id: UInt32) -> Float {
        switch id {
        case Self.compressionAmount: Float(meteredGain)
        case Self.inputAmplitude: Float(meteredInput)
        case Self.outputAmplitude: Float(meteredOutput)
        default: parameters[id]
        }
    }

    public var latency: Double { 0 }
    public var tailTime: Double { 0 }

    public func prepare(sampleRate: Double, channelCount: Int, maximumFrames: Int) {
        precondition(sampleRate > 0 && channelCount > 0 && maximumFrames > 0)
        self.sampleRate = sampleRate
        self.channelCount = channelCount
        reset()
    }

    public func reset() {
        envelope = 0
        (meteredGain, meteredInput, meteredOutput) = (0, Self.floorDecibels, Self.floorDecibels)
    }

    /// The static curve: the gain in dB for a detected level in dB.
    static func gain(level: Double, threshold: Double, headRoom: Double, expansionThreshold: Double, expansionRatio: Double) -> Double {
        if level > threshold {
            let output = threshold + headRoom * (1 - exp(-(level - threshold) / headRoom))
            return output - level
        }
        if level < expansionThreshold {
            return max(-(expansionThreshold - level) * (expansionRatio - 1), floorDecibels)
        }
        return 0
    }

    public func process(_ channels: UnsafeMutablePointer<UnsafeMutablePointer<Float>>, frameCount: Int) {
        let threshold = Double(parameters[at: 0]), headRoom = Double(parameters[at: 1])
        let ratio = Double(parameters[at: 2]), expansion = Double(parameters[at: 3])
        let attack = exp(-1 / (Double(parameters[at: 4]) * sampleRate))
        let release = exp(-1 / (Double(parameters[at: 5]) * sampleRate))
        let makeUp = Double(parameters[at: 6])
        var gainDecibels = meteredGain, level = meteredInput
        for frame in 0..<frameCount {
            var peak = 0.0
            for channel in 0..<channelCount { peak = max(peak, abs(Double(channels[channel][frame]))) }
            envelope = peak + (envelope - peak) * (peak > envelope ? attack : release)
            level = max(20 * log10(max(envelope, 1e-12)), Self.floorDecibels)
            gainDecibels = Self.gain(level: level, threshold: threshold, headRoom: headRoom,
                                     expansionThreshold: expansion, expansionRatio: ratio)
            let factor = Float(EffectMath.gain(decibels: gainDecibels + makeUp))
            for channel in 0..<channelCount { channels[channel][frame] *= factor }
        }
        (meteredGain, meteredInput) = (gainDecibels, level)
        meteredOutput = max(level + gainDecibels + makeUp, Self.floorDecibels)
    }
}
