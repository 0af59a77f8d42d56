import Dispatch
import Foundation
import MediaServer
import AVFAudio
import CoreMedia
import SimCore

/// `AVSampleBufferRenderSynchronizer`: one timeline (its `timebase`, on the device's host clock)
/// that its renderers play against. Setting the rate or the time re-anchors every renderer:
/// an AirPlay renderer tells its speakers which stream frame plays when (AirPlay 2's
/// SETRATEANCHORTIME), a video renderer (or display layer) shows each frame when the timeline
/// reaches it. Time observers run on the simulation clock (see `SimulationQueue`).
open class AVSampleBufferRenderSynchronizer: NSObject, @unchecked Sendable {
    public let timebase: CMTimebase
    public private(set) var renderers: [AVQueuedSampleBufferRendering] = []
    public var delaysRateChangeUntilHasSufficientMediaData = true
    let queue: SimulationQueue
    private var observers: [TimeObserver] = []
    /// Bumped at every rate or time change: observer ticks scheduled before are stale.
    private var timelineGeneration = 0
    private var pendingRemovals: [(renderer: SynchronizedRenderer, id: Int, handler: ((Bool) -> Void)?)] = []
    private var nextRemovalID = 1

    public static let rateDidChangeNotification = Notification.Name("AVSampleBufferRenderSynchronizerRateDidChangeNotification")

    private var interruptionObserver: NSObjectProtocol?
    /// Told after every change of the timebase's rate or time (the player's time observers follow it).
    var timelineDidChange: (() -> Void)?

    public override init() {
        queue = SimulationQueue(binding: SimulationQueue.currentBinding("AVSampleBufferRenderSynchronizer"))
        timebase = CMTimebase(sourceClock: .hostTimeClock(of: queue.binding.server))
        super.init()
        // "On iOS if the app's playback is interrupted … the rate will automatically be set to zero."
        interruptionObserver = NotificationCenter.default.addObserver(
            forName: AVAudioSession.interruptionNotification, object: AVAudioSession.sharedInstance(), queue: nil
        ) { [weak self] note in
            let type = (note.userInfo?[AVAudioSessionInterruptionTypeKey] as? UInt).flatMap(AVAudioSession.InterruptionType.init)
            if type == .began, let self, self.rate != 0 { self.rate = 0 }
        }
    }

    deinit { interruptionObserver.map(NotificationCenter.default.removeObserver) }

    /// The rate asked for: updated at once, while the timebase may wait for media data.
    public var rate: Float {
        get { requestedRate }
        set { setRate(newValue, time: .invalid) }
    }
    private var requestedRate: Float = 0
    /// A start is held back until every renderer has enough data (`delaysRateChangeUntilHasSufficientMediaData`).
    private var isWaitingForData = false

    /// Sets the time (unless invalid) and then the rate. With
    /// `delaysRateChangeUntilHasSufficientMediaData` (the default) a start waits, with the
    /// timebase stopped at that time, until every renderer reports
    /// `hasSufficientMediaDataForReliablePlaybackStart`.
    public func setRate(_ rate: Float, time: CMTime) {
        let old = requestedRate
        requestedRate = max(0, rate)
        if time.isValid { timebase.setTime(time) }
        isWaitingForData = requestedRate > 0 && delaysRateChangeUntilHasSufficientMediaData && !renderersHaveSufficientData
        applyTimebaseRate(isWaitingForData ? 0 : requestedRate)
        if old != requestedRate { NotificationCenter.default.post(name: Self.rateDidChangeNotification, object: self) }
    }

    /// Sets the rate so that the timeline is at `time` at `hostTime` on the host clock (a past
    /// host time: where it would be now; invalid times: as `setRate(_:time:)`). Players
    /// synchronized this way start sample-exactly together.
    public func setRate(_ rate: Float, time: CMTime, atHostTime hostTime: CMTime) {
        guard time.isNumeric, hostTime.isNumeric else { return setRate(rate, time: time) }
        let now = CMTime(value: queue.binding.server.now.nanoseconds, timescale: 1_000_000_000)
        let ahead = CMTimeMultiplyByFloat64(CMTimeSubtract(hostTime, now), multiplier: Float64(max(0, rate)))
        setRate(rate, time: CMTimeSubtract(time, ahead))
    }

    /// Whether a start is held back for data.
    var isWaitingForMediaData: Bool { isWaitingForData }

    /// A renderer received data: a held-back start may go now.
    func rendererReceivedData() {
        guard isWaitingForData, renderersHaveSufficientData else { return }
        isWaitingForData = false
        applyTimebaseRate(requestedRate)
    }

    /// "if the value of hasSufficientMediaDataForReliablePlaybackStart of any added renderer is NO".
    private var renderersHaveSufficientData: Bool {
        renderers.allSatisfy(\.hasSufficientMediaDataForReliablePlaybackStart)
    }

    private func applyTimebaseRate(_ rate: Float) {
        timebase.setRate(Double(rate))
        timelineGeneration += 1
        for renderer in synchronized { renderer.timelineChanged() }
        for observer in observers { scheduleTick(observer) }
        timelineDidChange?()
    }

    public func currentTime() -> CMTime { timebase.time }

    /// A renderer plays on this synchronizer's timeline from now on (it may be added while playing).
    /// "When you're using long-form you can only add one AudioRenderer to a RenderSynchronizer"
    /// (2017 talk): in a long-form session a second audio renderer is not added. Apple does not
    /// say how it refuses; here it stays out of `renderers` and the trace says so.
    public func addRenderer(_ renderer: AVQueuedSampleBufferRendering) {
        guard !renderers.contains(where: { $0 === renderer }) else { return }
        if renderer is AVSampleBufferAudioRenderer, !audioRenderers.isEmpty, isLongForm {
            queue.binding.server.recordObservation(.airplayRendererRefused, ["reason": .string("one audio renderer with long-form audio")])
            return
        }
        renderers.append(renderer)
        (renderer as? SynchronizedRenderer)?.attach(to: self)
    }

    /// Removes `renderer` when the timeline reaches `time` (at once for an invalid or past time).
    /// A later call replaces a scheduled one, whose handler gets false; a renderer never added
    /// gets false.
    public func removeRenderer(_ renderer: AVQueuedSampleBufferRendering, at time: CMTime,
                               completionHandler: ((Bool) -> Void)? = nil) {
        guard let added = renderer as? SynchronizedRenderer, renderers.contains(where: { $0 === renderer }) else {
            if let completionHandler { queue.async("synchronizer.remove") { completionHandler(false) } }
            return
        }
        for pending in pendingRemovals where pending.renderer === added {
            if let handler = pending.handler { queue.async("synchronizer.remove") { handler(false) } }
        }
        pendingRemovals.removeAll { $0.renderer === added }
        let id = nextRemovalID
        nextRemovalID += 1
        pendingRemovals.append((added, id, completionHandler))
        let at = time.isValid ? timebase.sourceTime(of: time) ?? queue.binding.server.now : queue.binding.server.now
        queue.run("synchronizer.remove", at: at) { [weak self] in self?.completeRemoval(id) }
    }

    private func completeRemoval(_ id: Int) {
        guard let index = pendingRemovals.firstIndex(where: { $0.id == id }) else { return }
        let removal = pendingRemovals.remove(at: index)
        renderers.removeAll { $0 === removal.renderer }
        removal.renderer.detach()
        removal.handler?(true)
    }

    var audioRenderers: [AVSampleBufferAudioRenderer] { renderers.compactMap { $0 as? AVSampleBufferAudioRenderer } }
    private var synchronized: [SynchronizedRenderer] { renderers.compactMap { $0 as? SynchronizedRenderer } }

    /// Whether the owning app's session identifies as long-form audio.
    private var isLongForm: Bool {
        AppContext.run(as: queue.binding) { AVAudioSession.sharedInstance().routeSharingPolicy == .longFormAudio }
    }

    // MARK: Time observers

    /// Calls `block` every `interval` of timeline time while the rate is not zero, with the time.
    public func addPeriodicTimeObserver(forInterval interval: CMTime, queue: DispatchQueue?,
                                        using block: @escaping @Sendable (CMTime) -> Void) -> Any {
        let observer = TimeObserver(kind: .periodic(interval, block))
        observers.append(observer)
        scheduleTick(observer)
        return observer
    }

    /// Calls `block` when the timeline passes one of `times` while playing.
    public func addBoundaryTimeObserver(forTimes times: [NSValue], queue: DispatchQueue?,
                                        using block: @escaping @Sendable () -> Void) -> Any {
        let observer = TimeObserver(kind: .boundary(times.map(\.timeValue).sorted(), block))
        observers.append(observer)
        scheduleTick(observer)
        return observer
    }

    /// No block of `observer` starts after this returns.
    public func removeTimeObserver(_ observer: Any) {
        guard let observer = observer as? TimeObserver else {
            preconditionFailure("removeTimeObserver: not an observer returned by this synchronizer's add methods")
        }
        observers.removeAll { $0 === observer }
        observer.isRemoved = true
    }

    /// Schedules the observer's next due time on the host clock (nothing while stopped).
    private func scheduleTick(_ observer: TimeObserver) {
        guard timebase.rate > 0, let due = observer.nextDue(after: timebase.time), let at = timebase.sourceTime(of: due) else { return }
        let generation = timelineGeneration
        queue.run("synchronizer.observer", at: at) { [weak self, observer] in
            guard let self, !observer.isRemoved, generation == self.timelineGeneration else { return }
            observer.fire(at: due)
            self.scheduleTick(observer)
        }
    }
}

/// One periodic or boundary observer.
final class TimeObserver: @unchecked Sendable {
    enum Kind {
        case periodic(CMTime, @Sendable (CMTime) -> Void)
        case boundary([CMTime], @Sendable () -> Void)
    }

    let kind: Kind
    var isRemoved = false
    private(set) var lastFired = CMTime.invalid

    init(kind: Kind) { self.kind = kind }

    /// The first due time strictly after the last one fired and at or after `time`.
    func nextDue(after time: CMTime) -> CMTime? {
        switch kind {
        case let .periodic(interval, _):
            guard interval.isNumeric, interval > .zero else { return nil }
            let ticks = CMTimeMultiplyByFloat64(interval, multiplier: (time.seconds / interval.seconds).rounded(.up)).convertScale(interval.timescale, method: .default)
            return lastFired.isValid && ticks <= lastFired ? ticks + interval : ticks
        case let .boundary(times, _):
            return times.first { $0 >= time && (!lastFired.isValid || $0 > lastFired) }
        }
    }

    func fire(at time: CMTime) {
        lastFired = time
        switch kind {
        case let .periodic(_, block): block(time)
        case let .boundary(_, block): block()
        }
    }
}

/// What a synchronizer tells the renderers it drives (the audio renderer, the video renderer and
/// the display layer, which hands it to its renderer).
protocol SynchronizedRenderer: AVQueuedSampleBufferRendering {
    func attach(to synchronizer: AVSampleBufferRenderSynchronizer)
    func detach()
    /// The timeline's rate or time changed.
    func timelineChanged()
}

extension AVSampleBufferAudioRenderer: SynchronizedRenderer {}
extension AVSampleBufferVideoRenderer: SynchronizedRenderer {}

extension AVSampleBufferDisplayLayer: SynchronizedRenderer {
    func attach(to synchronizer: AVSampleBufferRenderSynchronizer) { sampleBufferRenderer.attach(to: synchronizer) }
    func detach() { sampleBufferRenderer.detach() }
    func timelineChanged() { sampleBufferRenderer.timelineChanged() }
}
