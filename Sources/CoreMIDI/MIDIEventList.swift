import MediaServer

/// One timestamped run of Universal MIDI Packet words (native endian).
public struct MIDIEventPacket {
    public var timeStamp: MIDITimeStamp
    public var wordCount: UInt32
    public var words: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32)

    public init() {
        timeStamp = 0
        wordCount = 0
        words = emptyPacketWords
    }

    public init(timeStamp: MIDITimeStamp, wordCount: UInt32, words: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32)) {
        self.timeStamp = timeStamp
        self.wordCount = wordCount
        self.words = words
    }
}

/// A list of event packets in one protocol, timestamps ascending. Pass it by pointer only.
public struct MIDIEventList {
    public var `protocol`: MIDIProtocolID
    public var numPackets: UInt32
    public var packet: MIDIEventPacket

    public init() {
        self.protocol = ._1_0
        numPackets = 0
        packet = MIDIEventPacket()
    }

    public init(protocol: MIDIProtocolID, numPackets: UInt32, packet: MIDIEventPacket) {
        self.protocol = `protocol`
        self.numPackets = numPackets
        self.packet = packet
    }
}

enum EventLayout {
    static let wordsOffset = MemoryLayout<MIDIEventPacket>.offset(of: \MIDIEventPacket.words)!
    static let countOffset = MemoryLayout<MIDIEventPacket>.offset(of: \MIDIEventPacket.wordCount)!
    static let firstPacketOffset = MemoryLayout<MIDIEventList>.offset(of: \MIDIEventList.packet)!
    static let numPacketsOffset = MemoryLayout<MIDIEventList>.offset(of: \MIDIEventList.numPackets)!
    static let alignment = MemoryLayout<MIDIEventPacket>.alignment

    static func span(_ words: Int) -> Int { (wordsOffset + 4 * words + alignment - 1) / alignment * alignment }
}

/// Empties the list, sets its protocol and returns its first packet.
public func MIDIEventListInit(_ evtlist: UnsafeMutablePointer<MIDIEventList>,
                              _ protocol: MIDIProtocolID) -> UnsafeMutablePointer<MIDIEventPacket> {
    evtlist.pointer(to: \.protocol)!.pointee = `protocol`
    evtlist.pointer(to: \.numPackets)!.pointee = 0
    let first = evtlist.pointer(to: \.packet)!
    first.pointer(to: \.wordCount)!.pointee = 0
    return first
}

/// Appends one event's words at `time`: to `curPacket` when the time is the same, else as a new
/// packet after it. Returns the packet written. When `listSize` bytes cannot hold it, Apple's C
/// function returns NULL, which its non-optional Swift signature cannot express: as
/// `MIDIPacketListAdd` here, it writes nothing and returns `curPacket`.
public func MIDIEventListAdd(_ evtlist: UnsafeMutablePointer<MIDIEventList>, _ listSize: Int,
                             _ curPacket: UnsafeMutablePointer<MIDIEventPacket>, _ time: MIDITimeStamp,
                             _ wordCount: Int, _ words: UnsafePointer<UInt32>) -> UnsafeMutablePointer<MIDIEventPacket> {
    EventLayout.add(evtlist, listSize, curPacket, time, wordCount, words) ?? curPacket
}

extension EventLayout {
    /// `MIDIEventListAdd` as C has it: nil when the list is full.
    static func add(_ evtlist: UnsafeMutablePointer<MIDIEventList>, _ listSize: Int,
                    _ curPacket: UnsafeMutablePointer<MIDIEventPacket>, _ time: MIDITimeStamp,
                    _ wordCount: Int, _ words: UnsafePointer<UInt32>) -> UnsafeMutablePointer<MIDIEventPacket>? {
        let listStart = UnsafeMutableRawPointer(evtlist)
        let current = UnsafeMutableRawPointer(curPacket)
        let count = Int(listStart.load(fromByteOffset: numPacketsOffset, as: UInt32.self))
        let currentWords = Int(current.load(fromByteOffset: countOffset, as: UInt32.self))
        if count > 0, current.load(as: UInt64.self) == time,
           current - listStart + wordsOffset + 4 * (currentWords + wordCount) <= listSize {
            (current + wordsOffset + 4 * currentWords).copyMemory(from: words, byteCount: 4 * wordCount)
            current.storeBytes(of: UInt32(currentWords + wordCount), toByteOffset: countOffset, as: UInt32.self)
            return curPacket
        }
        let target = count == 0 ? current : current + span(currentWords)
        guard target - listStart + wordsOffset + 4 * wordCount <= listSize else { return nil }
        target.storeBytes(of: time, as: UInt64.self)
        target.storeBytes(of: UInt32(wordCount), toByteOffset: countOffset, as: UInt32.self)
        (target + wordsOffset).copyMemory(from: words, byteCount: 4 * wordCount)
        listStart.storeBytes(of: UInt32(count + 1), toByteOffset: numPacketsOffset, as: UInt32.self)
        return target.assumingMemoryBound(to: MIDIEventPacket.self)
    }
}

/// The packet after `pkt` in its list (a mutable pointer, as Apple's Swift returns).
public func MIDIEventPacketNext(_ pkt: UnsafePointer<MIDIEventPacket>) -> UnsafeMutablePointer<MIDIEventPacket> {
    let raw = UnsafeMutableRawPointer(mutating: pkt)
    let words = Int(raw.load(fromByteOffset: EventLayout.countOffset, as: UInt32.self))
    return (raw + EventLayout.span(words)).assumingMemoryBound(to: MIDIEventPacket.self)
}

extension MIDIEventList {
    /// The packets of a list, as pointers (valid while the list is).
    public struct UnsafeSequence: Sequence {
        public typealias Element = UnsafePointer<MIDIEventPacket>
        let list: UnsafePointer<MIDIEventList>

        /// The number of packets.
        public var count: Int { Int(list.pointee.numPackets) }

        public func makeIterator() -> Iterator { Iterator(self) }

        public struct Iterator: IteratorProtocol {
            public typealias Element = UnsafePointer<MIDIEventPacket>
            var remaining: Int
            var upcoming: UnsafePointer<MIDIEventPacket>

            public init(_ s: MIDIEventList.UnsafeSequence) {
                remaining = s.count
                upcoming = (UnsafeRawPointer(s.list) + EventLayout.firstPacketOffset).assumingMemoryBound(to: MIDIEventPacket.self)
            }

            public mutating func next() -> UnsafePointer<MIDIEventPacket>? {
                guard remaining > 0 else { return nil }
                remaining -= 1
                defer { upcoming = UnsafePointer(MIDIEventPacketNext(upcoming)) }
                return upcoming
            }
        }
    }
}

extension UnsafePointer where Pointee == MIDIEventList {
    public func unsafeSequence() -> MIDIEventList.UnsafeSequence { MIDIEventList.UnsafeSequence(list: self) }
}

extension UnsafeMutablePointer where Pointee == MIDIEventList {
    public func unsafeSequence() -> MIDIEventList.UnsafeSequence { MIDIEventList.UnsafeSequence(list: UnsafePointer(self)) }
}

/// Reading and building event lists for the server.
enum EventListCoding {
    static func packets(_ list: UnsafePointer<MIDIEventList>) -> [(time: MIDITimeStamp, words: [UInt32])] {
        list.unsafeSequence().map { packet in
            let raw = UnsafeRawPointer(packet)
            let count = Int(raw.load(fromByteOffset: EventLayout.countOffset, as: UInt32.self))
            let words = UnsafeBufferPointer(start: (raw + EventLayout.wordsOffset).assumingMemoryBound(to: UInt32.self), count: count)
            return (raw.load(as: UInt64.self), Array(words))
        }
    }

    /// What a receiver in `protocol` gets for the server's messages: each message's words at its
    /// time (messages with none in that protocol are left out).
    static func packets(_ messages: [MIDITimedMessage], protocol: MIDIProtocolID) -> [(time: MIDITimeStamp, words: [UInt32])] {
        messages.map { ($0.timeStamp, UMPTranslation.words(for: $0, protocol: `protocol`)) }.filter { !$0.1.isEmpty }
    }

    static func withEventList(_ protocol: MIDIProtocolID, _ packets: [(time: MIDITimeStamp, words: [UInt32])],
                              _ body: (UnsafePointer<MIDIEventList>) -> Void) {
        let size = EventLayout.firstPacketOffset + packets.reduce(0) { $0 + EventLayout.span($1.words.count) }
            + MemoryLayout<MIDIEventPacket>.stride
        let raw = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: MemoryLayout<MIDIEventList>.alignment)
        defer { raw.deallocate() }
        raw.initializeMemory(as: UInt8.self, repeating: 0, count: size)
        let list = raw.bindMemory(to: MIDIEventList.self, capacity: 1)
        var packet = MIDIEventListInit(list, `protocol`)
        for (time, words) in packets where !words.isEmpty {
            packet = words.withUnsafeBufferPointer { MIDIEventListAdd(list, size, packet, time, $0.count, $0.baseAddress!) }
        }
        body(UnsafePointer(list))
    }
}
