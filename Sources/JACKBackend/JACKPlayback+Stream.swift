import MediaServer
import SimCore
import VirtualDevices

/// The way out, segment by segment of the IO clock: where each rendered frame goes in JACK's
/// stream of frames (JACK frame `startFrame + n` plays stream frame n, ring cycle n / period).
///
/// Stream frame n is the server-rate frame of the simulated instant: a segment at the server's
/// rate is copied frame for frame (bit-exact, IO frame f at stream frame f from the start of the
/// run), one at another rate goes through a `JACKOutputResampler` whose output is aligned with
/// its input. When the IO restarts at another rate, the old segment's converter is drained with
/// silence up to the new segment's first frame, so the last sound before the change plays out
/// whole and the new one starts on its own frame: the run goes on.
extension JACKPlayback {
    public func ioRendered(_ output: IOCycleOutput) {
        guard failure == nil, closedStats == nil else { return }
        guard let rate = output.sampleRate.integralHertz.map(Int.init) else {
            fail("the simulated hardware runs at \(output.sampleRate), not a whole number of hertz: the JACK boundary converts only whole rates")
            return
        }
        // Ports first: a converter made for a new segment has a channel for each of them.
        mapRingSlots(output)
        let clock = server?.ioClock
        let segment = clock?.boundarySegment(ofFrame: output.firstFrame)
        // A new segment, or the IO stopped and started again (its frames jump): map afresh.
        if outputSegment == nil || outputSegment?.segment != segment || outputSegment?.rate != rate || output.firstFrame != nextIOFrame {
            beginSegment(segment, rate: rate, firstFrame: output.firstFrame, clock: clock)
        }
        nextIOFrame = output.firstFrame + Int64(output.frameCount)
        if let resampler {
            resampler.push(output) { index, channel in ringSlot(index, channel) }
            takeConverted(from: resampler, upTo: .max)
        } else {
            writeStream(at: output.firstFrame + passthroughOffset, count: output.frameCount) { destination, done, count in
                for index in 0..<output.slotCount where !output.isInputTap(slot: index) {
                    for channel in 0..<output.channelCount(slot: index) {
                        guard let slot = ringSlot(index, channel) else { continue }
                        let source = output.samples(slot: index, channel: channel)
                        (destination + slot * periodFrames).update(from: source.baseAddress! + done, count: count)
                    }
                }
            }
        }
    }

    /// The ring slot of each output channel of the piece, looked up (and registered) only when
    /// the device's output layout changed: a steady cycle builds no key and allocates nothing.
    private func mapRingSlots(_ output: IOCycleOutput) {
        var unchanged = ringSlots.count == output.slotCount
        var index = 0
        while unchanged && index < ringSlots.count {   // a loop, not allSatisfy: no closure context
            unchanged = ringSlots[index].uid == output.portUID(slot: index) && ringSlots[index].slots.count == output.channelCount(slot: index)
            index += 1
        }
        guard !unchanged else { return }
        ringSlots = (0..<output.slotCount).map { index in
            let uid = output.portUID(slot: index), isTap = output.isInputTap(slot: index)
            return (uid, (0..<output.channelCount(slot: index)).map { isTap ? nil : slot(uid: uid, channel: $0, type: nil, isInput: false) })
        }
    }

    /// The ring slot of channel `channel` of the piece's slot `index` (an output port), after `mapRingSlots`.
    private func ringSlot(_ index: Int, _ channel: Int) -> Int? { ringSlots[index].slots[channel] }

    /// The IO clock entered a new segment (or IO started): drain the last one, then map this one.
    private func beginSegment(_ segment: IOClock.Segment?, rate: Int, firstFrame: Int64, clock: IOClock?) {
        let first = resamplings.jackFrame(ofIOFrame: firstFrame, clock: clock)
        if let resampler { drain(resampler, through: first) }
        outputSegment = (segment, rate)
        resampler = nil
        passthroughOffset = first - firstFrame
        guard rate != sampleRate else { return }
        let resampling = resamplings.resampling(at: rate)
        resampler = JACKOutputResampler(resampling: resampling, channels: outputPorts.count, firstJACKFrame: first)
        server?.recordObservation(.jackResampling, [
            "from": .integer(rate), "to": .integer(sampleRate),
            "outputHoldFrames": .integer(resampling.outputHoldFrames),
            "inputLatencyFrames": .integer(inputLatencyFrames(atRate: rate)),
        ])
    }

    /// Feeds `resampler` silence until everything before stream frame `end` has come out of it.
    func drain(_ resampler: JACKOutputResampler, through end: Int64) {
        // Bounded: a hold is under a second of output, and every chunk brings a period's worth.
        var chunks = 4 * sampleRate / periodFrames + resampler.resampling.outputHoldFrames / periodFrames + 4
        while resampler.nextJACKFrame < end && chunks > 0 && failure == nil {
            resampler.pushSilence()
            takeConverted(from: resampler, upTo: end)
            chunks -= 1
        }
    }

    /// Moves what the converter has ready into the ring, up to stream frame `end`.
    private func takeConverted(from resampler: JACKOutputResampler, upTo end: Int64) {
        if resampler.nextJACKFrame < streamFrame {
            resampler.discard(Int(streamFrame - resampler.nextJACKFrame))
        }
        let count = Int(min(Int64(resampler.availableFrames), max(0, end - resampler.nextJACKFrame)))
        guard count > 0 else { return }
        writeStream(at: resampler.nextJACKFrame, count: count) { destination, _, frames in
            resampler.read(frames, into: destination, stride: periodFrames)
        }
    }

    /// Writes `count` frames starting at stream frame `frame` into the ring, one cycle's part at
    /// a time: `fill(destination, done, frames)` puts frames `done ..< done + frames` of every
    /// slot at `destination + slot × period`. A gap before `frame` stays silent (blocks start
    /// silent); frames before what the ring already holds are skipped.
    func writeStream(at frame: Int64, count: Int, _ fill: (UnsafeMutablePointer<Float>, Int, Int) -> Void) {
        var done = max(0, Int(min(Int64(count), streamFrame - frame)))
        while done < count {
            let at = frame + Int64(done)
            let offset = Int(at % Int64(periodFrames))
            let frames = min(periodFrames - offset, count - done)
            guard let block = blockForCycle(at / Int64(periodFrames)) else { return }
            fill(block + offset, done, frames)
            done += frames
            streamFrame = at + Int64(frames)
            if offset + frames == periodFrames { publishCycle() }
        }
    }
}
