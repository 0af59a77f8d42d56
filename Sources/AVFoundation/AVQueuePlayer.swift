import Foundation

/// `AVQueuePlayer`: an `AVPlayer` that plays a queue of items one after the other, advancing at
/// each item's end. "Simply setting the rate of 1 on the AVQueuePlayer … will begin downloading
/// the audio data … and then playing it out the speakers" (WWDC 2017 session 509).
public class AVQueuePlayer: AVPlayer, @unchecked Sendable {
    public override init() {
        super.init()
        actionAtItemEnd = .advance
    }

    public convenience init(items: [AVPlayerItem]) {
        self.init()
        for item in items { enqueueItem(item) }
    }

    /// The items still to play, the current one first.
    public func items() -> [AVPlayerItem] { queue }

    /// Ends the current item and plays the next one from its start.
    public func advanceToNextItem() {
        guard !queue.isEmpty else { return }
        queue.removeFirst()
        restart()
    }
}
