// Builders for MIDI 2.0 channel voice messages (type 4), as MIDIMessages.h defines them inline.
// Every one is two words (UMP specification M2-104-UM):
//
//   word0: [0x4][group][status][channel] [index: 16 bits, whose meaning depends on the status]
//   word1: [value: 32 bits]
//
// The index holds the note number and attribute type of a note, the controller number of a
// control change, bank and index of a registered or assignable controller, note and controller of
// a per-note controller, or the option flags of a program change and of per-note management.

/// The general form: `status` is a `MIDICVStatus` nibble, `index` and `value` go in as given.
public func MIDI2ChannelVoiceMessage(_ group: UInt8, _ status: UInt8, _ channel: UInt8, _ index: UInt16,
                                     _ value: UInt32) -> MIDIMessage_64 {
    let word0 = UInt32(MIDIMessageType.channelVoice2.rawValue) << 28 | UInt32(group & 0xF) << 24
        | UInt32(status & 0xF) << 20 | UInt32(channel & 0xF) << 16 | UInt32(index)
    return MIDIMessage_64(word0: word0, word1: value)
}

/// Note on with a 16-bit velocity; the attribute (`MIDINoteAttribute`) and its 16 bits of data ride along.
public func MIDI2NoteOn(_ group: UInt8, _ channel: UInt8, _ noteNumber: UInt8, _ attributeType: UInt8,
                        _ attributeData: UInt16, _ velocity: UInt16) -> MIDIMessage_64 {
    MIDI2ChannelVoiceMessage(group, cv(.noteOn), channel, UInt16(noteNumber) << 8 | UInt16(attributeType),
                             UInt32(velocity) << 16 | UInt32(attributeData))
}

/// Note off: unlike MIDI 1.0, a note on's velocity 0 is a real velocity, not a note off.
public func MIDI2NoteOff(_ group: UInt8, _ channel: UInt8, _ noteNumber: UInt8, _ attributeType: UInt8,
                         _ attributeData: UInt16, _ velocity: UInt16) -> MIDIMessage_64 {
    MIDI2ChannelVoiceMessage(group, cv(.noteOff), channel, UInt16(noteNumber) << 8 | UInt16(attributeType),
                             UInt32(velocity) << 16 | UInt32(attributeData))
}

public func MIDI2PolyPressure(_ group: UInt8, _ channel: UInt8, _ noteNumber: UInt8, _ value: UInt32) -> MIDIMessage_64 {
    MIDI2ChannelVoiceMessage(group, cv(.polyPressure), channel, UInt16(noteNumber) << 8, value)
}

/// A registered per-note controller: one of the specification's controllers, for one note.
public func MIDI2RegisteredPNC(_ group: UInt8, _ channel: UInt8, _ noteNumber: UInt8, _ index: UInt8,
                               _ value: UInt32) -> MIDIMessage_64 {
    MIDI2ChannelVoiceMessage(group, cv(.registeredPNC), channel, UInt16(noteNumber) << 8 | UInt16(index), value)
}

public func MIDI2AssignablePNC(_ group: UInt8, _ channel: UInt8, _ noteNumber: UInt8, _ index: UInt8,
                               _ value: UInt32) -> MIDIMessage_64 {
    MIDI2ChannelVoiceMessage(group, cv(.assignablePNC), channel, UInt16(noteNumber) << 8 | UInt16(index), value)
}

/// Per-note management. Apple's name keeps its header's spelling ("Managment"). The flags are the
/// specification's D (bit 1, detach) and S (bit 0, reset to defaults); the value word is 0.
public func MIDI2PerNoteManagment(_ group: UInt8, _ channel: UInt8, _ noteNumber: UInt8, _ detachPNCs: Bool,
                                  _ resetPNCsToDefault: Bool) -> MIDIMessage_64 {
    var options: MIDIPerNoteManagementOptions = []
    if detachPNCs { options.insert(.detach) }
    if resetPNCsToDefault { options.insert(.reset) }
    return MIDI2ChannelVoiceMessage(group, cv(.perNoteMgmt), channel, UInt16(noteNumber) << 8 | UInt16(options.rawValue), 0)
}

/// A control change with a 32-bit value (controller number in the index's high byte).
public func MIDI2ControlChange(_ group: UInt8, _ channel: UInt8, _ index: UInt8, _ value: UInt32) -> MIDIMessage_64 {
    MIDI2ChannelVoiceMessage(group, cv(.controlChange), channel, UInt16(index) << 8, value)
}

/// What MIDI 1.0 spells as an RPN sequence (CC 101, 100, 6, 38), in one message.
public func MIDI2RegisteredControl(_ group: UInt8, _ channel: UInt8, _ bank: UInt8, _ index: UInt8,
                                   _ value: UInt32) -> MIDIMessage_64 {
    MIDI2ChannelVoiceMessage(group, cv(.registeredControl), channel, UInt16(bank) << 8 | UInt16(index), value)
}

/// What MIDI 1.0 spells as an NRPN sequence (CC 99, 98, 6, 38), in one message.
public func MIDI2AssignableControl(_ group: UInt8, _ channel: UInt8, _ bank: UInt8, _ index: UInt8,
                                   _ value: UInt32) -> MIDIMessage_64 {
    MIDI2ChannelVoiceMessage(group, cv(.assignableControl), channel, UInt16(bank) << 8 | UInt16(index), value)
}

/// A registered controller change relative to its current value (a two's-complement delta).
public func MIDI2RelRegisteredControl(_ group: UInt8, _ channel: UInt8, _ bank: UInt8, _ index: UInt8,
                                      _ value: UInt32) -> MIDIMessage_64 {
    MIDI2ChannelVoiceMessage(group, cv(.relRegisteredControl), channel, UInt16(bank) << 8 | UInt16(index), value)
}

public func MIDI2RelAssignableControl(_ group: UInt8, _ channel: UInt8, _ bank: UInt8, _ index: UInt8,
                                      _ value: UInt32) -> MIDIMessage_64 {
    MIDI2ChannelVoiceMessage(group, cv(.relAssignableControl), channel, UInt16(bank) << 8 | UInt16(index), value)
}

/// Program change with an optional bank in the same message: the value word is
/// `program << 24 | bank_msb << 8 | bank_lsb`, and the bank counts only when the B flag is set.
public func MIDI2ProgramChange(_ group: UInt8, _ channel: UInt8, _ bankIsValid: Bool, _ program: UInt8,
                               _ bank_msb: UInt8, _ bank_lsb: UInt8) -> MIDIMessage_64 {
    let options: MIDIProgramChangeOptions = bankIsValid ? .bankValid : []
    return MIDI2ChannelVoiceMessage(group, cv(.programChange), channel, UInt16(options.rawValue),
                                    UInt32(program) << 24 | UInt32(bank_msb) << 8 | UInt32(bank_lsb))
}

public func MIDI2ChannelPressure(_ group: UInt8, _ channel: UInt8, _ value: UInt32) -> MIDIMessage_64 {
    MIDI2ChannelVoiceMessage(group, cv(.channelPressure), channel, 0, value)
}

/// Pitch bend as an unsigned 32-bit value; 0x8000_0000 is the centre.
public func MIDI2PitchBend(_ group: UInt8, _ channel: UInt8, _ value: UInt32) -> MIDIMessage_64 {
    MIDI2ChannelVoiceMessage(group, cv(.pitchBend), channel, 0, value)
}

public func MIDI2PerNotePitchBend(_ group: UInt8, _ channel: UInt8, _ noteNumber: UInt8, _ value: UInt32) -> MIDIMessage_64 {
    MIDI2ChannelVoiceMessage(group, cv(.perNotePitchBend), channel, UInt16(noteNumber) << 8, value)
}
