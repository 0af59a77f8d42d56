import CSoxr

/// Offline-style streaming sample-rate conversion through libsoxr that ends a stream properly:
/// `finish()` converts the last partial chunk and drains libsoxr's filter, so a stream of N input
/// frames yields exactly round(N · outputRate / inputRate) output frames, aligned with the input
/// (libsoxr removes its own filter delay, so there is no leading gap).
///
/// Like `SampleRateConverter`, it calls libsoxr with fixed chunks of `chunkFrames` input frames
/// whatever sizes the caller appends, so the output is bit-identical however the input is sliced.
/// Unlike it, this one allocates (Swift arrays): it serves facades such as `AVAudioConverter`,
/// which run on the app's thread, not the render path.
public final class FlushingRateConverter {
    /// libsoxr's filter recipes, from the coarsest to the finest (soxr.h `SOXR_QQ` … `SOXR_VHQ`).
    public enum Recipe: UInt, Sendable, CaseIterable {
        case quick = 0, low = 1, medium = 2, high = 4, veryHigh = 6

        public init(_ quality: ConversionQuality) {
            self = quality == .high ? .high : .veryHigh
        }
    }

    public let channelCount: Int
    public let inputRate: Double
    public let outputRate: Double
    public let chunkFrames: Int

    private let handle: soxr_t
    /// Input waiting for a full chunk, one array per channel.
    private var pendingInput: [[Float]]
    /// Converted frames not yet read, one array per channel, read from `outputStart`.
    private var output: [[Float]]
    private var outputStart = 0
    private var inputFrames = 0
    private var producedFrames = 0
    public private(set) var isFinished = false

    /// - Parameter minimumPhase: libsoxr's minimum-phase filter (less pre-ringing) instead of linear phase.
    public init(channelCount: Int, from inputRate: Double, to outputRate: Double, recipe: Recipe = .veryHigh,
                minimumPhase: Bool = false, chunkFrames: Int = SampleRateConverter.defaultChunkFrames) {
        precondition(channelCount > 0 && inputRate > 0 && outputRate > 0 && chunkFrames > 0)
        self.channelCount = channelCount
        self.inputRate = inputRate
        self.outputRate = outputRate
        self.chunkFrames = chunkFrames
        var ioSpec = soxr_io_spec(SOXR_FLOAT32_S, SOXR_FLOAT32_S)
        var qualitySpec = soxr_quality_spec(recipe.rawValue | (minimumPhase ? 0x30 : 0), 0)
        var runtimeSpec = soxr_runtime_spec(1)
        var error: soxr_error_t?
        guard let created = soxr_create(inputRate, outputRate, UInt32(channelCount), &error,
                                        &ioSpec, &qualitySpec, &runtimeSpec) else {
            preconditionFailure("soxr_create failed: \(error.map { String(cString: $0) } ?? "unknown")")
        }
        handle = created
        pendingInput = Array(repeating: [], count: channelCount)
        output = Array(repeating: [], count: channelCount)
    }

    deinit { soxr_delete(handle) }

    /// Converted frames ready to read.
    public var availableFrames: Int { (output.first?.count ?? 0) - outputStart }

    /// The output length the whole stream will have once finished: round(input · ratio).
    public var expectedOutputFrames: Int { Int((Double(inputFrames) * outputRate / inputRate).rounded()) }

    /// Appends `frames` frames of each channel (`channels[c]` points at channel c's samples).
    public func append(_ channels: [UnsafePointer<Float>], frames: Int) {
        precondition(!isFinished && channels.count == channelCount)
        guard frames > 0 else { return }
        for channel in 0..<channelCount {
            pendingInput[channel].append(contentsOf: UnsafeBufferPointer(start: channels[channel], count: frames))
        }
        inputFrames += frames
        while pendingInput[0].count >= chunkFrames { process(frames: chunkFrames) }
    }

    /// Ends the stream: converts what is left and drains libsoxr, trimming or padding the tail so
    /// the total is `expectedOutputFrames`.
    public func finish() {
        guard !isFinished else { return }
        isFinished = true
        if !pendingInput[0].isEmpty { process(frames: pendingInput[0].count) }
        drain()
        let surplus = producedFrames - expectedOutputFrames
        for channel in 0..<channelCount {
            if surplus > 0 {
                output[channel].removeLast(min(surplus, output[channel].count - outputStart))
            } else if surplus < 0 {
                output[channel].append(contentsOf: repeatElement(0, count: -surplus))
            }
        }
        producedFrames = expectedOutputFrames
    }

    /// Moves up to `frames` converted frames of every channel into `destination[c]`; returns how many.
    public func read(_ frames: Int, into destination: [UnsafeMutablePointer<Float>]) -> Int {
        let count = min(frames, availableFrames)
        for channel in 0..<channelCount {
            output[channel].withUnsafeBufferPointer { source in
                destination[channel].update(from: source.baseAddress! + outputStart, count: count)
            }
        }
        outputStart += count
        if outputStart > 4096 && outputStart * 2 > output[0].count { compact() }
        return count
    }

    /// Forgets the stream: ready for a fresh signal with the same configuration.
    public func reset() {
        soxr_clear(handle)
        pendingInput = Array(repeating: [], count: channelCount)
        output = Array(repeating: [], count: channelCount)
        outputStart = 0
        inputFrames = 0
        producedFrames = 0
        isFinished = false
    }

    /// Runs `frames` pending input frames through libsoxr with room for all of their output.
    private func process(frames: Int) {
        let capacity = Int((Double(frames) * outputRate / inputRate).rounded(.up)) + 64
        let input = UnsafeMutablePointer<Float>.allocate(capacity: frames * channelCount)
        defer { input.deallocate() }
        for channel in 0..<channelCount {
            pendingInput[channel].withUnsafeBufferPointer { (input + channel * frames).initialize(from: $0.baseAddress!, count: frames) }
            pendingInput[channel].removeFirst(frames)
        }
        let produced = call(input: input, frames: frames, capacity: capacity)
        precondition(produced >= 0, "libsoxr refused a chunk")
    }

    /// Asks libsoxr for its buffered tail (input NULL = end of stream) until it has none left.
    private func drain() {
        while call(input: nil, frames: 0, capacity: 4096) > 0 {}
    }

    /// One soxr_process call over split channels; appends what it produced. Returns the frames
    /// produced, or -1 if libsoxr failed or did not take the whole input.
    private func call(input: UnsafeMutablePointer<Float>?, frames: Int, capacity: Int) -> Int {
        let scratch = UnsafeMutablePointer<Float>.allocate(capacity: capacity * channelCount)
        let inputs = UnsafeMutablePointer<UnsafeRawPointer?>.allocate(capacity: channelCount)
        let outputs = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: channelCount)
        defer { scratch.deallocate(); inputs.deallocate(); outputs.deallocate() }
        for channel in 0..<channelCount {
            inputs[channel] = input.map { UnsafeRawPointer($0 + channel * frames) }
            outputs[channel] = UnsafeMutableRawPointer(scratch + channel * capacity)
        }
        var consumed = 0
        var produced = 0
        let error = input == nil
            ? soxr_process(handle, nil, 0, nil, UnsafeMutableRawPointer(outputs), capacity, &produced)
            : soxr_process(handle, UnsafeRawPointer(inputs), frames, &consumed,
                           UnsafeMutableRawPointer(outputs), capacity, &produced)
        guard error == nil, consumed == frames else { return -1 }
        for channel in 0..<channelCount {
            output[channel].append(contentsOf: UnsafeBufferPointer(start: scratch + channel * capacity, count: produced))
        }
        producedFrames += produced
        return produced
    }

    private func compact() {
        for channel in 0..<channelCount { output[channel].removeFirst(outputStart) }
        outputStart = 0
    }
}
