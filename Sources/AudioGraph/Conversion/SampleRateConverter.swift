import CSoxr
import SimCore

/// Streaming sample-rate conversion through libsoxr whose output does not depend on how the
/// caller slices it.
///
/// libsoxr is fed in chunks of exactly `chunkFrames` input frames, each call with the same output
/// capacity, and whatever it returns goes into a FIFO the caller reads from. The sequence of calls
/// into libsoxr is therefore the same whatever sizes the caller pulls (64, 441 or 1024 frames),
/// so its output is bit-identical at every IO buffer size (docs/architecture.md, The IO cycle).
///
/// Use on the render path: `needsInput` / `inputChunk(channel:)` / `convertChunk()` / `read`
/// allocate nothing and take no locks. Creation and `deinit` allocate and belong on the control
/// side. A final class because it owns the libsoxr handle; it is confined to the render thread.
public final class SampleRateConverter {
    /// libsoxr's version string, e.g. "libsoxr-0.1.3" (for `soundcheck doctor`).
    public static var libraryVersion: String { String(cString: soxr_version()) }

    /// Input frames per libsoxr call: small enough that little is converted ahead, large enough
    /// to keep the per-call overhead low.
    public static let defaultChunkFrames = 256

    public let channelCount: Int
    public let inputRate: SampleRate
    public let outputRate: SampleRate
    public let quality: ConversionQuality
    public let chunkFrames: Int
    /// The most output frames one chunk can yield, and the FIFO's headroom beyond `maxReadFrames`.
    let chunkOutputCapacity: Int
    let fifoCapacity: Int

    private let handle: soxr_t
    private let input: UnsafeMutablePointer<Float>
    private let inputPointers: UnsafeMutablePointer<UnsafeRawPointer?>
    private let outputPointers: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    private let fifo: UnsafeMutablePointer<Float>
    private var fifoStart = 0
    private var fifoCount = 0

    /// - Parameter maxReadFrames: the most frames one `read` will ask for (the IO buffer maximum).
    public init(channelCount: Int, from inputRate: SampleRate, to outputRate: SampleRate,
                quality: ConversionQuality = .standard, maxReadFrames: Int,
                chunkFrames: Int = SampleRateConverter.defaultChunkFrames) {
        precondition(channelCount > 0 && maxReadFrames > 0 && chunkFrames > 0)
        self.channelCount = channelCount
        self.inputRate = inputRate
        self.outputRate = outputRate
        self.quality = quality
        self.chunkFrames = chunkFrames
        let ratio = outputRate.hertz / inputRate.hertz
        chunkOutputCapacity = Int((Double(chunkFrames) * ratio).rounded(.up)) + 16
        fifoCapacity = maxReadFrames + 2 * chunkOutputCapacity
        var ioSpec = soxr_io_spec(SOXR_FLOAT32_S, SOXR_FLOAT32_S)
        var qualitySpec = soxr_quality_spec(quality.soxrRecipe, 0)
        var runtimeSpec = soxr_runtime_spec(1)
        var error: soxr_error_t?
        guard let created = soxr_create(inputRate.hertz, outputRate.hertz, UInt32(channelCount), &error,
                                        &ioSpec, &qualitySpec, &runtimeSpec) else {
            preconditionFailure("soxr_create failed: \(error.map { String(cString: $0) } ?? "unknown")")
        }
        handle = created
        input = .allocate(capacity: chunkFrames * channelCount)
        input.initialize(repeating: 0, count: chunkFrames * channelCount)
        inputPointers = .allocate(capacity: channelCount)
        outputPointers = .allocate(capacity: channelCount)
        fifo = .allocate(capacity: fifoCapacity * channelCount)
        fifo.initialize(repeating: 0, count: fifoCapacity * channelCount)
        for channel in 0..<channelCount {
            inputPointers[channel] = UnsafeRawPointer(input + channel * chunkFrames)
        }
    }

    deinit {
        soxr_delete(handle)
        input.deallocate()
        inputPointers.deallocate()
        outputPointers.deallocate()
        fifo.deallocate()
    }

    /// Converted frames ready to read.
    public var availableFrames: Int { fifoCount }

    /// True while fewer than `frames` converted frames are ready: fill `inputChunk` and call
    /// `convertChunk()` until it is false.
    @inline(__always)
    public func needsInput(toRead frames: Int) -> Bool { fifoCount < frames }

    /// Where the next chunk's `chunkFrames` input samples of `channel` go.
    @inline(__always)
    public func inputChunk(channel: Int) -> UnsafeMutablePointer<Float> { input + channel * chunkFrames }

    /// Converts the chunk in `inputChunk` and appends the result to the FIFO.
    public func convertChunk() { convert(frames: chunkFrames) }

    /// Converts the first `frames` (at most `chunkFrames`) of `inputChunk`: for a caller whose
    /// input comes in sizes it does not choose (a render callback pulled for the client frames
    /// of one IO cycle). Its output then depends on those sizes, unlike `convertChunk`'s.
    public func convert(frames: Int) {
        precondition(frames <= chunkFrames, "a chunk holds at most chunkFrames")
        if fifoStart + fifoCount + chunkOutputCapacity > fifoCapacity { compact() }
        let tail = fifoStart + fifoCount
        for channel in 0..<channelCount {
            outputPointers[channel] = UnsafeMutableRawPointer(fifo + channel * fifoCapacity + tail)
        }
        var consumed = 0
        var produced = 0
        let error = soxr_process(handle, UnsafeRawPointer(inputPointers), frames, &consumed,
                                 UnsafeMutableRawPointer(outputPointers), chunkOutputCapacity, &produced)
        // With this output capacity libsoxr always takes the whole chunk; anything else is a bug.
        precondition(error == nil && consumed == frames, "libsoxr refused a chunk")
        fifoCount += produced
    }

    /// Control side: converts silence until at least `frames` converted frames are ready, so a
    /// caller that then feeds exactly as much input as it reads (on average) never runs dry,
    /// whatever libsoxr's delay. Adds that much latency, once.
    public func prime(toHold frames: Int) {
        precondition(frames + chunkOutputCapacity <= fifoCapacity, "the FIFO cannot hold that much")
        for channel in 0..<channelCount { inputChunk(channel: channel).update(repeating: 0, count: chunkFrames) }
        while fifoCount < frames { convertChunk() }
    }

    /// Moves `frames` converted frames of every channel to `destination + channel * stride`.
    public func read(_ frames: Int, into destination: UnsafeMutablePointer<Float>, stride: Int) {
        precondition(frames <= fifoCount, "read more than was converted")
        for channel in 0..<channelCount {
            (destination + channel * stride).update(from: fifo + channel * fifoCapacity + fifoStart, count: frames)
        }
        fifoStart += frames
        fifoCount -= frames
        if fifoCount == 0 { fifoStart = 0 }
    }

    /// Moves the unread frames to the front of the FIFO (memmove; no allocation).
    private func compact() {
        guard fifoStart > 0 else { return }
        for channel in 0..<channelCount {
            let base = fifo + channel * fifoCapacity
            base.update(from: base + fifoStart, count: fifoCount)
        }
        fifoStart = 0
    }
}
