/// MIDI 1.0 status bytes: how long their messages are and which ones may interrupt a SysEx.
enum MIDIStatus {
    /// The complete length of a message starting with `status`, or nil for SysEx (variable),
    /// End of Exclusive and the undefined System Common bytes F4 and F5. F9 and FD, undefined
    /// real-time bytes, count as one-byte real-time messages, as BlueZ and PipeWire treat them.
    @inline(__always)
    static func length(of status: UInt8) -> Int? {
        switch status {
        case 0x80...0xBF, 0xE0...0xEF, 0xF2: return 3
        case 0xC0...0xDF, 0xF1, 0xF3: return 2
        case 0xF6, 0xF8...0xFF: return 1
        default: return nil  // F0, F4, F5, F7, and data bytes
        }
    }

    @inline(__always)
    static func isRealTime(_ status: UInt8) -> Bool { status >= 0xF8 }

    /// Channel voice messages (80–EF) are the only ones running status may abbreviate.
    @inline(__always)
    static func isChannelVoice(_ status: UInt8) -> Bool { status >= 0x80 && status < 0xF0 }
}

/// The 13-bit millisecond timestamp split into the header's high 6 bits and the timestamp byte's
/// low 7 bits.
enum BLEMIDITime {
    static let maximum: UInt16 = 0x1FFF
    static let period = 8192

    @inline(__always) static func high(_ time: UInt16) -> UInt8 { UInt8(truncatingIfNeeded: time >> 7) & 0x3F }
    @inline(__always) static func low(_ time: UInt16) -> UInt8 { UInt8(truncatingIfNeeded: time) & 0x7F }
    @inline(__always) static func compose(high: UInt8, low: UInt8) -> UInt16 { UInt16(high & 0x3F) << 7 | UInt16(low & 0x7F) }
}
