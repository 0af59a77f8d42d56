// The words of one event packet as Swift collections (the overlay of iOS 16), and a class that
// owns one packet while it is filled. A packet's words may run past the 64 its struct declares
// when the list around it was built larger, as in C: these read `wordCount` words from memory.

extension MIDIEventPacket {
    /// The packet's words, indexed from 0.
    public struct WordCollection: RandomAccessCollection {
        public typealias Index = Int
        public typealias Element = UInt32
        public typealias Indices = Range<Int>
        public typealias SubSequence = Slice<MIDIEventPacket.WordCollection>
        public typealias Iterator = IndexingIterator<MIDIEventPacket.WordCollection>

        let packet: UnsafePointer<MIDIEventPacket>

        public init(_ p: UnsafePointer<MIDIEventPacket>) { packet = p }
        public init?(_ p: UnsafePointer<MIDIEventPacket>?) {
            guard let p else { return nil }
            packet = p
        }

        public var startIndex: Int { 0 }
        public var endIndex: Int { EventLayout.count(packet) }
        public var count: Int { endIndex }
        public subscript(index: Index) -> Element { EventLayout.word(packet, index) }
    }

    /// The packet's words, once through.
    public struct WordSequence: Sequence {
        public typealias Element = UInt32
        let packet: UnsafePointer<MIDIEventPacket>

        init(_ packet: UnsafePointer<MIDIEventPacket>) { self.packet = packet }

        public var count: Int { EventLayout.count(packet) }
        public func makeIterator() -> Iterator { Iterator(self) }

        public struct Iterator: IteratorProtocol {
            public typealias Element = UInt32
            let packet: UnsafePointer<MIDIEventPacket>
            var index = 0

            public init(_ s: MIDIEventPacket.WordSequence) { packet = s.packet }

            public mutating func next() -> UInt32? {
                guard index < EventLayout.count(packet) else { return nil }
                defer { index += 1 }
                return EventLayout.word(packet, index)
            }
        }
    }

    /// One packet in memory it owns, for up to `maximumNumberMIDIWords` words.
    public class Builder {
        private let storage: UnsafeMutableRawPointer
        private var pointer: UnsafeMutableMIDIEventPacketPointer
        public let capacity: Int

        public init(maximumNumberMIDIWords: Int) {
            capacity = maximumNumberMIDIWords
            let size = Swift.max(EventLayout.wordsOffset + 4 * maximumNumberMIDIWords, MemoryLayout<MIDIEventPacket>.size)
            storage = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: MemoryLayout<MIDIEventPacket>.alignment)
            storage.initializeMemory(as: UInt8.self, repeating: 0, count: size)
            pointer = UnsafeMutableMIDIEventPacketPointer(storage.bindMemory(to: MIDIEventPacket.self, capacity: 1))
        }

        deinit { storage.deallocate() }

        public var count: Int { pointer.count }
        public var timeStamp: Int {
            get { pointer.timeStamp }
            set { pointer.timeStamp = newValue }
        }

        /// Appends words; more than `capacity` in all is a programming error and traps.
        public func append(_ midiWords: UInt32...) {
            precondition(pointer.count + midiWords.count <= capacity, "MIDIEventPacket.Builder: more words than its capacity")
            let start = pointer.count
            pointer.count += midiWords.count
            for (offset, word) in midiWords.enumerated() { pointer[start + offset] = word }
        }

        public func withUnsafePointer<Result>(_ body: (UnsafePointer<MIDIEventPacket>) -> Result) -> Result {
            body(UnsafePointer(pointer.packet))
        }

        public func withUnsafeMutableMIDIEventPacketPointer<Result>(_ body: (inout UnsafeMutableMIDIEventPacketPointer) -> Result) -> Result {
            body(&pointer)
        }
    }
}

/// A mutable packet: its words, its word count and its time stamp, written through to memory.
public struct UnsafeMutableMIDIEventPacketPointer: MutableCollection, RandomAccessCollection {
    public typealias Index = Int
    public typealias Element = UInt32
    public typealias Indices = Range<Int>
    public typealias SubSequence = Slice<UnsafeMutableMIDIEventPacketPointer>
    public typealias Iterator = MIDIEventPacket.WordSequence.Iterator

    let packet: UnsafeMutablePointer<MIDIEventPacket>

    public init(_ p: UnsafeMutablePointer<MIDIEventPacket>) { packet = p }
    public init?(_ p: UnsafeMutablePointer<MIDIEventPacket>?) {
        guard let p else { return nil }
        packet = p
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }
    /// The word count; setting it does not clear or check the memory behind it.
    public var count: Int {
        get { EventLayout.count(UnsafePointer(packet)) }
        nonmutating set { packet.pointer(to: \.wordCount)!.pointee = UInt32(newValue) }
    }
    public var timeStamp: Int {
        get { Int(truncatingIfNeeded: packet.pointee.timeStamp) }
        nonmutating set { packet.pointer(to: \.timeStamp)!.pointee = MIDITimeStamp(truncatingIfNeeded: newValue) }
    }

    public subscript(index: Index) -> Element {
        get { EventLayout.word(UnsafePointer(packet), index) }
        nonmutating set {
            (UnsafeMutableRawPointer(packet) + EventLayout.wordsOffset).storeBytes(of: newValue, toByteOffset: 4 * index, as: UInt32.self)
        }
    }

    public func makeIterator() -> MIDIEventPacket.WordSequence.Iterator { Iterator(MIDIEventPacket.WordSequence(UnsafePointer(packet))) }
}

extension UnsafePointer where Pointee == MIDIEventPacket {
    public func words() -> MIDIEventPacket.WordCollection { MIDIEventPacket.WordCollection(self) }
    public func sequence() -> MIDIEventPacket.WordSequence { MIDIEventPacket.WordSequence(self) }
}

extension EventLayout {
    /// A packet's word count, read without copying the 64-word struct.
    static func count(_ packet: UnsafePointer<MIDIEventPacket>) -> Int {
        Int(UnsafeRawPointer(packet).load(fromByteOffset: countOffset, as: UInt32.self))
    }

    static func word(_ packet: UnsafePointer<MIDIEventPacket>, _ index: Int) -> UInt32 {
        precondition(index >= 0 && index < EventLayout.count(packet), "word index out of range")
        return (UnsafeRawPointer(packet) + wordsOffset).load(fromByteOffset: 4 * index, as: UInt32.self)
    }
}
