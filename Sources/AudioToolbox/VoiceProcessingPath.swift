import AudioGraph
import MediaServer
import VoiceProcessing

/// VoiceProcessingIO's processing: webrtc (echo cancellation, noise suppression, gain control)
/// on the microphone at the hardware rate before the app's input callback sees it. The far end
/// is everything the device played through the outputs that reach the microphone, mixed by the
/// server (`EchoReference`): the unit's own output and other apps' sounds alike. Made on the
/// control side when the unit starts or the hardware changes; at a rate webrtc does not run (it
/// takes 8, 16, 32 and 48 kHz) the input passes unprocessed. The processed input lags the
/// microphone by webrtc's 10 ms frame.
final class VoiceProcessingPath {
    /// Nil at a rate webrtc does not run.
    let processor: VoiceProcessor?
    /// Nil for a unit with no server (it plays nothing then).
    private let reference: EchoReference?
    /// This cycle's far end, for `analyzeRender`.
    private let farEnd: UnsafeMutablePointer<Float>
    private let capacity: Int

    init(sampleRate: Int, capacity: Int, reference: EchoReference?) {
        processor = try? VoiceProcessor(sampleRate: sampleRate, channels: 1)
        self.reference = reference
        self.capacity = capacity
        farEnd = .allocate(capacity: capacity)
        farEnd.initialize(repeating: 0, count: capacity)
    }

    deinit { farEnd.deallocate() }

    /// Control side: the unit's switches.
    func configure(bypassed: Bool, automaticGainControl: Bool) {
        guard let processor else { return }
        processor.bypassed = bypassed
        if processor.automaticGainControl != automaticGainControl { processor.automaticGainControl = automaticGainControl }
    }

    /// Render side: the far end the device played for this capture (`EchoReference.read`), then
    /// the near end, the microphone of IO frames `[sampleTime, sampleTime + frames)`, processed
    /// in place. Far end first, so webrtc pairs each capture frame with what was played one IO
    /// buffer before it.
    func process(_ microphone: UnsafeMutablePointer<Float>, frames: Int, sampleTime: Int64) {
        guard let processor else { return }
        let frames = min(frames, capacity)
        if let reference {
            reference.read(into: farEnd, frames: frames, capturedAt: sampleTime)
        }
        processor.analyzeRender(farEnd, frameCount: frames)
        processor.processCapture(microphone, frameCount: frames)
    }
}
