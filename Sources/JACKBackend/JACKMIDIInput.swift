import CJACKProcess
import MediaServer
import SimCore

/// The JACK MIDI input port `soundcheck:midi-in` as a MIDI device of the simulated device
/// ("JACK midi-in", one source): what another JACK client sends there reaches Core MIDI clients
/// (a synth app connected to the source), each message stamped with and emitted at its own frame.
///
/// The player's callback keeps the messages of the cycle it plays as cycle k, with their frame
/// offsets (`sc_player_read_midi`). Once the simulation has rendered IO cycle n, JACK has played
/// at least cycle n − capacity, so the messages of JACK cycle n − capacity − 1 are due in IO
/// cycle n + 1, at their offset: a message at JACK frame F plays at IO frame
/// `F − start + (capacity + 2) × period`, and the sound it makes leaves JACK at frame
/// `F + (capacity + 2) × period` — one cycle later than the audio inputs, so it can be scheduled
/// before its frame comes.
final class JACKMIDIInput {
    static let portName = "midi-in"
    let port: OpaquePointer
    private let player: OpaquePointer
    private let periodFrames: Int64
    private let sampleRate: SampleRate
    let latencyCycles: Int64
    private(set) var source: UInt32 = 0
    private weak var server: AudioServer?
    private let events = UnsafeMutablePointer<sc_midi_event>.allocate(capacity: Int(SC_MIDI_PER_CYCLE))

    init(client: JACKClient, player: OpaquePointer, periodFrames: Int, capacity: Int) throws(JACKError) {
        port = try client.registerPort(Self.portName, isInput: true, type: JACK_DEFAULT_MIDI_TYPE)
        self.player = player
        self.periodFrames = Int64(periodFrames)
        sampleRate = SampleRate(framesPerSecond: Int64(client.sampleRate))
        latencyCycles = Int64(capacity + 2)
        sc_player_set_midi_input(player, port)
    }

    deinit { events.deallocate() }

    /// The device appears in the simulated MIDI server (apps are told, as of a device plugged in).
    func attach(to server: AudioServer) {
        self.server = server
        source = server.midi.addExternalDevice(name: "JACK \(Self.portName)", manufacturer: "JACK")
    }

    /// After ring cycle `cycle` was published: emits the messages due in the next one at their
    /// frames. While the way out converts rates the simulation runs up to `aheadCycles` further
    /// ahead of the ring, and the messages come that much later, so none is stamped in its past.
    func deliver(afterIOCycle cycle: Int64, aheadCycles: Int = 0) {
        guard let server, source != 0 else { return }
        let next = cycle + 1
        let count = sc_player_read_midi(player, next - latencyCycles, events, SC_MIDI_PER_CYCLE)
        guard count > 0 else { return }
        for index in 0..<Int(count) {
            let event = events[index]
            let bytes = withUnsafeBytes(of: event.bytes) { Array($0.prefix(Int(event.size))) }
            // The stream frame's exact start rounded down: the timestamp's IO frame (rounded up, as
            // the synth reads it) is then that frame itself at the server's rate.
            let frame = (next + Int64(aheadCycles)) * periodFrames + Int64(event.offset)
            let time = sampleRate.hostTime(at: SampleTime(frames: frame), rounding: .down)
            server.midi.emitExternal(from: source, bytes, at: time)
        }
    }
}
