/// Decoded messages kept back to back in reusable storage, for decoding without allocation:
/// reuse one list, `removeAll()` between packets, and once it has grown to the largest packet's
/// needs no decode allocates again.
public struct BLEMIDIMessageList: Sendable {
    /// Every message's bytes, one after the other.
    public private(set) var bytes: [UInt8] = []
    private var timestamps: [UInt16] = []
    /// Where each message's bytes end in `bytes`.
    private var ends: [Int] = []

    public init(reservingBytes byteCapacity: Int = 1024, messages messageCapacity: Int = 256) {
        bytes.reserveCapacity(byteCapacity)
        timestamps.reserveCapacity(messageCapacity)
        ends.reserveCapacity(messageCapacity)
    }

    public var count: Int { timestamps.count }
    public var isEmpty: Bool { timestamps.isEmpty }

    /// The message at `index`: its 13-bit timestamp and a view of its bytes (no copy).
    public subscript(index: Int) -> (timestamp: UInt16, bytes: ArraySlice<UInt8>) {
        let start = index == 0 ? 0 : ends[index - 1]
        return (timestamps[index], bytes[start..<ends[index]])
    }

    /// The messages as values of their own (this allocates; the codec's tests and CLI use it).
    public var messages: [BLEMIDIMessage] {
        (0..<count).map { BLEMIDIMessage(timestamp: self[$0].timestamp, bytes: Array(self[$0].bytes)) }
    }

    /// Empties the list and keeps its storage.
    public mutating func removeAll() {
        truncate(to: 0)
    }

    /// Drops the messages from `count` on, keeping storage: how a rejected packet is undone.
    mutating func truncate(to count: Int) {
        guard count < self.count else { return }
        bytes.removeSubrange((count == 0 ? 0 : ends[count - 1])...)
        timestamps.removeSubrange(count...)
        ends.removeSubrange(count...)
    }

    /// Appends `status` followed by `data` as one message.
    @inline(__always)
    mutating func append(timestamp: UInt16, status: UInt8, data: UnsafeBufferPointer<UInt8>.SubSequence) {
        bytes.append(status)
        bytes.append(contentsOf: data)
        finishMessage(timestamp)
    }

    mutating func append(timestamp: UInt16, bytes message: [UInt8]) {
        bytes.append(contentsOf: message)
        finishMessage(timestamp)
    }

    @inline(__always)
    private mutating func finishMessage(_ timestamp: UInt16) {
        timestamps.append(timestamp)
        ends.append(bytes.count)
    }
}
