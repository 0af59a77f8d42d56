import OpenAVFAudio

/// A voice recorder: the record category, active only while recording (`playing` in a scenario
/// means "recording" for it), deactivating with `notifyOthersOnDeactivation` when it stops.
public final class RecorderApp: ReferenceApp, @unchecked Sendable {
    override public class var defaultCategory: AVAudioSession.Category { .record }
    override public class var defaultTone: Int? { nil }

    override public func perform(_ command: String) {
        switch command {
        case "record":
            AVAudioApplication.requestRecordPermission { [log] (granted: Bool) in log("permission", ["granted": String(granted)]) }
            play(because: "record")
        default:
            setPlaying(false, because: "user")
            deactivate()
        }
    }
}
