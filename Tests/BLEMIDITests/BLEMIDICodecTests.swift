@testable import BLEMIDI
import Testing
@testable import BuiltInChecks
@testable import Conformance

/// The packet format's invalid packets and the decoder's limits, one behaviour per test (the worked
/// examples of the specification are built-in checks, `BLEMIDIChecks`).
@Suite("BLE-MIDI decoder")
struct BLEMIDIDecoderTests {
    @Test("invalid packets are rejected whole, naming the offending byte and the rule", arguments: [
        ("", 0, BLEMIDIError.Rule.emptyPacket),
        ("C4 B4 90 3C 64", 0, .invalidHeader),  // bit 6 of the header is reserved (0)
        ("A4 B4 3C 64", 2, .runningStatusWithoutStatus),  // no full message before it
        ("A4 90 3C 64", 2, .runningStatusWithoutStatus),  // the 90 is a timestamp
        ("A4 B4 90 3C 64 B5 F8 40 64", 7, .runningStatusNeedsTimestamp),
        ("A4 B4 90 3C", 2, .truncatedMessage),
        ("A4 B4 90 3C 64 B5", 5, .missingMessageAfterTimestamp),
        ("A4 B4 90 3C F8 64", 4, .statusInsideMessage),
        ("A4 B4 F4", 2, .undefinedStatus),
        ("A4 B4 F5", 2, .undefinedStatus),
        ("A4 B4 F7", 2, .endOfExclusiveWithoutStart),
        ("A4 B4 F0 01 B5 90 3C 64", 5, .nonRealTimeInsideSysEx),
        ("A4 B4 F0 01 B5 02", 5, .nonRealTimeInsideSysEx),
    ])
    func rejects(packet: String, offset: Int, rule: BLEMIDIError.Rule) {
        var decoder = BLEMIDIDecoder()
        #expect(throws: BLEMIDIError(packetIndex: 0, byteOffset: offset, rule: rule)) { try decoder.decode(bytes(packet)) }
    }

    @Test("a rejected packet yields none of its messages, drops the SysEx it carried, and the next packet decodes normally")
    func rejectionIsWhole() throws {
        var decoder = BLEMIDIDecoder()
        _ = try decoder.decode(bytes("A4 B4 F0 01 02"))
        #expect(decoder.isInsideSysEx)
        #expect(throws: BLEMIDIError(packetIndex: 1, byteOffset: 7, rule: .nonRealTimeInsideSysEx)) {
            try decoder.decode(bytes("A4 03 B5 F8 04 05 B6 90 3C 64"))
        }
        #expect(!decoder.isInsideSysEx)
        #expect(try decoder.decode(bytes("A4 B7 90 3C 64")) == [message(4663, "90 3C 64")])
        #expect(decoder.packetIndex == 3)
    }

    @Test("the error text says which packet, which byte and which rule")
    func errorDescription() {
        let error = BLEMIDIError(packetIndex: 2, byteOffset: 4, rule: .statusInsideMessage)
        #expect(error.description == "packet 2, byte offset 4: a status or timestamp byte appears between a status byte and its data bytes [statusInsideMessage]")
    }

    @Test("a SysEx longer than the decoder's limit is rejected, not grown without bound")
    func sysExLimit() throws {
        var decoder = BLEMIDIDecoder(maximumSysExLength: 8)
        #expect(try decoder.decode(bytes("80 80 F0 01 02 03 04 05 80 F7")) == [message(0, "F0 01 02 03 04 05 F7")])
        _ = try decoder.decode(bytes("80 80 F0 01 02 03 04 05"))
        #expect(throws: BLEMIDIError(packetIndex: 2, byteOffset: 3, rule: .sysExTooLong)) { try decoder.decode(bytes("80 06 07")) }
    }

    @Test("the allocation-free path appends to a reused list and leaves it untouched when a packet is rejected")
    func messageList() throws {
        var decoder = BLEMIDIDecoder()
        var list = BLEMIDIMessageList()
        for packet in ["A4 B4 90 3C 64 40 64", "A4 B4 F0 01 02", "A4 03 B5 F7"] {
            try bytes(packet).withUnsafeBufferPointer { (buffer) throws(BLEMIDIError) in try decoder.decode(buffer, into: &list) }
        }
        #expect(list.messages == [message(4660, "90 3C 64"), message(4660, "90 40 64"), message(4661, "F0 01 02 03 F7")])
        #expect(list.timestamp(at: 1) == 4660 && list.withBytes(at: 1) { Array($0) } == [0x90, 0x40, 0x64])
        #expect(list.byteCount == 11)
        #expect(throws: BLEMIDIError.self) {
            try bytes("A4 B6 80 3C 00 B7 F4").withUnsafeBufferPointer { (buffer) throws(BLEMIDIError) in try decoder.decode(buffer, into: &list) }
        }
        #expect(list.count == 3)
        list.removeAll()
        #expect(list.isEmpty && list.byteCount == 0)
    }
}

@Suite("BLE-MIDI encoder")
struct BLEMIDIEncoderTests {
    @Test("running status only between channel messages of the same status and time; a System message in between breaks it")
    func runningStatus() {
        #expect(encode([message(4660, "90 3C 64"), message(4660, "90 40 64"), message(4660, "F8"), message(4660, "90 43 64"),
                        message(4661, "90 45 64")], mtu: 20)
                == [bytes("A4 B4 90 3C 64 40 64 B4 F8 B4 90 43 64 B5 90 45 64")])
    }

    @Test("a timestamp the open packet cannot express starts a new packet: going back in time, or two wraps ahead")
    func newPacketForTime() {
        #expect(encode([message(4661, "C0 01"), message(4660, "C0 02")], mtu: 20) == [bytes("A4 B5 C0 01"), bytes("A4 B4 C0 02")])
        #expect(encode([message(0x1234, "C0 01"), message(0x1334, "C0 02")], mtu: 20) == [bytes("A4 B4 C0 01"), bytes("A6 B4 C0 02")])
        // Across the 13-bit wrap: 8191 then 1 is one low-byte wrap (high 63 -> 0).
        #expect(encode([message(8191, "C0 01"), message(1, "C0 02")], mtu: 20) == [bytes("BF FF C0 01 81 C0 02")])
    }

    @Test("malformed messages are named before anything is encoded", arguments: [
        (message(0, ""), "a message needs at least a status byte"),
        (message(0, "3C 64"), "the first byte 3C is a data byte, not a status byte"),
        (message(0, "90 3C"), "status 90 takes 3 bytes, not 2"),
        (message(0, "90 3C F8"), "byte 2 (F8) is a status byte inside the message's data"),
        (message(0, "F0 01 02"), "a System Exclusive message ends with F7"),
        (message(0, "F0 01 90 F7"), "byte 2 (90) inside a System Exclusive is neither data nor real-time"),
        (message(0, "F4"), "F4 is not a MIDI status that starts a message"),
        (message(8192, "F8"), "timestamp 8192 is above 8191 ms"),
    ])
    func malformation(message: BLEMIDIMessage, problem: String) {
        #expect(message.malformation == problem)
        // The encoder's fast check agrees.
        #expect(!message.bytes.withUnsafeBufferPointer { BLEMIDIMessage.isWellFormed($0, timestamp: message.timestamp) })
    }
}
