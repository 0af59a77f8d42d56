import Dispatch
import Foundation
import CoreMedia
import MediaServer

/// `AVPlayer`: plays player items, made from URLs, with no more than a rate to set. Setting the
/// rate to 1 (`play()`) loads the current item and starts it; 0 (`pause()`) stops.
///
/// Underneath it is what the talk calls the AirPlay 2 playback APIs sharing one design: an
/// `AVSampleBufferAudioRenderer` on an `AVSampleBufferRenderSynchronizer`, fed one second of
/// decoded audio at a time while it wants more. So a player plays on the app's route (the
/// speaker, or the AirPlay speakers a long-form session picked, buffered minutes ahead there).
///
/// Items follow each other on one timeline, each placed where the previous one ends (the
/// talk's play queue), so the next item starts without a gap. At an item's end
/// `didPlayToEndTimeNotification` is posted and, with `actionAtItemEnd` `.advance` (a queue
/// player's default), it leaves the queue; `.pause` stops there.
open class AVPlayer: NSObject, @unchecked Sendable {
    /// `AVPlayer.ActionAtItemEnd`.
    public enum ActionAtItemEnd: Int, Sendable {
        case advance = 0, pause = 1, none = 2
    }

    let renderer = AVSampleBufferAudioRenderer()
    let synchronizer = AVSampleBufferRenderSynchronizer()
    /// Handed to the renderer as Apple's sample does; its blocks run on the simulation clock.
    private let serializationQueue = DispatchQueue(label: "AVPlayer.serialization")
    /// The items to play, the current one first.
    var queue: [AVPlayerItem] = []
    public var actionAtItemEnd: ActionAtItemEnd = .pause
    /// Where the current item starts on the timeline.
    var itemStart = CMTime.zero
    /// The item being fed to the renderer (an index into `queue`), where its next buffer
    /// starts, and where that item starts on the timeline.
    private var feed: (index: Int, frame: Int, start: CMTime)?
    private var endObserver: Any?
    /// Counts seeks, so a seek's completion knows whether a later one superseded it.
    var seekGeneration = 0
    /// Where completion handlers run: the creating app's context on the simulation clock.
    lazy var completionQueue = SimulationQueue(binding: SimulationQueue.currentBinding("AVPlayer"))
    /// The rate `play()` plays at.
    public var defaultRate: Float = 1
    /// Whether a start waits until the renderer has enough data (`waitingToPlayAtSpecifiedRate`,
    /// `.toMinimizeStalls`) rather than start at once; the synchronizer's
    /// `delaysRateChangeUntilHasSufficientMediaData` under the player's name.
    public var automaticallyWaitsToMinimizeStalling = true {
        didSet { synchronizer.delaysRateChangeUntilHasSufficientMediaData = automaticallyWaitsToMinimizeStalling }
    }
    public internal(set) var status: Status = .unknown
    public internal(set) var error: (any Error)?
    /// AirPlay of video; an audio-only player plays on the session's route instead (the
    /// speaker or the AirPlay speakers it picked), so external playback is never active.
    public var allowsExternalPlayback = true
    public var isExternalPlaybackActive: Bool { false }
    /// Kept as set: it concerns video, and the simulated players play audio only.
    public var audiovisualBackgroundPlaybackPolicy = AVPlayerAudiovisualBackgroundPlaybackPolicy.automatic
    var timeObservers: [TimeObserver] = []
    /// Bumped at every change of the item's timeline: observer ticks scheduled before are stale.
    var observerGeneration = 0
    /// Counts prerolls, so `cancelPendingPrerolls()` and rate changes can end the pending ones.
    var prerollGeneration = 0
    var pendingPrerolls: [@Sendable (Bool) -> Void] = []
    /// Whether the timeline ran at the last change (a start or stop fires periodic observers).
    var timelineWasRunning = false
    /// A restart changes the timeline twice (stop, start there): observers hear it once, as a jump.
    var isRestarting = false
    var sessionObserver: NSObjectProtocol?

    public override init() {
        super.init()
        synchronizer.addRenderer(renderer)
        synchronizer.timelineDidChange = { [weak self] in self?.timelineChanged() }
        observeMediaServices()
    }

    deinit { sessionObserver.map(NotificationCenter.default.removeObserver) }

    public convenience init(playerItem item: AVPlayerItem?) {
        self.init()
        if let item { enqueueItem(item) }
    }

    public convenience init(url URL: URL) { self.init(playerItem: AVPlayerItem(url: URL)) }

    public var currentItem: AVPlayerItem? { queue.first }

    public var rate: Float {
        get { synchronizer.rate }
        set {
            let old = synchronizer.rate
            if newValue != 0 { startFeeding() }
            synchronizer.rate = newValue
            rateChanged(from: old)
        }
    }

    public func play() { rate = defaultRate }
    public func pause() { rate = 0 }

    public var volume: Float {
        get { renderer.volume }
        set { renderer.volume = newValue }
    }

    public var isMuted: Bool {
        get { renderer.isMuted }
        set { renderer.isMuted = newValue }
    }

    /// The current item's time.
    public func currentTime() -> CMTime { max(.zero, CMTimeSubtract(synchronizer.currentTime(), itemStart)) }

    /// Plays `item` instead of the current one (nil: nothing).
    public func replaceCurrentItem(with item: AVPlayerItem?) {
        if !queue.isEmpty { queue.removeFirst() }
        if let item { queue.insert(adopt(item), at: 0) }
        restart()
    }

    func enqueueItem(_ item: AVPlayerItem) { queue.append(adopt(item)) }

    func adoptItem(_ item: AVPlayerItem) -> AVPlayerItem { adopt(item) }

    /// The queue changed at `index` (after the current item). What the renderer holds from
    /// where that position starts on the timeline is stale once the feed has reached it: it is
    /// flushed from there (the current item plays on untouched) and fed anew from that position.
    func queueChanged(at index: Int) {
        guard let current = feed, current.index >= index, index > 0 else { return }
        var boundary = itemStart
        for item in queue[0..<index] { boundary = CMTimeAdd(boundary, item.endTime) }
        renderer.stopRequestingMediaData()
        renderer.flush(fromSourceTime: boundary) { [weak self] flushed in
            // Already out to a speaker: only a restart of the current item takes it back.
            if !flushed, let self { self.restart(at: self.currentTime()) }
        }
        while index < queue.count, !queue[index].load() { queue.remove(at: index) }
        feed = (index, 0, boundary)
        renderer.requestMediaDataWhenReady(on: serializationQueue) { [weak self] in self?.feedRenderer() }
    }

    /// The item's `currentTime()` reads this player's while it is the current item.
    private func adopt(_ item: AVPlayerItem) -> AVPlayerItem {
        item.timeInItem = { [weak self, unowned item] in self?.queue.first === item ? self?.currentTime() ?? .zero : .zero }
        item.player = self
        return item
    }

    // MARK: The timeline

    /// The talk's seek, to the current time on the timeline: stop, flush, start the current
    /// item there at `itemTime` (its start unless `seek(to:)` says otherwise), and go on at the
    /// rate it had.
    func restart(at itemTime: CMTime = .zero, rate newRate: Float? = nil) {
        let rate = newRate ?? synchronizer.rate
        isRestarting = true
        defer {
            isRestarting = false
            timelineChanged(jumped: true)
        }
        synchronizer.rate = 0
        renderer.stopRequestingMediaData()
        renderer.flush()
        feed = nil
        let now = synchronizer.currentTime()
        itemStart = CMTimeSubtract(now, itemTime)
        if rate != 0 { startFeeding() }
        synchronizer.setRate(rate, time: now)
    }

    /// Loads the current item if needed and asks the renderer for data from the item's current
    /// time (after a seek, not necessarily its start; a seek past its end plays nothing of it).
    func startFeeding(from itemTime: CMTime? = nil) {
        guard feed == nil else { return }
        while let item = queue.first, !item.load() { queue.removeFirst() }
        guard let item = queue.first else { return }
        status = .readyToPlay
        renderer.audioTimePitchAlgorithm = item.audioTimePitchAlgorithm
        let seconds = max(0, (itemTime ?? CMTimeSubtract(synchronizer.currentTime(), itemStart)).seconds)
        feed = (0, min(item.endFrame, Int((seconds * Double(item.sampleRate)).rounded())), itemStart)
        watchCurrentItemEnd()
        renderer.requestMediaDataWhenReady(on: serializationQueue) { [weak self] in self?.feedRenderer() }
    }

    /// Apple's loop: enqueue while the renderer wants more, then stop at the queue's end.
    private func feedRenderer() {
        while renderer.isReadyForMoreMediaData {
            guard let buffer = nextSampleBuffer() else { renderer.stopRequestingMediaData(); return }
            renderer.enqueue(buffer)
        }
    }

    /// One second (or the rest) of the item being fed, at its place on the timeline; past its
    /// end the next item, loaded now, starts where it ends.
    private func nextSampleBuffer() -> CMSampleBuffer? {
        guard var current = feed, current.index < queue.count else { return nil }
        var item = queue[current.index]
        while current.frame >= item.endFrame {
            let end = CMTimeAdd(current.start, item.endTime)
            let next = current.index + 1
            while next < queue.count, !queue[next].load() { queue.remove(at: next) }
            guard next < queue.count else { return nil }
            current = (next, 0, end)
            item = queue[next]
        }
        let frames = min(item.sampleRate, item.endFrame - current.frame)
        let time = CMTimeAdd(current.start, CMTime(value: Int64(current.frame), timescale: CMTimeScale(item.sampleRate)))
        feed = (current.index, current.frame + frames, current.start)
        return Self.sampleBuffer(item.samples[(2 * current.frame)..<(2 * (current.frame + frames))], rate: item.sampleRate, at: time)
    }

    /// Posts the end of the current item when the timeline reaches it and acts as `actionAtItemEnd` says.
    private func watchCurrentItemEnd() {
        if let endObserver { synchronizer.removeTimeObserver(endObserver) }
        endObserver = nil
        guard let item = queue.first, item.status == .readyToPlay else { return }
        let end = CMTimeAdd(itemStart, item.endTime)
        endObserver = synchronizer.addBoundaryTimeObserver(forTimes: [NSValue(time: end)], queue: serializationQueue) { [weak self] in
            self?.itemEnded(item, at: end)
        }
    }

    private func itemEnded(_ item: AVPlayerItem, at end: CMTime) {
        guard queue.first === item else { return }
        NotificationCenter.default.post(name: AVPlayerItem.didPlayToEndTimeNotification, object: item)
        switch actionAtItemEnd {
        case .advance:
            queue.removeFirst()
            itemStart = end
            if let next = queue.first { renderer.audioTimePitchAlgorithm = next.audioTimePitchAlgorithm }
            timelineChanged()
            // The feed is on this item or a later one; with none left it is done.
            if let current = feed { feed = current.index > 0 ? (current.index - 1, current.frame, current.start) : nil }
            watchCurrentItemEnd()
        case .pause:
            let old = synchronizer.rate
            synchronizer.rate = 0
            rateChanged(from: old)
        case .none: break
        }
    }
}
