import CWebRTCShim

/// Voice processing for one capture stream, as Apple's voice-processing I/O unit does it: echo
/// cancellation against what the device plays, noise suppression and automatic gain control, by
/// webrtc-audio-processing 0.3.
///
/// Calls may carry any number of frames (an IO cycle's worth); webrtc works on 10 ms frames, so
/// both directions are cut into 10 ms frames inside. The processed capture therefore lags the
/// microphone by exactly one 10 ms frame (`latencyFrames`), whatever the call sizes: each output
/// sample is the processed input sample of `latencyFrames` earlier, and the first
/// `latencyFrames` output samples are silence. Bypassing keeps that latency, so switching does
/// not move the signal in time.
///
/// A voice-processing I/O unit makes one at the hardware rate when it starts (again after a rate
/// change) and, on each IO cycle, calls `analyzeRender` with what the device played one IO buffer
/// earlier (every app's sound at the speaker or receiver), then `processCapture` on the cycle's
/// microphone before the app's input callback sees it. The echo arrives the acoustic path's
/// delay after that; webrtc's extended filter (128 ms) finds it without being told.
///
/// Deterministic (webrtc runs on the caller's thread and is a pure function of its input), and
/// `analyzeRender`/`processCapture` allocate nothing (every buffer is made in `init`) and take no
/// lock of ours: creation, settings and destruction are control-side calls, serialized across
/// threads because webrtc touches process-wide state then, and the echo canceller's shared FFT
/// tables are built once per process (`fftTables`). webrtc 0.3's `AudioProcessing` still takes
/// its own per-processor locks inside each 10 ms frame (at most 3 per render/capture pair, for
/// a render and a capture thread we do not have): the counted exception to the real-time rules
/// in docs/architecture.md. They are never contended, since a processor is used by one
/// simulation, on one thread.
public final class VoiceProcessor {
    /// The rates webrtc processes natively.
    public static let supportedSampleRates = [8_000, 16_000, 32_000, 48_000]

    public let sampleRate: Int
    /// Samples per frame in `analyzeRender`/`processCapture`, interleaved (1 or 2).
    public let channels: Int
    /// Frames in 10 ms: webrtc's frame.
    public let frameLength: Int
    /// How far the processed capture lags the microphone: one 10 ms frame.
    public var latencyFrames: Int { frameLength }

    /// Acoustic echo cancellation against what `analyzeRender` was given.
    public var echoCancellation = true { didSet { configure() } }
    public var noiseSuppression = true { didSet { configure() } }
    /// Adaptive digital gain towards −3 dBFS peaks, with a limiter (kAUVoiceIOProperty_VoiceProcessingEnableAGC).
    public var automaticGainControl = true { didSet { configure() } }
    /// Which of webrtc's echo cancellers runs when `echoCancellation` is on (`.mobile` above
    /// 16 kHz leaves `lastError` set: webrtc refuses it).
    public var echoCanceller: EchoCanceller = .full { didSet { configure() } }
    /// The capture passes through unprocessed (kAUVoiceIOProperty_BypassVoiceProcessing), with the
    /// same latency.
    public var bypassed = false
    /// The processed capture is silence (kAUVoiceIOProperty_MuteOutput); processing goes on, so
    /// the echo canceller stays adapted.
    public var outputMuted = false
    /// The time from a render frame being analyzed to the capture frame holding its echo being
    /// processed, beyond the frames' own alignment: the acoustic path's delay plus any output
    /// latency (webrtc's stream delay). Both directions are cut on the same 10 ms grid and
    /// paired frame by frame, so when an IO cycle's render is given before its capture, this is
    /// the echo path's delay alone.
    public var streamDelayMilliseconds = 0
    /// The last error webrtc returned (0 when none): processing errors cannot be thrown from the
    /// real-time path, so they are kept here for the control side.
    public private(set) var lastError: Int32 = 0
    /// Whether the echo canceller estimated echo in the last processed frame.
    public var echoDetected: Bool { webrtc_shim_stream_has_echo(processor) != 0 }

    /// How often webrtc asked for its echo canceller's shared FFT tables (once per echo canceller
    /// made) and how often they were built: once per process, so no creation rewrites them
    /// under another processor.
    public static var fftTables: (requests: Int, builds: Int) {
        var requests: Int32 = 0
        var builds: Int32 = 0
        webrtc_shim_fft_tables(&requests, &builds)
        return (Int(requests), Int(builds))
    }

    public enum EchoCanceller: Sendable {
        /// webrtc's AEC with the extended (128 ms) filter: the stronger one, at every rate.
        case full
        /// webrtc's AECM (echo control for mobile), 8 and 16 kHz only.
        case mobile
    }

    private let processor: OpaquePointer
    /// Complete render frames not yet given to webrtc, oldest at `renderHead`, plus the one filling.
    private let renderQueue: [FrameBuffer]
    private var renderHead = 0
    private var renderPending = 0
    private let capture: FrameBuffer
    /// The previous processed capture frame, read out while the next one fills.
    private let processed: FrameBuffer
    private var renderFill = 0
    private var captureFill = 0

    public init(sampleRate: Int, channels: Int) throws(VoiceProcessorError) {
        guard Self.supportedSampleRates.contains(sampleRate) else { throw .unsupportedSampleRate(sampleRate) }
        guard (1...2).contains(channels) else { throw .unsupportedChannelCount(channels) }
        var error: Int32 = 0
        guard let processor = webrtc_shim_create(Int32(sampleRate), Int32(channels), &error) else {
            throw .webrtc(code: error, call: "create")
        }
        self.processor = processor
        self.sampleRate = sampleRate
        self.channels = channels
        let frameLength = Int(webrtc_shim_frame_length(processor))
        self.frameLength = frameLength
        renderQueue = (0...Self.renderQueueFrames).map { _ in FrameBuffer(channels: channels, frames: frameLength) }
        capture = FrameBuffer(channels: channels, frames: frameLength)
        processed = FrameBuffer(channels: channels, frames: frameLength)
        let code = applyConfiguration()
        if code != 0 {
            webrtc_shim_destroy(processor)
            throw .webrtc(code: code, call: "configure")
        }
    }

    deinit { webrtc_shim_destroy(processor) }

    /// Far end: what is about to be played to the speaker this IO cycle (`channels` interleaved).
    ///
    /// Render frames are queued and handed to webrtc one just before each capture frame, so webrtc
    /// sees render and capture strictly alternating whatever the call sizes: its echo canceller
    /// aligns the two streams by how far render runs ahead, and this keeps that, and so the
    /// result, independent of the IO cycle size.
    public func analyzeRender(_ samples: UnsafePointer<Float>, frameCount: Int) {
        var done = 0
        while done < frameCount {
            let filling = renderQueue[(renderHead + renderPending) % renderQueue.count]
            let run = min(frameLength - renderFill, frameCount - done)
            filling.deinterleave(samples + done * channels, frames: run, at: renderFill)
            renderFill += run
            done += run
            if renderFill == frameLength {
                renderFill = 0
                // Render running a second ahead of capture (no one reads the microphone): let the oldest go.
                if renderPending == Self.renderQueueFrames { analyzeOldestRender() }
                renderPending += 1
            }
        }
    }

    /// Near end: this cycle's microphone samples (`channels` interleaved), replaced in place by
    /// the processed capture `latencyFrames` behind.
    public func processCapture(_ samples: UnsafeMutablePointer<Float>, frameCount: Int) {
        var done = 0
        while done < frameCount {
            let run = min(frameLength - captureFill, frameCount - done)
            let chunk = samples + done * channels
            capture.deinterleave(chunk, frames: run, at: captureFill)
            processed.interleave(into: chunk, frames: run, at: captureFill, silent: outputMuted)
            captureFill += run
            done += run
            if captureFill == frameLength {
                captureFill = 0
                processFrame()
            }
        }
    }

    private func processFrame() {
        if renderPending > 0 { analyzeOldestRender() }
        if !bypassed {
            note(webrtc_shim_process_capture(processor, capture.writePointers, Int32(streamDelayMilliseconds)))
        }
        processed.swapStorage(with: capture)
    }

    private func analyzeOldestRender() {
        if !bypassed && echoCancellation { note(webrtc_shim_analyze_render(processor, renderQueue[renderHead].readPointers)) }
        renderHead = (renderHead + 1) % renderQueue.count
        renderPending -= 1
    }

    /// Render frames kept waiting for their capture frame: one second.
    private static let renderQueueFrames = 100

    private func note(_ code: Int32) {
        if code != 0 { lastError = code }
    }

    private func configure() {
        note(applyConfiguration())
    }

    private func applyConfiguration() -> Int32 {
        let echo: WebRTCShimEcho = !echoCancellation ? WebRTCShimEchoOff
            : echoCanceller == .full ? WebRTCShimEchoCanceller : WebRTCShimEchoMobile
        return webrtc_shim_configure(processor, echo, noiseSuppression ? 1 : 0, automaticGainControl ? 1 : 0, 1)
    }
}

/// Why a `VoiceProcessor` could not be made.
public enum VoiceProcessorError: Error, Equatable, CustomStringConvertible {
    case unsupportedSampleRate(Int)
    case unsupportedChannelCount(Int)
    /// webrtc's AudioProcessing::Error code, and the call that returned it.
    case webrtc(code: Int32, call: String)

    public var description: String {
        switch self {
        case let .unsupportedSampleRate(rate):
            "voice processing runs at 8000, 16000, 32000 or 48000 Hz, not \(rate)"
        case let .unsupportedChannelCount(count):
            "voice processing takes 1 or 2 channels, not \(count)"
        case let .webrtc(code, call):
            "webrtc-audio-processing \(call) failed with error \(code)"
        }
    }
}
