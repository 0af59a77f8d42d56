import CSoxr
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// AUVarispeed (`'aufc'/'vari'`, behind AVAudioUnitVarispeed): plays faster or slower with the
/// pitch following, like tape — a resampler whose ratio moves, libsoxr in its variable-rate mode
/// (SOXR_VR with the high-quality recipe, as libsoxr requires for it).
///
/// Parameter IDs and ranges are AudioUnitParameters.h's: kVarispeedParam_PlaybackRate 0
/// (0.25…4, 1) and PlaybackCents 1 (−2400…2400, 0), two views of one setting (cents =
/// 1200·log2(rate)): setting either moves the other. A rate change glides over the next rendered
/// block (libsoxr's slew), so it bends instead of clicking. Input is pulled in fixed chunks, so
/// the same input and the same output block sizes give the same samples.
public final class VarispeedKernel: TimeEffectKernel {
    public static let playbackRate: UInt32 = 0
    public static let playbackCents: UInt32 = 1

    static let maximumRate = 4.0
    /// Input frames per pull.
    static let chunkFrames = 64

    private var parameters = EffectParameters([
        EffectParameterInfo(id: playbackRate, name: "playback rate", unit: .rate, minValue: 0.25, maxValue: 4, defaultValue: 1),
        EffectParameterInfo(id: playbackCents, name: "playback cents", unit: .cents, minValue: -2400, maxValue: 2400, defaultValue: 0),
    ])
    private var appliedChangeCount = -1
    private var resampler: soxr_t?
    private var sampleRate = 44_100.0
    private var channelCount = 0
    private var chunkFrames = 0
    private var input = UnsafeMutablePointer<Float>.allocate(capacity: 0)
    private var inputChannels = UnsafeMutablePointer<UnsafeMutablePointer<Float>>.allocate(capacity: 0)
    private var inputTable = UnsafeMutablePointer<UnsafeRawPointer?>.allocate(capacity: 0)
    private var outputTable = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: 0)
    /// Pulled frames libsoxr has not taken yet, from `pendingOffset` in `input`.
    private var pendingFrames = 0
    private var pendingOffset = 0

    public init() {}

    deinit {
        if let resampler { soxr_delete(resampler) }
        input.deallocate()
        inputChannels.deallocate()
        inputTable.deallocate()
        outputTable.deallocate()
    }

    public var parameterInfos: [EffectParameterInfo] { parameters.infos }

    public func setParameter(_ id: UInt32, _ value: Float) {
        guard parameters.set(id, value) else { return }
        if id == Self.playbackRate {
            parameters.set(Self.playbackCents, Float(1200 * log2(Double(parameters[Self.playbackRate]))))
        } else if id == Self.playbackCents {
            parameters.set(Self.playbackRate, Float(pow(2, Double(parameters[Self.playbackCents]) / 1200)))
        }
    }

    public func parameter(_ id: UInt32) -> Float { parameters[id] }
    /// libsoxr's filter delay, in seconds of output.
    public var latency: Double { resampler.map { soxr_delay($0) / sampleRate } ?? 0 }
    public var tailTime: Double { latency }

    public func prepare(sampleRate: Double, channelCount: Int, maximumFrames: Int) {
        precondition(sampleRate > 0 && channelCount > 0 && maximumFrames > 0)
        self.sampleRate = sampleRate
        self.channelCount = channelCount
        chunkFrames = min(Self.chunkFrames, maximumFrames)
        input.deallocate()
        input = .allocate(capacity: channelCount * chunkFrames)
        input.initialize(repeating: 0, count: channelCount * chunkFrames)
        inputChannels.deallocate()
        inputChannels = .allocate(capacity: channelCount)
        inputTable.deallocate()
        inputTable = .allocate(capacity: channelCount)
        outputTable.deallocate()
        outputTable = .allocate(capacity: channelCount)
        for channel in 0..<channelCount { inputChannels[channel] = input + channel * chunkFrames }
        if let resampler { soxr_delete(resampler) }
        var ioSpec = soxr_io_spec(SOXR_FLOAT32_S, SOXR_FLOAT32_S)
        var qualitySpec = soxr_quality_spec(4, 32)  // SOXR_HQ, SOXR_VR
        var runtimeSpec = soxr_runtime_spec(1)
        var error: soxr_error_t?
        // For variable rate, input rate / output rate is the largest ratio that will be set.
        resampler = soxr_create(Self.maximumRate, 1, UInt32(channelCount), &error, &ioSpec, &qualitySpec, &runtimeSpec)
        precondition(resampler != nil, "soxr_create (variable rate) failed: \(error.map { String(cString: $0) } ?? "unknown")")
        reset()
    }

    /// Clears libsoxr's state and sets the current rate again. (libsoxr frees its buffers on
    /// clear and rebuilds them when the ratio is set, so this allocates, on the control side;
    /// changing the ratio while rendering does not.)
    public func reset() {
        guard let resampler else { return }
        soxr_clear(resampler)
        soxr_set_io_ratio(resampler, Double(parameters[Self.playbackRate]), 0)
        appliedChangeCount = parameters.changeCount
        pendingFrames = 0
        pendingOffset = 0
    }

    public func render(into channels: UnsafeMutablePointer<UnsafeMutablePointer<Float>>, frameCount: Int,
                       pull: (UnsafeMutablePointer<UnsafeMutablePointer<Float>>, Int) -> Void) {
        guard let resampler else { return }
        if appliedChangeCount != parameters.changeCount {
            appliedChangeCount = parameters.changeCount
            // The io ratio is input frames per output frame: the playback rate. Glide over this block.
            soxr_set_io_ratio(resampler, Double(parameters[Self.playbackRate]), frameCount)
        }
        var produced = 0
        while produced < frameCount {
            if pendingFrames == 0 {
                pull(inputChannels, chunkFrames)
                pendingFrames = chunkFrames
                pendingOffset = 0
            }
            for channel in 0..<channelCount {
                inputTable[channel] = UnsafeRawPointer(inputChannels[channel] + pendingOffset)
                outputTable[channel] = UnsafeMutableRawPointer(channels[channel] + produced)
            }
            var consumed = 0
            var made = 0
            soxr_process(resampler, UnsafeRawPointer(inputTable), pendingFrames, &consumed,
                         UnsafeMutableRawPointer(outputTable), frameCount - produced, &made)
            pendingFrames -= consumed
            pendingOffset += consumed
            produced += made
            if consumed == 0 && made == 0 && pendingFrames > 0 {
                // libsoxr took nothing and gave nothing: never seen, but silence beats a hang.
                for channel in 0..<channelCount { (channels[channel] + produced).update(repeating: 0, count: frameCount - produced) }
                return
            }
        }
    }
}
