/// AUSampleDelay ('aufx'/'sdly'): delays every channel by a whole number of frames.
///
/// One parameter, ID 0 (the header's kSampleDelayParam_DelayFrames, which iOS's Swift does not
/// export by name): sample frames, 0…the sample rate, default 0. A fractional value is rounded to
/// the nearest frame. Changing it moves the read point at once (what was in the line between the
/// old and new points plays or is skipped), as a plain delay line does.
public final class SampleDelayKernel: InPlaceEffectKernel {
    public static let delayFrames: UInt32 = 0

    private var parameters = EffectParameters([
        EffectParameterInfo(id: delayFrames, name: "Delay Frames", unit: .sampleFrames, minValue: 0, maxValue: 44_100, defaultValue: 0),
    ])
    private var sampleRate = 44_100.0
    private var channelCount = 0
    private var capacity = 1
    private var lines = UnsafeMutablePointer<Float>.allocate(capacity: 0)
    private var writeIndex = 0

    public init() {}

    deinit { lines.deallocate() }

    public var parameterInfos: [EffectParameterInfo] { parameters.infos }
    public func setParameter(_ id: UInt32, _ value: Float) { parameters.set(id, value) }
    public func parameter(_ id: UInt32) -> Float { parameters[id] }
    public var latency: Double { 0 }
    public var tailTime: Double { Double(delay) / sampleRate }

    private var delay: Int { Int(parameters[at: 0].rounded()) }

    public func prepare(sampleRate: Double, channelCount: Int, maximumFrames: Int) {
        precondition(sampleRate > 0 && channelCount > 0 && maximumFrames > 0)
        self.sampleRate = sampleRate
        self.channelCount = channelCount
        parameters.setMaximum(of: Self.delayFrames, to: Float(sampleRate.rounded()))
        capacity = Int(sampleRate.rounded()) + 1
        lines.deallocate()
        lines = .allocate(capacity: capacity * channelCount)
        reset()
    }

    public func reset() {
        lines.update(repeating: 0, count: capacity * channelCount)
        writeIndex = 0
    }

    public func process(_ channels: UnsafeMutablePointer<UnsafeMutablePointer<Float>>, frameCount: Int) {
        let delay = min(self.delay, capacity - 1)
        let start = writeIndex
        for channel in 0..<channelCount {
            let line = lines + channel * capacity
            let samples = channels[channel]
            var write = start
            for frame in 0..<frameCount {
                line[write] = samples[frame]
                var read = write - delay
                if read < 0 { read += capacity }
                samples[frame] = line[read]
                write += 1
                if write == capacity { write = 0 }
            }
        }
        writeIndex = (start + frameCount) % capacity
    }
}
