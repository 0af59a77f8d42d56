import SimCore

/// One AirPlay speaker on the simulated network: its buffer of stream audio, the timeline it
/// plays the stream on (the sender's anchor, as AirPlay 2's SETRATEANCHORTIME sets it), its clock
/// against the sender's, and its own port sink — what came out of the speaker, in host time.
///
/// The speaker plays on its own: once anchored it keeps playing what it holds whether or not the
/// network is up. When the stream position reaches audio it does not have, it plays silence and
/// counts the gap — the audible dropout of an AirPlay 1 speaker when Wi-Fi goes, which an
/// AirPlay 2 speaker's minutes of buffer ride out.
public struct AirPlayReceiver: Sendable {
    public let portUID: String
    public let model: AirPlayReceiverModel
    public private(set) var sink: PortSink
    public private(set) var clock: AirPlayClockSync
    /// Buffered audio in stream order; `head` is the first packet not yet played out.
    private var packets: [AirPlayPacket] = []
    private var head = 0
    /// Stream frame `frame` plays at host time `time`; nil while paused (rate 0).
    public private(set) var anchor: (frame: Int64, time: HostTime)?
    /// The first stream frame after the last flush or anchor: silence before it is not a gap.
    private var streamStart: Int64 = 0
    /// Silence played where audio was due, in frames, over the run.
    public private(set) var gapFrames: Int64 = 0
    /// Whether the last frame rendered was part of a gap.
    public private(set) var isInGap = false
    /// Stream frames received over the network over the run (the speaker takes only audio).
    public private(set) var receivedFrames: Int64 = 0
    /// The sender's volume (0 when muted), applied as the speaker plays.
    public var gain: Float = 1
    private var left: [Float]
    private var right: [Float]

    public init(portUID: String, model: AirPlayReceiverModel, sink: PortSink, clock: AirPlayClockSync, cycleFrames: Int) {
        self.portUID = portUID
        self.model = model
        self.sink = sink
        self.clock = clock
        left = [Float](repeating: 0, count: cycleFrames)
        right = left
    }

    public var rate: SampleRate { SampleRate(framesPerSecond: Int64(model.sampleRate)) }

    /// The stream frame playing at `time` (nil while paused).
    public func streamFrame(at time: HostTime) -> Int64? {
        guard let anchor else { return nil }
        return anchor.frame + rate.sampleTime(at: HostTime(nanoseconds: (time - anchor.time).nanoseconds)).frames
    }

    /// One past the last buffered stream frame (nil when empty).
    public var bufferedEnd: Int64? { head < packets.count ? packets[packets.count - 1].endFrame : nil }

    /// Frames of room left at `time`: capacity minus what is held ahead of the playing frame.
    public func room(at time: HostTime) -> Int64 {
        let capacity = rate.frames(in: model.bufferCapacity)
        guard let end = bufferedEnd else { return capacity }
        let playing = streamFrame(at: time) ?? packets[head].startFrame
        return max(0, capacity - (end - playing))
    }

    /// Audio arriving over the network (in stream order; the sender never overlaps packets).
    public mutating func receive(_ packet: AirPlayPacket) {
        packets.append(packet)
        receivedFrames += Int64(packet.frameCount)
    }

    /// Plays stream frame `frame` at `time` from now on (`nil`: pause, the buffer is kept).
    public mutating func setAnchor(frame: Int64, time: HostTime) {
        anchor = (frame, time)
        streamStart = frame
    }

    public mutating func pause() { anchor = nil }

    /// Drops buffered audio from stream frame `frame` on — unless it is already too close to
    /// what plays at `time` to be taken back (`model.flushGuard`): then nothing changes.
    public mutating func flush(fromFrame frame: Int64, at time: HostTime) -> Bool {
        guard canFlush(fromFrame: frame, at: time) else { return false }
        dropBuffered(from: frame)
        return true
    }

    /// Whether audio from `frame` on can still be taken back at `time`.
    public func canFlush(fromFrame frame: Int64, at time: HostTime) -> Bool {
        guard let playing = streamFrame(at: time) else { return true }
        return frame >= playing + rate.frames(in: model.flushGuard)
    }

    /// Drops everything buffered (a full flush), and stops until anchored again.
    public mutating func flushAll() {
        packets.removeAll(keepingCapacity: true)
        head = 0
        anchor = nil
    }

    private mutating func dropBuffered(from frame: Int64) {
        while packets.count > head, packets[packets.count - 1].startFrame >= frame { packets.removeLast() }
        if packets.count > head, packets[packets.count - 1].endFrame > frame {
            packets[packets.count - 1].frameCount = Int(frame - packets[packets.count - 1].startFrame)
        }
    }

    /// Renders the speaker's next `frameCount` frames into its sink (host time: the sink's
    /// clock). Returns whether a gap began (true) or ended (false) in this cycle, nil otherwise.
    public mutating func render(frameCount: Int) -> Bool? {
        let time = rate.hostTime(at: SampleTime(frames: sink.position))
        let wasInGap = isInGap
        fillScratch(frameCount: frameCount, at: HostTime(nanoseconds: time.nanoseconds))
        let (l, r) = (left, right)
        l.withUnsafeBufferPointer { lp in
            r.withUnsafeBufferPointer { rp in
                sink.write(frameCount: frameCount) { channel in
                    channel == 0 ? UnsafeBufferPointer(rebasing: lp[0..<frameCount]) : UnsafeBufferPointer(rebasing: rp[0..<frameCount])
                }
            }
        }
        return wasInGap == isInGap ? nil : isInGap
    }

    private mutating func fillScratch(frameCount: Int, at time: HostTime) {
        left.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        right.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        guard anchor != nil else { isInGap = false; return }
        // The receiver believes it is `error` late: it plays that much further into the stream.
        let error = clock.error(at: time)
        guard let first = streamFrame(at: time + HostDuration(nanoseconds: error)) else { return }
        dropPlayed(before: first)
        // Silence before the stream's start is not a gap.
        let lead = Int(max(0, min(Int64(frameCount), streamStart - first)))
        let missing = copyRuns(into: lead..<frameCount, fromFrame: first + Int64(lead))
        gapFrames += Int64(missing)
        isInGap = missing > 0
    }

    /// Copies the held audio for stream frames `frame…` into `slots` of the scratch buffers,
    /// packet run by packet run (a speaker renders a whole cycle per call, so the work per
    /// frame is one multiply per channel); returns how many frames had no audio.
    private mutating func copyRuns(into slots: Range<Int>, fromFrame frame: Int64) -> Int {
        var missing = 0
        var index = slots.lowerBound
        var frame = frame
        var packetIndex = head
        let gain = gain
        while index < slots.upperBound {
            while packetIndex < packets.count, packets[packetIndex].endFrame <= frame { packetIndex += 1 }
            guard packetIndex < packets.count else { missing += slots.upperBound - index; break }
            let packet = packets[packetIndex]
            if packet.startFrame > frame {
                let run = min(Int(packet.startFrame - frame), slots.upperBound - index)
                missing += run
                index += run
                frame += Int64(run)
                continue
            }
            let run = min(Int(packet.endFrame - frame), slots.upperBound - index)
            let source = packet.offset + Int(frame - packet.startFrame)
            let start = index
            left.withUnsafeMutableBufferPointer { l in
                right.withUnsafeMutableBufferPointer { r in
                    packet.audio.copy(from: source, count: run, gain: gain, left: l.baseAddress! + start, right: r.baseAddress! + start)
                }
            }
            index += run
            frame += Int64(run)
        }
        return missing
    }

    private mutating func dropPlayed(before frame: Int64) {
        while head < packets.count, packets[head].endFrame <= frame { head += 1 }
        // Compact now and then, so a long run holds only what is still ahead.
        if head > 64 && head * 2 > packets.count {
            packets.removeFirst(head)
            head = 0
        }
    }
}
