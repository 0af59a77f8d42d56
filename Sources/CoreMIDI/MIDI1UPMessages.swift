// Builders for MIDI 1.0 messages in Universal MIDI Packets (MIDI-1UP) and for the utility
// messages, as MIDIMessages.h defines them inline. Layouts (UMP specification M2-104-UM):
//
//   channel voice, type 2:  [0x2][group][status][channel] [0 data1(7)] [0 data2(7)]
//   system, type 1:         [0x1][group][status byte]     [0 byte1(7)] [0 byte2(7)]
//   7-bit SysEx, type 3:    [0x3][group][status][count]   [byte1] [byte2] | [byte3] [byte4] [byte5] [byte6]
//   utility, type 0:        [0x0][0][status][0]           [data (16 bits, or 20 for a delta clockstamp)]
//
// Every field is masked to its width, as Apple's C does: data bytes to 7 bits, nibbles to 4.

/// A MIDI 1.0 channel voice message; `status` is the nibble (`MIDICVStatus.noteOn.rawValue` = 0x9).
public func MIDI1UPChannelVoiceMessage(_ group: UInt8, _ status: UInt8, _ channel: UInt8, _ data1: UInt8,
                                       _ data2: UInt8) -> MIDIMessage_32 {
    UInt32(MIDIMessageType.channelVoice1.rawValue) << 28 | UInt32(group & 0xF) << 24
        | UInt32(status & 0xF) << 20 | UInt32(channel & 0xF) << 16 | UInt32(data1 & 0x7F) << 8 | UInt32(data2 & 0x7F)
}

public func MIDI1UPNoteOff(_ group: UInt8, _ channel: UInt8, _ noteNumber: UInt8, _ velocity: UInt8) -> MIDIMessage_32 {
    MIDI1UPChannelVoiceMessage(group, cv(.noteOff), channel, noteNumber, velocity)
}

public func MIDI1UPNoteOn(_ group: UInt8, _ channel: UInt8, _ noteNumber: UInt8, _ velocity: UInt8) -> MIDIMessage_32 {
    MIDI1UPChannelVoiceMessage(group, cv(.noteOn), channel, noteNumber, velocity)
}

public func MIDI1UPPolyPressure(_ group: UInt8, _ channel: UInt8, _ noteNumber: UInt8, _ pressure: UInt8) -> MIDIMessage_32 {
    MIDI1UPChannelVoiceMessage(group, cv(.polyPressure), channel, noteNumber, pressure)
}

public func MIDI1UPControlChange(_ group: UInt8, _ channel: UInt8, _ index: UInt8, _ data: UInt8) -> MIDIMessage_32 {
    MIDI1UPChannelVoiceMessage(group, cv(.controlChange), channel, index, data)
}

public func MIDI1UPProgramChange(_ group: UInt8, _ channel: UInt8, _ program: UInt8) -> MIDIMessage_32 {
    MIDI1UPChannelVoiceMessage(group, cv(.programChange), channel, program, 0)
}

public func MIDI1UPChannelPressure(_ group: UInt8, _ channel: UInt8, _ value: UInt8) -> MIDIMessage_32 {
    MIDI1UPChannelVoiceMessage(group, cv(.channelPressure), channel, value, 0)
}

/// Pitch bend from its two 7-bit halves, least significant first, as on the MIDI 1.0 wire.
public func MIDI1UPPitchBend(_ group: UInt8, _ channel: UInt8, _ lsb: UInt8, _ msb: UInt8) -> MIDIMessage_32 {
    MIDI1UPChannelVoiceMessage(group, cv(.pitchBend), channel, lsb, msb)
}

/// A system common or real-time message; `status` is the whole byte (0xF8 for a timing clock).
public func MIDI1UPSystemCommon(_ group: UInt8, _ status: UInt8, _ byte1: UInt8, _ byte2: UInt8) -> MIDIMessage_32 {
    UInt32(MIDIMessageType.system.rawValue) << 28 | UInt32(group & 0xF) << 24 | UInt32(status) << 16
        | UInt32(byte1 & 0x7F) << 8 | UInt32(byte2 & 0x7F)
}

/// One packet of a 7-bit SysEx: `status` is a `MIDISysExStatus` nibble, `bytesUsed` how many of
/// the six bytes count. F0 and F7 are not carried; the status says where the message starts and ends.
public func MIDI1UPSysEx(_ group: UInt8, _ status: UInt8, _ bytesUsed: UInt8, _ byte1: UInt8, _ byte2: UInt8,
                         _ byte3: UInt8, _ byte4: UInt8, _ byte5: UInt8, _ byte6: UInt8) -> MIDIMessage_64 {
    let word0 = UInt32(MIDIMessageType.sysEx.rawValue) << 28 | UInt32(group & 0xF) << 24
        | UInt32(status & 0xF) << 20 | UInt32(bytesUsed & 0xF) << 16 | UInt32(byte1 & 0x7F) << 8 | UInt32(byte2 & 0x7F)
    let word1 = UInt32(byte3 & 0x7F) << 24 | UInt32(byte4 & 0x7F) << 16 | UInt32(byte5 & 0x7F) << 8 | UInt32(byte6 & 0x7F)
    return MIDIMessage_64(word0: word0, word1: word1)
}

/// One SysEx packet from the bytes `begin..<end`. Apple's inline copies however many bytes the
/// range holds into a six-byte buffer; here at most six are read, so a longer range cannot
/// write past it.
public func MIDI1UPSysExArray(_ group: UInt8, _ status: UInt8, _ begin: UnsafePointer<UInt8>!,
                              _ end: UnsafePointer<UInt8>!) -> MIDIMessage_64 {
    var bytes: [UInt8] = [0, 0, 0, 0, 0, 0]
    let count = begin == nil || end == nil || end <= begin ? 0 : min(end - begin, Int(kMIDI1UPMaxSysexSize))
    for index in 0..<count { bytes[index] = begin[index] }
    return MIDI1UPSysEx(group, status, UInt8(count), bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5])
}

// MARK: Utility messages (type 0). They belong to no group: the group nibble stays 0.

public func MIDINoOpMessage() -> MIDIMessage_32 { utility(.NOOP, 0) }

/// The sender's clock, in units of 1/31250 s, so that the receiver can measure jitter.
public func MIDIJitterReductionClockMessage(_ senderClockTime: UInt16) -> MIDIMessage_32 {
    utility(.jitterReductionClock, UInt32(senderClockTime))
}

/// When the sender meant the following message to happen, on that same clock.
public func MIDIJitterReductionTimestampMessage(_ senderClockTimestamp: UInt16) -> MIDIMessage_32 {
    utility(.jitterReductionTimestamp, UInt32(senderClockTimestamp))
}

public func MIDIDeltaClockstampTicksPerQuarterNoteMessage(_ ticksPerQuarterNote: UInt16) -> MIDIMessage_32 {
    utility(.deltaClockstampTicksPerQuarterNote, UInt32(ticksPerQuarterNote))
}

/// The ticks since the previous event: a 20-bit field.
public func MIDITicksSinceLastEventMessage(_ ticksSinceLastEvent: UInt32) -> MIDIMessage_32 {
    utility(.ticksSinceLastEvent, ticksSinceLastEvent & 0xF_FFFF)
}

private func utility(_ status: MIDIUtilityStatus, _ data: UInt32) -> MIDIMessage_32 {
    UInt32(MIDIMessageType.utility.rawValue) << 28 | status.rawValue << 20 | data
}

func cv(_ status: MIDICVStatus) -> UInt8 { UInt8(status.rawValue) }
