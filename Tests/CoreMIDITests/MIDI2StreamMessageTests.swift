@testable import BuiltInChecks
import CoreMIDI
import Testing

/// UMP stream and flex data messages (type F and D) against the UMP specification v1.1's layouts,
/// and a stream message through the server, which only UMP receivers can get.
@Suite struct MIDI2StreamMessageTests {
    static func words(_ message: MIDIMessage_128) -> [UInt32] { [message.word0, message.word1, message.word2, message.word3] }

    @Test("Endpoint, stream configuration, function block and clip messages give the specification's words")
    func streamBuilders() {
        #expect(Self.words(MIDI2EndpointDiscoveryMessage(1, 1, true, true, true, true, true)) == [0xF000_0101, 0x0000_001F, 0, 0])
        // S, two function blocks, M1 and M2, TxJR only.
        #expect(Self.words(MIDI2EndpointInfoNotificationMessage(1, 1, true, 2, true, true, false, true)) == [0xF001_0101, 0x8200_0301, 0, 0])
        // Apple's one-byte ID 0x11; family 0x102 and model 0x3FFF LSB first; revision 0x1234567 in 7-bit slices.
        #expect(Self.words(MIDI2EndpointDeviceIdentityNotificationMessage(0x11, 0, 0, 0x102, 0x3FFF, 0x123_4567))
                == [0xF002_0000, 0x0011_0000, 0x0202_7F7F, 0x670A_0D09])
        let name = Array("Soundcheck Keys".utf8CString)
        let first = name.withUnsafeBufferPointer { MIDI2EndpointNameNotificationMessage(.start, $0.baseAddress, 14) }
        #expect(Self.words(first) == [0xF403_536F, 0x756E_6463, 0x6865_636B, 0x204B_6579])
        let last = name.withUnsafeBufferPointer { MIDI2EndpointProductInstanceIDNotificationMessage(.end, $0.baseAddress! + 14, 1) }
        #expect(Self.words(last) == [0xFC04_7300, 0, 0, 0])
        #expect(MIDI2StreamConfigurationRequestMessage(2, false, true).word0 == 0xF005_0201)
        #expect(MIDI2StreamConfigurationNotificationMessage(1, true, false).word0 == 0xF006_0102)
        #expect(MIDI2FunctionBlockDiscoveryMessage(0xFF, true, true).word0 == 0xF010_FF03)
        #expect(Self.words(MIDI2FunctionBlockInfoNotificationMessage(true, 1, .senderReceiver, .notMIDI1, .bidirectional, 0, 1, 2, 0))
                == [0xF011_8133, 0x0001_0200, 0, 0])
        let keys = Array("Keys".utf8CString)
        let block = keys.withUnsafeBufferPointer { MIDI2FunctionBlockNameNotificationMessage(.complete, 1, $0.baseAddress, 4) }
        #expect(Self.words(block) == [0xF012_014B, 0x6579_7300, 0, 0])
        #expect(MIDI2StartOfClipMessage().word0 == 0xF020_0000 && MIDI2EndOfClipMessage().word0 == 0xF021_0000)
        #expect(Self.words(MIDI2StreamMessage(.continuing, .endpointNameNotification, 0x4142, 1, 2, 3)) == [0xF803_4142, 1, 2, 3])
        // Set tempo (status bank 0, status 0) to the whole group: 500 000 µs a quarter note in 10 ns units.
        #expect(Self.words(MIDI2FlexDataMessage(3, 0, 1, 0, 0, 0, 50_000_000, 0, 0)) == [0xD310_0000, 50_000_000, 0, 0])
        #expect(MIDIMessageTypeForUPWord(0xD310_0000) == .flexData)
        #expect(MIDIUMPProtocolOptions([.midi1, .midi2]).rawValue == 3 && kMIDIDeviceIDFunctionBlock == 0x7F)
    }

    @Test("A stream message from a MIDI 2.0 source reaches UMP ports unchanged and no MIDI 1.0 byte port")
    func streamMessageThroughTheServer() throws {
        let device = try MIDIBench()
        let ears: MIDI2TransportTests.Ears = device.inApp {
            var client = MIDIClientRef(), source = MIDIEndpointRef()
            _ = MIDIClientCreateWithBlock("App" as CFString, &client, nil)
            _ = MIDISourceCreateWithProtocol(client, "UMP Keys" as CFString, ._2_0, &source)
            let ears = MIDI2TransportTests.Ears(client: client, source: source)
            let info = MIDI2FunctionBlockInfoNotificationMessage(true, 0, .sender, .unrestrictedBandwidth, .output, 0, 1, 0, 0)
            _ = MIDI2TransportTests.send(source, [(7, Self.words(info))])
            return ears
        }
        #expect(ears.words2 == [0xF011_8026, 0x0001_0000, 0, 0])
        #expect(ears.words1 == ears.words2)
        #expect(ears.bytes.isEmpty)
    }
}
