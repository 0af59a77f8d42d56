/// Two-digit uppercase hex, the form the command line and the error messages use.
public enum BLEMIDIHex {
    public static func byte(_ value: UInt8) -> String {
        let digits: [Character] = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "A", "B", "C", "D", "E", "F"]
        return String([digits[Int(value >> 4)], digits[Int(value & 0x0F)]])
    }

    /// Contiguous hex (`8080903C64`), the command line's packet form.
    public static func string(_ bytes: some Sequence<UInt8>) -> String { bytes.map(byte).joined() }

    /// Parses contiguous hex digits (either case); nil when the text has an odd length or a
    /// character that is not a hex digit.
    public static func bytes(_ text: some StringProtocol) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard digits.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2)
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let high = value(of: digits[index]), let low = value(of: digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
        }
        return bytes
    }

    private static func value(of digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return digit - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return digit - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return digit - UInt8(ascii: "a") + 10
        default: return nil
        }
    }
}
