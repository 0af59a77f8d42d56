import Foundation
import MediaServer
import SimCore

/// `AVAudioPlayerNode`: plays scheduled buffers, files and segments, sample-accurately.
///
/// Two timelines: node time (the frames the node has rendered, `lastRenderTime`) and player
/// time (0 when play starts, still while paused). A player is paused until `play()`; an item
/// scheduled with a nil time follows the previous one; `stop()` drops the schedule (calling the
/// completion handlers) and sets player time back to 0. Completion handlers are called after the
/// render pass that finished their item, never from inside it.
public final class AVAudioPlayerNode: AVAudioNode, AVAudioMixing, @unchecked Sendable {
    private var mixing = MixingSettings()
    public var volume: Float { get { mixing.volume } set { mixing.volume = newValue } }
    public var pan: Float { get { mixing.pan } set { mixing.pan = newValue } }
    override var mixingVolume: Float { mixing.volume }
    override var mixingPan: Float { mixing.pan }

    /// The queue; items before `head` are done.
    var items: [ScheduledAudio] = []
    var head = 0
    /// Where the last finished item ended (a following item with a nil time starts there).
    var previousEnd: Int64 = 0
    /// The player time of the next frame to render.
    var playerPosition: Int64 = 0
    /// While playing: the node time at which player time was `anchor.player`.
    var anchor: (node: Int64, player: Int64)?
    var playing = false
    /// Completions whose item finished in a render pass, waiting for `deliverPending`.
    var finished: [PlayerCompletion] = []

    public init() {
        super.init(inputs: 0, outputs: 1)
    }

    public var isPlaying: Bool { playing }

    // MARK: Transport

    /// Starts (or resumes) at the next render.
    public func play() { play(at: nil) }

    /// Starts at `when` on the node timeline (its sample time; a host time only when rendering
    /// to the device). A time already rendered starts at the next render.
    public func play(at when: AVAudioTime?) {
        guard !playing else { return }
        playing = true
        anchor = (startNodeFrame(when), playerPosition)
    }

    /// Stops player time; the schedule stays.
    public func pause() {
        guard playing else { return }
        playing = false
        anchor = nil
    }

    /// Drops every scheduled item (calling its completion handler now), sets player time back
    /// to 0 and stops. The engine keeps running.
    public func stop() {
        let dropped = items[head...].compactMap(\.completion)
        items.removeAll()
        head = 0
        (previousEnd, playerPosition, playing, anchor) = (0, 0, false, nil)
        let pending = finished
        finished.removeAll()
        for completion in pending + dropped { completion.call() }
    }

    /// The engine stopped: node time starts again from 0, so the player pauses (its schedule and
    /// player time stay) and plays again when the app calls `play()` after restarting.
    override func resetRenderTimeline() {
        super.resetRenderTimeline()
        pause()
    }

    /// Resets the player like `stop()`.
    public override func reset() { stop() }

    /// Accepted for source compatibility: scheduled audio is already in memory.
    public func prepare(withFrameCount frameCount: AVAudioFrameCount) {}

    /// The node time at which `playerTime` plays; nil when not playing.
    public func nodeTime(forPlayerTime playerTime: AVAudioTime) -> AVAudioTime? {
        guard playing, let anchor, playerTime.isSampleTimeValid else { return nil }
        return time(node: anchor.node + playerTime.sampleTime - anchor.player)
    }

    /// The player time playing at `nodeTime`; nil when not playing.
    public func playerTime(forNodeTime nodeTime: AVAudioTime) -> AVAudioTime? {
        guard playing, let anchor, nodeTime.isSampleTimeValid else { return nil }
        return AVAudioTime(sampleTime: nodeTime.sampleTime - anchor.node + anchor.player, atRate: outputRate)
    }

    var outputRate: Double { outputFormats[0].sampleRate }

    /// A node time, with the host time too when the device renders the engine.
    private func time(node frame: Int64) -> AVAudioTime {
        if let lastRender, let host = lastRender.hostTime, outputRate > 0 {
            let offset = Double(frame - lastRender.sampleTime) / outputRate * 1e9
            return AVAudioTime(hostTime: UInt64(max(0, Double(host) + offset.rounded())), sampleTime: frame, atRate: outputRate)
        }
        return AVAudioTime(sampleTime: frame, atRate: outputRate)
    }

    private func startNodeFrame(_ when: AVAudioTime?) -> Int64 {
        let next = nodeFrames
        guard let when else { return next }
        if when.isSampleTimeValid { return max(next, when.sampleTime) }
        if when.isHostTimeValid, engine?.isInManualRenderingMode == false, let lastRender, let host = lastRender.hostTime {
            let seconds = (Double(when.hostTime) - Double(host)) / 1e9
            return max(next, lastRender.sampleTime + Int64((seconds * outputRate).rounded()))
        }
        return next
    }

    // MARK: Render side

    override func render(into output: RenderBuffer, frames: Int, serial: Int, serials: RenderSerials) {
        output.clear(frames: frames)
        guard playing, let anchor else { return }
        var index = Int(max(0, min(Int64(frames), anchor.node - nodeFrames)))
        while index < frames {
            guard head < items.count else {
                playerPosition += Int64(frames - index)
                return
            }
            if items[head].start == nil { items[head].start = max(items[head].requestedStart ?? previousEnd, playerPosition) }
            let start = items[head].start!
            if start > playerPosition {
                let gap = Int(min(Int64(frames - index), start - playerPosition))
                (index, playerPosition) = (index + gap, playerPosition + Int64(gap))
                continue
            }
            let end = items[head].end
            let count = end.map { Int(min(Int64(frames - index), $0 - playerPosition)) } ?? (frames - index)
            copy(items[head], from: playerPosition - start, count: count, into: output, at: index)
            (index, playerPosition) = (index + count, playerPosition + Int64(count))
            if let end, playerPosition >= end { finishHead(at: end) }
        }
    }

    private func finishHead(at end: Int64) {
        if let completion = items[head].completion { finished.append(completion) }
        previousEnd = end
        head += 1
    }

    /// Copies `count` frames of `item` from its frame `offset` (wrapping when it loops).
    private func copy(_ item: ScheduledAudio, from offset: Int64, count: Int, into output: RenderBuffer, at index: Int) {
        guard item.frameCount > 0 else { return }
        item.samples.withUnsafeBufferPointer { samples in
            var done = 0
            var position = Int(item.loops ? offset % Int64(item.frameCount) : offset)
            while done < count {
                if position >= item.frameCount { position = 0 }
                let step = min(count - done, item.frameCount - position)
                for channel in 0..<min(item.channelCount, output.channelCount) {
                    (output.channels[channel] + index + done)
                        .update(from: samples.baseAddress! + channel * item.frameCount + position, count: step)
                }
                done += step
                position += step
            }
        }
    }

    // MARK: Control side

    override var hasPendingDeliveries: Bool { !finished.isEmpty || super.hasPendingDeliveries }

    override func deliverPending() {
        super.deliverPending()
        guard !finished.isEmpty else { return }
        let due = finished
        finished.removeAll(keepingCapacity: true)
        for completion in due { deliver(completion) }
        compactQueue()
    }

    /// `.dataPlayedBack` waits for the device's presentation latency; the others are due now.
    private func deliver(_ completion: PlayerCompletion) {
        guard completion.type == .dataPlayedBack, let engine, !engine.isInManualRenderingMode, let binding = engine.binding,
              case let latency = outputPresentationLatency, latency > 0 else {
            completion.call()
            return
        }
        let due = binding.server.now + HostDuration(nanoseconds: Int64((latency * 1e9).rounded(.up)))
        try? binding.server.schedule("AVAudioPlayerNode.dataPlayedBack", at: due) {
            AppContext.run(as: binding) { completion.call() }
        }
    }

    /// Drops finished items from the front of the queue (control side, so the render side
    /// never moves memory).
    private func compactQueue() {
        guard head > 0 else { return }
        items.removeFirst(head)
        head = 0
    }
}
