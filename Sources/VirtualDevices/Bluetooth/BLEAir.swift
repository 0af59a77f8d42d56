/// The air between simulated devices: the radios of every device in one scenario, so a device
/// advertising itself as a BLE-MIDI peripheral is found by another device's scan and can be
/// connected to, radio to radio. A radio that joins no air only meets scripted peers (`BLEPeer`).
public final class BLEAir {
    private struct Member {
        weak var radio: BLERadio?
        let name: String
    }

    /// In the order they joined, so scans list devices in a stable order.
    private var members: [Member] = []

    public init() {}

    /// `radio` is in range of the others; `name` is what it is called as a central.
    public func join(_ radio: BLERadio, as name: String) {
        members.append(Member(radio: radio, name: name))
        radio.joined(self, as: name)
    }

    /// The other radios advertising themselves as BLE-MIDI peripherals, by the name they advertise.
    func advertisers(besides radio: BLERadio) -> [(name: String, radio: BLERadio)] {
        members.compactMap { member in
            guard let other = member.radio, other !== radio, let name = other.localAdvertisement else { return nil }
            return (name, other)
        }
    }
}
