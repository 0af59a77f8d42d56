import AudioGraph
import CJACKProcess

/// One JACK input port as a device input port channel: what arrived at the port reaches the
/// simulated input route (`AudioServer.feedInput`).
///
/// The player's process callback keeps what each input port received in the callback that plays
/// cycle k (JACK frame `startFrame + k × period`) as input cycle k. The simulation renders IO
/// cycle n while the player's ring holds cycles up to n − 1, so JACK has played, at the least,
/// cycle n − 1 − capacity: IO cycle n hears input cycle n − `latencyCycles` with
/// `latencyCycles = capacity + 1`. That fixed round trip keeps the input frame-aligned on JACK's
/// frame clock and the same from run to run, and the render side never waits for JACK. Cycles
/// JACK never captured (before the ring first filled, or dropped by an xrun) are silence.
final class JACKInputFeed: RenderClient {
    private let player: OpaquePointer
    private let slot: Int32
    private let periodFrames: Int64
    let latencyCycles: Int64

    init(player: OpaquePointer, slot: Int, periodFrames: Int, latencyCycles: Int) {
        self.player = player
        self.slot = Int32(slot)
        self.periodFrames = Int64(periodFrames)
        self.latencyCycles = Int64(latencyCycles)
    }

    /// Render side: copies the captured input for this cycle's frames. Allocates nothing.
    func render(_ cycle: RenderClientCycle) {
        let output = cycle.output
        var done = 0
        while done < cycle.frames {
            let frame = cycle.sampleTime + Int64(done)
            let offset = Int(frame % periodFrames)
            let count = min(Int(periodFrames) - offset, cycle.frames - done)
            let captured = frame / periodFrames - latencyCycles
            if captured >= 0 {
                _ = sc_player_read_input(player, slot, captured, Int32(offset), Int32(count), output + done)
            }
            done += count
        }
    }
}
