/// Places received BLE-MIDI messages on the receiver's clock (host time in nanoseconds).
///
/// The sender stamps messages with its own millisecond clock, 13 bits wide, so the stamps wrap
/// every 8.192 s and say nothing about the receiver's clock; the specification leaves the
/// mapping to the receiver. This one works as PipeWire's does in outline: the latest timestamp in
/// a packet was taken shortly before the packet arrived. Each packet's latest timestamp is
/// unwrapped against the receiver time elapsed since the previous packet (so wraps, and gaps of
/// many periods, are counted), and the offset between the two clocks is the smallest
/// arrival-minus-send difference seen: a packet that spent less time in transit lowers it at
/// once, a late one cannot raise it, and it creeps up by at most `driftAllowance` (parts per
/// million of elapsed time) so that a sender whose clock runs slow is followed. Messages thus keep
/// the spacing their sender gave them instead of the connection interval's jitter, and never
/// land after the arrival of their packet.
public struct BLEMIDIClockReconstructor: Sendable {
    /// How fast the clock offset may grow, in parts per million of the elapsed host time.
    public let driftAllowance: Int64

    private var anchor: (senderMilliseconds: Int64, arrival: UInt64)?
    /// Receiver time minus sender time (ns), of the fastest packet so far, aged by the drift allowance.
    private var offset: Int64 = 0
    /// The unwrapped sender time of the current packet's latest timestamp, in milliseconds.
    private var packetSenderMilliseconds: Int64 = 0
    private var packetLatest: UInt16 = 0

    public init(driftAllowance partsPerMillion: Int64 = 500) {
        driftAllowance = partsPerMillion
    }

    /// Takes in a packet that arrived at host time `arrival` whose latest (last) message timestamp
    /// is `latestTimestamp`. Call once per packet, before `hostTime(of:)` for its messages.
    public mutating func receivePacket(arrival: UInt64, latestTimestamp: UInt16) {
        let latest = Int64(latestTimestamp & BLEMIDITime.maximum)
        let period = Int64(BLEMIDITime.period)
        let observed: Int64
        if let anchor {
            let elapsed = Int64(bitPattern: arrival &- anchor.arrival)
            let expected = anchor.senderMilliseconds + elapsed / 1_000_000
            packetSenderMilliseconds = expected + Self.wrappedDistance(from: expected, to: latest, period: period)
            observed = Int64(bitPattern: arrival) - packetSenderMilliseconds * 1_000_000
            offset = min(observed, offset + max(0, elapsed) / 1_000_000 * driftAllowance)
        } else {
            packetSenderMilliseconds = latest
            observed = Int64(bitPattern: arrival) - latest * 1_000_000
            offset = observed
        }
        anchor = (packetSenderMilliseconds, arrival)
        packetLatest = UInt16(latest)
    }

    /// The host time of a message in the current packet stamped `timestamp` (not after the packet's
    /// latest timestamp; earlier by less than one period).
    public func hostTime(of timestamp: UInt16) -> UInt64 {
        let before = (Int64(packetLatest) - Int64(timestamp & BLEMIDITime.maximum) + Int64(BLEMIDITime.period)) % Int64(BLEMIDITime.period)
        return UInt64(bitPattern: (packetSenderMilliseconds - before) * 1_000_000 + offset)
    }

    /// The signed step, within half a period either way, that takes `from` to a value congruent
    /// to `to` modulo `period`.
    static func wrappedDistance(from: Int64, to: Int64, period: Int64) -> Int64 {
        var step = (to - from) % period
        if step < 0 { step += period }
        return step >= period / 2 ? step - period : step
    }
}
