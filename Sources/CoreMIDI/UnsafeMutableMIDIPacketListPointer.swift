/// A packet list in a buffer of `byteSize` bytes, filled with `append(timestamp:data:)` (Apple's
/// CoreMIDI overlay over `MIDIPacketListAdd`): data at the last packet's time joins that packet,
/// other data starts a new one, and data the buffer cannot hold is refused with `nil`.
public struct UnsafeMutableMIDIPacketListPointer: Sequence {
    public typealias Element = UnsafePointer<MIDIPacket>
    public typealias Iterator = MIDIPacketList.UnsafeSequence.Iterator

    let list: UnsafeMutablePointer<MIDIPacketList>
    public let listSizeInBytes: Int

    /// `nil` for a nil pointer or a buffer too small for the list's header.
    public init?(_ p: UnsafeMutablePointer<MIDIPacketList>?, byteSize: Int) {
        guard let p, byteSize >= PacketLayout.firstPacketOffset + PacketLayout.dataOffset else { return nil }
        list = p
        listSizeInBytes = byteSize
    }

    public var count: Int { Int(list.pointee.numPackets) }

    public var lastPacket: UnsafeMutablePointer<MIDIPacket>? {
        var last: UnsafePointer<MIDIPacket>?
        for packet in UnsafePointer(list).unsafeSequence() { last = packet }
        return last.map { UnsafeMutablePointer(mutating: $0) }
    }

    @discardableResult
    public mutating func append(timestamp: MIDITimeStamp, data: [UInt8]) -> UnsafePointer<MIDIPacket>? {
        guard !data.isEmpty else { return nil }
        let first = (UnsafeMutableRawPointer(list) + PacketLayout.firstPacketOffset).assumingMemoryBound(to: MIDIPacket.self)
        let current = lastPacket ?? first
        let packetsBefore = count
        let lengthBefore = Int(UnsafeRawPointer(current).load(fromByteOffset: 8, as: UInt16.self))
        let written = data.withUnsafeBufferPointer {
            MIDIPacketListAdd(list, listSizeInBytes, current, timestamp, $0.count, $0.baseAddress!)
        }
        let lengthAfter = Int(UnsafeRawPointer(written).load(fromByteOffset: 8, as: UInt16.self))
        // MIDIPacketListAdd returns the current packet unchanged when the data does not fit.
        if count == packetsBefore && (written != current || lengthAfter == lengthBefore) { return nil }
        return UnsafePointer(written)
    }

    public mutating func clear() { _ = MIDIPacketListInit(list) }

    public func makeIterator() -> MIDIPacketList.UnsafeSequence.Iterator { UnsafePointer(list).unsafeSequence().makeIterator() }
}
