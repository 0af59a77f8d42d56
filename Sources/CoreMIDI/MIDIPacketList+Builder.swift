extension MIDIPacketList {
    /// Builds a packet list in storage it owns (Apple's CoreMIDI overlay), for `MIDISend` and
    /// `MIDIReceived`. The storage is at least one `MIDIPacketList` (header and a 256-byte packet),
    /// so reading the list as the C struct never reads past it.
    public final class Builder {
        let storage: UnsafeMutableRawPointer
        let byteSize: Int

        public init(byteSize: Int) {
            self.byteSize = max(byteSize, MemoryLayout<MIDIPacketList>.size)
            storage = UnsafeMutableRawPointer.allocate(byteCount: self.byteSize, alignment: MemoryLayout<MIDIPacketList>.alignment)
            storage.initializeMemory(as: UInt8.self, repeating: 0, count: self.byteSize)
            _ = MIDIPacketListInit(list)
        }

        deinit { storage.deallocate() }

        var list: UnsafeMutablePointer<MIDIPacketList> { storage.assumingMemoryBound(to: MIDIPacketList.self) }

        public var count: Int { Int(list.pointee.numPackets) }

        @discardableResult
        public func append(timestamp: MIDITimeStamp, data: [UInt8]) -> UnsafePointer<MIDIPacket>? {
            withUnsafeMutableMIDIPacketListPointer { $0.append(timestamp: timestamp, data: data) }
        }

        public func clear() { _ = MIDIPacketListInit(list) }

        public func withUnsafePointer<Result>(_ body: (UnsafePointer<MIDIPacketList>) -> Result) -> Result {
            body(UnsafePointer(list))
        }

        public func withUnsafeMutableMIDIPacketListPointer<Result>(_ body: (inout UnsafeMutableMIDIPacketListPointer) -> Result) -> Result {
            var pointer = UnsafeMutableMIDIPacketListPointer(list, byteSize: byteSize)!
            return body(&pointer)
        }
    }

    /// The bytes a list takes, from its start to the end of its last packet's data.
    public static func sizeInBytes(pktList: UnsafePointer<MIDIPacketList>) -> Int {
        var end = PacketLayout.firstPacketOffset
        for packet in pktList.unsafeSequence() {
            let length = Int(UnsafeRawPointer(packet).load(fromByteOffset: 8, as: UInt16.self))
            end = UnsafeRawPointer(packet) - UnsafeRawPointer(pktList) + PacketLayout.dataOffset + length
        }
        return end
    }
}

extension MIDIPacket {
    /// Builds one packet of up to `maximumNumberMIDIBytes` bytes in storage it owns (Apple's CoreMIDI overlay).
    public final class Builder {
        let storage: UnsafeMutableRawPointer
        public let capacity: Int

        public init(maximumNumberMIDIBytes: Int) {
            capacity = maximumNumberMIDIBytes
            let size = max(PacketLayout.dataOffset + maximumNumberMIDIBytes, MemoryLayout<MIDIPacket>.size)
            storage = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: MemoryLayout<MIDIPacket>.alignment)
            storage.initializeMemory(as: UInt8.self, repeating: 0, count: size)
        }

        deinit { storage.deallocate() }

        var pointer: UnsafeMutableMIDIPacketPointer {
            UnsafeMutableMIDIPacketPointer(storage.assumingMemoryBound(to: MIDIPacket.self))!
        }

        public var count: Int { pointer.count }
        public var timeStamp: Int {
            get { pointer.timeStamp }
            set { pointer.timeStamp = newValue }
        }

        /// Appends bytes; bytes past `capacity` are not written (the packet cannot grow), and
        /// `count` shows how many were.
        public func append(_ midiBytes: UInt8...) {
            let packet = pointer
            let start = packet.count
            let fitting = min(midiBytes.count, capacity - start)
            guard fitting > 0 else { return }
            packet.count = start + fitting
            for offset in 0..<fitting { packet[start + offset] = midiBytes[offset] }
        }

        public func withUnsafePointer<Result>(_ body: (UnsafePointer<MIDIPacket>) -> Result) -> Result {
            body(UnsafePointer(storage.assumingMemoryBound(to: MIDIPacket.self)))
        }

        public func withUnsafeMutableMIDIPacketPointer<Result>(_ body: (inout UnsafeMutableMIDIPacketPointer) -> Result) -> Result {
            var packet = pointer
            return body(&packet)
        }
    }
}
