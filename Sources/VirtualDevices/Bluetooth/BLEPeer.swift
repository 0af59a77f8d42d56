import SimCore

/// Another radio in range of the simulated device: a BLE-MIDI keyboard (a peripheral that
/// advertises and waits) or another computer or phone acting as central (it scans and connects
/// to the device while the device advertises).
public struct BLEPeer: Sendable, Hashable {
    public enum Role: String, Sendable { case peripheral, central }

    public var name: String
    public var role: Role
    public var poweredOn = true
    public var advertising = false
    /// The connection interval the peer asks for (a peripheral's preferred minimum).
    public var requestedInterval: HostDuration
    /// The ATT MTU it supports (23: no larger MTU negotiated).
    public var attMTU: Int
    /// Bonded with the device: it connects again without asking the user.
    public var paired = false

    public init(name: String, role: Role, requestedInterval: HostDuration = .microseconds(7_500),
                attMTU: Int = BLEMIDIService.defaultATTMTU) {
        self.name = name
        self.role = role
        self.requestedInterval = requestedInterval
        self.attMTU = attMTU
    }
}
