import CJACK
import CJACKProcess

/// A JACK client with one MIDI output port (`client:midi-out`) that sends MIDI messages at given
/// JACK frames: a keyboard with perfect timing, to check where a MIDI bridge puts them.
public final class JACKMIDISender: @unchecked Sendable {
    public let client: JACKClient
    public let portName: String
    private let sender: OpaquePointer

    public init(client: JACKClient) throws(JACKError) {
        self.client = client
        let port = try client.registerPort("midi-out", isInput: false, type: JACK_DEFAULT_MIDI_TYPE)
        portName = "\(client.name):midi-out"
        guard let sender = sc_midi_sender_create(client.handle, port) else { throw JACKError("out of memory for a MIDI sender") }
        self.sender = sender
        guard sc_midi_sender_install(sender) == 0 else { throw JACKError("JACK refused the process callbacks of \(client.name)") }
        try client.activate()
    }

    deinit {
        client.close()
        sc_midi_sender_destroy(sender)
    }

    public func connect(to destination: String) throws(JACKError) { try client.connect(portName, to: destination) }

    /// Sends `bytes` (one MIDI message of 1-3 bytes) at JACK frame `frame`.
    public func send(_ bytes: [UInt8], atFrame frame: UInt32) throws(JACKError) {
        guard sc_midi_sender_schedule(sender, frame, bytes, Int32(bytes.count)) == 0 else {
            throw JACKError("the MIDI sender takes 1-3 byte messages, at most 16 pending")
        }
    }

    /// Messages written to the port so far.
    public var sent: Int { Int(sc_midi_sender_sent(sender)) }

    /// JACK's current frame time (an estimate between cycles).
    public var frameTime: UInt32 { jack_frame_time(client.handle) }
}
