/// An accessory attached to the simulated device: what it is, where it is plugged, and the ports
/// it adds. Its `id` (`usb-interface#1`) names it in scripts and traces; its port UIDs stay the
/// same for as long as it stays attached and are the same on every run.
public struct Accessory: Hashable, Sendable {
    public let kind: AccessoryKind
    public let connector: Connector
    /// 1 for the first accessory of a kind on a device, 2 for the second, …
    public let instance: Int
    public let ports: [Port]

    public var id: String { "\(kind.name)#\(instance)" }

    public init(kind: AccessoryKind, connector: Connector? = nil, instance: Int = 1) {
        self.kind = kind
        self.connector = connector ?? kind.defaultConnector
        self.instance = instance
        self.ports = AccessoryPorts.make(kind, instance: instance)
    }

    /// Bluetooth LE MIDI peripherals carry MIDI, not audio: their endpoint names.
    public var midiEndpointNames: [String] {
        kind == .bluetoothLEMIDI ? ["Soundcheck BLE MIDI \(instance)"] : []
    }
}

extension Accessory {
    /// AirPlay 2 speakers buffer minutes ahead (WWDC 2017 session 509): a Wi-Fi dropout does
    /// not end their session.
    public var ridesOutNetworkDropouts: Bool { kind == .airPlay(version: 2) }
}
