import Dispatch
import Foundation
import CoreMedia

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
public class AVPlayer: NSObject, @unchecked Sendable {
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
    private var itemStart = CMTime.zero
    /// The item being fed to the renderer (an index into `queue`), where its next buffer
    /// starts, and where that item starts on the timeline.
    private var feed: (index: Int, frame: Int, start: CMTime)?
    private var endObserver: Any?

    public override init() {
        super.init()
        synchronizer.addRenderer(renderer)
    }

    public convenience init(playerItem item: AVPlayerItem?) {
        self.init()
        if let item { enqueueItem(item) }
    }

    public convenience init(url URL: URL) { self.init(playerItem: AVPlayerItem(url: URL)) }

    public var currentItem: AVPlayerItem? { queue.first }

    public var rate: Float {
        get { synchronizer.rate }
        set {
            if newValue != 0 { startFeeding() }
            synchronizer.rate = newValue
        }
    }

    public func play() { rate = 1 }
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

    /// The item's `currentTime()` reads this player's while it is the current item.
    private func adopt(_ item: AVPlayerItem) -> AVPlayerItem {
        item.timeInItem = { [weak self, unowned item] in self?.queue.first === item ? self?.currentTime() ?? .zero : .zero }
        return item
    }

    // MARK: The timeline

    /// The talk's seek, to the current time on the timeline: stop, flush, start the current
    /// item there, and go on at the rate it had.
    func restart() {
        let rate = synchronizer.rate
        synchronizer.rate = 0
        renderer.stopRequestingMediaData()
        renderer.flush()
        feed = nil
        itemStart = synchronizer.currentTime()
        if rate != 0 { startFeeding() }
        synchronizer.setRate(rate, time: itemStart)
    }

    /// Loads the current item if needed and asks the renderer for data.
    private func startFeeding() {
        guard feed == nil else { return }
        while let item = queue.first, !item.load() { queue.removeFirst() }
        guard !queue.isEmpty else { return }
        feed = (0, 0, itemStart)
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
        while current.frame >= item.frameCount {
            let end = CMTimeAdd(current.start, item.duration)
            let next = current.index + 1
            while next < queue.count, !queue[next].load() { queue.remove(at: next) }
            guard next < queue.count else { return nil }
            current = (next, 0, end)
            item = queue[next]
        }
        let frames = min(item.sampleRate, item.frameCount - current.frame)
        let time = CMTimeAdd(current.start, CMTime(value: Int64(current.frame), timescale: CMTimeScale(item.sampleRate)))
        feed = (current.index, current.frame + frames, current.start)
        return Self.sampleBuffer(item.samples[(2 * current.frame)..<(2 * (current.frame + frames))], rate: item.sampleRate, at: time)
    }

    /// Posts the end of the current item when the timeline reaches it and acts as `actionAtItemEnd` says.
    private func watchCurrentItemEnd() {
        if let endObserver { synchronizer.removeTimeObserver(endObserver) }
        endObserver = nil
        guard let item = queue.first, item.status == .readyToPlay else { return }
        let end = CMTimeAdd(itemStart, item.duration)
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
            // The feed is on this item or a later one; with none left it is done.
            if let current = feed { feed = current.index > 0 ? (current.index - 1, current.frame, current.start) : nil }
            watchCurrentItemEnd()
        case .pause: synchronizer.rate = 0
        case .none: break
        }
    }

    private static func sampleBuffer(_ samples: ArraySlice<Float>, rate: Int, at time: CMTime) -> CMSampleBuffer? {
        var asbd = AudioStreamBasicDescription(mSampleRate: Float64(rate), mFormatID: kAudioFormatLinearPCM,
                                               mFormatFlags: kAudioFormatFlagIsFloat | kAudioFormatFlagIsPacked,
                                               mBytesPerPacket: 8, mFramesPerPacket: 1, mBytesPerFrame: 8,
                                               mChannelsPerFrame: 2, mBitsPerChannel: 32, mReserved: 0)
        var format: CMAudioFormatDescription?
        var block: CMBlockBuffer?
        var buffer: CMSampleBuffer?
        let length = samples.count * MemoryLayout<Float>.size
        guard CMAudioFormatDescriptionCreate(allocator: nil, asbd: &asbd, layoutSize: 0, layout: nil, magicCookieSize: 0,
                                             magicCookie: nil, extensions: nil, formatDescriptionOut: &format) == noErr,
              let format,
              CMBlockBufferCreateWithMemoryBlock(allocator: nil, memoryBlock: nil, blockLength: length, blockAllocator: nil,
                                                 customBlockSource: nil, offsetToData: 0, dataLength: length, flags: [],
                                                 blockBufferOut: &block) == kCMBlockBufferNoErr,
              let block else { return nil }
        _ = samples.withUnsafeBytes { CMBlockBufferReplaceDataBytes(with: $0.baseAddress!, blockBuffer: block, offsetIntoDestination: 0, dataLength: length) }
        guard CMAudioSampleBufferCreateReadyWithPacketDescriptions(allocator: nil, dataBuffer: block, formatDescription: format,
                                                                    sampleCount: samples.count / 2, presentationTimeStamp: time,
                                                                    packetDescriptions: nil, sampleBufferOut: &buffer) == noErr
        else { return nil }
        return buffer
    }
}
