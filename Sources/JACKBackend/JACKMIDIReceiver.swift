import CJACK
import CJACKProcess

/// A JACK client with one MIDI input port (`client:midi-in`) that records every message reaching
/// it with the JACK frame it arrived at: a MIDI monitor, to check where a MIDI bridge puts them.
public final class JACKMIDIReceiver: @unchecked Sendable {
    public let client: JACKClient
    public let portName: String
    private let receiver: OpaquePointer

    /// A message as it reached the port: its JACK frame (the cycle's first frame plus the
    /// event's offset) and its bytes (the first `SC_RECEIVED_BYTES` of a longer one).
    public struct Message: Sendable, Equatable, CustomStringConvertible {
        public let frame: UInt32
        public let bytes: [UInt8]

        public init(frame: UInt32, bytes: [UInt8]) {
            self.frame = frame
            self.bytes = bytes
        }

        public var description: String { "\(frame): " + bytes.map { String($0, radix: 16, uppercase: true) }.joined(separator: " ") }
    }

    /// Records up to `capacity` messages.
    public init(client: JACKClient, capacity: Int = 1024) throws(JACKError) {
        self.client = client
        let port = try client.registerPort("midi-in", isInput: true, type: JACK_DEFAULT_MIDI_TYPE)
        portName = "\(client.name):midi-in"
        guard let receiver = sc_midi_receiver_create(client.handle, port, Int32(capacity)) else {
            throw JACKError("out of memory for a MIDI receiver")
        }
        self.receiver = receiver
        guard sc_midi_receiver_install(receiver) == 0 else { throw JACKError("JACK refused the process callbacks of \(client.name)") }
        try client.activate()
    }

    deinit {
        client.close()
        sc_midi_receiver_destroy(receiver)
    }

    public func connect(from source: String) throws(JACKError) { try client.connect(source, to: portName) }

    /// What arrived so far, in arrival order.
    public var messages: [Message] {
        (0..<sc_midi_receiver_count(receiver)).map { index in
            let kept = sc_midi_receiver_message(receiver, index)
            let bytes = withUnsafeBytes(of: kept.bytes) { Array($0.prefix(min(Int(kept.size), Int(SC_RECEIVED_BYTES)))) }
            return Message(frame: kept.frame, bytes: bytes)
        }
    }
}
