/// One timestamped run of MIDI 1.0 bytes (up to 256 here; a packet list built with
/// `MIDIPacketListAdd` in a larger buffer holds longer ones, as in C).
public struct MIDIPacket {
    public var timeStamp: MIDITimeStamp
    public var length: UInt16
    public var data: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8)

    public init() {
        timeStamp = 0
        length = 0
        data = emptyPacketData
    }

    public init(timeStamp: MIDITimeStamp, length: UInt16, data: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8)) {
        self.timeStamp = timeStamp
        self.length = length
        self.data = data
    }
}

/// A list of variable-length packets laid end to end; step through it with `MIDIPacketNext`
/// or `unsafeSequence()`.
public struct MIDIPacketList {
    public var numPackets: UInt32
    public var packet: MIDIPacket

    public init() {
        numPackets = 0
        packet = MIDIPacket()
    }

    public init(numPackets: UInt32, packet: MIDIPacket) {
        self.numPackets = numPackets
        self.packet = packet
    }
}

enum PacketLayout {
    static let dataOffset = MemoryLayout<MIDIPacket>.offset(of: \MIDIPacket.data)!
    static let firstPacketOffset = MemoryLayout<MIDIPacketList>.offset(of: \MIDIPacketList.packet)!
    static let alignment = MemoryLayout<MIDIPacket>.alignment

    /// Bytes a packet of `length` data bytes takes before the next packet starts.
    static func span(_ length: Int) -> Int { (dataOffset + length + alignment - 1) / alignment * alignment }
}

/// Empties the list and returns its first packet.
public func MIDIPacketListInit(_ pktlist: UnsafeMutablePointer<MIDIPacketList>) -> UnsafeMutablePointer<MIDIPacket> {
    let raw = UnsafeMutableRawPointer(pktlist)
    raw.storeBytes(of: 0, as: UInt32.self)
    let first = (raw + PacketLayout.firstPacketOffset).assumingMemoryBound(to: MIDIPacket.self)
    (UnsafeMutableRawPointer(first)).storeBytes(of: 0, toByteOffset: 8, as: UInt16.self)
    return first
}

/// Appends `nData` bytes at `time`: to `curPacket` when the time is the same and neither it nor
/// the new data is System Exclusive, else as a new packet after it. Returns the packet written.
/// When `listSize` bytes cannot hold it, Apple's C function returns NULL, which its Swift
/// signature (non-optional, as here) cannot express: this one writes nothing and returns
/// `curPacket`, so a loop that keeps adding stays on a valid packet and `numPackets` shows the loss.
public func MIDIPacketListAdd(_ pktlist: UnsafeMutablePointer<MIDIPacketList>, _ listSize: Int,
                              _ curPacket: UnsafeMutablePointer<MIDIPacket>, _ time: MIDITimeStamp,
                              _ nData: Int, _ data: UnsafePointer<UInt8>) -> UnsafeMutablePointer<MIDIPacket> {
    let listStart = UnsafeMutableRawPointer(pktlist)
    let current = UnsafeMutableRawPointer(curPacket)
    let count = Int(listStart.load(as: UInt32.self))
    let currentLength = Int(current.load(fromByteOffset: 8, as: UInt16.self))
    let currentData = current + PacketLayout.dataOffset
    if count > 0, current.load(as: UInt64.self) == time, currentLength > 0,
       currentData.load(as: UInt8.self) != 0xF0, data.pointee != 0xF0,
       current - listStart + PacketLayout.dataOffset + currentLength + nData <= listSize {
        (currentData + currentLength).copyMemory(from: data, byteCount: nData)
        current.storeBytes(of: UInt16(currentLength + nData), toByteOffset: 8, as: UInt16.self)
        return curPacket
    }
    let target = count == 0 ? current : current + PacketLayout.span(currentLength)
    guard target - listStart + PacketLayout.dataOffset + nData <= listSize, nData <= Int(UInt16.max) else { return curPacket }
    target.storeBytes(of: time, as: UInt64.self)
    target.storeBytes(of: UInt16(nData), toByteOffset: 8, as: UInt16.self)
    (target + PacketLayout.dataOffset).copyMemory(from: data, byteCount: nData)
    listStart.storeBytes(of: UInt32(count + 1), as: UInt32.self)
    return target.assumingMemoryBound(to: MIDIPacket.self)
}

/// The packet after `pkt` in its list. One function, as in Apple's Swift: it takes a read-only
/// pointer (a mutable one converts) and returns a mutable one.
public func MIDIPacketNext(_ pkt: UnsafePointer<MIDIPacket>) -> UnsafeMutablePointer<MIDIPacket> {
    let raw = UnsafeMutableRawPointer(mutating: pkt)
    let length = Int(raw.load(fromByteOffset: 8, as: UInt16.self))
    return (raw + PacketLayout.span(length)).assumingMemoryBound(to: MIDIPacket.self)
}

extension MIDIPacketList {
    /// The packets of a list, as pointers (valid while the list is).
    public struct UnsafeSequence: Sequence {
        public typealias Element = UnsafePointer<MIDIPacket>
        let list: UnsafePointer<MIDIPacketList>

        /// The list's `numPackets`.
        public var count: Int { Int(list.pointee.numPackets) }

        public func makeIterator() -> Iterator {
            Iterator(remaining: Int(list.pointee.numPackets),
                     upcoming: (UnsafeRawPointer(list) + PacketLayout.firstPacketOffset).assumingMemoryBound(to: MIDIPacket.self))
        }

        public struct Iterator: IteratorProtocol {
            public typealias Element = UnsafePointer<MIDIPacket>
            var remaining: Int
            var upcoming: UnsafePointer<MIDIPacket>

            init(remaining: Int, upcoming: UnsafePointer<MIDIPacket>) {
                self.remaining = remaining
                self.upcoming = upcoming
            }

            public init(_ s: MIDIPacketList.UnsafeSequence) { self = s.makeIterator() }

            public mutating func next() -> UnsafePointer<MIDIPacket>? {
                guard remaining > 0 else { return nil }
                remaining -= 1
                defer { upcoming = UnsafePointer(MIDIPacketNext(upcoming)) }
                return upcoming
            }
        }
    }
}

extension UnsafePointer where Pointee == MIDIPacketList {
    public func unsafeSequence() -> MIDIPacketList.UnsafeSequence { MIDIPacketList.UnsafeSequence(list: self) }
}

extension UnsafeMutablePointer where Pointee == MIDIPacketList {
    public func unsafeSequence() -> MIDIPacketList.UnsafeSequence { MIDIPacketList.UnsafeSequence(list: UnsafePointer(self)) }
}

/// Reading and building packet lists for the server.
enum PacketListCoding {
    /// The packets of an app's list: timestamps and bytes.
    static func packets(_ list: UnsafePointer<MIDIPacketList>) -> [(time: MIDITimeStamp, bytes: [UInt8])] {
        list.unsafeSequence().map { packet in
            let raw = UnsafeRawPointer(packet)
            let length = Int(raw.load(fromByteOffset: 8, as: UInt16.self))
            let bytes = UnsafeRawBufferPointer(start: raw + PacketLayout.dataOffset, count: length)
            return (raw.load(as: UInt64.self), Array(bytes))
        }
    }

    /// Calls `body` with a packet list holding `packets`, in a buffer large enough for all of
    /// them (with room for reading a whole `MIDIPacket` at the last one).
    static func withPacketList(_ packets: [(time: MIDITimeStamp, bytes: [UInt8])],
                               _ body: (UnsafePointer<MIDIPacketList>) -> Void) {
        let size = PacketLayout.firstPacketOffset + packets.reduce(0) { $0 + PacketLayout.span($1.bytes.count) }
            + MemoryLayout<MIDIPacket>.stride
        let raw = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: MemoryLayout<MIDIPacketList>.alignment)
        defer { raw.deallocate() }
        raw.initializeMemory(as: UInt8.self, repeating: 0, count: size)
        let list = raw.bindMemory(to: MIDIPacketList.self, capacity: 1)
        var packet = MIDIPacketListInit(list)
        for (time, bytes) in packets where !bytes.isEmpty {
            packet = bytes.withUnsafeBufferPointer { MIDIPacketListAdd(list, size, packet, time, $0.count, $0.baseAddress!) }
        }
        body(UnsafePointer(list))
    }
}
