import Dispatch
import Foundation
import MediaServer
import CoreAudioTypes
import CoreMedia
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
/// Without an AirPlay speaker in the route the renderer plays on the local route (speaker,
/// headphones …) through the device's output, at the synchronizer's time (`LocalRoutePlayout`),
/// and wants a few seconds ahead.
///
/// Formats: linear PCM, 16-bit integer or 32-bit float, one or two channels, at any rate; the
/// renderer turns it into one 44.1 kHz stereo stream (the rate every AirPlay speaker plays), so
/// AirPlay 1 and AirPlay 2 speakers and the local route take whatever the app enqueued. Other
/// formats (compressed ones: no decoder is simulated here) fail the renderer (`enqueue`).
open class AVSampleBufferAudioRenderer: NSObject, AVQueuedSampleBufferRendering, @unchecked Sendable {
    public private(set) var status: AVQueuedSampleBufferRenderingStatus = .unknown
    public private(set) var error: Error?
    public var volume: Float = 1 { didSet { applyGain() } }
    /// How rates other than 1 play (on the local route; see `AVAudioTimePitchAlgorithm`).
    /// Changing it while playing restarts the local playout at the timeline's time.
    public var audioTimePitchAlgorithm: AVAudioTimePitchAlgorithm = .timeDomain { didSet { local?.resync() } }
    public var isMuted = false { didSet { applyGain() } }
    /// Kept as set: the simulated renderers play every layout as it is, unspatialized (the
    /// default, all formats, is a setting of the simulation; Apple does not document it).
    public var allowedAudioSpatializationFormats = AVAudioSpatializationFormats.monoStereoAndMultichannel
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
    /// Playback on the local route, made when the route first has no AirPlay speaker.
    private var local: LocalRoutePlayout?
    /// The rate conversion of PCM enqueued at another rate than the stream's.
    private var conversion: StreamRateConversion?

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
        local?.detach()
    }

    var server: AudioServer { queue.binding.server }
    public var timebase: CMTimebase { synchronizer?.timebase ?? ownTimebase }

    // MARK: Enqueueing

    /// Takes linear PCM (16-bit integer or 32-bit float, interleaved or not, one or two
    /// channels) at any rate: 44.1 kHz goes onto the stream as it is, other rates through
    /// `StreamRateConversion`. Anything else fails the renderer with `AVErrorDecodeFailed`
    /// (-11821): `status` `.failed`, `error` set, and no more data wanted.
    public func enqueue(_ sampleBuffer: CMSampleBuffer) {
        guard status != .failed else { return }
        let time = sampleBuffer.outputPresentationTimeStamp
        let start = Self.frame(of: time)
        if let shared = sampleBuffer.interleavedStereoBytes(), shared.rate == Double(Self.streamRate) {
            // Stereo at the stream rate: the app's bytes, shared, converted as they play.
            endConversion()
            pending.append(AirPlayPacket(startFrame: start, audio: AirPlayAudio(interleavedStereoBytes: shared.bytes, isFloat: shared.isFloat)))
            enqueued(sampleBuffer, at: time, rate: shared.rate)
            return
        }
        guard let pcm = sampleBuffer.interleavedFloatSamples(), pcm.channels <= 2 else {
            fail(code: -11821, reason: "the renderer decodes linear PCM (16-bit integer or 32-bit float) in one or two channels")
            return
        }
        let stereo = pcm.channels == 2 ? pcm.samples : pcm.samples.flatMap { [$0, $0] }
        if pcm.rate == Double(Self.streamRate) {
            endConversion()
            pending.append(AirPlayPacket(startFrame: start, audio: AirPlayAudio(interleavedStereo: stereo)))
        } else {
            let inputFrame = time.isNumeric ? time.convertScale(Int32(pcm.rate), method: .roundHalfAwayFromZero).value : 0
            if conversion?.inputRate != pcm.rate || conversion?.nextInputFrame != inputFrame {
                endConversion()
                conversion = StreamRateConversion(from: pcm.rate, inputFrame: inputFrame, streamFrame: start,
                                                  streamRate: Double(Self.streamRate))
            }
            if let packet = conversion?.convert(interleavedStereo: stereo) { pending.append(packet) }
        }
        enqueued(sampleBuffer, at: time, rate: pcm.rate)
    }

    private func enqueued(_ sampleBuffer: CMSampleBuffer, at time: CMTime, rate: Double) {
        enqueuedEnd = Self.frame(of: CMTimeAdd(time, CMTime(value: Int64(sampleBuffer.numSamples), timescale: Int32(rate))))
        status = .rendering
        startPumping()
    }

    /// A converted stream ends: its last frames go onto the stream.
    private func endConversion() {
        if let tail = conversion?.finish() { pending.append(tail) }
        conversion = nil
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
        conversion = nil
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
        server.recordObservation(.airplayFlush, ["from": .string(String(format: "%.3f", time.seconds)), "succeeded": .bool(possible)])
        queue.async("renderer.flush") { completionHandler(possible) }
    }

    public func flush(fromSourceTime time: CMTime) async -> Bool {
        await withCheckedContinuation { continuation in flush(fromSourceTime: time) { continuation.resume(returning: $0) } }
    }

    private func flushPending(from frame: Int64, now: HostTime) {
        conversion = nil
        pending.removeAll { $0.startFrame >= frame }
        if let last = pending.indices.last, pending[last].endFrame > frame {
            pending[last].frameCount = Int(frame - pending[last].startFrame)
        }
        for index in speakers.indices {
            _ = server.airPlay.update(speakers[index].uid) { $0.flush(fromFrame: frame, at: now) }
            speakers[index].sentEnd = speakers[index].sentEnd.map { min($0, frame) }
        }
        enqueuedEnd = frame
        local?.resync()
    }

    // MARK: Synchronizer

    func attach(to synchronizer: AVSampleBufferRenderSynchronizer) { self.synchronizer = synchronizer }
    func detach() {
        for speaker in speakers { server.airPlay.update(speaker.uid) { $0.pause() } }
        synchronizer = nil
    }

    /// The synchronizer's rate or time changed: anchor every speaker to the new timeline. A rate
    /// change other than a pause or a resume at the previous rate flushes automatically.
    ///
    /// AirPlay speakers play the stream at rate 1 only (the simulated speakers have no time-pitch
    /// stage): at other rates they hold still, silent, while the local route plays any rate.
    func timelineChanged() {
        let rate = Float(timebase.rate)
        let previous = lastNonZeroRate
        if rate != 0 { lastNonZeroRate = rate }
        if rate != 0, let previous, previous != rate { flushAutomatically() }
        local?.resync()
        let now = server.now
        let frame = Self.frame(of: timebase.time)
        for speaker in speakers {
            server.airPlay.update(speaker.uid) { receiver in
                if rate == 1 { receiver.setAnchor(frame: frame, time: now) } else { receiver.pause() }
            }
        }
    }

    /// The notification comes "on an arbitrary thread": here as a scheduler action right after,
    /// so an app that flushes and re-enqueues in its observer does so after the rate change.
    private func flushAutomatically() {
        let time = timebase.time
        flushPending(from: Self.frame(of: time), now: .zero)
        server.recordObservation(.airplayFlushedAutomatically, ["reason": .string("rate")])
        queue.async("renderer.flushed-automatically") { [self] in
            NotificationCenter.default.post(name: .AVSampleBufferAudioRendererWasFlushedAutomatically, object: self,
                                            userInfo: [AVSampleBufferAudioRendererFlushTimeKey: NSValue(time: time)])
        }
    }

    // MARK: The network

    private func startPumping() {
        guard pumpID == nil else { return }
        pumpID = server.airPlay.startPump { [weak self] interval in self?.pump(interval) }
    }

    /// Every network tick: connect to the route's speakers, send what they have room for, then
    /// ask the app for more while it is wanted.
    private func pump(_ interval: HostDuration) {
        let wanted = routeSpeakers
        followRoute(wanted)
        connectSpeakers(wanted)
        playLocallyWithoutSpeakers(wanted)
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
    /// time of the first flushed sample, from which it re-enqueues. That holds for a move from
    /// the local route to AirPlay speakers too. (A route that only lost its speakers to a
    /// dropout is not a new destination.)
    private func followRoute(_ wanted: [String]) {
        let leavesLocalRoute = local?.voice != nil && !wanted.isEmpty
        guard leavesLocalRoute || (!speakers.isEmpty && !wanted.isEmpty && wanted != speakers.map(\.uid)) else { return }
        local?.detach()
        for speaker in speakers { server.airPlay.update(speaker.uid) { $0.flushAll() } }
        speakers = []
        let time = timebase.time
        pending.removeAll()
        conversion = nil
        enqueuedEnd = nil
        server.recordObservation(.airplayFlushedAutomatically, ["reason": .string("route")])
        // The network tick is the system's code: the app's observers run in the app's context.
        AppContext.run(as: queue.binding) {
            NotificationCenter.default.post(name: .AVSampleBufferAudioRendererWasFlushedAutomatically, object: self,
                                            userInfo: [AVSampleBufferAudioRendererFlushTimeKey: NSValue(time: time)])
        }
    }

    private func connectSpeakers(_ wanted: [String]) {
        guard speakers.isEmpty else { return }
        for uid in wanted where server.airPlay.connect(uid) != nil { speakers.append((uid, nil)) }
        guard !speakers.isEmpty else { return }
        applyGain()
        if timebase.rate > 0 { timelineChanged() }
    }

    /// With no AirPlay speaker in the route, the enqueued audio plays on the local route; once
    /// speakers are connected it stops playing there.
    private func playLocallyWithoutSpeakers(_ wanted: [String]) {
        guard speakers.isEmpty, wanted.isEmpty, status == .rendering else {
            local?.detach()
            return
        }
        if local == nil { local = LocalRoutePlayout(renderer: self, server: server) }
        local?.attach(app: queue.binding.app)
    }

    /// Stream frames `[frame, frame + count)` of the enqueued audio into two channels (silence
    /// where nothing is enqueued). Render side: reads only, no allocation.
    func readStream(from frame: Int64, count: Int, left: UnsafeMutablePointer<Float>, right: UnsafeMutablePointer<Float>) {
        left.update(repeating: 0, count: count)
        right.update(repeating: 0, count: count)
        var index = 0
        var frame = frame
        var packetIndex = 0
        while index < count, packetIndex < pending.count {
            let packet = pending[packetIndex]
            guard packet.endFrame > frame else { packetIndex += 1; continue }
            if packet.startFrame > frame {
                let skip = min(Int(packet.startFrame - frame), count - index)
                index += skip
                frame += Int64(skip)
                continue
            }
            let run = min(Int(packet.endFrame - frame), count - index)
            packet.audio.copy(from: packet.offset + Int(frame - packet.startFrame), count: run, gain: 1, left: left + index, right: right + index)
            index += run
            frame += Int64(run)
        }
    }

    /// The app's volume (0 when muted).
    var outputGain: Float { isMuted ? 0 : volume }

    private func send(_ interval: HostDuration) {
        let now = server.now
        for index in speakers.indices {
            let uid = speakers[index].uid
            // Only numbers are taken from the speaker: a copy of it kept alive while it receives
            // would make every delivery copy its whole buffer list.
            guard let speaker = server.airPlay.receiver(uid).map({ receiver in
                (room: receiver.room(at: now), speed: receiver.rate.frames(in: interval) * Int64(receiver.model.transferSpeed),
                 playing: receiver.streamFrame(at: now))
            }) else { continue }
            var budget = min(speaker.room, speaker.speed)
            // Audio the speaker's playhead already passed (a speaker that ran dry) is not sent.
            var sent = max(speakers[index].sentEnd ?? pending.first?.startFrame ?? 0, speaker.playing ?? .min)
            var next = firstPending(endingAfter: sent)
            while next < pending.count && budget > 0 {
                let packet = pending[next]
                next += 1
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

    /// The index of the first pending packet that ends after `frame` (pending is in stream
    /// order): a binary search, since minutes of packets wait here for an AirPlay 2 speaker.
    private func firstPending(endingAfter frame: Int64) -> Int {
        var (low, high) = (0, pending.count)
        while low < high {
            let middle = (low + high) / 2
            if pending[middle].endFrame > frame { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// Audio every speaker has, or that the timeline passed with no speaker to play it, goes
    /// (locally a second late: the IO cycle may still be reading it).
    private func dropSentAndPlayed() {
        let played = speakers.isEmpty ? Self.frame(of: timebase.time) - Int64(Self.streamRate) : speakers.map { $0.sentEnd ?? .min }.min() ?? .min
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
