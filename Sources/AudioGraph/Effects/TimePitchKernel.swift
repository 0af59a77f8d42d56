import CRubberBand
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// AUNewTimePitch (`'aufc'/'nutp'`, behind AVAudioUnitTimePitch): changes playback rate and pitch
/// independently, through the Rubber Band library in its real-time mode with its R3 ("finer")
/// engine, single-threaded, so the output is the same on every run. (The older R2 engine was
/// measured 0.8–1% off in frequency on a steady tone at rate 2 or pitch +1200; R3 is exact.)
///
/// Parameter IDs and ranges are AudioUnitParameters.h's: kNewTimePitchParam_Rate 0 (1/32…32, 1),
/// Pitch 1 (−2400…2400 cents, 0; the header's comment says 1.0, AVAudioUnitTimePitch's says 0),
/// Overlap 4 (3…32, 8), EnablePeakLocking 6 (0/1, 1). Rate 2 plays twice as fast: twice as much
/// input is pulled per output frame. Overlap and peak locking are kept and reported, but R3 has
/// no equivalent knobs (it picks its own analysis windows and locks phases itself), so they do
/// not change the sound.
public final class TimePitchKernel: TimeEffectKernel {
    public static let rate: UInt32 = 0
    public static let pitch: UInt32 = 1
    public static let overlap: UInt32 = 4
    public static let enablePeakLocking: UInt32 = 6

    private var parameters = EffectParameters([
        EffectParameterInfo(id: rate, name: "rate", unit: .rate, minValue: 1.0 / 32, maxValue: 32, defaultValue: 1),
        EffectParameterInfo(id: pitch, name: "pitch", unit: .cents, minValue: -2400, maxValue: 2400, defaultValue: 0),
        EffectParameterInfo(id: overlap, name: "overlap", unit: .generic, minValue: 3, maxValue: 32, defaultValue: 8),
        EffectParameterInfo(id: enablePeakLocking, name: "enable peak locking", unit: .boolean, minValue: 0, maxValue: 1, defaultValue: 1),
    ])
    private var appliedChangeCount = -1
    private var stretcher: RubberBandState?
    private var sampleRate = 44_100.0
    private var channelCount = 0
    private var maximumFrames = 0
    /// Where pulled input lands, and the pointer tables Rubber Band and the puller take.
    private var input = UnsafeMutablePointer<Float>.allocate(capacity: 0)
    private var inputChannels = UnsafeMutablePointer<UnsafeMutablePointer<Float>>.allocate(capacity: 0)
    private var inputTable = UnsafeMutablePointer<UnsafePointer<Float>?>.allocate(capacity: 0)
    private var outputTable = UnsafeMutablePointer<UnsafeMutablePointer<Float>?>.allocate(capacity: 0)

    public init() {}

    deinit {
        if let stretcher { rubberband_delete(stretcher) }
        input.deallocate()
        inputChannels.deallocate()
        inputTable.deallocate()
        outputTable.deallocate()
    }

    /// Rubber Band's version string, for diagnostics.
    public static var libraryVersion: String { RUBBERBAND_VERSION }

    public var parameterInfos: [EffectParameterInfo] { parameters.infos }
    public func setParameter(_ id: UInt32, _ value: Float) { parameters.set(id, value) }
    public func parameter(_ id: UInt32) -> Float { parameters[id] }
    /// Rubber Band's start delay, in seconds of output.
    public var latency: Double {
        guard let stretcher else { return 0 }
        return Double(rubberband_get_start_delay(stretcher)) / sampleRate
    }
    public var tailTime: Double { latency }

    public func prepare(sampleRate: Double, channelCount: Int, maximumFrames: Int) {
        precondition(sampleRate > 0 && channelCount > 0 && maximumFrames > 0)
        self.sampleRate = sampleRate
        self.channelCount = channelCount
        self.maximumFrames = maximumFrames
        if let stretcher { rubberband_delete(stretcher) }
        let options = RubberBandOptionProcessRealTime.rawValue | RubberBandOptionThreadingNever.rawValue
            | RubberBandOptionEngineFiner.rawValue | RubberBandOptionPitchHighConsistency.rawValue
            | RubberBandOptionChannelsTogether.rawValue
        stretcher = rubberband_new(UInt32(sampleRate), UInt32(channelCount), RubberBandOptions(options), 1, 1)
        rubberband_set_max_process_size(stretcher, UInt32(maximumFrames))
        input.deallocate()
        input = .allocate(capacity: channelCount * maximumFrames)
        input.initialize(repeating: 0, count: channelCount * maximumFrames)
        inputChannels.deallocate()
        inputChannels = .allocate(capacity: channelCount)
        inputTable.deallocate()
        inputTable = .allocate(capacity: channelCount)
        outputTable.deallocate()
        outputTable = .allocate(capacity: channelCount)
        for channel in 0..<channelCount {
            inputChannels[channel] = input + channel * maximumFrames
            inputTable[channel] = UnsafePointer(input + channel * maximumFrames)
        }
        reset()
    }

    public func reset() {
        guard let stretcher else { return }
        rubberband_reset(stretcher)
        appliedChangeCount = -1
        applyParameters()
    }

    private func applyParameters() {
        guard let stretcher, appliedChangeCount != parameters.changeCount else { return }
        appliedChangeCount = parameters.changeCount
        // Rubber Band's time ratio is output length over input length.
        rubberband_set_time_ratio(stretcher, 1 / Double(parameters[Self.rate]))
        rubberband_set_pitch_scale(stretcher, pow(2, Double(parameters[Self.pitch]) / 1200))
    }

    public func render(into channels: UnsafeMutablePointer<UnsafeMutablePointer<Float>>, frameCount: Int,
                       pull: (UnsafeMutablePointer<UnsafeMutablePointer<Float>>, Int) -> Void) {
        guard let stretcher else { return }
        applyParameters()
        var produced = 0
        while produced < frameCount {
            let available = Int(rubberband_available(stretcher))
            if available > 0 {
                let count = min(available, frameCount - produced)
                for channel in 0..<channelCount { outputTable[channel] = channels[channel] + produced }
                produced += Int(rubberband_retrieve(stretcher, outputTable, UInt32(count)))
                continue
            }
            // Feed what Rubber Band asks for (at least a little, at most what the buffers hold).
            let required = Int(rubberband_get_samples_required(stretcher))
            let frames = min(max(required, 64), maximumFrames)
            pull(inputChannels, frames)
            rubberband_process(stretcher, inputTable, UInt32(frames), 0)
        }
    }
}
