import OpenAVFAudio

/// A voice-over-IP app: playAndRecord with the voiceChat mode, asking for 16 kHz and 20 ms I/O
/// (wideband speech), active only during a call, with a speaker button (the output override).
/// It asks for microphone permission when a call starts.
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
        case "end-call":
            setPlaying(false, because: "call-ended")
            deactivate()
        case "speaker-on": attempt("overrideOutputAudioPort") { try session.overrideOutputAudioPort(.speaker) }
        default: attempt("overrideOutputAudioPort") { try session.overrideOutputAudioPort(.none) }
        }
    }
}
