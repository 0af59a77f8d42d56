#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Apple's single-filter effect units: AULowpass ('lpas'), AUHipass ('hpas'), AUBandpass ('bpas'),
/// AUHighShelfFilter ('hshf'), AULowShelfFilter ('lshf') and AUParametricEQ ('pmeq'). Each is one
/// second-order section of the RBJ cookbook (`BiquadCoefficients`) per channel.
///
/// Parameter IDs, ranges and defaults are AudioUnitParameters.h's (see `Shape.parameterInfos`).
/// What the header leaves open is ours, and docs/effect-units.md lists it: the low- and high-pass
/// resonance (dB) sets Q = 10^(resonance/20)/√2, so 0 dB is a Butterworth response; the band-pass
/// bandwidth (cents) is the cookbook's octave bandwidth ÷ 1200 with 0 dB at the centre; the shelf
/// "cutoff" is the cookbook's shelf midpoint (half the gain there) with slope S = 1; the parametric
/// EQ is the cookbook's peaking filter with the header's Q.
public final class BiquadFilterKernel: InPlaceEffectKernel {
    public enum Shape: Sendable, CaseIterable {
        case lowPass, highPass, bandPass, highShelf, lowShelf, parametricEQ

        /// The header's parameters for the unit; maxima written `(SampleRate/2)` follow the rate in `prepare`.
        var parameterInfos: [EffectParameterInfo] {
            switch self {
            case .lowPass, .highPass:
                [EffectParameterInfo(id: 0, name: "Cutoff Frequency", unit: .hertz, minValue: 10, maxValue: 22_050, defaultValue: 6900),
                 EffectParameterInfo(id: 1, name: "Resonance", unit: .decibels, minValue: -20, maxValue: 40, defaultValue: 0)]
            case .bandPass:
                [EffectParameterInfo(id: 0, name: "Center Frequency", unit: .hertz, minValue: 20, maxValue: 22_050, defaultValue: 5000),
                 EffectParameterInfo(id: 1, name: "Bandwidth", unit: .cents, minValue: 100, maxValue: 12_000, defaultValue: 600)]
            case .highShelf:
                [EffectParameterInfo(id: 0, name: "Cut Off Frequency", unit: .hertz, minValue: 10_000, maxValue: 22_050, defaultValue: 10_000),
                 EffectParameterInfo(id: 1, name: "Gain", unit: .decibels, minValue: -40, maxValue: 40, defaultValue: 0)]
            case .lowShelf:
                [EffectParameterInfo(id: 0, name: "Cutoff Frequency", unit: .hertz, minValue: 10, maxValue: 200, defaultValue: 80),
                 EffectParameterInfo(id: 1, name: "Gain", unit: .decibels, minValue: -40, maxValue: 40, defaultValue: 0)]
            case .parametricEQ:
                [EffectParameterInfo(id: 0, name: "Center Freq", unit: .hertz, minValue: 20, maxValue: 22_050, defaultValue: 2000),
                 EffectParameterInfo(id: 1, name: "Q", unit: .generic, minValue: 0.1, maxValue: 20, defaultValue: 1),
                 EffectParameterInfo(id: 2, name: "Gain", unit: .decibels, minValue: -20, maxValue: 20, defaultValue: 0)]
            }
        }

        /// Whether the frequency parameter's top is half the sample rate.
        var frequencyReachesNyquist: Bool { self != .lowShelf }

        func design(_ p0: Double, _ p1: Double, _ p2: Double, sampleRate: Double) -> BiquadCoefficients {
            switch self {
            case .lowPass:
                BiquadCoefficients(.resonantLowPass, frequency: p0, q: pow(10, p1 / 20) / 2.squareRoot(), gainDecibels: 0, sampleRate: sampleRate)
            case .highPass:
                BiquadCoefficients(.resonantHighPass, frequency: p0, q: pow(10, p1 / 20) / 2.squareRoot(), gainDecibels: 0, sampleRate: sampleRate)
            case .bandPass:
                BiquadCoefficients(.bandPass, frequency: p0, bandwidth: p1 / 1200, gainDecibels: 0, sampleRate: sampleRate)
            case .highShelf:
                BiquadCoefficients(.highShelf, frequency: p0, bandwidth: 1, gainDecibels: p1, sampleRate: sampleRate)
            case .lowShelf:
                BiquadCoefficients(.lowShelf, frequency: p0, bandwidth: 1, gainDecibels: p1, sampleRate: sampleRate)
            case .parametricEQ:
                BiquadCoefficients(.parametric, frequency: p0, q: p1, gainDecibels: p2, sampleRate: sampleRate)
            }
        }
    }

    public let shape: Shape
    private var parameters: EffectParameters
    private var appliedChangeCount = -1
    private var sampleRate = 44_100.0
    private var channelCount = 0
    private var coefficients = BiquadCoefficients.identity
    private var state = UnsafeMutablePointer<Double>.allocate(capacity: 0)

    public init(_ shape: Shape) {
        self.shape = shape
        parameters = EffectParameters(shape.parameterInfos)
    }

    deinit { state.deallocate() }

    public var parameterInfos: [EffectParameterInfo] { parameters.infos }
    public func setParameter(_ id: UInt32, _ value: Float) { parameters.set(id, value) }
    public func parameter(_ id: UInt32) -> Float { parameters[id] }
    public var latency: Double { 0 }
    /// A second-order section rings for a few periods of its frequency; the headers' filters report none.
    public var tailTime: Double { 0 }

    public func prepare(sampleRate: Double, channelCount: Int, maximumFrames: Int) {
        precondition(sampleRate > 0 && channelCount > 0 && maximumFrames > 0)
        self.sampleRate = sampleRate
        self.channelCount = channelCount
        if shape.frequencyReachesNyquist {
            parameters.setMaximum(of: 0, to: max(Float(sampleRate / 2), parameters.infos[0].minValue))
        }
        state.deallocate()
        state = .allocate(capacity: 2 * channelCount)
        reset()
    }

    public func reset() {
        state.update(repeating: 0, count: 2 * channelCount)
        applyParameters()
    }

    private func applyParameters() {
        appliedChangeCount = parameters.changeCount
        let count = parameters.infos.count
        coefficients = shape.design(Double(parameters[at: 0]), Double(parameters[at: 1]),
                                    count > 2 ? Double(parameters[at: 2]) : 0, sampleRate: sampleRate)
    }

    /// The coefficients now in use (for tests that compare the response with the design).
    var currentCoefficients: BiquadCoefficients { coefficients }

    public func process(_ channels: UnsafeMutablePointer<UnsafeMutablePointer<Float>>, frameCount: Int) {
        if appliedChangeCount != parameters.changeCount { applyParameters() }
        for channel in 0..<channelCount {
            coefficients.run(channels[channel], frames: frameCount, state: state + 2 * channel)
        }
    }
}
