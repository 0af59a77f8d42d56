import BLEMIDI
import Testing

/// Vectors from BlueZ's BLE-MIDI unit test (bluez/bluez, unit/test-midi.c), restated as packet
/// bytes and the raw MIDI messages a specification-conforming receiver delivers. BlueZ checks ALSA
/// sequencer events; the comments give the event each message is.
@Suite("BLE-MIDI peer vectors: BlueZ unit/test-midi.c")
struct BlueZVectorTests {
    @Test("MIDI-BLE-RUNNING-STATUS: BlueZ midi1 \"Raw BLE packets read\": 8 messages; the misplaced running status of packet 1_5 is rejected, no Note Off")
    func rawPacketsRead() {
        let result = decodeStream(
            "a6 88 e8 00 40 88 b8 4a 3f 88 98 3e 0e",  // 1_1: three messages in one packet
            "a6 aa d8 71",  // 1_2
            "a6 b7 b8 4a 43",  // 1_3
            "a6 c4 e8 7e 3f 7d 3f c4 7c 3f",  // 1_4: running status without, then with, a timestamp
            "a6 d9 3e 00 88 3e 00"  // 1_5: "running status misplaced"
        )
        #expect(result.messages == [
            message(4872, "E8 00 40"),  // PITCHBEND ch 8, 0
            message(4872, "B8 4A 3F"),  // CONTROLLER ch 8, param 74, value 63
            message(4872, "98 3E 0E"),  // NOTEON ch 8, note 62, velocity 14
            message(4906, "D8 71"),  // CHANPRESS ch 8, 113
            message(4919, "B8 4A 43"),  // CONTROLLER ch 8, param 74, value 67
            message(4932, "E8 7E 3F"),  // PITCHBEND -2
            message(4932, "E8 7D 3F"),  // PITCHBEND -3
            message(4932, "E8 7C 3F"),  // PITCHBEND -4
        ])
        // BlueZ's list ends with NOTEOFF ch 8 62 0, which its own reader never produces (running
        // status is per packet) and its harness never compares: the 88 is a timestamp, not a status.
        #expect(result.errors == [BLEMIDIError(packetIndex: 4, byteOffset: 2, rule: .runningStatusWithoutStatus)])
    }

    @Test("MIDI-BLE-SYSEX-CONTINUATION: BlueZ midi2 \"Raw BLE packets SysEx read\": nine packets make five SysEx, stamped with their F7")
    func rawPacketsSysExRead() {
        let result = decodeStream(
            "a6 da f0 01 02 03 da f7",  // 2_1: in one packet
            "a6 da f0 01 02 03 04 05", "a6 06 07 08 09 0a db f7",  // 2_2, 2_3: across two
            "a6 da f0 01 02 03 04 05", "a6 06 07 08 09 0a 0b 0c",  // 2_4 … 2_7: across four
            "a6 0d 0e 0f 10 11 12 13", "a6 14 15 16 17 18 db f7",
            "a6 da f0 01 02 03 da f7 da f0", "a6 06 07 08 09 0a db f7"  // 2_8, 2_9: one ends, the next starts
        )
        #expect(result.errors.isEmpty)
        #expect(result.messages == [
            message(4954, "F0 01 02 03 F7"),
            message(4955, "F0 01 02 03 04 05 06 07 08 09 0A F7"),
            message(4955, "F0 " + (1...0x18).map { BLEMIDIHex.byte(UInt8($0)) }.joined(separator: " ") + " F7"),
            message(4954, "F0 01 02 03 F7"),
            message(4955, "F0 06 07 08 09 0A F7"),
        ])
    }

    /// midi3 and midi4: BlueZ encodes events at a random packet size of 5…511 bytes, 100 times,
    /// and reads them back.
    @Test("MIDI-BLE-PACKET-SIZE: BlueZ midi3 / midi4: channel messages and SysEx survive encoding at 100 random packet sizes in 5…511", arguments: [
        [message(100, "E8 00 40"), message(100, "B8 4A 3F"), message(100, "98 3E 0E"), message(101, "D8 71"),
         message(102, "B8 4A 43"), message(103, "E8 7E 3F"), message(103, "E8 7D 3F"), message(103, "E8 7C 3F"),
         message(104, "88 3E 00")],
        [message(200, "F0 01 02 03 F7"), message(201, "F0 01 02 03 04 05 06 07 08 09 0A F7"),
         message(202, "F0 " + (1...0x18).map { BLEMIDIHex.byte(UInt8($0)) }.joined(separator: " ") + " F7"),
         message(203, "F0 01 02 03 F7"), message(203, "F0 06 07 08 09 0A F7")],
    ])
    func writerRoundTrip(messages: [BLEMIDIMessage]) throws {
        var random = SplitMix64(seed: 3)
        for _ in 0..<100 {
            let mtu = Int.random(in: 5...511, using: &random)
            var decoder = BLEMIDIDecoder()
            let packets = encode(messages, mtu: mtu)
            #expect(packets.allSatisfy { $0.count <= mtu })
            #expect(try packets.flatMap { try decoder.decode($0) } == messages, "packet size \(mtu)")
        }
    }

    /// midi5: a 1024-byte SysEx (BlueZ feeds it as four 256-byte ALSA events) must split and rejoin
    /// losslessly; our own pseudo-random data bytes stand in for BlueZ's.
    @Test("MIDI-BLE-SYSEX-CONTINUATION: BlueZ midi5: a 1024-byte SysEx splits and rejoins losslessly at 100 random packet sizes in 5…511")
    func splitSysEx() throws {
        var random = SplitMix64(seed: 5)
        let data = (0..<1022).map { _ in UInt8.random(in: 0...0x7F, using: &random) }
        let sysEx = [BLEMIDIMessage(timestamp: 300, bytes: [0xF0] + data + [0xF7])]
        for _ in 0..<100 {
            let mtu = Int.random(in: 5...511, using: &random)
            var decoder = BLEMIDIDecoder()
            let packets = encode(sysEx, mtu: mtu)
            #expect(packets.allSatisfy { $0.count <= mtu })
            #expect(packets.count >= (1024 + 2) / mtu, "a 1024-byte SysEx fills at least that many \(mtu)-byte packets")
            #expect(try packets.flatMap { try decoder.decode($0) } == sysEx, "packet size \(mtu)")
        }
    }
}

/// Vectors from PipeWire's BLE-MIDI test (PipeWire/pipewire, spa/plugins/bluez5/test-midi.c):
/// exact packets, exact 13-bit times, and the exact packets its writer produces.
@Suite("BLE-MIDI peer vectors: PipeWire spa/plugins/bluez5/test-midi.c")
struct PipeWireVectorTests {
    static let midi1Packets = [
        "A4 B4 A0 01 02 03 04 B5 05 06 B6 F8 B7 F0 0A 0B 0C B8 FF 0D 0E B9 F7 C0 F0 10 11",
        "A4 12 C1 F7 C2 F1 13",
    ]
    static let midi1Events = [
        message(0x1234, "A0 01 02"),
        message(0x1234, "A0 03 04"),  // running status
        message(0x1235, "A0 05 06"),  // running status with its own timestamp
        message(0x1236, "F8"),
        message(0x1238, "FF"),  // real-time inside the SysEx comes out before it
        message(0x1239, "F0 0A 0B 0C 0D 0E F7"),  // a SysEx carries the time of its end
        message(0x1241, "F0 10 11 12 F7"),  // continued from the previous packet
        message(0x1242, "F1 13"),
    ]
    static let midi2Packets = ["A4 B4 A0 01 02 B3 A0 03 04", "B1 B3 A0 05 06"]
    static let midi2Events = [
        message(0x1234, "A0 01 02"),
        message(0x12B3, "A0 03 04"),  // the low byte rolls over B4 -> B3: the high bits move on by one
        message(0x18B3, "A0 05 06"),  // the high bits jump in a new packet
    ]

    @Test("MIDI-BLE-REALTIME-DEINTERLEAVED: PipeWire parser_1: running status, real-time inside SysEx, a SysEx across packets, System Common")
    func parser1() {
        var decoder = BLEMIDIDecoder()
        let result = decodeStream(Self.midi1Packets, decoder: &decoder)
        #expect(result.errors.isEmpty)
        #expect(result.messages == Self.midi1Events)
    }

    @Test("MIDI-BLE-TIMESTAMP-WRAP: PipeWire parser_2: the timestamp low byte rolls over inside a packet; the high bits jump between packets")
    func parser2() {
        var decoder = BLEMIDIDecoder()
        #expect(decodeStream(Self.midi2Packets, decoder: &decoder).messages == Self.midi2Events)
    }

    @Test("MIDI-BLE-PACKET-SIZE: PipeWire writer_1 (ATT MTU 14, 11-byte packets): running status only for coincident times, SysEx split with a bare continuation")
    func writer1() {
        #expect(encode(Self.midi1Events, mtu: 11) == [
            bytes("A4 B4 A0 01 02 03 04 B5 A0 05 06"),
            bytes("A4 B6 F8 B8 FF B9 F0 0A 0B 0C 0D"),
            bytes("A4 0E B9 F7 C1 F0 10 11 12 C1 F7"),
            bytes("A4 C2 F1 13"),
        ])
    }

    @Test("MIDI-BLE-PACKET-SIZE: PipeWire writer_2 (ATT MTU 23 and 12) and writer_3 (ATT MTU 11, one message per packet)", arguments: [
        (20, ["A4 B4 A0 01 02 B3 A0 03 04", "B1 B3 A0 05 06"]),
        (9, ["A4 B4 A0 01 02 B3 A0 03 04", "B1 B3 A0 05 06"]),
        (8, ["A4 B4 A0 01 02", "A5 B3 A0 03 04", "B1 B3 A0 05 06"]),
    ])
    func writer2And3(mtu: Int, packets: [String]) throws {
        let encoded = encode(Self.midi2Events, mtu: mtu)
        #expect(encoded == packets.map(bytes))
        var decoder = BLEMIDIDecoder()
        #expect(try encoded.flatMap { try decoder.decode($0) } == Self.midi2Events)
    }
}

/// Vectors from bluez-alsa's BLE-MIDI test (arkq/bluez-alsa, test/test-ble-midi.c). bluez-alsa
/// reports times relative to its first packet and running-status messages without their status
/// byte; we report 13-bit times and whole messages.
@Suite("BLE-MIDI peer vectors: bluez-alsa test/test-ble-midi.c")
struct BluezAlsaVectorTests {
    @Test("decoded messages", arguments: [
        (["8F A0 FF"], [message(1952, "FF")]),  // decode_init
        (["80 81 C0 42"], [message(1, "C0 42")]),  // single
        (["80 81 90 40 7F", "80 82 A0 40 7F"], [message(1, "90 40 7F"), message(2, "A0 40 7F")]),  // multiple
        (["80 81 90 40 7F 81 E0 10 42"], [message(1, "90 40 7F"), message(1, "E0 10 42")]),  // single_joined
        (["80 81 FF"], [message(1, "FF")]),  // single_real_time
        (["80 81 F3 01", "80 81 F2 7F 7F"], [message(1, "F3 01"), message(1, "F2 7F 7F")]),  // multiple_real_time (System Common)
        (["80 81 F0 01 02 81 F7"], [message(1, "F0 01 02 F7")]),  // single_system_exclusive
        (["80 81 F0 01 02 03", "80 04 05 81 F7"], [message(1, "F0 01 02 03 04 05 F7")]),  // multiple_system_exclusive
        (["80 81 F0 01 02 03", "80 81 F7"], [message(1, "F0 01 02 03 F7")]),  // multiple_system_exclusive_2
        (["80 81 90 40 7F 82 41 7F 42 7F"], [message(1, "90 40 7F"), message(2, "90 41 7F"), message(2, "90 42 7F")]),  // single_running_status
        (["80 81 90 40 7F 82 F8 83 41 7F"], [message(1, "90 40 7F"), message(2, "F8"), message(3, "90 41 7F")]),  // …_with_real_time
        (["80 81 90 40 7F 82 F1 00 83 41 7F"], [message(1, "90 40 7F"), message(2, "F1 00"), message(3, "90 41 7F")]),  // …_with_common
        (["80 8F 90 40 7F 88 91 40 7F"], [message(15, "90 40 7F"), message(136, "91 40 7F")]),  // single_timestamp_overflow
    ])
    func decodes(packets: [String], expected: [BLEMIDIMessage]) {
        var decoder = BLEMIDIDecoder()
        let result = decodeStream(packets, decoder: &decoder)
        #expect(result.errors.isEmpty)
        #expect(result.messages == expected)
    }

    @Test("rejected packets name the byte and the rule", arguments: [
        ("10 80 90 40 7F", 0, BLEMIDIError.Rule.invalidHeader),  // invalid_header
        ("80 80 40 40 7F", 2, .runningStatusWithoutStatus),  // invalid_status
        ("80 80 90 40 F8 7F", 4, .statusInsideMessage),  // invalid_interleaved_real_time
        ("80 80 F0 01 80", 4, .missingMessageAfterTimestamp),  // invalid_system_exclusive
    ])
    func rejects(packet: String, offset: Int, rule: BLEMIDIError.Rule) {
        #expect(decodeStream(packet).errors == [BLEMIDIError(packetIndex: 0, byteOffset: offset, rule: rule)])
        #expect(decodeStream(packet).messages.isEmpty)
    }

    @Test("MIDI-BLE-RUNNING-STATUS: bluez-alsa multiple_running_status: carries running status into the next packets; the specification ends it with the packet")
    func runningStatusAcrossPackets() {
        let result = decodeStream("80 81 90 40 7F", "80 82 41 7F", "80 42 7F")
        #expect(result.messages == [message(1, "90 40 7F")])
        #expect(result.errors == [
            BLEMIDIError(packetIndex: 1, byteOffset: 2, rule: .runningStatusWithoutStatus),
            BLEMIDIError(packetIndex: 2, byteOffset: 1, rule: .runningStatusWithoutStatus),
        ])
    }

    @Test("MIDI-BLE-SYSEX-CONTINUATION: bluez-alsa multiple_system_exclusive_3: data right after a timestamp inside a SysEx is rejected, and the SysEx is dropped")
    func dataAfterTimestampInsideSysEx() {
        // bluez-alsa reads `80 81 77 …` as more SysEx data and truncates at its buffer size; by the
        // specification continuation data follows the header or a real-time message, never a timestamp.
        let long = "80 81" + String(repeating: " 77", count: 510)
        let result = decodeStream("80 81 F0 01 02 03", long, "80 81 F7")
        #expect(result.messages.isEmpty)
        #expect(result.errors == [
            BLEMIDIError(packetIndex: 1, byteOffset: 2, rule: .nonRealTimeInsideSysEx),
            BLEMIDIError(packetIndex: 2, byteOffset: 2, rule: .endOfExclusiveWithoutStart),
        ])
    }

    @Test("encoder: packet sizes and layout of encode_single, encode_multiple, encode_multiple_too_long, encode_system_exclusive")
    func encoder() {
        #expect(encode([message(0x101, "90 40 7F")], mtu: 24) == [bytes("82 81 90 40 7F")])
        #expect(encode([message(0x101, "C0 01"), message(0x101, "90 40 7F"), message(0x101, "F8")], mtu: 24)
                == [bytes("82 81 C0 01 81 90 40 7F 81 F8")])
        #expect(encode([message(0x101, "80 40 7F"), message(0x101, "90 40 7F")], mtu: 8)
                == [bytes("82 81 80 40 7F"), bytes("82 81 90 40 7F")])
        // The continuation carries no timestamp after its header; the F7 has one.
        #expect(encode([message(0x101, "F0 01 02 03 04 05 06 07 F7")], mtu: 8)
                == [bytes("82 81 F0 01 02 03 04 05"), bytes("82 06 07 81 F7")])
    }
}

/// The test vector of stuffmatic/zephyr-ble-midi's `test_timestamp_byte_wrapping`: one packet
/// whose low byte wraps three times and crosses the 13-bit wrap at 8191 -> 0.
@Suite("BLE-MIDI peer vectors: zephyr-ble-midi timestamp wrapping")
struct ZephyrVectorTests {
    @Test("MIDI-BLE-TIMESTAMP-BYTE: zephyr-ble-midi test_timestamp_byte_wrapping: 8000, 8063, 8064, 8191, 3, 127, 128 ms")
    func timestampWrapping() {
        let result = decodeStream("BE C0 90 69 7F FF 80 69 7F 80 90 69 7F FF 80 69 7F 83 90 69 7F FF 80 69 7F 80 90 69 7F")
        #expect(result.messages.map(\.timestamp) == [8000, 8063, 8064, 8191, 3, 127, 128])
        #expect(result.messages.map { $0.bytes[0] } == [0x90, 0x80, 0x90, 0x80, 0x90, 0x80, 0x90])
    }
}
