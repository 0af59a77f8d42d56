// The MIDI 2.0 message vocabulary of MIDIMessages.h: the Universal MIDI Packet's message types and the
// status nibbles or bytes within each, with Apple's raw values. The values are the UMP specification's
// (MIDI 2.0 M2-104-UM): a message type is the top nibble of a packet's first word, a channel-voice
// status is the nibble after the group.

/// The message type nibble of a Universal MIDI Packet's first word.
public enum MIDIMessageType: UInt32, Sendable {
    case utility = 0x0
    case system = 0x1
    /// MIDI 1.0 channel voice in one word.
    case channelVoice1 = 0x2
    /// 7-bit System Exclusive (data 64) in two words.
    case sysEx = 0x3
    /// MIDI 2.0 channel voice in two words.
    case channelVoice2 = 0x4
    /// 8-bit System Exclusive and mixed data sets in four words.
    case data128 = 0x5
    case flexData = 0xD
    case unknownF = 0xF
    /// Not a message type on the wire: what `MIDIMessageTypeForUPWord` answers for the undefined ones.
    case invalid = 0xFF

    /// UMP stream messages share type F with `unknownF`.
    public static var stream: MIDIMessageType { .unknownF }
}

/// The status nibble of a channel-voice message (types 2 and 4); 0x0–0x6 and 0xF exist in MIDI 2.0 only.
public enum MIDICVStatus: UInt32, Sendable {
    case noteOff = 0x8
    case noteOn = 0x9
    case polyPressure = 0xA
    case controlChange = 0xB
    case programChange = 0xC
    case channelPressure = 0xD
    case pitchBend = 0xE
    case registeredPNC = 0x0
    case assignablePNC = 0x1
    case registeredControl = 0x2
    case assignableControl = 0x3
    case relRegisteredControl = 0x4
    case relAssignableControl = 0x5
    case perNotePitchBend = 0x6
    case perNoteMgmt = 0xF
}

/// The status byte of a system message (type 1), as in MIDI 1.0. Start and end of exclusive
/// exist in MIDI 1.0 byte streams only: UMP carries SysEx as type 3.
public enum MIDISystemStatus: UInt32, Sendable {
    case statusStartOfExclusive = 0xF0
    case statusEndOfExclusive = 0xF7
    case statusMTC = 0xF1
    case statusSongPosPointer = 0xF2
    case statusSongSelect = 0xF3
    case statusTuneRequest = 0xF6
    case statusTimingClock = 0xF8
    case statusStart = 0xFA
    case statusContinue = 0xFB
    case statusStop = 0xFC
    case statusActiveSending = 0xFE
    case statusSystemReset = 0xFF

    /// Apple's header spells active sensing both ways; the value is the same.
    public static var statusActiveSensing: MIDISystemStatus { .statusActiveSending }
}

/// The status nibble of a SysEx (type 3) or data-128 (type 5) message: where the packet sits in
/// its message.
public enum MIDISysExStatus: UInt32, Sendable {
    case complete = 0x0
    case start = 0x1
    case `continue` = 0x2
    case end = 0x3
    case mixedDataSetHeader = 0x8
    case mixedDataSetPayload = 0x9
}

/// The status nibble of a utility message (type 0).
public enum MIDIUtilityStatus: UInt32, Sendable {
    case NOOP = 0x0
    case jitterReductionClock = 0x1
    case jitterReductionTimestamp = 0x2
    case deltaClockstampTicksPerQuarterNote = 0x3
    case ticksSinceLastEvent = 0x4
}

/// What the attribute field of a MIDI 2.0 note on or off carries.
public enum MIDINoteAttribute: UInt8, Sendable {
    case none = 0x0
    case manufacturerSpecific = 0x1
    case profileSpecific = 0x2
    /// Pitch 7.9: the note's pitch in semitones, 7 integer and 9 fraction bits.
    case pitch = 0x3
}

public var kMIDINoteAttributeNone: Int { 0 }
public var kMIDINoteAttributeManufacturerSpecific: Int { 1 }
public var kMIDINoteAttributeProfileSpecific: Int { 2 }
public var kMIDINoteAttributePitch: Int { 3 }

/// The option flags of a MIDI 2.0 program change: whether its bank fields count.
public struct MIDIProgramChangeOptions: OptionSet, Sendable {
    public var rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static var bankValid: MIDIProgramChangeOptions { MIDIProgramChangeOptions(rawValue: 0x1) }
}

/// The option flags of a MIDI 2.0 per-note management message (the spec's S and D bits).
public struct MIDIPerNoteManagementOptions: OptionSet, Sendable {
    public var rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// S: set the note's per-note controllers back to their defaults.
    public static var reset: MIDIPerNoteManagementOptions { MIDIPerNoteManagementOptions(rawValue: 0x1) }
    /// D: detach the per-note controllers from notes already sounding.
    public static var detach: MIDIPerNoteManagementOptions { MIDIPerNoteManagementOptions(rawValue: 0x2) }
}

// MARK: Field widths (MIDIServices.h). Swift has no 2-, 4-, 7-, 14- or 28-bit integers: the fields
// are carried in the next wider type and masked when packed.

public typealias MIDIUInteger2 = UInt8
public typealias MIDIUInteger4 = UInt8
public typealias MIDIUInteger7 = UInt8
public typealias MIDIUInteger14 = UInt16
public typealias MIDIUInteger28 = UInt32
public typealias MIDIChannelNumber = MIDIUInteger4
public typealias MIDIUMPGroupNumber = MIDIUInteger4

public let kMIDIUInteger2Max: MIDIUInteger2 = 0x3
public let kMIDIUInteger4Max: MIDIUInteger4 = 0xF
public let kMIDIUInteger7Max: MIDIUInteger7 = 0x7F
public let kMIDIUInteger14Max: MIDIUInteger14 = 0x3FFF
public let kMIDIUInteger28Max: MIDIUInteger28 = 0x0FFF_FFFF
/// The channel number that stands for every channel of a port (MIDI-CI's "whole port" address).
public let MIDIChannelsWholePort: MIDIChannelNumber = 0x7F
/// The most data bytes one 7-bit SysEx packet carries.
public let kMIDI1UPMaxSysexSize: UInt8 = 6
