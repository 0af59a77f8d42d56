import Foundation
import AVFAudio

/// A voice recorder: the record category, active only while recording (`playing` in a scenario
/// means "recording" for it), deactivating with `notifyOthersOnDeactivation` when it stops. It
/// records with `AVAudioRecorder` into a file of its own, removed when the app goes away.
public final class RecorderApp: ReferenceApp, @unchecked Sendable {
    override public class var defaultCategory: AVAudioSession.Category { .record }
    override public class var defaultTone: Int? { nil }
    private var recorder: AVAudioRecorder?
    /// A file of its own: named by the process and a count, so runs in parallel never share one
    /// (the name reaches neither the trace nor the audio).
    private let recordingURL = FileManager.default.temporaryDirectory
        .appendingPathComponent("soundcheck-recording-\(ProcessInfo.processInfo.processIdentifier)-\(RecorderApp.nextRecordingNumber()).wav")

    deinit { try? FileManager.default.removeItem(at: recordingURL) }

    private static let recordingsLock = NSLock()
    nonisolated(unsafe) private static var recordings = 0

    private static func nextRecordingNumber() -> Int {
        recordingsLock.lock()
        defer { recordingsLock.unlock() }
        recordings += 1
        return recordings
    }

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

    override public func makeSound() {
        let settings: [String: Any] = [AVFormatIDKey: kAudioFormatLinearPCM, AVSampleRateKey: 48_000.0,
                                       AVNumberOfChannelsKey: 1, AVLinearPCMBitDepthKey: 16]
        do { recorder = try AVAudioRecorder(url: recordingURL, settings: settings) } catch {
            log("error", ["call": "AVAudioRecorder", "code": String((error as NSError).code)])
        }
    }

    override public func startSound() -> Bool { recorder?.record() ?? false }

    override public func stopSound() { recorder?.stop() }
}
