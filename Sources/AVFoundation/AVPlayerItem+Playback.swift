import Foundation
import CoreMedia
import MediaServer

/// The key of `failedToPlayToEndTimeNotification`'s user info: the error that ended playback.
public let AVPlayerItemFailedToPlayToEndTimeErrorKey = "AVPlayerItemFailedToPlayToEndTimeErrorKey"

/// An item's playback state as its player sees it: seeks, buffering, the time it may play and
/// the notifications about its timeline.
///
/// Buffering: a simulated item is a local file, decoded whole when it first plays, so once
/// loaded its buffer is full, its whole duration is loaded and seekable, and playback never
/// stalls (`playbackStalledNotification` is not posted); before that its buffer is empty.
extension AVPlayerItem {
    public static let failedToPlayToEndTimeNotification = NSNotification.Name("AVPlayerItemFailedToPlayToEndTimeNotification")
    public static let playbackStalledNotification = NSNotification.Name("AVPlayerItemPlaybackStalledNotification")
    /// Posted when the item's time changes other than by playing: a seek.
    public static let timeJumpedNotification = NSNotification.Name("AVPlayerItemTimeJumpedNotification")

    // MARK: Seeking

    /// Seeks through the player whose current item this is; an item that is not current does
    /// not seek, and the handler gets false.
    public func seek(to time: CMTime, completionHandler: (@Sendable (Bool) -> Void)? = nil) {
        seek(to: time, toleranceBefore: .positiveInfinity, toleranceAfter: .positiveInfinity, completionHandler: completionHandler)
    }

    public func seek(to time: CMTime, toleranceBefore: CMTime, toleranceAfter: CMTime,
                     completionHandler: (@Sendable (Bool) -> Void)? = nil) {
        guard let player, player.currentItem === self else {
            if let completionHandler, let binding = AppContext.current {
                SimulationQueue(binding: binding).async("AVPlayerItem.seek") { completionHandler(false) }
            }
            return
        }
        player.seek(to: time, toleranceBefore: toleranceBefore, toleranceAfter: toleranceAfter,
                    completionHandler: completionHandler ?? { _ in })
    }

    /// Seeks not yet completed complete with false.
    public func cancelPendingSeeks() {
        guard let player, player.currentItem === self else { return }
        player.seekGeneration += 1
    }

    // MARK: Buffering

    public var isPlaybackLikelyToKeepUp: Bool { status == .readyToPlay }
    public var isPlaybackBufferEmpty: Bool { status != .readyToPlay }
    public var isPlaybackBufferFull: Bool { status == .readyToPlay }

    /// The whole item once it is loaded (nothing before).
    public var loadedTimeRanges: [NSValue] {
        status == .readyToPlay ? [NSValue(timeRange: CMTimeRange(start: .zero, duration: duration))] : []
    }

    public var seekableTimeRanges: [NSValue] { loadedTimeRanges }

    /// How far ahead the player should buffer (0: its own choice). A local file is read whole,
    /// so it changes nothing here.
    public var preferredForwardBufferDuration: TimeInterval {
        get { forwardBufferDuration }
        set { forwardBufferDuration = max(0, newValue) }
    }

    /// How the item plays at rates other than 1: applied to the player's renderer while it is
    /// the current item (default `.timeDomain`, Apple's for apps linked on or after iOS 15).
    public var audioTimePitchAlgorithm: AVAudioTimePitchAlgorithm {
        get { timePitchAlgorithm }
        set {
            timePitchAlgorithm = newValue
            if let player, player.currentItem === self { player.renderer.audioTimePitchAlgorithm = newValue }
        }
    }
}

extension NSNotification.Name {
    public static let AVPlayerItemFailedToPlayToEndTime = AVPlayerItem.failedToPlayToEndTimeNotification
    public static let AVPlayerItemPlaybackStalled = AVPlayerItem.playbackStalledNotification
    public static let AVPlayerItemTimeJumped = AVPlayerItem.timeJumpedNotification
}
