import AudioGraph
import VoiceProcessing

/// VoiceProcessingIO's processing: webrtc (echo cancellation, noise suppression, gain control)
/// on the microphone at the hardware rate before the app's input callback sees it, with what the
/// unit plays as the far end. Made on the control side when the unit starts or the hardware
/// changes; at a rate webrtc does not run (it takes 8, 16, 32 and 48 kHz) the input passes
/// unprocessed. The processed input lags the microphone by webrtc's 10 ms frame.
final class VoiceProcessingPath {
    /// Nil at a rate webrtc does not run.
    let processor: VoiceProcessor?
    /// The cycle's output mixed to mono, for `analyzeRender`.
    private let played: UnsafeMutablePointer<Float>
    private let capacity: Int

    init(sampleRate: Int, capacity: Int) {
        processor = try? VoiceProcessor(sampleRate: sampleRate, channels: 1)
        self.capacity = capacity
        played = .allocate(capacity: capacity)
        played.initialize(repeating: 0, count: capacity)
    }

    deinit { played.deallocate() }

    /// Control side: the unit's switches.
    func configure(bypassed: Bool, automaticGainControl: Bool) {
        guard let processor else { return }
        processor.bypassed = bypassed
        if processor.automaticGainControl != automaticGainControl { processor.automaticGainControl = automaticGainControl }
    }

    /// Render side: the near end, processed in place.
    func processMicrophone(_ microphone: UnsafeMutablePointer<Float>, frames: Int) {
        processor?.processCapture(microphone, frameCount: frames)
    }

    /// Render side: the far end, what the unit played this cycle, mixed to mono.
    func analyzePlayed(_ cycle: RenderClientCycle) {
        guard let processor else { return }
        let frames = min(cycle.frames, capacity)
        MixKernel.clear(played, frames: frames)
        let gain = 1 / Float(max(1, cycle.outputChannels))
        for channel in 0..<cycle.outputChannels {
            MixKernel.accumulate(cycle.outputChannel(channel).baseAddress!, into: played, gain: gain, frames: frames)
        }
        processor.analyzeRender(played, frameCount: frames)
    }
}
