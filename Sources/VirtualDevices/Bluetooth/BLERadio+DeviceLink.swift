/// Device to device: this radio, as central, connects to another simulated device advertising
/// itself as a BLE-MIDI peripheral (the other side of `CABTMIDICentralViewController` and
/// `CABTMIDILocalPeripheralViewController`). Each device keeps its own `BLELink` to the other;
/// the two are twins: they come up together, each device's user answers its own pairing dialog
/// and MIDI flows once both have accepted, what one side sends at its connection events arrives
/// at the other as received packets, and when one drops the other does too.
extension BLERadio {
    /// The device advertising as `name` on the shared air, if any.
    func advertisingDevice(named name: String) -> BLERadio? {
        air?.advertisers(besides: self).first { $0.name == name }?.radio
    }

    /// Opens the pair of links: this device as central, `remote` as peripheral.
    func connect(toDevice remote: BLERadio, advertisedAs name: String) throws(BLERadioError) {
        guard let ownName = deviceName else { throw .deviceNotAdvertising }
        guard link(to: name) == nil, remote.link(to: ownName) == nil else { throw .alreadyConnected(name) }
        let peripheral = peer(named: name) ?? BLEPeer(name: name, role: .peripheral, attMTU: remote.settings.maximumATTMTU)
        guard peripheral.role == .peripheral else { throw .wrongRole(name, is: peripheral.role) }
        let central = remote.peer(named: ownName) ?? BLEPeer(name: ownName, role: .central, attMTU: settings.maximumATTMTU)
        guard central.role == .central else { throw .wrongRole(ownName, is: central.role) }
        store(peripheral)
        remote.store(central)
        let mine = open(to: peripheral, localRole: .central)
        let theirs = remote.open(to: central, localRole: .peripheral)
        mine.twin = BLETwin(radio: remote, link: theirs)
        theirs.twin = BLETwin(radio: self, link: mine)
    }

    /// This side's user accepted pairing: the link is ready once the other side's user has too.
    func acceptedPairing(on link: BLELink, twin: BLETwin) {
        link.pairingAccepted = true
        guard let remote = twin.radio, let other = twin.link, other.pairingAccepted,
              let remotePeer = remote.peer(named: other.peer), let localPeer = peer(named: link.peer) else { return }
        remote.configure(other, peer: remotePeer)
        configure(link, peer: localPeer)
    }

    /// Packets this device sent arrive at the other device as if its peer had sent them.
    func deliverToTwin(_ packets: [[UInt8]], twin: BLETwin) {
        guard let other = twin.link else { return }
        twin.radio?.deliver(packets, on: other, inbound: true)
    }
}

/// The other device's radio and its end of the same connection (weak both: each radio keeps
/// its own links, and twins must not keep each other alive).
struct BLETwin {
    weak var radio: BLERadio?
    weak var link: BLELink?
}
