import Dispatch
import Foundation
import MediaServer
import OpenCoreAudioTypes
import OpenCoreMedia
import SimCore
import VirtualDevices

/// `AVSampleBufferAudioRenderer` on a simulated device.
///
/// Enqueued audio waits here until it is sent to the AirPlay speakers of the app's route (a
/// long-form session's picked speakers): the network moves it every 20 ms while Wi-Fi is up, as
/// fast as each speaker's model allows and as far ahead as its buffer holds. The renderer wants
/// more (`isReadyForMoreMediaData`) while less than the speakers' buffer plus one second is
/// enqueued ahead of the timeline — seconds for AirPlay 1, minutes for AirPlay 2 ("that
/// AudioRenderer is going to get really hungry"). Audio already sent is the speaker's: a flush
/// from a source time can only take back what the speaker has not started playing out.
///
/// Formats: linear PCM, 16-bit integer or 32-bit float, one or two channels, at 44.1 kHz (the
/// speakers' rate); anything else fails the renderer (`status` `.failed`, `error` set).
/// Playback on the local route is not simulated yet: without an AirPlay speaker the audio is
/// held and dropped as the timeline passes it.
public class AVSampleBufferAudioRenderer: NSObject, AVQueuedSampleBufferRendering, @unchecked Sendable {
    public private(set) var status: AVQueuedSampleBufferRenderingStatus = .unknown
    public private(set) var error: Error?
    public var volume: Float = 1 { didSet { applyGain() } }
    public var isMuted = false { didSet { applyGain() } }
    let queue: SimulationQueue
    private let ownTimebase: CMTimebase
    private weak var synchronizer: AVSampleBufferRenderSynchronizer?
    /// Enqueued audio not yet sent to every speaker, in stream order.
    private var pending: [AirPlayPacket] = []
    /// The speakers this renderer streams to, and how far each has been sent.
    private var speakers: [(uid: String, sentEnd: Int64?)] = []
    /// One past the last enqueued stream frame.
    private var enqueuedEnd: Int64?
    private var requestBlock: (@Sendable () -> Void)?
    private var pumpID: Int?
    private var lastNonZeroRate: Float?

    static let streamRate: Int32 = 44_100
    /// Audio the renderer itself holds beyond what the speakers buffer.
    static let stagingFrames: Int64 = 44_100

    public override init() {
        queue = SimulationQueue(binding: SimulationQueue.currentBinding("AVSampleBufferAudioRenderer"))
        ownTimebase = CMTimebase(sourceClock: .hostTimeClock(of: queue.binding.server))
        super.init()
    }

    deinit {
        if let pumpID { queue.binding.server.airPlay.stopPump(pumpID) }
    }

    var server: AudioServer { queue.binding.server }
    public var timebase: CMTimebase { synchronizer?.timebase ?? ownTimebase }

    // MARK: Enqueueing

    public func enqueue(_ sampleBuffer: CMSampleBuffer) {
        guard status != .failed else { return }
        guard let pcm = sampleBuffer.interleavedFloatSamples(), pcm.rate == Double(Self.streamRate), pcm.channels <= 2 else {
            fail(code: -11821, reason: "the AirPlay speakers take linear PCM at 44.1 kHz, in one or two channels")
            return
        }
        let stereo = pcm.channels == 2 ? pcm.samples : pcm.samples.flatMap { [$0, $0] }
        let start = Self.frame(of: sampleBuffer.outputPresentationTimeStamp)
        pending.append(AirPlayPacket(startFrame: start, audio: AirPlayAudio(interleavedStereo: stereo)))
        enqueuedEnd = start + Int64(sampleBuffer.numSamples)
        status = .rendering
        startPumping()
    }

    public var isReadyForMoreMediaData: Bool {
        guard status != .failed else { return false }
        return enqueuedAhead < bufferCapacityFrames + Self.stagingFrames
    }

    /// Half a second ready where it plays: on every speaker streamed to (or the route's speakers
    /// will be connected to at the next network tick), else enqueued here.
    public var hasSufficientMediaDataForReliablePlaybackStart: Bool {
        let needed = Int64(Self.streamRate) / 2
        let position = Self.frame(of: timebase.time)
        if speakers.isEmpty { return routeSpeakers.isEmpty && enqueuedAhead >= needed }
        return speakers.allSatisfy { speaker in speaker.sentEnd.map { $0 - position >= needed } ?? false }
    }

    public func requestMediaDataWhenReady(on queue: DispatchQueue, using block: @escaping @Sendable () -> Void) {
        requestBlock = block
        startPumping()
    }

    public func stopRequestingMediaData() { requestBlock = nil }

    // MARK: Flushing

    /// Drops everything enqueued and everything the speakers hold; enqueue from any time after.
    public func flush() {
        pending.removeAll()
        enqueuedEnd = nil
        for index in speakers.indices {
            server.airPlay.update(speakers[index].uid) { $0.flushAll() }
            speakers[index].sentEnd = nil
        }
        timelineChanged()
    }

    /// Drops the audio at and after `time` without interrupting playback, if it can all still be
    /// taken back: not at or before the current time, and not what a speaker already plays out.
    /// On false nothing changed.
    public func flush(fromSourceTime time: CMTime, completionHandler: @escaping @Sendable (Bool) -> Void) {
        let frame = Self.frame(of: time)
        let now = server.now
        var possible = time.isNumeric && time > timebase.time
        for speaker in speakers where possible {
            possible = server.airPlay.receiver(speaker.uid)?.canFlush(fromFrame: frame, at: now) ?? true
        }
        if possible { flushPending(from: frame, now: now) }
        server.recordObservation("airplay.flush", ["from": .string(String(format: "%.3f", time.seconds)), "succeeded": .bool(possible)])
        queue.async("renderer.flush") { completionHandler(possible) }
    }

    public func flush(fromSourceTime time: CMTime) async -> Bool {
        await withCheckedContinuation { continuation in flush(fromSourceTime: time) { continuation.resume(returning: $0) } }
    }

    private func flushPending(from frame: Int64, now: HostTime) {
        pending.removeAll { $0.startFrame >= frame }
        if let last = pending.indices.last, pending[last].endFrame > frame {
            pending[last].frameCount = Int(frame - pending[last].startFrame)
        }
        for index in speakers.indices {
            _ = server.airPlay.update(speakers[index].uid) { $0.flush(fromFrame: frame, at: now) }
            speakers[index].sentEnd = speakers[index].sentEnd.map { min($0, frame) }
        }
        enqueuedEnd = frame
    }

    // MARK: Synchronizer

    func attach(to synchronizer: AVSampleBufferRenderSynchronizer) { self.synchronizer = synchronizer }
    func detach() {
        for speaker in speakers { server.airPlay.update(speaker.uid) { $0.pause() } }
        synchronizer = nil
    }

    /// The synchronizer's rate or time changed: anchor every speaker to the new timeline. A rate
    /// change other than a pause or a resume at the previous rate flushes automatically.
    func timelineChanged() {
        let rate = Float(timebase.rate)
        if rate != 0, let previous = lastNonZeroRate, previous != rate { flushAutomatically() }
        if rate != 0 { lastNonZeroRate = rate }
        let now = server.now
        let frame = Self.frame(of: timebase.time)
        for speaker in speakers {
            server.airPlay.update(speaker.uid) { receiver in
                if rate > 0 { receiver.setAnchor(frame: frame, time: now) } else { receiver.pause() }
            }
        }
    }

    private func flushAutomatically() {
        let time = timebase.time
        flushPending(from: Self.frame(of: time), now: .zero)
        NotificationCenter.default.post(name: .AVSampleBufferAudioRendererWasFlushedAutomatically, object: self,
                                        userInfo: [AVSampleBufferAudioRendererFlushTimeKey: NSValue(time: time)])
    }

    // MARK: The network

    private func startPumping() {
        guard pumpID == nil else { return }
        pumpID = server.airPlay.startPump { [weak self] interval in self?.pump(interval) }
    }

    /// Every network tick: connect to the route's speakers, send what they have room for, then
    /// ask the app for more while it is wanted.
    private func pump(_ interval: HostDuration) {
        followRoute()
        connectSpeakers()
        if server.airPlay.isNetworkUp { send(interval) }
        dropSentAndPlayed()
        synchronizer?.rendererReceivedData()
        if let block = requestBlock, isReadyForMoreMediaData {
            AppContext.run(as: queue.binding) { block() }
        }
    }

    private var routeSpeakers: [String] {
        server.currentRoute(for: queue.binding.app).outputs.filter { $0.portType == .airPlay }.map(\.uid)
    }

    /// "When the user routes playback to a new destination" the renderer flushes by itself: the
    /// old speakers drop what they hold, and the app hears `WasFlushedAutomatically` with the
    /// time of the first flushed sample, from which it re-enqueues. (A route that only lost its
    /// speakers to a dropout is not a new destination.)
    private func followRoute() {
        let wanted = routeSpeakers
        guard !speakers.isEmpty, !wanted.isEmpty, wanted != speakers.map(\.uid) else { return }
        for speaker in speakers { server.airPlay.update(speaker.uid) { $0.flushAll() } }
        speakers = []
        let time = timebase.time
        pending.removeAll()
        enqueuedEnd = nil
        server.recordObservation("airplay.flushed-automatically", ["reason": .string("route")])
        // The network tick is the system's code: the app's observers run in the app's context.
        AppContext.run(as: queue.binding) {
            NotificationCenter.default.post(name: .AVSampleBufferAudioRendererWasFlushedAutomatically, object: self,
                                            userInfo: [AVSampleBufferAudioRendererFlushTimeKey: NSValue(time: time)])
        }
    }

    private func connectSpeakers() {
        guard speakers.isEmpty else { return }
        for uid in routeSpeakers where server.airPlay.connect(uid) != nil { speakers.append((uid, nil)) }
        guard !speakers.isEmpty else { return }
        applyGain()
        if timebase.rate > 0 { timelineChanged() }
    }

    private func send(_ interval: HostDuration) {
        let now = server.now
        for index in speakers.indices {
            let uid = speakers[index].uid
            guard let receiver = server.airPlay.receiver(uid) else { continue }
            var budget = min(receiver.room(at: now), receiver.rate.frames(in: interval) * Int64(receiver.model.transferSpeed))
            // Audio the speaker's playhead already passed (a speaker that ran dry) is not sent.
            var sent = max(speakers[index].sentEnd ?? pending.first?.startFrame ?? 0, receiver.streamFrame(at: now) ?? .min)
            for packet in pending where packet.endFrame > sent && budget > 0 {
                let from = max(sent, packet.startFrame)
                let count = min(budget, packet.endFrame - from)
                let piece = AirPlayPacket(startFrame: from, audio: packet.audio, offset: packet.offset + Int(from - packet.startFrame),
                                          frameCount: Int(count))
                server.airPlay.update(uid) { $0.receive(piece) }
                sent = from + count
                budget -= count
            }
            speakers[index].sentEnd = sent
        }
    }

    /// Audio every speaker has, or that the timeline passed with no speaker to play it, goes.
    private func dropSentAndPlayed() {
        let played = speakers.isEmpty ? Self.frame(of: timebase.time) : speakers.map { $0.sentEnd ?? .min }.min() ?? .min
        let done = pending.prefix { $0.endFrame <= played }.count
        if done > 0 { pending.removeFirst(done) }
    }

    // MARK: Helpers

    private var enqueuedAhead: Int64 {
        guard let enqueuedEnd else { return 0 }
        return enqueuedEnd - max(0, Self.frame(of: timebase.time))
    }

    /// The buffer of the speakers streamed to (the smallest), or of the route's first AirPlay
    /// speaker before connecting; two seconds locally.
    private var bufferCapacityFrames: Int64 {
        let receivers = speakers.compactMap { server.airPlay.receiver($0.uid) }
        if let smallest = receivers.map({ $0.rate.frames(in: $0.model.bufferCapacity) }).min() { return smallest }
        return Int64(Self.streamRate) * 2
    }

    private func applyGain() {
        for speaker in speakers { server.airPlay.update(speaker.uid) { $0.gain = isMuted ? 0 : volume } }
    }

    private func fail(code: Int, reason: String) {
        status = .failed
        error = NSError(domain: AVFoundationErrorDomain, code: code, userInfo: [NSLocalizedFailureReasonErrorKey: reason])
    }

    static func frame(of time: CMTime) -> Int64 {
        guard time.isNumeric else { return 0 }
        return time.convertScale(streamRate, method: .roundHalfAwayFromZero).value
    }
}

/// `AVFoundationErrorDomain`.
public let AVFoundationErrorDomain = "AVFoundationErrorDomain"
/// The userInfo key of `WasFlushedAutomatically`: an `NSValue` with the first flushed time.
public let AVSampleBufferAudioRendererFlushTimeKey = "AVSampleBufferAudioRendererFlushTimeKey"

extension NSNotification.Name {
    public static let AVSampleBufferAudioRendererWasFlushedAutomatically =
        NSNotification.Name("AVSampleBufferAudioRendererWasFlushedAutomaticallyNotification")
    public static let AVSampleBufferAudioRendererOutputConfigurationDidChange =
        NSNotification.Name("AVSampleBufferAudioRendererOutputConfigurationDidChangeNotification")
}
