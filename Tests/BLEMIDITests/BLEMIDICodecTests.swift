import BLEMIDI
import Testing

/// The packet format's rules, one behaviour per test: the worked examples of the specification
/// (times in ms, t = 4660 = 0x1234 gives header A4 and timestamp B4) and the invalid packets.
@Suite("BLE-MIDI decoder")
struct BLEMIDIDecoderTests {
    @Test("MIDI-BLE-WORKED-EXAMPLES: running status with and without a timestamp, low-byte wrap, real-time between running-status messages", arguments: [
        ("A4 B4 90 3C 7F", [message(4660, "90 3C 7F")]),
        ("A4 B4 90 3C 64 40 64 43 64", [message(4660, "90 3C 64"), message(4660, "90 40 64"), message(4660, "90 43 64")]),
        ("A4 B4 90 3C 64 B5 3C 00", [message(4660, "90 3C 64"), message(4661, "90 3C 00")]),
        ("A4 FF 90 3C 64 81 80 3C 00", [message(4735, "90 3C 64"), message(4737, "80 3C 00")]),
        ("A4 B4 90 3C 64 B5 F8 B6 40 64", [message(4660, "90 3C 64"), message(4661, "F8"), message(4662, "90 40 64")]),
        ("A4 B4 F0 01 02 B5 F8 03 04 B6 F7", [message(4661, "F8"), message(4662, "F0 01 02 03 04 F7")]),
        ("80 80 FC 85 F8", [message(0, "FC"), message(5, "F8")]),  // timestampHigh 0, as macOS sends
        ("80", []),  // a header alone carries nothing
    ])
    func workedExamples(packet: String, expected: [BLEMIDIMessage]) {
        let result = decodeStream(packet)
        #expect(result.errors.isEmpty)
        #expect(result.messages == expected)
    }

    @Test("MIDI-BLE-HEADER-BYTE: the header's six low bits are the top of every timestamp in its packet; anything but 10xxxxxx is rejected")
    func headerByte() {
        for high in UInt8(0)...0x3F {
            let result = decodeStream(BLEMIDIHex.string([0x80 | high, 0x85, 0xF8]))
            #expect(result.messages == [message(UInt16(high) << 7 | 5, "F8")])
        }
        for header: UInt8 in [0x00, 0x3F, 0x40, 0x7F, 0xC0, 0xFF] {
            #expect(decodeStream(BLEMIDIHex.string([header, 0x85, 0xF8])).errors == [BLEMIDIError(packetIndex: 0, byteOffset: 0, rule: .invalidHeader)])
        }
    }

    @Test("MIDI-BLE-REALTIME-DEINTERLEAVED: a real-time byte between a status byte and its data is rejected; inside a SysEx it is its own message")
    func realTimeDeinterleaved() {
        #expect(decodeStream("80 80 90 40 F8 7F").errors == [BLEMIDIError(packetIndex: 0, byteOffset: 4, rule: .statusInsideMessage)])
        #expect(decodeStream("80 80 C0 F8").errors == [BLEMIDIError(packetIndex: 0, byteOffset: 3, rule: .statusInsideMessage)])
        #expect(decodeStream("80 80 F0 01 81 FE 02 82 F7").messages == [message(1, "FE"), message(2, "F0 01 02 F7")])
    }

    @Test("MIDI-BLE-WORKED-EXAMPLES: a 30-byte SysEx in a full 20-byte packet and a continuation carries the time of its F7")
    func sysExAcrossPackets() {
        let result = decodeStream("A4 B4 F0 01 02 03 04 05 06 07 08 09 0A 0B 0C 0D 0E 0F 10 11",
                                  "A4 12 13 14 15 16 17 18 19 1A 1B 1C B5 F7")
        #expect(result.messages == [message(4661, "F0 " + (1...0x1C).map { BLEMIDIHex.byte(UInt8($0)) }.joined(separator: " ") + " F7")])
    }

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

    @Test("MIDI-BLE-REALTIME-DEINTERLEAVED: real-time bytes inside a SysEx go out as timestamped real-time messages, and come back before the SysEx")
    func realTimeInsideSysEx() throws {
        let packets = encode([message(4662, "F0 01 02 F8 03 04 F7")], mtu: 20)
        #expect(packets == [bytes("A4 B6 F0 01 02 B6 F8 03 04 B6 F7")])
        var decoder = BLEMIDIDecoder()
        #expect(try decoder.decode(packets[0]) == [message(4662, "F8"), message(4662, "F0 01 02 03 04 F7")])
    }

    @Test("MIDI-BLE-PACKET-SIZE: a message never splits across packets; each packet stays within the MTU", arguments: [5, 6, 7, 20])
    func neverSplits(mtu: Int) {
        let messages = (0..<40).map { message(UInt16($0), $0 % 3 == 0 ? "C0 05" : "B0 07 64") }
        let packets = encode(messages, mtu: mtu)
        #expect(packets.allSatisfy { $0.count <= mtu })
        var decoder = BLEMIDIDecoder()
        #expect(packets.allSatisfy { (try? decoder.decode($0)) != nil })
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
    }
}
