/// The GATT identity of MIDI over Bluetooth LE (BLE-MIDI 1.0): a peripheral advertises the MIDI
/// service, and all MIDI travels through its one I/O characteristic — peripheral to central as
/// notifications, central to peripheral as writes without response.
public enum BLEMIDIService {
    /// The MIDI service a BLE-MIDI peripheral advertises.
    public static let serviceUUID = "03B80E5A-EDE8-4B33-A751-6CE34EC4C700"
    /// The MIDI I/O characteristic (read, write without response, notify).
    public static let characteristicUUID = "7772E5DB-3868-4112-A1A9-F2669D106BF3"
    /// What the I/O characteristic allows, with `CBCharacteristicProperties`' raw values.
    public struct CharacteristicProperties: OptionSet, Sendable, Hashable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let read = CharacteristicProperties(rawValue: 0x02)
        public static let writeWithoutResponse = CharacteristicProperties(rawValue: 0x04)
        public static let notify = CharacteristicProperties(rawValue: 0x10)
    }
    /// Read, write without response (central to peripheral) and notify (peripheral to central).
    public static let characteristicProperties: CharacteristicProperties = [.read, .writeWithoutResponse, .notify]
    /// A read of the I/O characteristic is answered with no bytes; the central reads it once
    /// right after connecting, before it turns notifications on.
    public static let readValue: [UInt8] = []
    /// The ATT MTU every link starts with; a BLE-MIDI packet is at most ATT_MTU − 3 bytes.
    public static let defaultATTMTU = 23
    /// The ATT header a characteristic value shares the MTU with.
    public static let attHeaderBytes = 3
}
