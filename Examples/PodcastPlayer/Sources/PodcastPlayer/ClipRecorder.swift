import AVFoundation

/// Records a short voice clip to answer an episode (a feature many podcast apps have): asks for
/// the microphone, switches the session to play-and-record for the clip, and back afterwards.
public final class ClipRecorder {
    public private(set) var recorder: AVAudioRecorder?
    public private(set) var isRecording = false

    public init() {}

    /// Asks for the microphone; the answer comes later, from the user.
    public func requestPermission(_ answered: @escaping @Sendable (Bool) -> Void) {
        AVAudioApplication.requestRecordPermission(completionHandler: answered)
    }

    /// Starts recording `seconds` of 16-bit linear PCM into `url`.
    public func record(to url: URL, seconds: TimeInterval) throws {
        let session = AVAudioSession.sharedInstance()
        try session.setCategory(.playAndRecord, mode: .default, options: [.defaultToSpeaker])
        try session.setActive(true)
        let settings: [String: Any] = [
            AVFormatIDKey: kAudioFormatLinearPCM,
            AVSampleRateKey: 44_100.0,
            AVNumberOfChannelsKey: 1,
            AVLinearPCMBitDepthKey: 16,
        ]
        let recorder = try AVAudioRecorder(url: url, settings: settings)
        self.recorder = recorder
        isRecording = recorder.record(forDuration: seconds)
    }

    /// Stops early (or after the clip's end) and gives the session back to playback.
    public func finish() {
        recorder?.stop()
        isRecording = false
        let session = AVAudioSession.sharedInstance()
        try? session.setActive(false, options: .notifyOthersOnDeactivation)
        try? session.setCategory(.playback, mode: .spokenAudio, options: [])
    }
}
