import CoreMIDI
import Testing

/// The Swift overlay over packet lists: builders, the pointer views and the byte collections read
/// and write the same bytes `MIDIPacketListAdd` and `MIDIPacketNext` do.
@Suite struct MIDIPacketOverlayTests {
    @Test("MIDIPacketList.Builder joins data at one time stamp, starts a packet at another, and refuses what its buffer cannot hold")
    // The buffer is at least one MIDIPacketList (a header and a 256-byte packet), as the C struct needs.
    func packetListBuilder() {
        let builder = MIDIPacketList.Builder(byteSize: 64)
        #expect(builder.append(timestamp: 10, data: [0x90, 0x3C, 0x7F]) != nil)
        #expect(builder.append(timestamp: 10, data: [0x90, 0x40, 0x7F]) != nil)
        #expect(builder.append(timestamp: 20, data: [0x80, 0x3C]) != nil)
        #expect(builder.count == 2)
        let packets: [(MIDITimeStamp, [UInt8])] = builder.withUnsafePointer { list in
            list.unsafeSequence().map { ($0.pointee.timeStamp, Array($0.bytes())) }
        }
        #expect(packets.map(\.0) == [10, 20])
        #expect(packets.map(\.1) == [[0x90, 0x3C, 0x7F, 0x90, 0x40, 0x7F], [0x80, 0x3C]])
        let size = builder.withUnsafePointer { MIDIPacketList.sizeInBytes(pktList: $0) }
        let expectedEnd = builder.withUnsafePointer { list -> Int in
            let last = Array(list.unsafeSequence()).last!
            return UnsafeRawPointer(last) - UnsafeRawPointer(list) + MemoryLayout<MIDIPacket>.offset(of: \MIDIPacket.data)! + 2
        }
        #expect(size == expectedEnd)
        #expect(builder.append(timestamp: 30, data: [UInt8](repeating: 0xF8, count: 400)) == nil)
        #expect(builder.count == 2)
        builder.clear()
        #expect(builder.count == 0)
        #expect(builder.withUnsafePointer { $0.unsafeSequence().count } == 0)
    }

    @Test("UnsafeMutableMIDIPacketListPointer appends into a caller's buffer; its last packet and count follow")
    func packetListPointer() {
        var list = MIDIPacketList()
        #expect(UnsafeMutableMIDIPacketListPointer(nil, byteSize: 1024) == nil)
        withUnsafeMutablePointer(to: &list) { raw in
            var pointer = UnsafeMutableMIDIPacketListPointer(raw, byteSize: MemoryLayout<MIDIPacketList>.size)!
            pointer.clear()
            #expect(pointer.lastPacket == nil)
            pointer.append(timestamp: 5, data: [0xB0, 0x07, 0x64])
            pointer.append(timestamp: 6, data: [0xC0, 0x05])
            #expect(pointer.count == 2)
            #expect(pointer.lastPacket?.pointee.timeStamp == 6)
            #expect(pointer.map { Array($0.bytes()) } == [[0xB0, 0x07, 0x64], [0xC0, 0x05]])
            #expect(pointer.listSizeInBytes == MemoryLayout<MIDIPacketList>.size)
        }
    }

    @Test("MIDIPacket.Builder and UnsafeMutableMIDIPacketPointer write a packet's bytes, count and time in place")
    func packetBuilderAndPointer() {
        let builder = MIDIPacket.Builder(maximumNumberMIDIBytes: 4)
        builder.timeStamp = 480
        builder.append(0x90, 0x3C)
        builder.append(0x7F, 0x00, 0x11)   // one byte more than the capacity: not written
        #expect(builder.capacity == 4 && builder.count == 4)
        #expect(builder.withUnsafePointer { Array($0.bytes()) } == [0x90, 0x3C, 0x7F, 0x00])
        builder.withUnsafeMutableMIDIPacketPointer { packet in
            packet[3] = 0x40
            packet.count = 3
            #expect(packet.timeStamp == 480)
            #expect(Array(packet) == [0x90, 0x3C, 0x7F])
        }
        let bytes = builder.withUnsafePointer { MIDIPacket.ByteCollection($0) }
        #expect(bytes.count == 3 && bytes.startIndex == 0 && bytes.endIndex == 3 && bytes[2] == 0x7F)
        builder.withUnsafeMutableMIDIPacketPointer { packet in
            var iterator: MIDIPacket.ByteSequence.Iterator = packet.makeIterator()
            #expect(iterator.next() == 0x90 && iterator.next() == 0x3C && iterator.next() == 0x7F && iterator.next() == nil)
        }
    }
}
