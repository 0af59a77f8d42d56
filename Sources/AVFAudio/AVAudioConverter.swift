import AudioGraph
import Foundation

/// `AVAudioConverter`: converts PCM audio between sample formats (Int16, Int32, Float32,
/// Float64), interleaved and deinterleaved layouts, channel counts (see `route` for the map and
/// downmix rules) and sample rates (libsoxr, through AudioGraph's `FlushingRateConverter`).
///
/// Compressed formats are not supported: `init(from:to:)` returns nil for them.
///
/// Sample-rate conversion is streaming and exact: input is fed to libsoxr in fixed chunks, so the
/// output does not depend on how the input block slices it, and at `.endOfStream` the filter is
/// flushed so N input frames give round(N · outRate / inRate) output frames. libsoxr compensates
/// its own filter delay, so output is aligned with input (no leading latency gap) under every
/// `primeMethod`; `primeInfo` is kept and reported, but priming never changes the output.
/// Without a rate change samples travel as Double (exact for every PCM format); through libsoxr
/// they travel as Float32, so Int32 and Float64 keep 24-bit precision there.
open class AVAudioConverter: NSObject, @unchecked Sendable {
    public let inputFormat: AVAudioFormat
    public let outputFormat: AVAudioFormat

    /// Output channel → input channel (−1 = silence); see `route` for the default.
    public var channelMap: [NSNumber]
    /// Mix input channels down when the output has fewer (off by default, as on Apple platforms).
    public var downmix = false
    /// TPDF dither when quantising to Int16/Int32 (off by default; deterministic).
    public var dither = false
    /// An `AVAudioQuality` raw value; libsoxr recipe: max (≥ 0x7F) → VHQ, high (≥ 0x60) → HQ,
    /// medium (≥ 0x40) → MQ, low (≥ 0x20) → LQ, min → QQ. Takes effect at the next stream.
    public var sampleRateConverterQuality = AVAudioQuality.high.rawValue { didSet { rebuildRateConverter() } }
    /// `_Normal`: linear phase at the chosen quality; `_Mastering`: linear phase, VHQ whatever
    /// the quality; `_MinimumPhase`: libsoxr's minimum-phase filter at the chosen quality.
    public var sampleRateConverterAlgorithm: String? = AVSampleRateConverterAlgorithm_Normal {
        didSet { rebuildRateConverter() }
    }
    public var primeMethod = AVAudioConverterPrimeMethod.normal
    public var primeInfo = AVAudioConverterPrimeInfo()

    // The encoder's settings, kept as set: this converter does not encode (AVAudioConverter+Encoding).
    /// Bits per second; 0 until set.
    public var bitRate = 0
    /// One of the `AVAudioBitRateStrategy_*` values.
    public var bitRateStrategy: String?
    /// The codec's magic cookie; PCM has none.
    public var magicCookie: Data?
    /// Packets between audio sync packets (USAC); 0, the encoder's default.
    public var audioSyncPacketFrequency = 0
    public var contentSource = AVAudioContentSource.unspecified
    public var dynamicRangeControlConfiguration = AVAudioDynamicRangeControlConfiguration.none

    /// Converted output frames not yet delivered, one array per output channel.
    private var pending: [[Double]]
    private var pendingStart = 0
    private var rateConverter: FlushingRateConverter?
    private var inputEnded = false
    private var ditherState: ConverterDither?

    /// nil unless both formats are PCM with a positive rate and at least one channel.
    public init?(from fromFormat: AVAudioFormat, to toFormat: AVAudioFormat) {
        guard Self.isSupported(fromFormat), Self.isSupported(toFormat) else { return nil }
        inputFormat = fromFormat
        outputFormat = toFormat
        channelMap = Self.defaultChannelMap(from: Int(fromFormat.channelCount), to: Int(toFormat.channelCount))
            .map { NSNumber(value: $0) }
        pending = Array(repeating: [], count: Int(toFormat.channelCount))
        super.init()
        rebuildRateConverter()
    }

    private static func isSupported(_ format: AVAudioFormat) -> Bool {
        format.isPCM && format.commonFormat != .otherFormat && format.sampleRate > 0 && format.channelCount > 0
    }

    private var changesRate: Bool { inputFormat.sampleRate != outputFormat.sampleRate }

    /// Bytes of one output packet (one frame, for PCM).
    public var maximumOutputPacketSize: Int { Int(outputFormat.streamDescription.pointee.mBytesPerPacket) }

    /// Forgets the stream in progress (buffered input and output, end of stream).
    public func reset() {
        pending = Array(repeating: [], count: pending.count)
        pendingStart = 0
        inputEnded = false
        ditherState = nil
        rateConverter?.reset()
    }

    // MARK: Errors

    /// `kAudioConverterErr_FormatNotSupported` ('fmt?'): e.g. a rate change in `convert(to:from:)`.
    static let formatNotSupported: OSStatus = 0x666D_743F
    /// `kAudioConverterErr_InvalidOutputSize` ('otsz'): the output buffer cannot hold the input.
    static let invalidOutputSize: OSStatus = 0x6F74_737A

    static func error(_ code: OSStatus, _ message: String) -> NSError {
        NSError(domain: NSOSStatusErrorDomain, code: Int(code), userInfo: [NSLocalizedDescriptionKey: message])
    }

    // MARK: Conversion without a rate change

    /// Converts all of `inputBuffer` into `outputBuffer` (frameLength = input frameLength).
    /// Throws 'fmt?' for a rate change (use the input-block method), kAudio_ParamError for buffers
    /// in other formats, 'otsz' when the output is too small.
    public func convert(to outputBuffer: AVAudioPCMBuffer, from inputBuffer: AVAudioPCMBuffer) throws {
        guard !changesRate else {
            throw Self.error(Self.formatNotSupported,
                             "AVAudioConverter: convert(to:from:) does not change sample rates (\(inputFormat.sampleRate) → \(outputFormat.sampleRate)); use convert(to:error:withInputFrom:)")
        }
        try requireFormat(inputBuffer, inputFormat, "input")
        try requireFormat(outputBuffer, outputFormat, "output")
        let frames = Int(inputBuffer.frameLength)
        guard frames <= Int(outputBuffer.frameCapacity) else {
            throw Self.error(Self.invalidOutputSize,
                             "AVAudioConverter: output capacity \(outputBuffer.frameCapacity) < input length \(frames)")
        }
        let routed = route(inputBuffer.samplesAsDouble(), frames: frames)
        prepareDither()
        outputBuffer.write(routed, start: 0, frames: frames, at: 0, dither: &ditherState)
        outputBuffer.frameLength = AVAudioFrameCount(frames)
    }

    func requireFormat(_ buffer: AVAudioBuffer, _ format: AVAudioFormat, _ role: String) throws {
        let f = buffer.format
        guard buffer is AVAudioPCMBuffer, f.commonFormat == format.commonFormat, f.sampleRate == format.sampleRate,
              f.channelCount == format.channelCount, f.isInterleaved == format.isInterleaved else {
            throw Self.error(kAudio_ParamError, "AVAudioConverter: \(role) buffer format \(f) is not the converter's \(format)")
        }
    }

    private func prepareDither() {
        if dither, ditherState == nil { ditherState = ConverterDither() }
        if !dither { ditherState = nil }
    }

    // MARK: Streaming conversion

    /// Fills `outputBuffer` to its capacity with input pulled from `inputBlock`.
    public func convert(to outputBuffer: AVAudioBuffer, error outError: NSErrorPointer,
                        withInputFrom inputBlock: AVAudioConverterInputBlock) -> AVAudioConverterOutputStatus {
        do {
            try requireFormat(outputBuffer, outputFormat, "output")
            let output = outputBuffer as! AVAudioPCMBuffer
            let capacity = Int(output.frameCapacity)
            let ranDry = try pull(upTo: capacity, from: inputBlock)
            let frames = deliver(into: output, capacity: capacity)
            if frames == capacity && (capacity > 0 || !inputEnded) { return .haveData }
            if ranDry { return .inputRanDry }
            return frames > 0 ? .haveData : .endOfStream
        } catch {
            outError?.pointee = error as NSError
            return .error
        }
    }

    private var pendingFrames: Int { (pending.first?.count ?? 0) - pendingStart }

    /// Calls the input block until `frames` output frames are pending, input runs dry (true) or
    /// the stream ends (false). A `.haveData` with an empty buffer counts as running dry, so a
    /// block with nothing to give cannot spin the converter forever.
    private func pull(upTo frames: Int, from inputBlock: AVAudioConverterInputBlock) throws -> Bool {
        while pendingFrames < frames && !inputEnded {
            var status = AVAudioConverterInputStatus.haveData
            let ratio = outputFormat.sampleRate / inputFormat.sampleRate
            let wanted = AVAudioPacketCount(max(1, (Double(frames - pendingFrames) / ratio).rounded(.up)))
            let buffer = inputBlock(wanted, &status)
            switch status {
            case .noDataNow: return true
            case .endOfStream: endStream()
            case .haveData:
                guard let buffer else { return true }
                try requireFormat(buffer, inputFormat, "input")
                let input = buffer as! AVAudioPCMBuffer
                if input.frameLength == 0 { return true }
                ingest(input)
            }
        }
        return false
    }

    /// Routes the input's channels, converts its rate if needed, and queues the result.
    private func ingest(_ input: AVAudioPCMBuffer) {
        let frames = Int(input.frameLength)
        let routed = route(input.samplesAsDouble(), frames: frames)
        guard let rateConverter else { return enqueue(routed) }
        let floats = routed.map { $0.map(Float.init) }
        var pointers: [UnsafePointer<Float>] = []
        withPointers(floats, into: &pointers) { rateConverter.append($0, frames: frames) }
        drainRateConverter()
    }

    private func endStream() {
        inputEnded = true
        rateConverter?.finish()
        drainRateConverter()
    }

    private func drainRateConverter() {
        guard let rateConverter, rateConverter.availableFrames > 0 else { return }
        let frames = rateConverter.availableFrames
        let channels = pending.count
        let scratch = UnsafeMutablePointer<Float>.allocate(capacity: frames * channels)
        defer { scratch.deallocate() }
        _ = rateConverter.read(frames, into: (0..<channels).map { scratch + $0 * frames })
        enqueue((0..<channels).map { channel in (0..<frames).map { Double(scratch[channel * frames + $0]) } })
    }

    private func enqueue(_ samples: [[Double]]) {
        for channel in pending.indices { pending[channel].append(contentsOf: samples[channel]) }
    }

    /// Writes up to `capacity` pending frames to the start of `output`; returns how many.
    private func deliver(into output: AVAudioPCMBuffer, capacity: Int) -> Int {
        let frames = min(capacity, pendingFrames)
        prepareDither()
        output.write(pending, start: pendingStart, frames: frames, at: 0, dither: &ditherState)
        output.frameLength = AVAudioFrameCount(frames)
        pendingStart += frames
        if pendingStart == pending[0].count || pendingStart > 65_536 {
            for channel in pending.indices { pending[channel].removeFirst(pendingStart) }
            pendingStart = 0
        }
        return frames
    }

    /// (Re)creates the libsoxr stream for the current quality and algorithm, or none if the rate
    /// does not change. Called at init and when quality or algorithm change (which restarts the stream).
    private func rebuildRateConverter() {
        guard changesRate else { return }
        let algorithm = sampleRateConverterAlgorithm ?? AVSampleRateConverterAlgorithm_Normal
        let recipe = algorithm == AVSampleRateConverterAlgorithm_Mastering
            ? .veryHigh : Self.recipe(forQuality: sampleRateConverterQuality)
        rateConverter = FlushingRateConverter(channelCount: Int(outputFormat.channelCount),
                                              from: inputFormat.sampleRate, to: outputFormat.sampleRate,
                                              recipe: recipe,
                                              minimumPhase: algorithm == AVSampleRateConverterAlgorithm_MinimumPhase)
    }

    static func recipe(forQuality quality: Int) -> FlushingRateConverter.Recipe {
        switch quality {
        case AVAudioQuality.max.rawValue...: .veryHigh
        case AVAudioQuality.high.rawValue...: .high
        case AVAudioQuality.medium.rawValue...: .medium
        case AVAudioQuality.low.rawValue...: .low
        default: .quick
        }
    }
}

/// Keeps every channel array's storage alive while `body` reads it through pointers.
private func withPointers(_ arrays: [[Float]], into pointers: inout [UnsafePointer<Float>], index: Int = 0,
                          _ body: ([UnsafePointer<Float>]) -> Void) {
    guard index < arrays.count else { return body(pointers) }
    arrays[index].withUnsafeBufferPointer { buffer in
        pointers.append(buffer.baseAddress!)
        withPointers(arrays, into: &pointers, index: index + 1, body)
    }
}
