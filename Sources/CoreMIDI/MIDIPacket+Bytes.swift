/// The bytes of one packet as Swift collections, as Apple's CoreMIDI overlay gives them: a
/// read-only random-access view (`UnsafePointer<MIDIPacket>.bytes()`) and a plain sequence.
/// Both read the packet in place, so they are valid while the packet is.
extension MIDIPacket {
    public struct ByteCollection: RandomAccessCollection {
        public typealias Element = UInt8
        public typealias Index = Int
        public typealias Indices = Range<Int>
        public typealias Iterator = IndexingIterator<MIDIPacket.ByteCollection>
        public typealias SubSequence = Slice<MIDIPacket.ByteCollection>

        let packet: UnsafeRawPointer

        public init(_ p: UnsafePointer<MIDIPacket>) { packet = UnsafeRawPointer(p) }

        public var startIndex: Int { 0 }
        public var endIndex: Int { Int(packet.load(fromByteOffset: 8, as: UInt16.self)) }
        public var count: Int { endIndex }
        public subscript(index: MIDIPacket.ByteCollection.Index) -> MIDIPacket.ByteCollection.Element {
            precondition(index >= 0 && index < endIndex, "MIDIPacket.ByteCollection: index out of range")
            return packet.load(fromByteOffset: PacketLayout.dataOffset + index, as: UInt8.self)
        }
    }

    public struct ByteSequence: Sequence {
        public typealias Element = UInt8
        let packet: UnsafeRawPointer

        init(_ packet: UnsafeRawPointer) { self.packet = packet }

        public var count: Int { Int(packet.load(fromByteOffset: 8, as: UInt16.self)) }
        public func makeIterator() -> MIDIPacket.ByteSequence.Iterator { Iterator(self) }

        public struct Iterator: IteratorProtocol {
            public typealias Element = UInt8
            let sequence: ByteSequence
            var position = 0

            public init(_ s: MIDIPacket.ByteSequence) { sequence = s }

            public mutating func next() -> UInt8? {
                guard position < sequence.count else { return nil }
                defer { position += 1 }
                return sequence.packet.load(fromByteOffset: PacketLayout.dataOffset + position, as: UInt8.self)
            }
        }
    }
}

extension UnsafePointer where Pointee == MIDIPacket {
    /// The packet's bytes (its first `length` data bytes).
    public func bytes() -> MIDIPacket.ByteCollection { MIDIPacket.ByteCollection(self) }
}
