@testable import BuiltInChecks
import CoreMIDI
import Testing

/// The Swift overlay's event-list builders and word collections, and lists built with them
/// travelling through a port.
@Suite struct MIDIEventListBuilderTests {
    @Test("MIDIEventList.Builder joins same-time words, starts packets for new times, says nil when full, and clears")
    func listBuilder() {
        let builder = MIDIEventList.Builder(inProtocol: ._2_0, wordSize: 80)
        let on = MIDI2NoteOn(0, 0, 60, 0, 0, 0xFFFF), off = MIDI2NoteOff(0, 0, 60, 0, 0, 0)
        #expect(builder.append(timestamp: 100, words: [on.word0, on.word1]) != nil)
        #expect(builder.append(timestamp: 100, words: [MIDI1UPSystemCommon(0, 0xF8, 0, 0)]) != nil)
        #expect(builder.append(timestamp: 200, words: [off.word0, off.word1]) != nil)
        #expect(builder.count == 2)
        let packets: [(MIDITimeStamp, [UInt32])] = builder.withUnsafePointer { list in
            #expect(list.pointee.protocol == ._2_0)
            // The 8-byte list header, then each packet's time, count and words, padded to 8 bytes
            // (Swift's MIDIEventPacket is 8-aligned; C packs it to 4, which would make this 52).
            #expect(MIDIEventList.sizeInBytes(pktList: list) == 8 + 24 + 24)
            return list.unsafeSequence().map { ($0.pointee.timeStamp, Array($0.words())) }
        }
        #expect(packets.map(\.0) == [100, 200])
        #expect(packets.map(\.1) == [[0x4090_3C00, 0xFFFF_0000, 0x10F8_0000], [0x4080_3C00, 0]])
        // 64 more words do not fit in 80 words of memory.
        #expect(builder.append(timestamp: 300, words: [UInt32](repeating: 0x10F8_0000, count: 64)) == nil)
        #expect(builder.count == 2)
        builder.clear()
        #expect(builder.count == 0)
        builder.withUnsafeMutableMIDIEventListPointer { pointer in
            #expect(pointer.lastPacket == nil && pointer.midiProtocol == ._2_0 && pointer.listSizeInBytes == 320)
            pointer.append(timestamp: 5, words: [MIDI1UPNoteOn(0, 0, 60, 100)])
            #expect(pointer.lastPacket?.pointee.timeStamp == 5)
            #expect(pointer.map { $0.pointee.wordCount } == [1])
        }
    }

    @Test("UnsafeMutableMIDIEventListPointer over a caller's memory; wrapping a filled list appends after its last packet")
    func listPointer() {
        let raw = UnsafeMutableRawPointer.allocate(byteCount: 1024, alignment: 8)
        defer { raw.deallocate() }
        let list = raw.bindMemory(to: MIDIEventList.self, capacity: 1)
        var pointer = UnsafeMutableMIDIEventListPointer(list, wordSize: 256, inProtocol: ._1_0)
        pointer.append(timestamp: 1, words: [MIDI1UPNoteOn(0, 0, 60, 100)])
        pointer.append(timestamp: 2, words: [MIDI1UPNoteOff(0, 0, 60, 0)])
        var again = UnsafeMutableMIDIEventListPointer(list, wordSize: 256)!
        again.append(timestamp: 2, words: [MIDI1UPNoteOn(0, 0, 64, 90)])
        #expect(again.count == 2)
        #expect(again.map { Array($0.sequence()) } == [[0x2090_3C64], [0x2080_3C00, 0x2090_405A]])
        #expect(UnsafeMutableMIDIEventListPointer(nil, wordSize: 4) == nil)
    }

    @Test("MIDIEventPacket.Builder and the mutable packet pointer write words, count and time stamp into the packet")
    func packetBuilder() {
        let builder = MIDIEventPacket.Builder(maximumNumberMIDIWords: 4)
        builder.timeStamp = 480
        builder.append(0x4090_3C00, 0x8000_0000)
        builder.append(MIDI1UPSystemCommon(0, 0xFA, 0, 0))
        #expect(builder.count == 3 && builder.capacity == 4)
        builder.withUnsafeMutableMIDIEventPacketPointer { pointer in
            pointer[1] = 0xFFFF_0000
            #expect(Array(pointer) == [0x4090_3C00, 0xFFFF_0000, 0x10FA_0000])
        }
        let (time, words, sequence): (MIDITimeStamp, [UInt32], Int) = builder.withUnsafePointer {
            ($0.pointee.timeStamp, Array(MIDIEventPacket.WordCollection($0)), $0.sequence().count)
        }
        #expect(time == 480 && words == [0x4090_3C00, 0xFFFF_0000, 0x10FA_0000] && sequence == 3)
    }

    @Test("A list from the builder reaches a MIDI 1.0 port through a virtual destination; SysEx bytes per group come back from a packet")
    func builderThroughTheServer() throws {
        let device = try MIDIBench()
        var received: [[UInt8]] = []
        device.inApp {
            var client = MIDIClientRef(), destination = MIDIEndpointRef(), output = MIDIPortRef()
            _ = MIDIClientCreateWithBlock("App" as CFString, &client, nil)
            _ = MIDIDestinationCreateWithBlock(client, "Synth" as CFString, &destination) { list, _ in
                for packet in list.unsafeSequence() {
                    let length = Int(packet.pointee.length)
                    received.append(withUnsafeBytes(of: packet.pointee.data) { Array($0.prefix(length)) })
                }
            }
            _ = MIDIOutputPortCreate(client, "Out" as CFString, &output)
            let builder = MIDIEventList.Builder(inProtocol: ._2_0, wordSize: 64)
            let on = MIDI2NoteOn(0, 9, 36, 0, 0, 0x8000)
            builder.append(timestamp: 0, words: [on.word0, on.word1])
            #expect(builder.withUnsafePointer { MIDISendEventList(output, destination, $0) } == noErr)
        }
        #expect(received == [[0x99, 36, 64]])

        let packet = MIDIEventPacket.Builder(maximumNumberMIDIWords: 8)
        let start = MIDI1UPSysEx(2, 1, 6, 0x7E, 0x7F, 0x06, 0x01, 0x10, 0x11), end = MIDI1UPSysEx(2, 3, 1, 0x12, 0, 0, 0, 0, 0)
        let other = MIDI1UPSysEx(1, 0, 1, 0x55, 0, 0, 0, 0, 0)
        packet.append(start.word0, start.word1, other.word0, other.word1, end.word0, end.word1)
        var data: Unmanaged<CFData>?
        #expect(packet.withUnsafePointer { MIDIEventPacketSysexBytesForGroup($0, 2, &data) } == noErr)
        #expect(data.map { [UInt8]($0.takeRetainedValue() as Data) } == [0xF0, 0x7E, 0x7F, 0x06, 0x01, 0x10, 0x11, 0x12, 0xF7])
    }

    @Test("Data and dictionary properties round-trip; removal and whole property lists; wrong types refused")
    func collectionProperties() throws {
        let device = try MIDIBench()
        let synth = device.midi.plugWiredDevice(.usb, name: "USB Synth", manufacturer: "Synth Maker")
        device.inApp {
            let bytes: [UInt8] = [0x00, 0x00, 0x00, 0x2A]
            #expect(MIDIObjectSetDataProperty(synth, kMIDIPropertyConnectionUniqueID, Data(bytes) as NSData) == noErr)
            var data: Unmanaged<CFData>?
            #expect(MIDIObjectGetDataProperty(synth, kMIDIPropertyConnectionUniqueID, &data) == noErr)
            #expect(data.map { [UInt8]($0.takeRetainedValue() as Data) } == bytes)
            let names: NSDictionary = ["master": "GM.midnam", "currentModes": ["General MIDI"]]
            #expect(MIDIObjectSetDictionaryProperty(synth, kMIDIPropertyNameConfigurationDictionary, names) == noErr)
            var dictionary: Unmanaged<CFDictionary>?
            #expect(MIDIObjectGetDictionaryProperty(synth, kMIDIPropertyNameConfigurationDictionary, &dictionary) == noErr)
            #expect(dictionary?.takeRetainedValue()["master"] as? String == "GM.midnam")
            #expect(MIDIObjectGetDataProperty(synth, kMIDIPropertyName, &data) == kMIDIWrongPropertyType)
            #expect(MIDIObjectGetDictionaryProperty(synth, kMIDIPropertyConnectionUniqueID, &dictionary) == kMIDIWrongPropertyType)

            var all: Unmanaged<CFPropertyList>?
            #expect(MIDIObjectGetProperties(synth, &all, true) == noErr)
            let tree = all?.takeRetainedValue() as? NSDictionary
            #expect(tree?["name"] as? String == "USB Synth" && tree?["manufacturer"] as? String == "Synth Maker")
            let entity = (tree?["entities"] as? NSArray)?.firstObject as? NSDictionary
            #expect(((entity?["sources"] as? NSArray)?.firstObject as? NSDictionary)?["name"] as? String == "USB Synth")

            #expect(MIDIObjectRemoveProperty(synth, kMIDIPropertyConnectionUniqueID) == noErr)
            #expect(MIDIObjectGetDataProperty(synth, kMIDIPropertyConnectionUniqueID, &data) == kMIDIUnknownProperty)
            #expect(MIDIObjectRemoveProperty(synth, kMIDIPropertyConnectionUniqueID) == kMIDIUnknownProperty)
            #expect(MIDIObjectRemoveProperty(0xBEEF, kMIDIPropertyName) == kMIDIObjectNotFound)
        }
        let error = MIDIIOErrorNotification(messageID: .msgIOError, messageSize: 16, driverDevice: synth, errorCode: kMIDIMessageSendErr)
        #expect(error.driverDevice == synth && error.errorCode == -10838 && MIDIIOErrorNotification().messageID == .msgIOError)
    }
}
