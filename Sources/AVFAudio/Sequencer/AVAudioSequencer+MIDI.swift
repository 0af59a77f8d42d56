import CoreMIDI
import Foundation

/// Tracks that play to a Core MIDI destination (`destinationMIDIEndpoint`, no audio unit): the
/// render side queues their messages with the host time each is due (storage reserved up front,
/// nothing allocated); after the pass, in the app's context, the sequencer sends them through an
/// output port of its own client, time-stamped, as Apple's sequencer sends ahead of time. A
/// virtual destination gets them at once with their time stamps; a device's, each at its time.
/// In manual rendering there are no host times: the messages go with time stamp 0 (now).
struct SequencerMIDIOutput {
    struct Message {
        var endpoint: MIDIEndpointRef
        var hostTime: UInt64
        var status: UInt8
        var data1: UInt8
        var data2: UInt8
    }

    private var queue: [Message]
    private(set) var count = 0
    private var client = MIDIClientRef()
    private var port = MIDIPortRef()

    init(capacity: Int = 256) {
        queue = Array(repeating: Message(endpoint: 0, hostTime: 0, status: 0, data1: 0, data2: 0), count: capacity)
    }

    /// Render side: false when the queue is full (the message is dropped).
    mutating func enqueue(_ message: Message) -> Bool {
        guard count < queue.count else { return false }
        queue[count] = message
        count += 1
        return true
    }

    /// App side: sends what the last passes queued.
    mutating func send() {
        guard count > 0 else { return }
        defer { count = 0 }
        if port == 0 {
            guard MIDIClientCreateWithBlock("AVAudioSequencer" as CFString, &client, nil) == noErr,
                  MIDIOutputPortCreate(client, "AVAudioSequencer" as CFString, &port) == noErr else { return }
        }
        for index in 0..<count {
            let message = queue[index]
            var list = MIDIPacketList()
            let bytes = [message.status, message.data1, message.data2]
            let length = (0xC0...0xDF).contains(message.status) ? 2 : 3
            _ = MIDIPacketListAdd(&list, MemoryLayout<MIDIPacketList>.size, MIDIPacketListInit(&list), message.hostTime, length, bytes)
            _ = MIDISend(port, message.endpoint, &list)
        }
    }
}
