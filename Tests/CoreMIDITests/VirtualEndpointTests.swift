@testable import Conformance
import MediaServer
import CoreMIDI
import SimCore
import Testing

/// Virtual endpoints between apps, event lists and packet lists.
@Suite struct VirtualEndpointTests {
    @Test("A virtual source's MIDIReceived reaches a connected input port; a virtual destination receives MIDISendEventList as MIDI 1.0 UMP")
    func virtualEndpointsCarryMIDI() throws {
        let device = try MIDIBench()
        var received: [(MIDITimeStamp, [UInt32])] = []
        var refCons: [UnsafeMutableRawPointer?] = []
        device.inApp {
            var client = MIDIClientRef(), source = MIDIEndpointRef(), destination = MIDIEndpointRef()
            var input = MIDIPortRef(), output = MIDIPortRef()
            #expect(MIDIClientCreateWithBlock("App" as CFString, &client, nil) == noErr)
            #expect(MIDISourceCreateWithProtocol(client, "Sequencer Out" as CFString, ._1_0, &source) == noErr)
            #expect(MIDIDestinationCreateWithProtocol(client, "Synth In" as CFString, ._1_0, &destination) { list, refCon in
                for packet in list.unsafeSequence() {
                    let count = Int(packet.pointee.wordCount)
                    received.append((packet.pointee.timeStamp, withUnsafeBytes(of: packet.pointee.words) { Array($0.bindMemory(to: UInt32.self).prefix(count)) }))
                }
                refCons.append(refCon)
            } == noErr)
            #expect(MIDIOutputPortCreate(client, "Out" as CFString, &output) == noErr)
            #expect(MIDIGetNumberOfSources() == 1 && MIDIGetNumberOfDestinations() == 1)

            // MIDI 1.0 note-on, channel 1, note 60, velocity 127 in UMP: 0x20903C7F.
            var list = MIDIEventList()
            var packet = MIDIEventListInit(&list, ._1_0)
            var word: UInt32 = 0x2090_3C7F
            packet = MIDIEventListAdd(&list, MemoryLayout<MIDIEventList>.size, packet, 1234, 1, &word)
            #expect(MIDISendEventList(output, destination, &list) == noErr)

            var bytesReceived: [[UInt8]] = []
            #expect(MIDIInputPortCreateWithBlock(client, "In" as CFString, &input) { list, _ in
                for packet in list.unsafeSequence() {
                    let length = Int(packet.pointee.length)
                    bytesReceived.append(withUnsafeBytes(of: packet.pointee.data) { Array($0.prefix(length)) })
                }
            } == noErr)
            #expect(MIDIPortConnectSource(input, source, nil) == noErr)
            var packets = MIDIPacketList()
            var current = MIDIPacketListInit(&packets)
            let bytes: [UInt8] = [0xB0, 0x07, 0x64]
            current = MIDIPacketListAdd(&packets, MemoryLayout<MIDIPacketList>.size, current, 0, 3, bytes)
            #expect(MIDIReceived(source, &packets) == noErr)
            #expect(bytesReceived == [[0xB0, 0x07, 0x64]])
        }
        #expect(received.count == 1)
        #expect(received.first?.0 == 1234)
        #expect(received.first?.1 == [0x2090_3C7F])
        #expect(refCons.count == 1 && refCons[0] == nil)
    }

    @Test("An input port in the MIDI 2.0 protocol gets note-ons as MIDI 2.0 channel voice words with 16-bit velocity")
    func midi2PortConverts() throws {
        let device = try MIDIBench()
        var words: [UInt32] = []
        device.inApp {
            var client = MIDIClientRef(), source = MIDIEndpointRef(), input = MIDIPortRef()
            _ = MIDIClientCreateWithBlock("App" as CFString, &client, nil)
            _ = MIDISourceCreateWithProtocol(client, "Keys" as CFString, ._1_0, &source)
            _ = MIDIInputPortCreateWithProtocol(client, "In" as CFString, ._2_0, &input) { list, _ in
                #expect(list.pointee.protocol == ._2_0)
                for packet in list.unsafeSequence() {
                    let count = Int(packet.pointee.wordCount)
                    words += withUnsafeBytes(of: packet.pointee.words) { Array($0.bindMemory(to: UInt32.self).prefix(count)) }
                }
            }
            _ = MIDIPortConnectSource(input, source, nil)
            var packets = MIDIPacketList()
            var current = MIDIPacketListInit(&packets)
            let bytes: [UInt8] = [0x91, 0x3C, 0x7F, 0x91, 0x3C, 0x00]
            current = MIDIPacketListAdd(&packets, MemoryLayout<MIDIPacketList>.size, current, 0, bytes.count, bytes)
            _ = MIDIReceived(source, &packets)
        }
        // Note On, group 0, channel 2, note 60, velocity 127 → 0xFFFF; velocity 0 → a Note Off.
        #expect(words == [0x4091_3C00, 0xFFFF_0000, 0x4081_3C00, 0x0000_0000])
    }

    @Test("MIDI-SETUP-CHANGED: other clients hear a virtual source added, renamed and removed, each followed by msgSetupChanged")
    func setupNotificationsForVirtualEndpoints() throws {
        let device = try MIDIBench()
        var heard: [String] = []
        device.inApp {
            var watcher = MIDIClientRef(), publisher = MIDIClientRef(), source = MIDIEndpointRef()
            _ = MIDIClientCreateWithBlock("Watcher" as CFString, &watcher) { notification in
                switch notification.pointee.messageID {
                case .msgObjectAdded, .msgObjectRemoved:
                    notification.withMemoryRebound(to: MIDIObjectAddRemoveNotification.self, capacity: 1) {
                        heard.append("\($0.pointee.messageID) \($0.pointee.childType) parent \($0.pointee.parentType)")
                    }
                case .msgPropertyChanged:
                    notification.withMemoryRebound(to: MIDIObjectPropertyChangeNotification.self, capacity: 1) {
                        heard.append("msgPropertyChanged \($0.pointee.objectType) \($0.pointee.propertyName.takeUnretainedValue())")
                    }
                default: heard.append("\(notification.pointee.messageID)")
                }
            }
            _ = MIDIClientCreateWithBlock("Publisher" as CFString, &publisher, nil)
            _ = MIDISourceCreateWithProtocol(publisher, "Arp" as CFString, ._1_0, &source)
            device.run(until: .milliseconds(1))
            #expect(MIDIObjectSetStringProperty(source, kMIDIPropertyName, "Arpeggiator" as CFString) == noErr)
            device.run(until: .milliseconds(2))
            var name: Unmanaged<CFString>?
            _ = MIDIObjectGetStringProperty(MIDIGetSource(0), kMIDIPropertyDisplayName, &name)
            #expect(name.map { "\($0.takeRetainedValue())" } == "Arpeggiator")
            #expect(MIDIEndpointDispose(source) == noErr)
            device.run(until: .milliseconds(3))
            #expect(MIDIGetNumberOfSources() == 0)
            #expect(MIDIEndpointDispose(source) == kMIDIUnknownEndpoint)
        }
        #expect(heard == ["msgObjectAdded source parent other", "msgSetupChanged",
                          "msgPropertyChanged source name", "msgSetupChanged",
                          "msgObjectRemoved source parent other", "msgSetupChanged"])
    }

    @Test("MIDIPacketListAdd joins same-time channel messages, starts a packet for another time, and refuses when full")
    func packetListBuilding() {
        var list = MIDIPacketList()
        var packet = MIDIPacketListInit(&list)
        let noteOn: [UInt8] = [0x90, 60, 100], noteOff: [UInt8] = [0x80, 60, 0]
        packet = MIDIPacketListAdd(&list, MemoryLayout<MIDIPacketList>.size, packet, 10, 3, noteOn)
        packet = MIDIPacketListAdd(&list, MemoryLayout<MIDIPacketList>.size, packet, 10, 3, noteOff)
        #expect(list.numPackets == 1 && list.packet.length == 6)
        packet = MIDIPacketListAdd(&list, MemoryLayout<MIDIPacketList>.size, packet, 20, 3, noteOn)
        #expect(list.numPackets == 2)
        let big = [UInt8](repeating: 0x7F, count: 300)
        #expect(MIDIPacketListAdd(&list, MemoryLayout<MIDIPacketList>.size, packet, 30, big.count, big) == nil)
        let times = withUnsafePointer(to: &list) { pointer in pointer.unsafeSequence().map { $0.pointee.timeStamp } }
        #expect(times == [10, 20])
    }
}
