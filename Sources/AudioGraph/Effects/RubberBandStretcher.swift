import CRubberBand

/// Rubber Band in its real-time mode, single-threaded, with its R3 ("finer") engine, which holds
/// a steady tone's frequency and level exactly at every rate and pitch tried (R2 did not: see
/// `TimePitchEngine`). The short window costs less than half as much and starts sooner.
final class RubberBandStretcher: TimeStretcher {
    private let state: RubberBandState
    private let sampleRate: Double
    private let channelCount: Int
    private let maximumFrames: Int
    private var rate = 1.0, pitchScale = 1.0
    /// Where pulled input lands, and the pointer tables Rubber Band and the puller take.
    private let input: UnsafeMutablePointer<Float>
    private let inputChannels: UnsafeMutablePointer<UnsafeMutablePointer<Float>>
    private let inputTable: UnsafeMutablePointer<UnsafePointer<Float>?>
    private let outputTable: UnsafeMutablePointer<UnsafeMutablePointer<Float>?>

    init(sampleRate: Double, channelCount: Int, maximumFrames: Int, shortWindow: Bool) {
        self.sampleRate = sampleRate
        self.channelCount = channelCount
        self.maximumFrames = maximumFrames
        var options = RubberBandOptionProcessRealTime.rawValue | RubberBandOptionThreadingNever.rawValue
            | RubberBandOptionEngineFiner.rawValue | RubberBandOptionPitchHighConsistency.rawValue
            | RubberBandOptionChannelsTogether.rawValue
        if shortWindow { options |= RubberBandOptionWindowShort.rawValue }
        state = rubberband_new(UInt32(sampleRate), UInt32(channelCount), RubberBandOptions(options), 1, 1)
        rubberband_set_max_process_size(state, UInt32(maximumFrames))
        input = .allocate(capacity: channelCount * maximumFrames)
        input.initialize(repeating: 0, count: channelCount * maximumFrames)
        inputChannels = .allocate(capacity: channelCount)
        inputTable = .allocate(capacity: channelCount)
        outputTable = .allocate(capacity: channelCount)
        for channel in 0..<channelCount {
            inputChannels[channel] = input + channel * maximumFrames
            inputTable[channel] = UnsafePointer(input + channel * maximumFrames)
        }
    }

    deinit {
        rubberband_delete(state)
        input.deallocate()
        inputChannels.deallocate()
        inputTable.deallocate()
        outputTable.deallocate()
    }

    func configure(rate: Double, pitchScale: Double) {
        self.rate = rate
        self.pitchScale = pitchScale
        // Rubber Band's time ratio is output length over input length.
        rubberband_set_time_ratio(state, 1 / rate)
        rubberband_set_pitch_scale(state, pitchScale)
    }

    /// Rubber Band then allocates and frees one buffer in its next block (measured with the library
    /// alone, in every block after a reset): the one allocation on its render side.
    func reset() {
        rubberband_reset(state)
        configure(rate: rate, pitchScale: pitchScale)
    }

    /// Rubber Band's start delay: it pads its output by this much before the input begins.
    var latency: Double { Double(rubberband_get_start_delay(state)) / sampleRate }

    func render(into channels: UnsafeMutablePointer<UnsafeMutablePointer<Float>>, frameCount: Int,
                pull: (UnsafeMutablePointer<UnsafeMutablePointer<Float>>, Int) -> Void) {
        var produced = 0
        while produced < frameCount {
            let available = Int(rubberband_available(state))
            if available > 0 {
                let count = min(available, frameCount - produced)
                for channel in 0..<channelCount { outputTable[channel] = channels[channel] + produced }
                produced += Int(rubberband_retrieve(state, outputTable, UInt32(count)))
                continue
            }
            // Feed what Rubber Band asks for (at least a little, at most what the buffers hold).
            let required = Int(rubberband_get_samples_required(state))
            let frames = min(max(required, 64), maximumFrames)
            pull(inputChannels, frames)
            rubberband_process(state, inputTable, UInt32(frames), 0)
        }
    }
}
