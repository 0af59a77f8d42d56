/// One MIDI 1.0 message as it travels over BLE-MIDI: its complete bytes (status first, running
/// status already expanded) and the sender's 13-bit millisecond timestamp.
///
/// A System Exclusive message carries the time of its End of Exclusive (`F7`), as BlueZ, PipeWire
/// and bluez-alsa report it. Real-time bytes (`F8`–`FF`) may sit inside a SysEx given to the
/// encoder, as on a DIN cable; the decoder always hands them out as messages of their own, before
/// the SysEx they interrupted.
public struct BLEMIDIMessage: Equatable, Sendable, CustomStringConvertible {
    /// Milliseconds in the sender's clock, 0…8191; wraps every 8.192 s.
    public var timestamp: UInt16
    public var bytes: [UInt8]

    public init(timestamp: UInt16, bytes: [UInt8]) {
        self.timestamp = timestamp
        self.bytes = bytes
    }

    /// The command-line text form: the timestamp in decimal, then the bytes in uppercase hex,
    /// separated by single spaces (`0 90 3C 64`).
    public var description: String {
        ([String(timestamp)] + bytes.map(BLEMIDIHex.byte)).joined(separator: " ")
    }

    /// Why this message cannot be sent as is, or nil when it is one complete MIDI 1.0 message
    /// with a timestamp in 0…8191.
    public var malformation: String? {
        guard timestamp <= BLEMIDITime.maximum else { return "timestamp \(timestamp) is above \(BLEMIDITime.maximum) ms" }
        guard let status = bytes.first else { return "a message needs at least a status byte" }
        guard status >= 0x80 else { return "the first byte \(BLEMIDIHex.byte(status)) is a data byte, not a status byte" }
        if status == 0xF0 { return sysExMalformation }
        guard let length = MIDIStatus.length(of: status) else {
            return "\(BLEMIDIHex.byte(status)) is not a MIDI status that starts a message"
        }
        guard bytes.count == length else { return "status \(BLEMIDIHex.byte(status)) takes \(length) bytes, not \(bytes.count)" }
        if let index = bytes.dropFirst().firstIndex(where: { $0 >= 0x80 }) {
            return "byte \(index) (\(BLEMIDIHex.byte(bytes[index]))) is a status byte inside the message's data"
        }
        return nil
    }

    /// The fast form of `malformation == nil`, for the encoder's hot path.
    @inline(__always)
    static func isWellFormed(_ bytes: UnsafeBufferPointer<UInt8>, timestamp: UInt16) -> Bool {
        guard timestamp <= BLEMIDITime.maximum, let status = bytes.first, status >= 0x80 else { return false }
        if status == 0xF0 {
            guard bytes.count >= 2, bytes[bytes.count - 1] == 0xF7 else { return false }
            for index in 1..<(bytes.count - 1) where bytes[index] >= 0x80 && !MIDIStatus.isRealTime(bytes[index]) { return false }
            return true
        }
        guard let length = MIDIStatus.length(of: status), bytes.count == length else { return false }
        for index in 1..<length where bytes[index] >= 0x80 { return false }
        return true
    }

    private var sysExMalformation: String? {
        guard bytes.count >= 2, bytes.last == 0xF7 else { return "a System Exclusive message ends with F7" }
        for (index, byte) in bytes.enumerated().dropFirst().dropLast() where byte >= 0x80 && !MIDIStatus.isRealTime(byte) {
            return "byte \(index) (\(BLEMIDIHex.byte(byte))) inside a System Exclusive is neither data nor real-time"
        }
        return nil
    }
}
