import CoreMIDI
import Testing

/// The UMP builders against the bit layouts of the MIDI 2.0 UMP specification (M2-104-UM), and
/// MIDIEventListForEachEvent taking the same words apart again.
@Suite struct MIDI2MessageTests {
    @Test("MIDI 2.0 channel voice builders give the specification's words")
    func midi2Builders() {
        // Note on, group 0, channel 0, note 60, no attribute, full velocity: 0x4 0 9 0 3C 00 | FFFF 0000.
        #expect(MIDI2NoteOn(0, 0, 60, 0, 0, 0xFFFF) == MIDIMessage_64(word0: 0x4090_3C00, word1: 0xFFFF_0000))
        // Group 3, channel 5, note 64, pitch attribute 7.9 = 64.5 semitones (0x8100), velocity 0x8000.
        #expect(MIDI2NoteOff(3, 5, 64, UInt8(MIDINoteAttribute.pitch.rawValue), 0x8100, 0x8000)
                == MIDIMessage_64(word0: 0x4385_4003, word1: 0x8000_8100))
        #expect(MIDI2PolyPressure(0, 1, 60, 0x1234_5678) == MIDIMessage_64(word0: 0x40A1_3C00, word1: 0x1234_5678))
        #expect(MIDI2ControlChange(0, 0, 7, 0x8000_0000) == MIDIMessage_64(word0: 0x40B0_0700, word1: 0x8000_0000))
        #expect(MIDI2RegisteredPNC(0, 0, 60, 3, 1) == MIDIMessage_64(word0: 0x4000_3C03, word1: 1))
        #expect(MIDI2AssignablePNC(0, 0, 60, 3, 1) == MIDIMessage_64(word0: 0x4010_3C03, word1: 1))
        #expect(MIDI2RegisteredControl(0, 0, 0, 2, 7) == MIDIMessage_64(word0: 0x4020_0002, word1: 7))
        #expect(MIDI2AssignableControl(0, 0, 1, 2, 7) == MIDIMessage_64(word0: 0x4030_0102, word1: 7))
        #expect(MIDI2RelRegisteredControl(0, 0, 1, 2, 7) == MIDIMessage_64(word0: 0x4040_0102, word1: 7))
        #expect(MIDI2RelAssignableControl(0, 0, 1, 2, 7) == MIDIMessage_64(word0: 0x4050_0102, word1: 7))
        #expect(MIDI2PerNotePitchBend(0, 0, 60, 0x8000_0000) == MIDIMessage_64(word0: 0x4060_3C00, word1: 0x8000_0000))
        // Per-note management: D is bit 1, S bit 0.
        #expect(MIDI2PerNoteManagment(0, 0, 60, true, false) == MIDIMessage_64(word0: 0x40F0_3C02, word1: 0))
        #expect(MIDI2PerNoteManagment(0, 0, 60, true, true).word0 == 0x40F0_3C03)
        // Program 5 in bank MSB 2, LSB 3, bank valid (B = bit 0 of the option byte).
        #expect(MIDI2ProgramChange(0, 1, true, 5, 2, 3) == MIDIMessage_64(word0: 0x40C1_0001, word1: 0x0500_0203))
        #expect(MIDI2ProgramChange(0, 1, false, 5, 2, 3).word0 == 0x40C1_0000)
        #expect(MIDI2ChannelPressure(0, 2, 0xFFFF_FFFF) == MIDIMessage_64(word0: 0x40D2_0000, word1: 0xFFFF_FFFF))
        #expect(MIDI2PitchBend(0, 15, 0x8000_0000) == MIDIMessage_64(word0: 0x40EF_0000, word1: 0x8000_0000))
        #expect(MIDI2ChannelVoiceMessage(0x1F, 0x9, 0x12, 0x3C00, 1).word0 == 0x4F92_3C00)
    }

    @Test("MIDI 1.0 UMP, system, SysEx and utility builders give the specification's words")
    func midi1Builders() {
        #expect(MIDI1UPNoteOn(0, 0, 60, 127) == 0x2090_3C7F)
        #expect(MIDI1UPNoteOff(2, 1, 60, 0) == 0x2281_3C00)
        #expect(MIDI1UPPolyPressure(0, 0, 60, 5) == 0x20A0_3C05)
        #expect(MIDI1UPControlChange(0, 3, 7, 100) == 0x20B3_0764)
        #expect(MIDI1UPProgramChange(0, 0, 5) == 0x20C0_0500)
        #expect(MIDI1UPChannelPressure(0, 0, 90) == 0x20D0_5A00)
        #expect(MIDI1UPPitchBend(0, 0, 0x00, 0x40) == 0x20E0_0040)
        // Data bytes are masked to 7 bits, as Apple's inline does.
        #expect(MIDI1UPChannelVoiceMessage(0, 0x9, 0, 0xFF, 0x80) == 0x2090_7F00)
        #expect(MIDI1UPSystemCommon(0, 0xF8, 0, 0) == 0x10F8_0000)
        #expect(MIDI1UPSystemCommon(1, 0xF2, 0x10, 0x20) == 0x11F2_1020)
        #expect(MIDI1UPSysEx(0, UInt8(MIDISysExStatus.complete.rawValue), 3, 0x7E, 0x7F, 0x09, 0, 0, 0)
                == MIDIMessage_64(word0: 0x3003_7E7F, word1: 0x0900_0000))
        let bytes: [UInt8] = [1, 2, 3, 4, 5, 6, 7, 8]
        let start = bytes.withUnsafeBufferPointer { MIDI1UPSysExArray(0, 1, $0.baseAddress, $0.baseAddress! + 8) }
        #expect(start == MIDIMessage_64(word0: 0x3016_0102, word1: 0x0304_0506))
        #expect(MIDINoOpMessage() == 0)
        #expect(MIDIJitterReductionClockMessage(0x1234) == 0x0010_1234)
        #expect(MIDIJitterReductionTimestampMessage(0x1234) == 0x0020_1234)
        #expect(MIDIDeltaClockstampTicksPerQuarterNoteMessage(480) == 0x0030_01E0)
        #expect(MIDITicksSinceLastEventMessage(0xF_FFFF) == 0x004F_FFFF)
        #expect(MIDIMessageTypeForUPWord(0x4090_3C00) == .channelVoice2)
        #expect(MIDIMessageTypeForUPWord(0xF000_0000) == .unknownF && MIDIMessageType.stream == .unknownF)
        #expect(MIDIMessageTypeForUPWord(0x6000_0000) == .invalid)
        #expect(MIDISystemStatus.statusActiveSensing.rawValue == 0xFE && MIDICVStatus.perNoteMgmt.rawValue == 0xF)
    }

    @Test("MIDIEventListForEachEvent takes each packet apart with its time stamp")
    func forEachEvent() {
        var list = MIDIEventList()
        var packet = MIDIEventListInit(&list, ._2_0)
        let noteOn = MIDI2NoteOn(1, 2, 60, 0, 0, 0xC924), bank = MIDI2ProgramChange(0, 0, true, 5, 2, 3)
        let sysEx = MIDI1UPSysEx(0, 0, 3, 0x7E, 0x7F, 0x09, 0, 0, 0)
        let words: [UInt32] = [noteOn.word0, noteOn.word1, MIDI1UPControlChange(0, 0, 7, 100), bank.word0, bank.word1,
                               MIDI2PerNoteManagment(0, 0, 61, true, false).word0, 0, MIDIJitterReductionClockMessage(77)]
        packet = words.withUnsafeBufferPointer { MIDIEventListAdd(&list, MemoryLayout<MIDIEventList>.size, packet, 100, $0.count, $0.baseAddress!) }
        packet = [sysEx.word0, sysEx.word1].withUnsafeBufferPointer {
            MIDIEventListAdd(&list, MemoryLayout<MIDIEventList>.size, packet, 200, 2, $0.baseAddress!)
        }
        var seen: [(MIDITimeStamp, MIDIUniversalMessage)] = []
        withUnsafeMutablePointer(to: &seen) { context in
            MIDIEventListForEachEvent(&list, { context, time, message in
                context!.assumingMemoryBound(to: [(MIDITimeStamp, MIDIUniversalMessage)].self).pointee.append((time, message))
            }, context)
        }
        #expect(seen.map(\.0) == [100, 100, 100, 100, 100, 200])
        #expect(seen.map(\.1.type) == [.channelVoice2, .channelVoice1, .channelVoice2, .channelVoice2, .utility, .sysEx])
        let note = seen[0].1
        #expect(note.group == 1 && note.channelVoice2.status == .noteOn && note.channelVoice2.channel == 2)
        #expect(note.channelVoice2.note.number == 60 && note.channelVoice2.note.velocity == 0xC924)
        #expect(seen[1].1.channelVoice1.status == .controlChange && seen[1].1.channelVoice1.controlChange.index == 7
                && seen[1].1.channelVoice1.controlChange.data == 100)
        let program = seen[2].1.channelVoice2.programChange
        #expect(program.options == .bankValid && program.program == 5 && program.bank == 2 << 7 | 3)
        #expect(seen[3].1.channelVoice2.perNoteManagement.note == 61 && seen[3].1.channelVoice2.perNoteManagement.options == .detach)
        #expect(seen[4].1.utility.status == .jitterReductionClock && seen[4].1.utility.jitterReductionClock == 77)
        let data = seen[5].1.sysEx
        #expect(data.status == .complete && data.channel == 3 && data.data.0 == 0x7E && data.data.1 == 0x7F && data.data.2 == 0x09)
    }
}
