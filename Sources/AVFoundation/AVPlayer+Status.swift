import AVFAudio
import Foundation
import CoreMedia
import MediaServer

/// `AVPlayer`'s state: whether it can play (`status`), whether it is playing or waiting
/// (`timeControlStatus`, `reasonForWaitingToPlay`), and the ways to start: at once, prerolled,
/// or at a host time.
extension AVPlayer {
    /// `AVPlayer.Status`: unknown until an item has loaded, readyToPlay after, failed when the
    /// media services were reset under it (`error` says so).
    public enum Status: Int, Sendable {
        case unknown = 0, readyToPlay = 1, failed = 2
    }

    /// `AVPlayer.TimeControlStatus`.
    public enum TimeControlStatus: Int, Sendable {
        case paused = 0, waitingToPlayAtSpecifiedRate = 1, playing = 2
    }

    /// `AVPlayer.WaitingReason` (AVPlayer.h's string constants).
    public struct WaitingReason: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        public static let toMinimizeStalls = WaitingReason(rawValue: "AVPlayerWaitingToMinimizeStallsReason")
        public static let evaluatingBufferingRate = WaitingReason(rawValue: "AVPlayerWaitingWhileEvaluatingBufferingRateReason")
        public static let noItemToPlay = WaitingReason(rawValue: "AVPlayerWaitingWithNoItemToPlayReason")
    }

    public static let rateDidChangeNotification = NSNotification.Name("AVPlayerRateDidChangeNotification")

    /// Paused at rate 0; playing while the timeline moves; waiting while the rate is set but
    /// there is no item, or the start is held back until the renderer has enough data.
    public var timeControlStatus: TimeControlStatus {
        guard rate != 0 else { return .paused }
        return reasonForWaitingToPlay == nil ? .playing : .waitingToPlayAtSpecifiedRate
    }

    public var reasonForWaitingToPlay: WaitingReason? {
        guard rate != 0 else { return nil }
        if currentItem == nil { return .noItemToPlay }
        return synchronizer.isWaitingForMediaData ? .toMinimizeStalls : nil
    }

    /// Starts at `rate` now, without waiting for the renderer's data.
    public func playImmediately(atRate rate: Float) {
        let waits = synchronizer.delaysRateChangeUntilHasSufficientMediaData
        synchronizer.delaysRateChangeUntilHasSufficientMediaData = false
        self.rate = rate
        synchronizer.delaysRateChangeUntilHasSufficientMediaData = waits
    }

    /// Plays the current item from `itemTime` (invalid: where it is) at `rate`, with that item
    /// time reached at `hostClockTime` on the host clock (invalid: now). Apple requires
    /// `automaticallyWaitsToMinimizeStalling` false; with it true this is refused (a
    /// precondition here, an exception there).
    public func setRate(_ rate: Float, time itemTime: CMTime, atHostTime hostClockTime: CMTime) {
        precondition(!automaticallyWaitsToMinimizeStalling,
                     "setRate(_:time:atHostTime:) needs automaticallyWaitsToMinimizeStalling false")
        let old = synchronizer.rate
        let start = itemTime.isNumeric ? itemTime : currentTime()
        if itemTime.isNumeric { restart(at: itemTime, rate: 0) }
        if rate != 0 { startFeeding(from: start) }
        synchronizer.setRate(rate, time: CMTimeAdd(itemStart, start), atHostTime: hostClockTime)
        rateChanged(from: old)
    }

    /// Loads the current item and fills the renderer, so that a later start plays at once;
    /// the handler gets true when done, false when cancelled or the rate changed first.
    /// Apple requires `status` readyToPlay; before that the handler gets false.
    public func preroll(atRate rate: Float, completionHandler: (@Sendable (Bool) -> Void)? = nil) {
        let generation = prerollGeneration
        guard currentItem?.load() == true else {
            if let completionHandler { completionQueue.async("AVPlayer.preroll") { completionHandler(false) } }
            return
        }
        status = .readyToPlay
        startFeeding()
        completionQueue.async("AVPlayer.preroll") { [weak self] in
            completionHandler?(self?.prerollGeneration == generation)
        }
    }

    public func cancelPendingPrerolls() { prerollGeneration += 1 }

    /// After every rate change: pending prerolls end, and a change is posted.
    func rateChanged(from old: Float) {
        guard old != synchronizer.rate else { return }
        prerollGeneration += 1
        NotificationCenter.default.post(name: Self.rateDidChangeNotification, object: self)
    }

    /// A media-services reset fails the player and the item it was playing.
    func observeMediaServices() {
        let session = AppContext.run(as: completionQueue.binding) { AVAudioSession.sharedInstance() }
        sessionObserver = NotificationCenter.default.addObserver(
            forName: AVAudioSession.mediaServicesWereLostNotification, object: session, queue: nil
        ) { [weak self] _ in self?.mediaServicesLost() }
    }

    private func mediaServicesLost() {
        let error = NSError(domain: AVFoundationErrorDomain, code: -11819,
                            userInfo: [NSLocalizedDescriptionKey: "media services were reset"])
        let wasPlaying = rate != 0
        status = .failed
        self.error = error
        let old = synchronizer.rate
        synchronizer.rate = 0
        rateChanged(from: old)
        if wasPlaying, let item = currentItem {
            NotificationCenter.default.post(name: AVPlayerItem.failedToPlayToEndTimeNotification, object: item,
                                            userInfo: [AVPlayerItemFailedToPlayToEndTimeErrorKey: error])
        }
    }
}
