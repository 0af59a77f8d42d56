import BLEMIDI
import Testing
@testable import BuiltInChecks
@testable import Conformance

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
