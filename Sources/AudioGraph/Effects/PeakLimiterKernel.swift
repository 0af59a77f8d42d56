#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// AUPeakLimiter ('aufx'/'lmtr'): keeps the output's peaks at or under 0 dBFS after a pre-gain.
///
/// Parameter IDs, ranges and defaults are AudioUnitParameters.h's: kLimiterParam_AttackTime 0
/// (0.001…0.03 s, 0.012), DecayTime 1 (0.001…0.06 s, 0.024), PreGain 2 (−40…40 dB, 0).
///
/// How it gets there is ours: the signal is delayed by the attack time (the unit's latency), and
/// the gain for each delayed sample is the smallest gain any sample in the look-ahead window needs
/// (a sliding minimum), smoothed by a moving average over the same window, so the gain glides down
/// over the attack time and is already low enough when the peak arrives; it then recovers with the
/// decay time. The average of minima that each cover the sample is never above what the sample needs,
/// so no peak gets through; a last clamp catches floating-point rounding. Channels share the gain.
public final class PeakLimiterKernel: InPlaceEffectKernel {
    public static let attackTime: UInt32 = 0
    public static let decayTime: UInt32 = 1
    public static let preGain: UInt32 = 2

    /// The ceiling: 0 dBFS.
    static let ceiling = 1.0

    private var parameters = EffectParameters([
        EffectParameterInfo(id: attackTime, name: "Attack Time", unit: .seconds, minValue: 0.001, maxValue: 0.03, defaultValue: 0.012),
        EffectParameterInfo(id: decayTime, name: "Decay Time", unit: .seconds, minValue: 0.001, maxValue: 0.06, defaultValue: 0.024),
        EffectParameterInfo(id: preGain, name: "Pre Gain", unit: .decibels, minValue: -40, maxValue: 40, defaultValue: 0),
    ])
    private var sampleRate = 44_100.0
    private var channelCount = 0
    /// Ring capacity: the longest look-ahead plus room for the window's oldest entry.
    private var capacity = 0
    private var lookAhead = 1
    private var appliedAttack: Float = -1
    private var position = 0
    private var frameIndex = 0
    private var lines = UnsafeMutablePointer<Float>.allocate(capacity: 0)
    /// The gain each incoming frame needs, and the sliding minimum of it over the window.
    private var held = UnsafeMutablePointer<Double>.allocate(capacity: 0)
    private var heldSum = 0.0
    /// Monotonic queue for the sliding minimum: values rising from head to tail, with their frame numbers.
    private var queueValues = UnsafeMutablePointer<Double>.allocate(capacity: 0)
    private var queueFrames = UnsafeMutablePointer<Int>.allocate(capacity: 0)
    private var queueHead = 0, queueCount = 0
    private var envelope = 1.0

    public init() {}

    deinit {
        lines.deallocate()
        held.deallocate()
        queueValues.deallocate()
        queueFrames.deallocate()
    }

    public var parameterInfos: [EffectParameterInfo] { parameters.infos }
    public func setParameter(_ id: UInt32, _ value: Float) { parameters.set(id, value) }
    public func parameter(_ id: UInt32) -> Float { parameters[id] }
    /// The look-ahead: the attack time, in whole frames.
    public var latency: Double { Double(lookAheadFrames(parameters[Self.attackTime])) / sampleRate }
    public var tailTime: Double { latency + Double(parameters[Self.decayTime]) }

    private func lookAheadFrames(_ attack: Float) -> Int { max(1, Int((Double(attack) * sampleRate).rounded())) }

    public func prepare(sampleRate: Double, channelCount: Int, maximumFrames: Int) {
        precondition(sampleRate > 0 && channelCount > 0 && maximumFrames > 0)
        self.sampleRate = sampleRate
        self.channelCount = channelCount
        capacity = lookAheadFrames(parameters.infos[0].maxValue) + 2
        lines.deallocate()
        lines = .allocate(capacity: capacity * channelCount)
        held.deallocate()
        held = .allocate(capacity: capacity)
        queueValues.deallocate()
        queueValues = .allocate(capacity: capacity)
        queueFrames.deallocate()
        queueFrames = .allocate(capacity: capacity)
        reset()
    }

    public func reset() {
        lines.update(repeating: 0, count: capacity * channelCount)
        held.update(repeating: 1, count: capacity)
        appliedAttack = parameters[at: 0]
        lookAhead = lookAheadFrames(appliedAttack)
        heldSum = Double(lookAhead + 1)
        (position, frameIndex, queueHead, queueCount, envelope) = (0, 0, 0, 0, 1)
    }

    public func process(_ channels: UnsafeMutablePointer<UnsafeMutablePointer<Float>>, frameCount: Int) {
        // A new attack time changes the window: start it afresh (a click at most, as on a real change).
        if parameters[at: 0] != appliedAttack { reset() }
        let pre = EffectMath.gain(decibels: Double(parameters[at: 2]))
        let decay = exp(-1 / (Double(parameters[at: 1]) * sampleRate))
        let window = lookAhead + 1
        for frame in 0..<frameCount {
            var peak = 0.0
            for channel in 0..<channelCount {
                let sample = channels[channel][frame]
                lines[channel * capacity + position] = sample
                peak = max(peak, abs(Double(sample)) * pre)
            }
            let needed = peak > Self.ceiling ? Self.ceiling / peak : 1
            let minimum = slideMinimum(needed)
            // The moving average of the last `window` minima.
            let oldest = (position - window + capacity) % capacity
            heldSum += minimum - held[oldest]
            held[position] = minimum
            let average = min(heldSum / Double(window), 1)
            envelope = average < envelope ? average : average + (envelope - average) * decay
            let delayed = (position - lookAhead + capacity) % capacity
            for channel in 0..<channelCount {
                let output = Double(lines[channel * capacity + delayed]) * pre * envelope
                channels[channel][frame] = Float(min(max(output, -Self.ceiling), Self.ceiling))
            }
            position = (position + 1) % capacity
            frameIndex += 1
        }
    }

    /// Adds this frame's needed gain and returns the minimum over the last `lookAhead + 1` frames.
    @inline(__always)
    private func slideMinimum(_ value: Double) -> Double {
        while queueCount > 0, queueValues[(queueHead + queueCount - 1) % capacity] >= value { queueCount -= 1 }
        let tail = (queueHead + queueCount) % capacity
        queueValues[tail] = value
        queueFrames[tail] = frameIndex
        queueCount += 1
        while queueFrames[queueHead] <= frameIndex - (lookAhead + 1) {
            queueHead = (queueHead + 1) % capacity
            queueCount -= 1
        }
        return queueValues[queueHead]
    }
}
