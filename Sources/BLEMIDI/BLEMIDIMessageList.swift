/// Decoded messages kept back to back in reusable storage, for decoding without allocation:
/// reuse one list, `removeAll()` between packets, and once it has grown to the largest packet's
/// needs no decode allocates again. A value type: a copy shares storage until either is changed.
public struct BLEMIDIMessageList: @unchecked Sendable {
    /// The bytes of every message, one after the other, and for each message its timestamp and
    /// where its bytes end. Written through pointers: the decoder reserves a packet's worst case
    /// once, then stores without checks.
    final class Storage {
        var bytes: UnsafeMutablePointer<UInt8>
        var byteCapacity: Int
        var byteCount = 0
        var timestamps: UnsafeMutablePointer<UInt16>
        var ends: UnsafeMutablePointer<Int>
        var messageCapacity: Int
        var count = 0

        init(byteCapacity: Int, messageCapacity: Int) {
            self.byteCapacity = max(1, byteCapacity)
            self.messageCapacity = max(1, messageCapacity)
            bytes = .allocate(capacity: self.byteCapacity)
            timestamps = .allocate(capacity: self.messageCapacity)
            ends = .allocate(capacity: self.messageCapacity)
        }

        deinit {
            bytes.deallocate()
            timestamps.deallocate()
            ends.deallocate()
        }

        func copy(byteCapacity: Int, messageCapacity: Int) -> Storage {
            let copy = Storage(byteCapacity: byteCapacity, messageCapacity: messageCapacity)
            copy.bytes.update(from: bytes, count: byteCount)
            copy.timestamps.update(from: timestamps, count: count)
            copy.ends.update(from: ends, count: count)
            copy.byteCount = byteCount
            copy.count = count
            return copy
        }

        /// A writer that appends after the current end, for `reserve`d room.
        var writer: Writer { Writer(bytes: bytes, timestamps: timestamps, ends: ends, byteCount: byteCount, count: count) }

        /// Makes what `writer` wrote part of the list.
        func commit(_ writer: Writer) {
            byteCount = writer.byteCount
            count = writer.count
        }
    }

    /// Appends messages through the storage's pointers with the counts held in locals, so the
    /// decoder's stores need no checks or reloads; nothing counts until it is committed.
    struct Writer {
        let bytes: UnsafeMutablePointer<UInt8>
        let timestamps: UnsafeMutablePointer<UInt16>
        let ends: UnsafeMutablePointer<Int>
        var byteCount: Int
        var count: Int

        @inline(__always)
        mutating func append(byte: UInt8) {
            bytes[byteCount] = byte
            byteCount += 1
        }

        @inline(__always)
        mutating func finishMessage(_ timestamp: UInt16) {
            timestamps[count] = timestamp
            ends[count] = byteCount
            count += 1
        }
    }

    var storage: Storage

    public init(reservingBytes byteCapacity: Int = 1024, messages messageCapacity: Int = 256) {
        storage = Storage(byteCapacity: byteCapacity, messageCapacity: messageCapacity)
    }

    public var count: Int { storage.count }
    public var isEmpty: Bool { storage.count == 0 }
    /// All messages' bytes together.
    public var byteCount: Int { storage.byteCount }

    /// The 13-bit timestamp of the message at `index`.
    public func timestamp(at index: Int) -> UInt16 {
        precondition(index >= 0 && index < count, "message index out of range")
        return storage.timestamps[index]
    }

    /// Calls `body` with the bytes of the message at `index`, without copying them.
    public func withBytes<Result, Failure: Error>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result) throws(Failure) -> Result {
        precondition(index >= 0 && index < count, "message index out of range")
        let start = index == 0 ? 0 : storage.ends[index - 1]
        return try body(UnsafeBufferPointer(start: storage.bytes + start, count: storage.ends[index] - start))
    }

    /// The message at `index` as a value of its own (this allocates).
    public subscript(index: Int) -> BLEMIDIMessage {
        BLEMIDIMessage(timestamp: timestamp(at: index), bytes: withBytes(at: index) { Array($0) })
    }

    /// The messages as values of their own (this allocates; the tests and the CLI use it).
    public var messages: [BLEMIDIMessage] { (0..<count).map { self[$0] } }

    /// Empties the list and keeps its storage.
    public mutating func removeAll() {
        makeUnique()
        storage.count = 0
        storage.byteCount = 0
    }

    /// Makes sure `bytes` more bytes and `messages` more messages fit without further checks, and
    /// that the storage is this list's alone.
    mutating func reserve(bytes: Int, messages: Int) {
        let neededBytes = storage.byteCount + bytes, neededMessages = storage.count + messages
        if neededBytes <= storage.byteCapacity, neededMessages <= storage.messageCapacity {
            makeUnique()
            return
        }
        storage = storage.copy(byteCapacity: max(neededBytes, storage.byteCapacity * 2),
                               messageCapacity: max(neededMessages, storage.messageCapacity * 2))
    }

    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) {
            storage = storage.copy(byteCapacity: storage.byteCapacity, messageCapacity: storage.messageCapacity)
        }
    }
}
