import Foundation

/// `AVAudioRecorderDelegate`: every method is optional (default implementations do nothing).
/// `audioRecorderDidFinishRecording` is not called when an interruption stops the recorder.
public protocol AVAudioRecorderDelegate: AnyObject {
    func audioRecorderDidFinishRecording(_ recorder: AVAudioRecorder, successfully flag: Bool)
    func audioRecorderEncodeErrorDidOccur(_ recorder: AVAudioRecorder, error: Error?)
    /// Deprecated since iOS 8 (observe `AVAudioSession.interruptionNotification`), still called: the
    /// recorder has paused.
    func audioRecorderBeginInterruption(_ recorder: AVAudioRecorder)
    /// `flags` holds the interruption's options (`shouldResume`).
    func audioRecorderEndInterruption(_ recorder: AVAudioRecorder, withOptions flags: Int)
}

extension AVAudioRecorderDelegate {
    public func audioRecorderDidFinishRecording(_ recorder: AVAudioRecorder, successfully flag: Bool) {}
    public func audioRecorderEncodeErrorDidOccur(_ recorder: AVAudioRecorder, error: Error?) {}
    public func audioRecorderBeginInterruption(_ recorder: AVAudioRecorder) {}
    public func audioRecorderEndInterruption(_ recorder: AVAudioRecorder, withOptions flags: Int) {}
}
