import Foundation

/// `AVQueuePlayer`: an `AVPlayer` that plays a queue of items one after the other, advancing at
/// each item's end. "Simply setting the rate of 1 on the AVQueuePlayer … will begin downloading
/// the audio data … and then playing it out the speakers" (WWDC 2017 session 509).
open class AVQueuePlayer: AVPlayer, @unchecked Sendable {
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

    /// Whether `item` may go in after `afterItem` (nil: at the end): not when it is already in
    /// the queue, nor after an item that is not.
    public func canInsert(_ item: AVPlayerItem, after afterItem: AVPlayerItem?) -> Bool {
        guard !queue.contains(where: { $0 === item }) else { return false }
        guard let afterItem else { return true }
        return queue.contains { $0 === afterItem }
    }

    /// Puts `item` after `afterItem` (nil: at the end); nothing when `canInsert` says no.
    public func insert(_ item: AVPlayerItem, after afterItem: AVPlayerItem?) {
        guard canInsert(item, after: afterItem) else { return }
        let index = afterItem.flatMap { after in queue.firstIndex { $0 === after } }.map { $0 + 1 } ?? queue.count
        let wasEmpty = queue.isEmpty
        queue.insert(adoptItem(item), at: index)
        if wasEmpty { restart() } else { queueChanged(at: index) }
    }

    /// Takes `item` out of the queue; the current item: the next one plays from its start.
    public func remove(_ item: AVPlayerItem) {
        guard let index = queue.firstIndex(where: { $0 === item }) else { return }
        if index == 0 { return advanceToNextItem() }
        queue.remove(at: index)
        queueChanged(at: index)
    }

    /// Empties the queue: playback stops, with nothing to play.
    public func removeAllItems() {
        guard !queue.isEmpty else { return }
        queue.removeAll()
        restart()
    }
}
