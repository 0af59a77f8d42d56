import BLEMIDI
import SimCore

/// One BLE connection between the device and a peer, from the connection request until it
/// drops. MIDI crosses it as BLE-MIDI packets, only at connection events, at most
/// `packetsPerEvent` packets per direction per event.
public final class BLELink {
    public enum State: String, Sendable {
        /// Connection requested, not up yet.
        case connecting
        /// Connected; the user has not yet answered the pairing dialog. Nothing flows.
        case awaitingPairing
        /// Paired, MTU exchanged, notifications on: MIDI flows.
        case ready
        case closed
    }

    /// Which side the device plays on this link.
    public enum LocalRole: String, Sendable { case central, peripheral }

    /// Links are numbered from 1 in the order they were made.
    public let id: Int
    public let peer: String
    public let localRole: LocalRole
    public internal(set) var state: State = .connecting
    public internal(set) var interval: HostDuration = .zero
    /// The largest BLE-MIDI packet: ATT_MTU − 3.
    public internal(set) var payloadSize = BLEMIDIService.defaultATTMTU - BLEMIDIService.attHeaderBytes
    /// The first connection event; the others follow every `interval`.
    var anchor: HostTime = .zero
    var lastTraffic: HostTime = .zero
    var idleCheckPending = false
    /// Peer to device, and device to peer.
    var inbound = LinkDirection()
    var outbound = LinkDirection()
    /// The other simulated device's end of this connection (device to device), if the peer is one.
    var twin: BLETwin?
    /// This side's user accepted pairing (device to device: both sides must).
    var pairingAccepted = false
    /// Packets carried so far (both directions), for tests and benchmarks.
    public internal(set) var packetsCarried = 0
    /// Packets that went as notifications (peripheral to central) and as writes without
    /// response (central to peripheral): the only two ways the I/O characteristic carries MIDI.
    public internal(set) var notificationsCarried = 0
    public internal(set) var writesCarried = 0
    /// What the central read from the I/O characteristic when the link came up.
    public internal(set) var characteristicRead: [UInt8]?

    init(id: Int, peer: String, localRole: LocalRole) {
        self.id = id
        self.peer = peer
        self.localRole = localRole
    }

    /// Counts `packets` sent by the peer (`inbound`) or by the device under the ATT operation
    /// their sender's role uses.
    func carried(_ packets: Int, inbound: Bool) {
        packetsCarried += packets
        let fromPeripheral = inbound == (localRole == .central)
        if fromPeripheral { notificationsCarried += packets } else { writesCarried += packets }
    }

    /// The first connection event at or after `time`.
    func nextEvent(atOrAfter time: HostTime) -> HostTime {
        let step = interval.nanoseconds
        let elapsed = max(0, time.nanoseconds - anchor.nanoseconds)
        return HostTime(nanoseconds: anchor.nanoseconds + (elapsed + step - 1) / step * step)
    }
}

/// What waits to cross the link in one direction.
struct LinkDirection {
    /// Messages not yet packed; the sender's 13-bit millisecond clock stamps each.
    var messages: [BLEMIDIMessage] = []
    /// Packed packets that did not fit in an earlier connection event.
    var packets: [[UInt8]] = []
    var eventScheduled = false
    var decoder = BLEMIDIDecoder()
    /// Maps the sender's packet timestamps onto the receiver's host time.
    var clock = BLEMIDIClockReconstructor()

    var isEmpty: Bool { messages.isEmpty && packets.isEmpty }

    /// The packets for this event (at most `limit`), packing pending messages at `payload` bytes.
    mutating func take(_ limit: Int, payload: Int) -> ArraySlice<[UInt8]> {
        if !messages.isEmpty {
            var encoder = BLEMIDIEncoder(mtu: payload)
            packets += encoder.encode(messages)
            messages.removeAll(keepingCapacity: true)
        }
        let count = min(limit, packets.count)
        let taken = packets[..<count]
        packets.removeFirst(count)
        return taken
    }
}
