import CJACK
import CJACKProcess
import MediaServer
import SimCore

/// The simulated device's Core MIDI traffic as JACK MIDI output ports of `soundcheck`: every
/// MIDI source (an app's virtual source, a BLE or USB keyboard) and every app's virtual
/// destination gets a port — "Keys Out (source)", "Sampler In (destination)" — on which JACK
/// clients hear what the source emits or what apps send to the destination.
///
/// A message meant for host time T (its time stamp, or when it was sent if that has passed)
/// leaves JACK at the IO frame of T: it goes into the ring beside the audio of the cycle holding
/// that frame, at its offset, so it keeps its frame relative to the device's sound exactly.
/// Messages wait here (on the simulation thread) until their cycle is written; the process
/// callback only copies them into the port buffers.
///
/// A disposed virtual endpoint's port stays (silent) until the run ends and is used again by
/// the next endpoint of the same kind and name (an app relaunched).
final class JACKMIDIOutput: MIDITrafficTap {
    private let client: JACKClient
    private let player: OpaquePointer
    private let periodFrames: Int64
    private let sampleRate: SampleRate
    private weak var server: AudioServer?
    /// The source the JACK `midi-in` device emits: not sent back to JACK.
    private var excludedSource: UInt32 = 0
    /// Port short names by output slot, the names they were asked for (before a clash's
    /// ordinal), and the slot of each live endpoint.
    private(set) var portNames: [String] = []
    private var askedNames: [String] = []
    private var slotOfEndpoint: [UInt32: Int] = [:]
    /// Messages not yet written, in IO frame order (equal frames: in the order they came).
    private var pending: [(frame: Int64, slot: Int, bytes: [UInt8])] = []
    /// Messages the ring had no room for (more than SC_MIDI_OUT_EVENTS or SC_MIDI_OUT_BYTES in a cycle).
    private(set) var dropped = 0
    var onPortRegistered: (@Sendable (String) -> Void)?

    init(client: JACKClient, player: OpaquePointer, periodFrames: Int, sampleRate: Int) {
        self.client = client
        self.player = player
        self.periodFrames = Int64(periodFrames)
        self.sampleRate = SampleRate(framesPerSecond: Int64(sampleRate))
    }

    /// Starts carrying `server`'s MIDI traffic; `excluding` is the JACK `midi-in` device's source.
    func attach(to server: AudioServer, excluding source: UInt32) {
        self.server = server
        excludedSource = source
        server.midi.tapTraffic(self)
    }

    // MARK: MIDITrafficTap

    func endpointAppeared(_ endpoint: UInt32, kind: MIDIObjectKind, name: String) {
        guard endpoint != excludedSource else { return }
        let short = Self.portName(name, kind: kind)
        if let idle = askedNames.indices.first(where: { askedNames[$0] == short && !slotOfEndpoint.values.contains($0) }) {
            slotOfEndpoint[endpoint] = idle
            return
        }
        guard portNames.count < Int(SC_MAX_MIDI_OUTPUTS) else {
            server?.recordObservation(.jackMIDIUnbridged, ["endpoint": .string(name)])
            return
        }
        var unique = short, ordinal = 1
        while portNames.contains(unique) {
            ordinal += 1
            unique = "\(short) \(ordinal)"
        }
        do {
            let port = try client.registerPort(unique, isInput: false, type: JACK_DEFAULT_MIDI_TYPE)
            sc_player_add_midi_output(player, Int32(portNames.count), port)
        } catch {
            server?.recordObservation(.jackMIDIUnbridged, ["endpoint": .string(name), "reason": .string(error.description)])
            return
        }
        slotOfEndpoint[endpoint] = portNames.count
        portNames.append(unique)
        askedNames.append(short)
        onPortRegistered?(unique)
    }

    func endpointDisappeared(_ endpoint: UInt32) { slotOfEndpoint[endpoint] = nil }

    func endpoint(_ endpoint: UInt32, carried messages: [MIDITimedMessage]) {
        guard let server, let slot = slotOfEndpoint[endpoint] else { return }
        for message in messages where !message.bytes.isEmpty {
            let time = max(server.now, HostTime(nanoseconds: Int64(clamping: message.timeStamp)))
            // The stream frame of its instant: where the device's audio of that instant plays,
            // whatever rate the simulated hardware runs at.
            let frame = sampleRate.sampleTime(at: time).frames
            let index = pending.lastIndex { $0.frame <= frame }.map { $0 + 1 } ?? 0
            pending.insert((frame, slot, message.bytes), at: index)
        }
    }

    // MARK: Writing cycles

    /// Before cycle `cycle` is published (its ring block held): writes the messages due in it.
    /// One that should have gone in an earlier cycle (none should) goes at its start.
    func write(cycle: Int64) {
        let end = (cycle + 1) * periodFrames
        var due = 0
        while due < pending.count && pending[due].frame < end {
            let message = pending[due]
            let offset = UInt32(max(0, message.frame - cycle * periodFrames))
            let written = message.bytes.withUnsafeBufferPointer {
                sc_player_write_midi(player, cycle, Int32(message.slot), offset, $0.baseAddress, Int32($0.count))
            }
            if written != 0 { dropped += 1 }
            due += 1
        }
        if due > 0 { pending.removeFirst(due) }
    }

    // MARK: Names

    /// "Keys Out (source)": JACK reserves ':' between client and port, so it becomes '-'.
    static func portName(_ name: String, kind: MIDIObjectKind) -> String {
        let clean = String(name.map { $0 == ":" ? "-" : $0 }.prefix(200))
        return "\(clean) (\(kind == .source ? "source" : "destination"))"
    }
}
