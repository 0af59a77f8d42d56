/// AUiPodEQ ('aufx'/'ipeq'): the Music app's equalizer, a ten-band graphic EQ chosen by factory
/// preset (`IPodEQPreset`). It has no parameters of its own: a preset is loaded with
/// kAudioUnitProperty_PresentPreset, and "Disabled" (preset 0, the default) passes the signal
/// through untouched. Each band is the cookbook's peaking filter one octave wide.
public final class IPodEQKernel: InPlaceEffectKernel {
    public private(set) var preset = IPodEQPreset.all[0]
    private var sampleRate = 44_100.0
    private var channelCount = 0
    private var bands: [BiquadCoefficients] = []
    private var state = UnsafeMutablePointer<Double>.allocate(capacity: 0)
    private static let bandCount = IPodEQPreset.frequencies.count

    public init() {}

    deinit { state.deallocate() }

    public var parameterInfos: [EffectParameterInfo] { [] }
    public func setParameter(_ id: UInt32, _ value: Float) {}
    public func parameter(_ id: UInt32) -> Float { 0 }
    public var latency: Double { 0 }
    public var tailTime: Double { 0 }

    /// Loads factory preset `number`; false (and no change) for a number the unit does not list.
    @discardableResult
    public func loadPreset(_ number: Int) -> Bool {
        guard IPodEQPreset.all.indices.contains(number) else { return false }
        preset = IPodEQPreset.all[number]
        design()
        return true
    }

    public func prepare(sampleRate: Double, channelCount: Int, maximumFrames: Int) {
        precondition(sampleRate > 0 && channelCount > 0 && maximumFrames > 0)
        self.sampleRate = sampleRate
        self.channelCount = channelCount
        state.deallocate()
        state = .allocate(capacity: 2 * Self.bandCount * channelCount)
        design()
        reset()
    }

    public func reset() { state.update(repeating: 0, count: 2 * Self.bandCount * channelCount) }

    /// Control side: a preset with no gain at a band leaves that band out (an exact pass-through).
    private func design() {
        bands = zip(IPodEQPreset.frequencies, preset.gains).compactMap { frequency, gain in
            gain == 0 ? nil : BiquadCoefficients(.parametric, frequency: frequency, bandwidth: 1, gainDecibels: gain, sampleRate: sampleRate)
        }
    }

    public func process(_ channels: UnsafeMutablePointer<UnsafeMutablePointer<Float>>, frameCount: Int) {
        for channel in 0..<channelCount {
            var index = 0
            while index < bands.count {
                bands[index].run(channels[channel], frames: frameCount, state: state + 2 * (channel * Self.bandCount + index))
                index += 1
            }
        }
    }
}
