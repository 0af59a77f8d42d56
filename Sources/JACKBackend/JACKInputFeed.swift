import AudioGraph
import CJACKProcess
import MediaServer
import VirtualDevices

/// One JACK input port as a device input port channel: what arrived at the port reaches the
/// simulated input route (`AudioServer.feedInput`).
///
/// The player's process callback keeps what each input port received in the callback that plays
/// cycle k (JACK frame `startFrame + k × period`) as input cycle k. The simulation renders IO
/// cycle n while the player's ring holds cycles up to n − 1, so JACK has played, at the least,
/// cycle n − 1 − capacity: at the server's rate IO frame f hears stream frame f − latency with
/// `latency = (capacity + 1) × period`. That fixed round trip keeps the input frame-aligned on
/// JACK's frame clock and the same from run to run, and the render side never waits for JACK.
/// Frames JACK never captured (before the ring first filled, or dropped by an xrun) are silence.
///
/// While the simulated hardware runs at another rate, the port's audio goes through a libsoxr
/// converter pulled one JACK period at a time, from the stream frame of the segment's first IO
/// frame less the latency at that rate (`JACKPlayback.inputLatencyFrames(atRate:)`), which
/// includes everything libsoxr may hold back both ways: what the converter asks for has always
/// been captured already, so the result is the same in every run.
final class JACKInputFeed: RenderClient {
    private let player: OpaquePointer
    private let slot: Int32
    private let periodFrames: Int64
    /// The latency at the server's rate, in JACK frames.
    let latencyFrames: Int64
    private let resamplings: JACKResamplingTable
    weak var server: AudioServer?
    /// The IO clock segment being heard, the stream frame matching its IO frame 0 (at the
    /// server's rate), and at another rate the converter and the next stream frame it takes.
    private var segment: IOClock.Segment?
    private var began = false
    private var nextIOFrame: Int64 = 0
    private var offset: Int64 = 0
    private var converter: SampleRateConverter?
    private var nextFrame: Int64 = 0

    init(player: OpaquePointer, slot: Int, periodFrames: Int, latencyFrames: Int, resamplings: JACKResamplingTable) {
        self.player = player
        self.slot = Int32(slot)
        self.periodFrames = Int64(periodFrames)
        self.latencyFrames = Int64(latencyFrames)
        self.resamplings = resamplings
    }

    /// Render side: the captured input for this cycle's frames. A steady cycle allocates nothing;
    /// the first cycle at a new rate makes that rate's converter.
    func render(_ cycle: RenderClientCycle) {
        let clock = server?.ioClock
        let current = clock?.boundarySegment(ofFrame: cycle.sampleTime)
        // A new segment, or the IO stopped and started again (its frames jump): map afresh.
        if !began || current != segment || cycle.sampleTime != nextIOFrame { begin(current, at: cycle.sampleTime, clock: clock) }
        nextIOFrame = cycle.sampleTime + Int64(cycle.frames)
        guard let converter else {
            read(from: cycle.sampleTime + offset, count: cycle.frames, into: cycle.output)
            return
        }
        while converter.needsInput(toRead: cycle.frames) {
            read(from: nextFrame, count: Int(periodFrames), into: converter.inputChunk(channel: 0))
            nextFrame += periodFrames
            converter.convertChunk()
        }
        converter.read(cycle.frames, into: cycle.output, stride: cycle.frames)
    }

    private func begin(_ current: IOClock.Segment?, at frame: Int64, clock: IOClock?) {
        segment = current
        began = true
        converter = nil
        let rate = current?.rate.integralHertz.map(Int.init) ?? resamplings.serverRate
        let first = resamplings.jackFrame(ofIOFrame: frame, clock: clock)
        guard rate != resamplings.serverRate else {
            offset = first - frame - latencyFrames
            return
        }
        let added = resamplings.resampling(at: rate).addedInputLatencyFrames
        nextFrame = first - latencyFrames - Int64(added)
        converter = JACKResampling.converter(channels: 1, from: resamplings.serverRate, to: rate, periodFrames: Int(periodFrames))
    }

    /// Copies `count` captured frames from stream frame `first` on, cycle by cycle; silence
    /// where JACK captured nothing (before the start, or a cycle an xrun skipped).
    private func read(from first: Int64, count: Int, into destination: UnsafeMutablePointer<Float>) {
        var done = 0
        while done < count {
            let frame = first + Int64(done)
            let offset = Int(((frame % periodFrames) + periodFrames) % periodFrames)
            let frames = min(Int(periodFrames) - offset, count - done)
            if frame < 0 || sc_player_read_input(player, slot, frame / periodFrames, Int32(offset), Int32(frames), destination + done) == 0 {
                (destination + done).update(repeating: 0, count: frames)
            }
            done += frames
        }
    }
}
