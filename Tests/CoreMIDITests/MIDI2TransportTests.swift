@testable import BuiltInChecks
import CoreMIDI
import MediaServer
import SimCore
import Testing

/// MIDI 2.0 messages through the MIDI server: between apps of either protocol, translated as the
/// UMP specification's default translation says, and scheduled output taken back by MIDIFlushOutput.
@Suite struct MIDI2TransportTests {
    /// One app's three input ports on `source`: MIDI 1.0 packet lists, MIDI 1.0 and MIDI 2.0 event lists.
    final class Ears {
        var bytes: [[UInt8]] = []
        var words1: [UInt32] = []
        var words2: [UInt32] = []
        var times2: [MIDITimeStamp] = []

        init(client: MIDIClientRef, source: MIDIEndpointRef) {
            var packets = MIDIPortRef(), events1 = MIDIPortRef(), events2 = MIDIPortRef()
            _ = MIDIInputPortCreateWithBlock(client, "Bytes" as CFString, &packets) { list, _ in
                for packet in list.unsafeSequence() {
                    let length = Int(packet.pointee.length)
                    self.bytes.append(withUnsafeBytes(of: packet.pointee.data) { Array($0.prefix(length)) })
                }
            }
            _ = MIDIInputPortCreateWithProtocol(client, "UMP 1" as CFString, ._1_0, &events1) { list, _ in
                self.words1 += Self.words(list)
            }
            _ = MIDIInputPortCreateWithProtocol(client, "UMP 2" as CFString, ._2_0, &events2) { list, _ in
                self.words2 += Self.words(list)
                self.times2 += list.unsafeSequence().map { $0.pointee.timeStamp }
            }
            for port in [packets, events1, events2] { _ = MIDIPortConnectSource(port, source, nil) }
        }

        static func words(_ list: UnsafePointer<MIDIEventList>) -> [UInt32] {
            list.unsafeSequence().flatMap { packet in
                let count = Int(packet.pointee.wordCount)
                return withUnsafeBytes(of: packet.pointee.words) { Array($0.bindMemory(to: UInt32.self).prefix(count)) }
            }
        }
    }

    static func send(_ source: MIDIEndpointRef, _ packets: [(MIDITimeStamp, [UInt32])]) -> OSStatus {
        let size = 4096
        let raw = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 8)
        defer { raw.deallocate() }
        let list = raw.bindMemory(to: MIDIEventList.self, capacity: 1)
        var packet = MIDIEventListInit(list, ._2_0)
        for (time, words) in packets {
            packet = words.withUnsafeBufferPointer { MIDIEventListAdd(list, size, packet, time, $0.count, $0.baseAddress!) }
        }
        return MIDIReceivedEventList(source, list)
    }

    @Test("MIDI-UMP-TRANSLATION: A MIDI 2.0 source reaches a MIDI 2.0 port word for word and MIDI 1.0 ports translated")
    func midi2SourceToEveryProtocol() throws {
        let device = try MIDIBench()
        let ears: Ears = device.inApp {
            var client = MIDIClientRef(), source = MIDIEndpointRef()
            _ = MIDIClientCreateWithBlock("App" as CFString, &client, nil)
            _ = MIDISourceCreateWithProtocol(client, "MPE Keys" as CFString, ._2_0, &source)
            let ears = Ears(client: client, source: source)
            let note = MIDI2NoteOn(3, 0, 60, UInt8(MIDINoteAttribute.pitch.rawValue), 0x7880, 0x0100)
            let bend = MIDI2PerNotePitchBend(3, 0, 60, 0x9000_0000)
            let rpn = MIDI2RegisteredControl(0, 0, 0, 0, 0x8000_0000)
            let program = MIDI2ProgramChange(0, 1, true, 5, 2, 3)
            #expect(Self.send(source, [(10, [note.word0, note.word1, bend.word0, bend.word1]),
                                       (20, [rpn.word0, rpn.word1, program.word0, program.word1])]) == noErr)
            return ears
        }
        // MIDI 2.0: the very words, group 3 and the pitch attribute included.
        #expect(ears.words2 == [0x4390_3C03, 0x0100_7880, 0x4360_3C00, 0x9000_0000, 0x4020_0000, 0x8000_0000, 0x40C1_0001, 0x0500_0203])
        #expect(ears.times2 == [10, 20])
        // MIDI 1.0: velocity 0x0100 >> 9 is 0, sent as 1 so that it stays a note on; the per-note
        // bend has no MIDI 1.0 form; the RPN becomes CC 101, 100, 6, 38; the bank, CC 0 and 32.
        #expect(ears.bytes == [[0x90, 60, 1], [0xB0, 101, 0, 0xB0, 100, 0, 0xB0, 6, 0x40, 0xB0, 38, 0, 0xB1, 0, 2, 0xB1, 32, 3, 0xC1, 5]])
        #expect(ears.words1 == [0x2390_3C01, 0x20B0_6500, 0x20B0_6400, 0x20B0_0640, 0x20B0_2600, 0x20B1_0002, 0x20B1_2003, 0x20C1_0500])
    }

    @Test("MIDI 1.0 → 2.0 → 1.0: velocities and controllers scale min-centre-max up and come back exactly")
    func translationRoundTrip() throws {
        let device = try MIDIBench()
        var upWords: [UInt32] = []
        var back: [[UInt8]] = []
        device.inApp {
            var client = MIDIClientRef(), source1 = MIDIEndpointRef(), source2 = MIDIEndpointRef()
            _ = MIDIClientCreateWithBlock("App" as CFString, &client, nil)
            _ = MIDISourceCreateWithProtocol(client, "Old Keys" as CFString, ._1_0, &source1)
            _ = MIDISourceCreateWithProtocol(client, "Bridge" as CFString, ._2_0, &source2)
            let up = Ears(client: client, source: source1), down = Ears(client: client, source: source2)
            var packets = MIDIPacketList()
            let bytes: [UInt8] = [0x90, 60, 100, 0x90, 61, 64, 0x90, 62, 127, 0x90, 63, 1, 0xB0, 7, 64, 0xE0, 0x00, 0x40, 0xE0, 0x7F, 0x7F]
            _ = MIDIPacketListAdd(&packets, MemoryLayout<MIDIPacketList>.size, MIDIPacketListInit(&packets), 5, bytes.count, bytes)
            _ = MIDIReceived(source1, &packets)
            upWords = up.words2
            _ = Self.send(source2, [(5, up.words2)])
            back = down.bytes
        }
        // 100 → 0xC924 (the low six bits 100100 repeat), 64 → 0x8000 (the centre), 127 → 0xFFFF, 1 → 0x0200.
        #expect(upWords == [0x4090_3C00, 0xC924_0000, 0x4090_3D00, 0x8000_0000, 0x4090_3E00, 0xFFFF_0000, 0x4090_3F00, 0x0200_0000,
                            0x40B0_0700, 0x8000_0000, 0x40E0_0000, 0x8000_0000, 0x40E0_0000, 0xFFFF_FFFF])
        #expect(back == [[0x90, 60, 100, 0x90, 61, 64, 0x90, 62, 127, 0x90, 63, 1, 0xB0, 7, 64, 0xE0, 0x00, 0x40, 0xE0, 0x7F, 0x7F]])
    }

    @Test("A SysEx sent as 7-bit UMP packets over two times reaches MIDI 1.0 ports whole, at the time of its end")
    func sysExAcrossPackets() throws {
        let device = try MIDIBench()
        let ears: Ears = device.inApp {
            var client = MIDIClientRef(), source = MIDIEndpointRef()
            _ = MIDIClientCreateWithBlock("App" as CFString, &client, nil)
            _ = MIDISourceCreateWithProtocol(client, "Librarian" as CFString, ._2_0, &source)
            let ears = Ears(client: client, source: source)
            let start = MIDI1UPSysEx(0, 1, 6, 0x7E, 0x7F, 0x06, 0x01, 0x10, 0x11), end = MIDI1UPSysEx(0, 3, 2, 0x12, 0x13, 0, 0, 0, 0)
            _ = Self.send(source, [(10, [start.word0, start.word1]), (20, [end.word0, end.word1])])
            return ears
        }
        #expect(ears.bytes == [[0xF0, 0x7E, 0x7F, 0x06, 0x01, 0x10, 0x11, 0x12, 0x13, 0xF7]])
        #expect(ears.words2 == [0x3016_7E7F, 0x0601_1011, 0x3032_1213, 0x0000_0000])
    }

    @Test("MIDIFlushOutput drops what is scheduled for a destination but not yet sent; MIDIRestart drops everything")
    func flushDropsScheduledOutput() throws {
        let device = try MIDIBench()
        let keys = device.midi.plugWiredDevice(.usb, name: "USB Synth", manufacturer: "Synth Maker")
        let destination = device.midi.destinations(of: device.midi.entities(of: keys)[0])[0]
        let source = device.midi.sources(of: device.midi.entities(of: keys)[0])[0]
        var output = MIDIPortRef()
        func send(_ times: [Int64]) {
            var list = MIDIPacketList()
            var packet = MIDIPacketListInit(&list)
            for (index, time) in times.enumerated() {
                let note: [UInt8] = [0x90, UInt8(60 + index), 100]
                packet = MIDIPacketListAdd(&list, MemoryLayout<MIDIPacketList>.size, packet, MIDITimeStamp(time * 1_000_000), 3, note)
            }
            #expect(MIDISend(output, destination, &list) == noErr)
        }
        device.inApp {
            var client = MIDIClientRef()
            _ = MIDIClientCreateWithBlock("Sequencer" as CFString, &client, nil)
            _ = MIDIOutputPortCreate(client, "Out" as CFString, &output)
            send([10, 20, 30])
        }
        device.run(until: .milliseconds(15))
        #expect(device.midi.heldOutputCount(destination) == 2)
        device.inApp {
            #expect(MIDIFlushOutput(destination) == noErr)
            #expect(MIDIFlushOutput(source) == kMIDIWrongEndpointType)
            #expect(MIDIFlushOutput(0xDEAD) == kMIDIUnknownEndpoint)
        }
        device.run(until: .milliseconds(50))
        #expect(device.lines(.midiWireReceived).map { $0.fields["bytes"] } == [.string("90 3C 64")])
        #expect(device.lines(.midiFlush).first?.fields["dropped"] == .int(2))

        device.inApp { send([60, 70]) }
        device.inApp { #expect(MIDIRestart() == noErr) }
        device.run(until: .milliseconds(100))
        #expect(device.lines(.midiWireReceived).count == 1)
        #expect(device.lines(.midiRestart).first?.fields["dropped"] == .int(2))
    }

    @Test("Object properties: set and read back by type; unset and mistyped reads give Apple's codes")
    func properties() throws {
        let device = try MIDIBench()
        device.inApp {
            var client = MIDIClientRef(), source = MIDIEndpointRef()
            _ = MIDIClientCreateWithBlock("App" as CFString, &client, nil)
            _ = MIDISourceCreateWithProtocol(client, "Keys" as CFString, ._2_0, &source)
            var value: Int32 = -1
            #expect(MIDIObjectGetIntegerProperty(source, kMIDIPropertyReceiveChannels, &value) == kMIDIUnknownProperty)
            #expect(MIDIObjectSetIntegerProperty(source, kMIDIPropertyTransmitChannels, 0x0003) == noErr)
            #expect(MIDIObjectGetIntegerProperty(source, kMIDIPropertyTransmitChannels, &value) == noErr && value == 3)
            #expect(MIDIObjectSetIntegerProperty(source, kMIDIPropertyUMPActiveGroupBitmap, 0b1001) == noErr)
            #expect(MIDIObjectGetIntegerProperty(source, kMIDIPropertyUMPActiveGroupBitmap, &value) == noErr && value == 9)
            #expect(MIDIObjectSetStringProperty(source, kMIDIPropertyDriverOwner, "com.example.driver" as CFString) == noErr)
            #expect(MIDIObjectGetIntegerProperty(source, kMIDIPropertyDriverOwner, &value) == kMIDIWrongPropertyType)
            #expect(MIDIObjectGetIntegerProperty(0xBEEF, kMIDIPropertyIsSampler, &value) == kMIDIObjectNotFound)
            #expect(kMIDIInvalidUniqueID == 0)
        }
    }
}
