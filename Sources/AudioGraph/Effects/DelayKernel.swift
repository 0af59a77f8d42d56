#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// AUDelay (`'aufx'/'dely'`, behind AVAudioUnitDelay): a feedback delay line per channel with a
/// low-pass filter (2nd-order Butterworth) on what comes back out of it.
///
/// Parameter IDs and ranges are AudioUnitParameters.h's: kDelayParam_WetDryMix 0 (0…100, 50, an
/// equal-power crossfade: dry × √(1−m), wet × √m), DelayTime 1 (0…2 s, 1), Feedback 2
/// (−100…100 %, 50), LopassCutoff 3 (10 Hz…SampleRate/2, 15000). AVAudioUnitDelay's header gives
/// its `wetDryMix` a default of 100; the node sets that on its kernel.
///
/// A change of delay time glides (about 20 ms) with a fractionally interpolated read, so it bends
/// the pitch briefly instead of clicking; at a whole number of samples the read is exact.
public final class DelayKernel: InPlaceEffectKernel {
    public static let wetDryMix: UInt32 = 0
    public static let delayTime: UInt32 = 1
    public static let feedback: UInt32 = 2
    public static let lopassCutoff: UInt32 = 3

    static let maximumDelaySeconds = 2.0
    static let glideSeconds = 0.02

    private var parameters = EffectParameters([
        EffectParameterInfo(id: wetDryMix, name: "dry wet mix", unit: .equalPowerCrossfade, minValue: 0, maxValue: 100, defaultValue: 50),
        EffectParameterInfo(id: delayTime, name: "delay time", unit: .seconds, minValue: 0, maxValue: 2, defaultValue: 1),
        EffectParameterInfo(id: feedback, name: "feedback", unit: .percent, minValue: -100, maxValue: 100, defaultValue: 50),
        EffectParameterInfo(id: lopassCutoff, name: "lopass cutoff frequency", unit: .hertz, minValue: 10, maxValue: 22_050, defaultValue: 15_000),
    ])
    private var appliedChangeCount = -1
    private var sampleRate = 44_100.0
    private var channelCount = 0
    private var lineCapacity = 0
    private var lines = UnsafeMutablePointer<Float>.allocate(capacity: 0)
    private var filterState = UnsafeMutablePointer<Double>.allocate(capacity: 0)
    private var writeIndex = 0
    private var currentDelay = 0.0
    private var lowPass = BiquadCoefficients.identity

    public init() {}

    deinit {
        lines.deallocate()
        filterState.deallocate()
    }

    public var parameterInfos: [EffectParameterInfo] { parameters.infos }
    public func setParameter(_ id: UInt32, _ value: Float) { parameters.set(id, value) }
    public func parameter(_ id: UInt32) -> Float { parameters[id] }
    public var latency: Double { 0 }
    /// Until the echoes have fallen by 60 dB (capped at an hour for feedback near ±100 %).
    public var tailTime: Double {
        let delay = Double(parameters[Self.delayTime])
        let gain = abs(Double(parameters[Self.feedback])) / 100
        guard gain > 0 else { return delay }
        guard gain < 0.9999 else { return 3600 }
        return min(3600, delay * (1 + 3 / -log10(gain)))
    }

    public func prepare(sampleRate: Double, channelCount: Int, maximumFrames: Int) {
        precondition(sampleRate > 0 && channelCount > 0 && maximumFrames > 0)
        self.sampleRate = sampleRate
        self.channelCount = channelCount
        parameters.setMaximum(of: Self.lopassCutoff, to: Float(sampleRate / 2))
        lineCapacity = 1
        while lineCapacity < Int(Self.maximumDelaySeconds * sampleRate) + 2 { lineCapacity <<= 1 }
        lines.deallocate()
        lines = .allocate(capacity: lineCapacity * channelCount)
        filterState.deallocate()
        filterState = .allocate(capacity: 2 * channelCount)
        reset()
    }

    public func reset() {
        lines.update(repeating: 0, count: lineCapacity * channelCount)
        filterState.update(repeating: 0, count: 2 * channelCount)
        writeIndex = 0
        applyParameters()
        currentDelay = targetDelay
    }

    private var targetDelay: Double { Double(parameters[Self.delayTime]) * sampleRate }

    private func applyParameters() {
        appliedChangeCount = parameters.changeCount
        lowPass = BiquadCoefficients(.lowPass, frequency: Double(parameters[Self.lopassCutoff]), bandwidth: 1,
                                     gainDecibels: 0, sampleRate: sampleRate)
    }

    public func process(_ channels: UnsafeMutablePointer<UnsafeMutablePointer<Float>>, frameCount: Int) {
        if appliedChangeCount != parameters.changeCount { applyParameters() }
        let mix = Double(parameters[Self.wetDryMix]) / 100
        let (dry, wet) = (Float((1 - mix).squareRoot()), Float(mix.squareRoot()))
        let feedback = Double(parameters[Self.feedback]) / 100
        let target = targetDelay
        let glide = 1 - exp(-1 / (Self.glideSeconds * sampleRate))
        let mask = lineCapacity - 1
        let start = (writeIndex, currentDelay)
        for channel in 0..<channelCount {
            (writeIndex, currentDelay) = start
            let samples = channels[channel]
            let line = lines + channel * lineCapacity
            let state = filterState + 2 * channel
            for frame in 0..<frameCount {
                if currentDelay != target {
                    currentDelay += (target - currentDelay) * glide
                    if abs(target - currentDelay) < 1e-3 { currentDelay = target }
                }
                let x = samples[frame]
                let delayed = lowPass.tick(read(line, delay: currentDelay, mask: mask), state: state)
                line[writeIndex] = x + Float(delayed * feedback)
                samples[frame] = x * dry + Float(delayed) * wet
                writeIndex = (writeIndex + 1) & mask
            }
        }
    }

    /// The sample `delay` samples before the write position, linearly interpolated; under one
    /// sample reads one sample back, so the feedback loop always has a sample of delay.
    @inline(__always)
    private func read(_ line: UnsafeMutablePointer<Float>, delay: Double, mask: Int) -> Double {
        let delay = max(delay, 1)
        let whole = Int(delay)
        let fraction = delay - Double(whole)
        let newer = Double(line[(writeIndex - whole) & mask])
        guard fraction > 0 else { return newer }
        let older = Double(line[(writeIndex - whole - 1) & mask])
        return newer + (older - newer) * fraction
    }
}
