// The Swift overlay's way of building event lists (iOS 16): a pointer that knows its list's
// capacity, and a class that owns the memory. Both write through MIDIEventListInit and
// MIDIEventListAdd, so lists built either way are laid out alike.

extension MIDIEventList {
    /// The bytes the list's packets take, from its start to the end of its last packet.
    public static func sizeInBytes(pktList: UnsafePointer<MIDIEventList>) -> Int {
        EventLayout.firstPacketOffset + pktList.unsafeSequence().reduce(0) { $0 + EventLayout.span(Int($1.pointee.wordCount)) }
    }

    /// An event list in memory it owns. `wordSize` is its capacity in 32-bit words; it is never
    /// less than one `MIDIEventList`, whose single packet holds 64 words.
    public class Builder {
        private let storage: UnsafeMutableRawPointer
        private var pointer: UnsafeMutableMIDIEventListPointer

        public init(inProtocol: MIDIProtocolID, wordSize: Int) {
            let size = Swift.max(wordSize * 4, MemoryLayout<MIDIEventList>.size)
            storage = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: MemoryLayout<MIDIEventList>.alignment)
            storage.initializeMemory(as: UInt8.self, repeating: 0, count: size)
            pointer = UnsafeMutableMIDIEventListPointer(storage.bindMemory(to: MIDIEventList.self, capacity: 1),
                                                        byteSize: size, inProtocol: inProtocol)
        }

        deinit { storage.deallocate() }

        /// The number of packets.
        public var count: Int { pointer.count }

        /// Adds `words` at `timestamp`; nil when the list is full.
        @discardableResult
        public func append(timestamp: MIDITimeStamp, words: [UInt32]) -> UnsafePointer<MIDIEventPacket>? {
            pointer.append(timestamp: timestamp, words: words)
        }

        /// Empties the list, keeping its protocol.
        public func clear() { pointer.clear() }

        public func withUnsafePointer<Result>(_ body: (UnsafePointer<MIDIEventList>) -> Result) -> Result {
            body(UnsafePointer(pointer.list))
        }

        public func withUnsafeMutableMIDIEventListPointer<Result>(_ body: (inout UnsafeMutableMIDIEventListPointer) -> Result) -> Result {
            body(&pointer)
        }
    }
}

/// A mutable event list with the size of its memory, iterable as its packets.
public struct UnsafeMutableMIDIEventListPointer: Sequence {
    public typealias Element = UnsafePointer<MIDIEventPacket>
    public typealias Iterator = MIDIEventList.UnsafeSequence.Iterator

    let list: UnsafeMutablePointer<MIDIEventList>
    /// The capacity in bytes.
    public let listSizeInBytes: Int
    /// The packet the next append joins or follows (C's `curPacket`).
    private var current: UnsafeMutablePointer<MIDIEventPacket>

    /// Starts an empty list in `protocol` in `wordSize` 32-bit words of memory at `p`.
    public init(_ p: UnsafeMutablePointer<MIDIEventList>, wordSize: Int, inProtocol: MIDIProtocolID) {
        self.init(p, byteSize: wordSize * 4, inProtocol: inProtocol)
    }

    init(_ p: UnsafeMutablePointer<MIDIEventList>, byteSize: Int, inProtocol: MIDIProtocolID) {
        list = p
        listSizeInBytes = byteSize
        current = MIDIEventListInit(p, inProtocol)
    }

    /// Wraps a list that already holds packets; appends go after its last one. Nil for nil.
    public init?(_ p: UnsafeMutablePointer<MIDIEventList>?, wordSize: Int) {
        guard let p else { return nil }
        list = p
        listSizeInBytes = wordSize * 4
        current = p.pointer(to: \.packet)!
        for packet in UnsafePointer(p).unsafeSequence() { current = UnsafeMutablePointer(mutating: packet) }
    }

    public var count: Int { Int(list.pointee.numPackets) }
    public var midiProtocol: MIDIProtocolID { list.pointee.protocol }
    /// The last packet, nil while the list is empty.
    public var lastPacket: UnsafeMutablePointer<MIDIEventPacket>? { count == 0 ? nil : current }

    /// Adds `words` at `timestamp` (joining the last packet when its time is the same); nil when
    /// the list has no room for them.
    @discardableResult
    public mutating func append(timestamp: MIDITimeStamp, words: [UInt32]) -> UnsafePointer<MIDIEventPacket>? {
        guard !words.isEmpty else { return nil }
        let written = words.withUnsafeBufferPointer {
            EventLayout.add(list, listSizeInBytes, current, timestamp, $0.count, $0.baseAddress!)
        }
        guard let written else { return nil }
        current = written
        return UnsafePointer(written)
    }

    public mutating func clear() { current = MIDIEventListInit(list, midiProtocol) }

    public func makeIterator() -> MIDIEventList.UnsafeSequence.Iterator { UnsafePointer(list).unsafeSequence().makeIterator() }
}
