/// A packet the decoder rejected: which packet (counting from 0 since the decoder was created),
/// the offset of the offending byte in it, and the rule of the BLE-MIDI packet format it breaks.
/// A rejected packet yields no messages, and a SysEx it was carrying is dropped.
public struct BLEMIDIError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Rule: String, Equatable, Sendable, CaseIterable {
        case emptyPacket
        case invalidHeader
        case missingMessageAfterTimestamp
        case runningStatusWithoutStatus
        case runningStatusNeedsTimestamp
        case truncatedMessage
        case statusInsideMessage
        case undefinedStatus
        case endOfExclusiveWithoutStart
        case nonRealTimeInsideSysEx
        case sysExTooLong

        /// The rule in words.
        public var explanation: String {
            switch self {
            case .emptyPacket: "a packet starts with a header byte; this one is empty"
            case .invalidHeader: "a header byte has bit 7 set and bit 6 clear (10xxxxxx)"
            case .missingMessageAfterTimestamp: "a timestamp byte must be followed by a status or data byte in the same packet"
            case .runningStatusWithoutStatus:
                "a data byte may continue running status only after a full channel message earlier in the same packet"
            case .runningStatusNeedsTimestamp:
                "a running-status message after a System Common or Real-Time message needs its own timestamp byte"
            case .truncatedMessage: "the packet ends inside a message; only System Exclusive may continue in the next packet"
            case .statusInsideMessage: "a status or timestamp byte appears between a status byte and its data bytes"
            case .undefinedStatus: "F4 and F5 are undefined System Common status bytes"
            case .endOfExclusiveWithoutStart: "an End of Exclusive (F7) without a System Exclusive in progress"
            case .nonRealTimeInsideSysEx:
                "inside a System Exclusive a timestamp byte must be followed by F7 or a real-time status (F8-FF)"
            case .sysExTooLong: "the System Exclusive is longer than the decoder's limit"
            }
        }
    }

    /// The packet's position in the stream, from 0.
    public var packetIndex: Int
    /// The offending byte's position in the packet, from 0 (the header).
    public var byteOffset: Int
    public var rule: Rule

    public init(packetIndex: Int, byteOffset: Int, rule: Rule) {
        self.packetIndex = packetIndex
        self.byteOffset = byteOffset
        self.rule = rule
    }

    public var description: String {
        "packet \(packetIndex), byte offset \(byteOffset): \(rule.explanation) [\(rule.rawValue)]"
    }
}
