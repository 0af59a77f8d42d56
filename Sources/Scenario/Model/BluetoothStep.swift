import SimCore

/// What happens on the Bluetooth LE radio around the device, and what a peer plays on MIDI.
public enum BluetoothStep: Sendable, Hashable {
    /// A peripheral (a BLE-MIDI keyboard) starts advertising; with no peer, the device itself
    /// advertises as a peripheral under `name`.
    case advertise(peer: String?, name: String?, interval: HostDuration?, mtu: Int?)
    /// The device, as central, lists advertising MIDI peripherals.
    case scan
    /// The device connects to an advertising peripheral.
    case connect(peer: String)
    /// A remote central (another phone or computer) connects to the advertising device.
    case acceptCentral(String, interval: HostDuration?, mtu: Int?)
    /// The simulated user answers the pairing dialog.
    case pair(peer: String, accept: Bool)
    case linkLoss(peer: String)
    case powerOff(peer: String)
    case powerOn(peer: String)
    /// The peer sends MIDI messages (each a complete message) to the device.
    case midiSend(peer: String, messages: [[UInt8]])
}
