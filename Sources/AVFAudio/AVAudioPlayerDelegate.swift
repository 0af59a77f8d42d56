import Foundation

/// `AVAudioPlayerDelegate`: every method is optional (default implementations do nothing).
/// `audioPlayerDidFinishPlaying` is not called when an interruption stops the player. The begin
/// and end interruption calls (deprecated since iOS 8 in favour of the session's notification)
/// mirror the session's interruption notifications, the end carrying its options (shouldResume = 1).
public protocol AVAudioPlayerDelegate: AnyObject {
    func audioPlayerDidFinishPlaying(_ player: AVAudioPlayer, successfully flag: Bool)
    func audioPlayerDecodeErrorDidOccur(_ player: AVAudioPlayer, error: Error?)
    func audioPlayerBeginInterruption(_ player: AVAudioPlayer)
    func audioPlayerEndInterruption(_ player: AVAudioPlayer, withOptions flags: Int)
}

extension AVAudioPlayerDelegate {
    public func audioPlayerDidFinishPlaying(_ player: AVAudioPlayer, successfully flag: Bool) {}
    public func audioPlayerDecodeErrorDidOccur(_ player: AVAudioPlayer, error: Error?) {}
    public func audioPlayerBeginInterruption(_ player: AVAudioPlayer) {}
    public func audioPlayerEndInterruption(_ player: AVAudioPlayer, withOptions flags: Int) {}
}
