/// A packet's bytes, read and written in place through a pointer (Apple's CoreMIDI overlay): the
/// count is the packet's `length`, the time stamp its `timeStamp`. Writing past the packet's storage
/// is the caller's concern, as with the pointer itself.
public struct UnsafeMutableMIDIPacketPointer: RandomAccessCollection, MutableCollection {
    public typealias Element = UInt8
    public typealias Index = Int
    public typealias Indices = Range<Int>
    public typealias Iterator = MIDIPacket.ByteSequence.Iterator
    public typealias SubSequence = Slice<UnsafeMutableMIDIPacketPointer>

    let packet: UnsafeMutableRawPointer

    public init?(_ p: UnsafeMutablePointer<MIDIPacket>?) {
        guard let p else { return nil }
        packet = UnsafeMutableRawPointer(p)
    }

    public var timeStamp: Int {
        get { Int(truncatingIfNeeded: packet.load(as: MIDITimeStamp.self)) }
        nonmutating set { packet.storeBytes(of: MIDITimeStamp(truncatingIfNeeded: newValue), as: MIDITimeStamp.self) }
    }
    public var count: Int {
        get { Int(packet.load(fromByteOffset: 8, as: UInt16.self)) }
        nonmutating set { packet.storeBytes(of: UInt16(newValue), toByteOffset: 8, as: UInt16.self) }
    }
    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    public subscript(index: UnsafeMutableMIDIPacketPointer.Index) -> UnsafeMutableMIDIPacketPointer.Element {
        get {
            precondition(index >= 0 && index < count, "UnsafeMutableMIDIPacketPointer: index out of range")
            return packet.load(fromByteOffset: PacketLayout.dataOffset + index, as: UInt8.self)
        }
        nonmutating set {
            precondition(index >= 0 && index < count, "UnsafeMutableMIDIPacketPointer: index out of range")
            packet.storeBytes(of: newValue, toByteOffset: PacketLayout.dataOffset + index, as: UInt8.self)
        }
    }

    public func makeIterator() -> MIDIPacket.ByteSequence.Iterator {
        MIDIPacket.ByteSequence.Iterator(MIDIPacket.ByteSequence(UnsafeRawPointer(packet)))
    }
}
