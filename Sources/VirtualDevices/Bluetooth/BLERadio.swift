import BLEMIDI
import SimCore

/// The device's Bluetooth LE radio for MIDI, and the peers in range: advertising, scanning,
/// connecting, the pairing Apple enforces, the MTU exchange, connection events that carry
/// BLE-MIDI packets, link loss, power, idle disconnect and reconnection.
///
/// Everything runs on the host's one clock; delivery jitter comes from a seeded stream, so a
/// seed gives the same link timing every run.
public final class BLERadio {
    public let settings: BLELinkSettings
    /// Peers in the order they first appeared.
    public private(set) var peers: [BLEPeer] = []
    /// Every link ever made, oldest first; closed ones stay for the record.
    public private(set) var links: [BLELink] = []
    /// The name the device advertises under while it offers itself as a peripheral.
    public private(set) var localAdvertisement: String?
    /// The air shared with other simulated devices, and this device's name there (device to device).
    private(set) var air: BLEAir?
    public private(set) var deviceName: String?
    private unowned let host: BLERadioHost
    private var random: SimRandom

    public init(host: BLERadioHost, settings: BLELinkSettings, random: SimRandom) {
        self.host = host
        self.settings = settings
        self.random = random
    }

    /// The open (not closed) link with `peer`, if any.
    public func link(to peer: String) -> BLELink? {
        links.last { $0.peer == peer && $0.state != .closed }
    }

    public func peer(named name: String) -> BLEPeer? { peers.first { $0.name == name } }

    func joined(_ air: BLEAir, as name: String) {
        self.air = air
        deviceName = name
    }

    // MARK: Advertising and scanning

    /// A peripheral in range (created on first mention) starts advertising the MIDI service.
    public func advertise(peripheral name: String, requestedInterval: HostDuration? = nil, attMTU: Int? = nil) throws(BLERadioError) {
        var peer = peer(named: name) ?? BLEPeer(name: name, role: .peripheral)
        guard peer.role == .peripheral else { throw .wrongRole(name, is: peer.role) }
        guard link(to: name) == nil else { throw .alreadyConnected(name) }
        if let requestedInterval { peer.requestedInterval = requestedInterval }
        if let attMTU { peer.attMTU = attMTU }
        peer.poweredOn = true
        peer.advertising = true
        store(peer)
        host.record("ble.advertising", ["peer": .string(name), "service": .string(BLEMIDIService.serviceUUID),
                                        "requestedIntervalUs": .int(peer.requestedInterval.nanoseconds / 1_000),
                                        "attMTU": .integer(peer.attMTU)])
    }

    /// The device advertises itself as a BLE-MIDI peripheral under `name`.
    /// Without a name it is the device's own ("iPad Air MIDI"); the user may change it.
    public func advertiseDevice(as name: String? = nil) throws(BLERadioError) {
        guard settings.available else { throw .unavailable }
        let name = name ?? settings.advertisedName
        localAdvertisement = name
        host.record("ble.advertising", ["peer": "device", "name": .string(name), "service": .string(BLEMIDIService.serviceUUID)])
    }

    /// The device, as central, lists the peripherals advertising the MIDI service.
    @discardableResult
    public func scan() -> [String] {
        guard settings.available else {
            host.record("ble.scan", ["service": .string(BLEMIDIService.serviceUUID), "found": .list([])])
            return []
        }
        var found = peers.filter { $0.role == .peripheral && $0.advertising }.map(\.name)
        for device in air?.advertisers(besides: self) ?? [] where link(to: device.name) == nil && !found.contains(device.name) {
            found.append(device.name)
        }
        host.record("ble.scan", ["service": .string(BLEMIDIService.serviceUUID), "found": .list(found.map { .string($0) })])
        return found
    }

    // MARK: Connecting and pairing

    /// The device, as central, connects to an advertising peripheral.
    public func connect(peripheral name: String) throws(BLERadioError) {
        guard settings.available else { throw .unavailable }
        if peer(named: name)?.advertising != true, let device = advertisingDevice(named: name) {
            return try connect(toDevice: device, advertisedAs: name)
        }
        let peer = try existing(name)
        guard peer.role == .peripheral else { throw .wrongRole(name, is: peer.role) }
        guard peer.poweredOn else { throw .poweredOff(name) }
        guard link(to: name) == nil else { throw .alreadyConnected(name) }
        guard peer.advertising else { throw .notAdvertising(name) }
        open(to: peer, localRole: .central)
    }

    /// A remote central (another phone or computer, created on first mention) connects to the
    /// device while the device advertises.
    public func acceptConnection(fromCentral name: String, requestedInterval: HostDuration? = nil, attMTU: Int? = nil) throws(BLERadioError) {
        guard localAdvertisement != nil else { throw .deviceNotAdvertising }
        var peer = peer(named: name) ?? BLEPeer(name: name, role: .central, attMTU: settings.maximumATTMTU)
        guard peer.role == .central else { throw .wrongRole(name, is: peer.role) }
        guard link(to: name) == nil else { throw .alreadyConnected(name) }
        if let requestedInterval { peer.requestedInterval = requestedInterval }
        if let attMTU { peer.attMTU = attMTU }
        store(peer)
        open(to: peer, localRole: .peripheral)
    }

    /// The user answers the pairing dialog. Accepted: the peers bond and the link comes up.
    /// Refused: the link is closed and no MIDI device appears.
    public func answerPairing(_ name: String, accept: Bool) throws(BLERadioError) {
        guard let link = link(to: name), link.state == .awaitingPairing else { throw .noPairingDialog(name) }
        guard accept else {
            host.record("ble.pairing-refused", ["peer": .string(name)])
            close(link, reason: "pairing-refused")
            return
        }
        var peer = try existing(name)
        peer.paired = true
        store(peer)
        host.record("ble.paired", ["peer": .string(name)])
        if let twin = link.twin { return acceptedPairing(on: link, twin: twin) }
        configure(link, peer: peer)
    }

    @discardableResult
    func open(to peer: BLEPeer, localRole: BLELink.LocalRole) -> BLELink {
        let link = BLELink(id: links.count + 1, peer: peer.name, localRole: localRole)
        links.append(link)
        host.record("ble.connecting", ["peer": .string(peer.name), "link": .integer(link.id), "role": .string(localRole.rawValue)])
        host.schedule("ble.connected", at: host.now + settings.connectionSetup) { [weak self, link] in
            self?.connected(link)
        }
        return link
    }

    private func connected(_ link: BLELink) {
        guard link.state == .connecting, var peer = peer(named: link.peer) else { return }
        peer.advertising = false
        store(peer)
        link.interval = settings.negotiatedInterval(requested: peer.requestedInterval)
        link.anchor = host.now
        host.record("ble.connected", ["peer": .string(peer.name), "link": .integer(link.id),
                                      "intervalUs": .int(link.interval.nanoseconds / 1_000)])
        if peer.paired {
            configure(link, peer: peer)
        } else {
            // Apple enforces pairing: no MIDI until the user has said yes.
            link.state = .awaitingPairing
            host.record("ble.pairing-requested", ["peer": .string(peer.name)])
        }
    }

    /// MTU exchange, the characteristic read and notifications on: the link carries MIDI.
    func configure(_ link: BLELink, peer: BLEPeer) {
        // The central reads the I/O characteristic first (the peripheral answers it empty).
        link.characteristicRead = BLEMIDIService.readValue
        link.payloadSize = settings.payloadSize(peerATTMTU: peer.attMTU)
        link.state = .ready
        link.lastTraffic = host.now
        host.record("ble.ready", ["peer": .string(peer.name), "link": .integer(link.id),
                                  "attMTU": .integer(link.payloadSize + BLEMIDIService.attHeaderBytes),
                                  "payload": .integer(link.payloadSize), "intervalUs": .int(link.interval.nanoseconds / 1_000),
                                  "characteristic": .string(BLEMIDIService.characteristicUUID)])
        host.linkReady(link)
        scheduleIdleCheck(link)
    }

    // MARK: Losing the link

    /// The peer drops off the radio without being switched off; a peripheral advertises again.
    public func loseLink(_ name: String) throws(BLERadioError) {
        guard let link = link(to: name) else { throw .notConnected(name) }
        close(link, reason: "link-loss")
        // Another simulated device is not a scripted peripheral: its own steps advertise again.
        guard link.twin == nil, var peer = peer(named: name), peer.role == .peripheral else { return }
        peer.advertising = true
        store(peer)
        reconnectIfPaired(peer)
    }

    /// The peer is switched off: its link drops and it stops advertising.
    public func powerOff(_ name: String) throws(BLERadioError) {
        var peer = try existing(name)
        guard peer.poweredOn else { throw .poweredOff(name) }
        peer.poweredOn = false
        peer.advertising = false
        store(peer)
        host.record("ble.power-off", ["peer": .string(name)])
        if let link = link(to: name) { close(link, reason: "power-off") }
    }

    /// The peer is switched on again; a peripheral advertises, and a paired one is reconnected
    /// on releases that do so.
    public func powerOn(_ name: String) throws(BLERadioError) {
        var peer = try existing(name)
        guard !peer.poweredOn else { throw .poweredOn(name) }
        peer.poweredOn = true
        peer.advertising = peer.role == .peripheral
        store(peer)
        host.record("ble.power-on", ["peer": .string(name)])
        reconnectIfPaired(peer)
    }

    private func reconnectIfPaired(_ peer: BLEPeer) {
        guard settings.reconnectsPairedPeripherals, peer.paired, peer.role == .peripheral else { return }
        host.schedule("ble.reconnect", at: host.now + settings.reconnectDelay) { [weak self] in
            guard let self, let peer = self.peer(named: peer.name), peer.poweredOn, peer.advertising,
                  self.link(to: peer.name) == nil else { return }
            self.host.record("ble.reconnecting", ["peer": .string(peer.name)])
            self.open(to: peer, localRole: .central)
        }
    }

    func close(_ link: BLELink, reason: String) {
        let wasReady = link.state == .ready
        link.state = .closed
        link.inbound = LinkDirection()
        link.outbound = LinkDirection()
        host.record("ble.disconnected", ["peer": .string(link.peer), "link": .integer(link.id), "reason": .string(reason)])
        if wasReady { host.linkClosed(link, reason: reason) }
        // The other device loses the same connection.
        if let twin = link.twin, let other = twin.link, other.state != .closed { twin.radio?.close(other, reason: reason) }
    }

    // MARK: Idle disconnect

    private func scheduleIdleCheck(_ link: BLELink, at time: HostTime? = nil) {
        guard !link.idleCheckPending else { return }
        link.idleCheckPending = true
        host.schedule("ble.idle-check", at: time ?? link.lastTraffic + settings.idleTimeout) { [weak self, link] in
            link.idleCheckPending = false
            self?.checkIdle(link)
        }
    }

    private func checkIdle(_ link: BLELink) {
        guard link.state == .ready else { return }
        let quietUntil = link.lastTraffic + settings.idleTimeout
        if host.now < quietUntil { return scheduleIdleCheck(link, at: quietUntil) }
        // An app connected to the endpoint counts as use: look again a whole timeout later.
        if host.isInUse(link) { return scheduleIdleCheck(link, at: host.now + settings.idleTimeout) }
        close(link, reason: "idle")
    }

    // MARK: MIDI traffic

    /// The peer sends one MIDI message (a keyboard key, a note from the other device).
    public func send(fromPeer name: String, _ message: [UInt8]) throws(BLERadioError) {
        guard let link = link(to: name), link.state == .ready else { throw .notConnected(name) }
        guard link.twin == nil else { throw .simulatedDevice(name) }
        enqueue(message, on: link, inbound: true)
    }

    /// The device sends one MIDI message to the peer (Core MIDI's destination for the link).
    public func send(toPeer name: String, _ message: [UInt8]) throws(BLERadioError) {
        guard let link = link(to: name), link.state == .ready else { throw .notConnected(name) }
        enqueue(message, on: link, inbound: false)
    }

    /// The sender's BLE-MIDI clock: milliseconds, 13 bits.
    private func senderTimestamp() -> UInt16 { UInt16(truncatingIfNeeded: (host.now.nanoseconds / 1_000_000) & 0x1FFF) }

    private func enqueue(_ message: [UInt8], on link: BLELink, inbound: Bool) {
        let stamped = BLEMIDIMessage(timestamp: senderTimestamp(), bytes: message)
        if inbound { link.inbound.messages.append(stamped) } else { link.outbound.messages.append(stamped) }
        link.lastTraffic = host.now
        scheduleConnectionEvent(link, inbound: inbound, atOrAfter: host.now)
    }

    private func scheduleConnectionEvent(_ link: BLELink, inbound: Bool, atOrAfter time: HostTime) {
        let scheduled = inbound ? link.inbound.eventScheduled : link.outbound.eventScheduled
        guard !scheduled else { return }
        if inbound { link.inbound.eventScheduled = true } else { link.outbound.eventScheduled = true }
        host.schedule("ble.connection-event", at: link.nextEvent(atOrAfter: time)) { [weak self, link] in
            self?.connectionEvent(link, inbound: inbound)
        }
    }

    /// One connection event: up to `packetsPerEvent` packets cross; what is left waits for the next.
    private func connectionEvent(_ link: BLELink, inbound: Bool) {
        guard link.state == .ready else { return }
        let packets: ArraySlice<[UInt8]>
        if inbound {
            link.inbound.eventScheduled = false
            packets = link.inbound.take(settings.packetsPerEvent, payload: link.payloadSize)
        } else {
            link.outbound.eventScheduled = false
            packets = link.outbound.take(settings.packetsPerEvent, payload: link.payloadSize)
        }
        link.carried(packets.count, inbound: inbound)
        link.lastTraffic = host.now
        let lateBy = settings.jitter.nanoseconds > 0 ? random.integer(in: 0...(settings.jitter.nanoseconds - 1)) : 0
        let arrival = host.now + settings.processingLatency + .nanoseconds(lateBy)
        let carried = Array(packets)
        host.schedule("ble.delivery", at: arrival) { [weak self, link] in
            if !inbound, let twin = link.twin { self?.deliverToTwin(carried, twin: twin) } else { self?.deliver(carried, on: link, inbound: inbound) }
        }
        let pending = inbound ? !link.inbound.isEmpty : !link.outbound.isEmpty
        if pending { scheduleConnectionEvent(link, inbound: inbound, atOrAfter: host.now + link.interval) }
    }

    func deliver(_ packets: [[UInt8]], on link: BLELink, inbound: Bool) {
        guard link.state == .ready else { return }
        if link.twin != nil { link.lastTraffic = host.now }
        for packet in packets {
            do {
                let messages = inbound ? try link.inbound.decoder.decode(packet) : try link.outbound.decoder.decode(packet)
                if inbound, let latest = messages.last?.timestamp {
                    link.inbound.clock.receivePacket(arrival: UInt64(host.now.nanoseconds), latestTimestamp: latest)
                }
                for message in messages {
                    if inbound {
                        host.received(message.bytes, on: link, at: senderTime(of: message, on: link))
                    } else {
                        host.record("ble.peer-received", ["peer": .string(link.peer), "bytes": .string(Self.hex(message.bytes))])
                    }
                }
            } catch {
                host.record("ble.packet-rejected", ["peer": .string(link.peer), "packet": .string(Self.hex(packet))])
            }
        }
    }

    /// When the peer sent `message`, on this host's clock: its packet timestamp mapped through
    /// the link's clock reconstruction, so messages keep their sender's spacing rather than the
    /// connection events' and the jitter's (never later than the packet's arrival).
    private func senderTime(of message: BLEMIDIMessage, on link: BLELink) -> HostTime {
        HostTime(nanoseconds: Int64(clamping: link.inbound.clock.hostTime(of: message.timestamp)))
    }

    // MARK: Helpers

    private func existing(_ name: String) throws(BLERadioError) -> BLEPeer {
        guard let peer = peer(named: name) else { throw .noSuchPeer(name, known: peers.map(\.name)) }
        return peer
    }

    func store(_ peer: BLEPeer) {
        if let index = peers.firstIndex(where: { $0.name == peer.name }) { peers[index] = peer } else { peers.append(peer) }
    }

    /// `90 3C 64`: bytes as trace lines and scenarios write them.
    public static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { byte in
            let digits = String(byte, radix: 16, uppercase: true)
            return byte < 16 ? "0" + digits : digits
        }.joined(separator: " ")
    }
}
