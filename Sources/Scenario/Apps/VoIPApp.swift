import MediaServer
import OpenAVFAudio

/// A voice-over-IP app: playAndRecord with the voiceChat mode, asking for 16 kHz and 20 ms I/O
/// (wideband speech), active only during a call, with a speaker button (the output override).
/// It asks for microphone permission when a call starts. During a call it reads the microphone
/// through voice processing (echo cancellation, noise suppression, gain control), as a VoIP app's
/// voice-processing I/O unit does: its recording is what it would send to the far end, with the
/// echo of its own speaker cancelled.
public final class VoIPApp: ReferenceApp, @unchecked Sendable {
    override public class var defaultCategory: AVAudioSession.Category { .playAndRecord }
    override public class var defaultTone: Int? { 300 }
    override public class var defaultMode: AVAudioSession.Mode { .voiceChat }
    override public class var defaultOptions: AVAudioSession.CategoryOptions { [.allowBluetoothHFP] }

    override public func perform(_ command: String) {
        switch command {
        case "start-call":
            attempt("setPreferredSampleRate") { try session.setPreferredSampleRate(16_000) }
            attempt("setPreferredIOBufferDuration") { try session.setPreferredIOBufferDuration(0.02) }
            play(because: "call")
            AVAudioApplication.requestRecordPermission { [log] (granted: Bool) in log("permission", ["granted": String(granted)]) }
            if let binding = AppContext.current {
                binding.server.setVoiceProcessing(app: binding.app, VoiceProcessingOptions())
                binding.server.startInput(app: binding.app)
            }
        case "end-call":
            if let binding = AppContext.current {
                binding.server.stopInput(app: binding.app)
                binding.server.setVoiceProcessing(app: binding.app, nil)
            }
            setPlaying(false, because: "call-ended")
            deactivate()
        case "speaker-on": attempt("overrideOutputAudioPort") { try session.overrideOutputAudioPort(.speaker) }
        default: attempt("overrideOutputAudioPort") { try session.overrideOutputAudioPort(.none) }
        }
    }
}
