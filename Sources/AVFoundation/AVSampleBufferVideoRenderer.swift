import Dispatch
import Foundation
import MediaServer
import CoreMedia
import SimCore

/// `AVSampleBufferVideoRenderer` (iOS 17 / macOS 14; before that the display layer did this
/// itself, see `AVSampleBufferDisplayLayer`): shows video frames on the device's own screen, each
/// when the timeline it follows reaches the frame's presentation time.
///
/// On an `AVSampleBufferRenderSynchronizer` that timeline is the synchronizer's, the one its audio
/// renderer plays against, so picture and sound "come out in sync" (WWDC 2017 session 509) even
/// when the sound plays on AirPlay speakers that hold minutes of it ahead. The frames are never
/// sent anywhere: "the video will not be AirPlayed". Without a synchronizer the renderer follows
/// its own timebase, which stands still (there is no `controlTimebase` here), so nothing shows.
///
/// No pixels are decoded: a frame is known by its presentation time, and each one shown goes
/// into the trace (`video.displayed`, its time in microseconds) at the instant it appears.
/// Frames whose time has passed when a later one is due are dropped (`video.dropped`).
open class AVSampleBufferVideoRenderer: NSObject, AVQueuedSampleBufferRendering, @unchecked Sendable {
    public private(set) var status: AVQueuedSampleBufferRenderingStatus = .unknown
    public private(set) var error: Error?
    let queue: SimulationQueue
    private let ownTimebase: CMTimebase
    private weak var synchronizer: AVSampleBufferRenderSynchronizer?
    /// Enqueued frames not yet shown, in presentation order.
    private var frames: [CMSampleBuffer] = []
    private var requestBlock: (@Sendable () -> Void)?
    /// Bumped whenever the next display instant may have moved: older scheduled displays are stale.
    private var displayGeneration = 0
    /// The presentation time of the frame on screen (invalid before the first).
    @_spi(Soundcheck) public private(set) var displayedTime = CMTime.invalid

    /// Frames queued ahead before the renderer stops asking for more (about a second of video).
    static let queueLimit = 30

    public override init() {
        queue = SimulationQueue(binding: SimulationQueue.currentBinding("AVSampleBufferVideoRenderer"))
        ownTimebase = CMTimebase(sourceClock: .hostTimeClock(of: queue.binding.server))
        super.init()
    }

    public var timebase: CMTimebase { synchronizer?.timebase ?? ownTimebase }

    /// Takes one video frame; audio (or anything but video) fails the renderer with
    /// `AVErrorDecodeFailed` (-11821).
    public func enqueue(_ sampleBuffer: CMSampleBuffer) {
        guard status != .failed else { return }
        guard sampleBuffer.formatDescription?.mediaType == kCMMediaType_Video else {
            status = .failed
            error = NSError(domain: AVFoundationErrorDomain, code: -11821,
                            userInfo: [NSLocalizedFailureReasonErrorKey: "the video renderer takes video sample buffers"])
            return
        }
        let time = sampleBuffer.outputPresentationTimeStamp
        let index = frames.firstIndex { $0.outputPresentationTimeStamp > time } ?? frames.count
        frames.insert(sampleBuffer, at: index)
        status = .rendering
        if index == 0 { scheduleDisplay() }
        synchronizer?.rendererReceivedData()
    }

    public var isReadyForMoreMediaData: Bool { status != .failed && frames.count < Self.queueLimit }

    /// A frame is waiting to be shown.
    public var hasSufficientMediaDataForReliablePlaybackStart: Bool { !frames.isEmpty }

    public func requestMediaDataWhenReady(on queue: DispatchQueue, using block: @escaping @Sendable () -> Void) {
        requestBlock = block
        offerMore()
    }

    public func stopRequestingMediaData() { requestBlock = nil }

    /// Drops the frames not yet shown; the one on screen stays.
    public func flush() {
        frames.removeAll()
        scheduleDisplay()
        offerMore()
    }

    /// Drops the frames not yet shown and clears the screen.
    public func flushAndRemoveImage() {
        flush()
        displayedTime = .invalid
        queue.binding.server.recordObservation(.videoCleared, [:])
    }

    // MARK: The synchronizer

    func attach(to synchronizer: AVSampleBufferRenderSynchronizer) {
        self.synchronizer = synchronizer
        scheduleDisplay()
    }

    func detach() {
        synchronizer = nil
        scheduleDisplay()
    }

    /// The timeline's rate or time changed: the next frame is due at another instant.
    func timelineChanged() { scheduleDisplay() }

    // MARK: Showing frames

    /// Schedules the next display for the instant the timeline reaches the first queued frame
    /// (now if it already has); nothing while the timeline stands still.
    private func scheduleDisplay() {
        displayGeneration += 1
        guard let first = frames.first, timebase.rate > 0,
              let due = timebase.sourceTime(of: first.outputPresentationTimeStamp) else { return }
        let generation = displayGeneration
        let server = queue.binding.server
        try? server.schedule("video.display", at: max(due, server.now)) { [weak self] in
            guard let self, generation == self.displayGeneration else { return }
            self.displayDueFrames()
        }
    }

    /// Shows the last frame whose time the timeline has reached; earlier ones are late and dropped.
    private func displayDueFrames() {
        let now = timebase.time
        let due = frames.prefix { $0.outputPresentationTimeStamp <= now }.count
        guard due > 0 else { scheduleDisplay(); return }
        let server = queue.binding.server
        for late in frames.prefix(due - 1) {
            server.recordObservation(.videoDropped, ["ptsUs": .integer(Self.microseconds(late.outputPresentationTimeStamp))])
        }
        displayedTime = frames[due - 1].outputPresentationTimeStamp
        server.recordObservation(.videoDisplayed, ["ptsUs": .integer(Self.microseconds(displayedTime))])
        frames.removeFirst(due)
        scheduleDisplay()
        offerMore()
    }

    /// Asks the app for more, as the app, once, when there is room.
    private func offerMore() {
        guard requestBlock != nil, isReadyForMoreMediaData else { return }
        queue.async("video.request") { [weak self] in
            guard let self, let block = self.requestBlock, self.isReadyForMoreMediaData else { return }
            block()
        }
    }

    static func microseconds(_ time: CMTime) -> Int {
        Int(time.convertScale(1_000_000, method: .roundHalfAwayFromZero).value)
    }
}
