// Reading an event list message by message: each Universal MIDI Packet of each event packet is
// taken apart into a MIDIUniversalMessage (field positions as in MIDI1UPMessages.swift and
// MIDI2ChannelVoiceMessages.swift) and handed to the visitor with its packet's time stamp.

/// Calls `visitor` once for every Universal MIDI Packet in the list, in order. A packet cut short
/// by the end of its event packet is not visited. A nil list or visitor does nothing.
public func MIDIEventListForEachEvent(_ evtlist: UnsafePointer<MIDIEventList>!, _ visitor: MIDIEventVisitor!,
                                      _ visitorContext: UnsafeMutableRawPointer!) {
    guard let evtlist, let visitor else { return }
    for packet in EventListCoding.packets(evtlist) {
        var index = 0
        while index < packet.words.count {
            let size = UMPSize.of(packet.words[index])
            guard index + size <= packet.words.count else { break }
            visitor(visitorContext, packet.time, UniversalMessageParser.parse(Array(packet.words[index..<(index + size)])))
            index += size
        }
    }
}

enum UniversalMessageParser {
    static func parse(_ words: [UInt32]) -> MIDIUniversalMessage {
        var message = MIDIUniversalMessage()
        let word0 = words[0]
        message.group = UInt8(word0 >> 24 & 0xF)
        let status = word0 >> 20 & 0xF, channel = UInt8(word0 >> 16 & 0xF)
        let byte2 = UInt8(word0 >> 8 & 0xFF), byte3 = UInt8(word0 & 0xFF)
        switch MIDIMessageTypeForUPWord(word0) {
        case .utility:
            message.type = .utility
            message.group = 0
            message.utility.status = MIDIUtilityStatus(rawValue: status) ?? .NOOP
            message.utility.jitterReductionClock = UInt16(word0 & 0xFFFF)
            message.utility.jitterReductionTimestamp = UInt16(word0 & 0xFFFF)
        case .system:
            message.type = .system
            message.system.status = MIDISystemStatus(rawValue: word0 >> 16 & 0xFF) ?? .statusStartOfExclusive
            message.system.timeCode = byte2 & 0x7F
            message.system.songSelect = byte2 & 0x7F
            message.system.songPositionPointer = UInt16(byte3 & 0x7F) << 7 | UInt16(byte2 & 0x7F)
        case .channelVoice1:
            message.type = .channelVoice1
            message.channelVoice1 = channelVoice1(status: status, channel: channel, byte2 & 0x7F, byte3 & 0x7F)
        case .sysEx:
            message.type = .sysEx
            message.sysEx.status = MIDISysExStatus(rawValue: status) ?? .complete
            message.sysEx.channel = channel
            let word1 = words[1]
            message.sysEx.data = (byte2 & 0x7F, byte3 & 0x7F, UInt8(word1 >> 24 & 0x7F), UInt8(word1 >> 16 & 0x7F),
                                  UInt8(word1 >> 8 & 0x7F), UInt8(word1 & 0x7F))
        case .channelVoice2:
            message.type = .channelVoice2
            message.channelVoice2 = channelVoice2(status: status, channel: channel, byte2, byte3, words[1])
        case .data128:
            message.type = .data128
            message.data128 = data128(words)
        case let other:
            // Flex data, stream and undefined types: the raw words, as Apple's reader gives them.
            message.type = other
            message.unknown.words = (word0, words.count > 1 ? words[1] : 0, words.count > 2 ? words[2] : 0, words.count > 3 ? words[3] : 0)
        }
        return message
    }

    private static func channelVoice1(status: UInt32, channel: UInt8, _ data1: UInt8, _ data2: UInt8)
        -> MIDIUniversalMessage.Variant.__Unnamed_struct_channelVoice1 {
        var voice = MIDIUniversalMessage.Variant.__Unnamed_struct_channelVoice1()
        voice.status = MIDICVStatus(rawValue: status) ?? .registeredPNC
        voice.channel = channel
        voice.note.number = data1
        voice.note.velocity = data2
        voice.polyPressure.noteNumber = data1
        voice.polyPressure.pressure = data2
        voice.controlChange.index = data1
        voice.controlChange.data = data2
        voice.program = data1
        voice.channelPressure = data1
        voice.pitchBend = UInt16(data2) << 7 | UInt16(data1)
        return voice
    }

    private static func channelVoice2(status: UInt32, channel: UInt8, _ index1: UInt8, _ index2: UInt8, _ value: UInt32)
        -> MIDIUniversalMessage.Variant.__Unnamed_struct_channelVoice2 {
        var voice = MIDIUniversalMessage.Variant.__Unnamed_struct_channelVoice2()
        voice.status = MIDICVStatus(rawValue: status) ?? .registeredPNC
        voice.channel = channel
        let note = index1 & 0x7F
        voice.note.number = note
        voice.note.attributeType = MIDINoteAttribute(rawValue: index2) ?? .none
        voice.note.velocity = UInt16(value >> 16)
        voice.note.attribute = UInt16(value & 0xFFFF)
        voice.polyPressure.noteNumber = note
        voice.polyPressure.pressure = value
        voice.controlChange.index = note
        voice.controlChange.data = value
        voice.programChange.options = MIDIProgramChangeOptions(rawValue: index2)
        voice.programChange.program = UInt8(value >> 24 & 0x7F)
        voice.programChange.bank = UInt16(value >> 8 & 0x7F) << 7 | UInt16(value & 0x7F)
        voice.channelPressure.data = value
        voice.pitchBend.data = value
        voice.perNoteController.noteNumber = note
        voice.perNoteController.index = index2
        voice.perNoteController.data = value
        voice.controller.bank = index1 & 0x7F
        voice.controller.index = index2 & 0x7F
        voice.controller.data = value
        voice.perNotePitchBend.noteNumber = note
        voice.perNotePitchBend.bend = value
        voice.perNoteManagement.note = note
        voice.perNoteManagement.options = MIDIPerNoteManagementOptions(rawValue: index2 & 0x3)
        return voice
    }

    private static func data128(_ words: [UInt32]) -> MIDIUniversalMessage.Variant.__Unnamed_struct_data128 {
        var data = MIDIUniversalMessage.Variant.__Unnamed_struct_data128()
        data.status = MIDISysExStatus(rawValue: words[0] >> 20 & 0xF) ?? .complete
        // Bytes 2 to 15 of the packet, big-endian within each word.
        let bytes = (2..<16).map { UInt8(truncatingIfNeeded: words[$0 / 4] >> UInt32(24 - 8 * ($0 % 4))) }
        data.sysex8.byteCount = UInt8(words[0] >> 16 & 0xF)
        data.sysex8.streamID = bytes[0]
        withUnsafeMutableBytes(of: &data.sysex8.data) { $0.copyBytes(from: bytes[1...]) }
        data.mixedDataSet.mdsID = UInt8(words[0] >> 16 & 0xF)
        withUnsafeMutableBytes(of: &data.mixedDataSet.data) { $0.copyBytes(from: bytes) }
        return data
    }
}

/// The 7-bit SysEx of one group in a packet, as MIDI 1.0 bytes: F0 where a message starts, its
/// data, F7 where it ends (a message split over packets gives its part in each). Other groups and
/// other message types are passed over; a packet with none gives empty data.
public func MIDIEventPacketSysexBytesForGroup(_ pkt: UnsafePointer<MIDIEventPacket>, _ groupIndex: UInt8,
                                              _ outData: UnsafeMutablePointer<Unmanaged<CFData>?>) -> OSStatus {
    let words = Array(pkt.words())
    var bytes: [UInt8] = []
    var index = 0
    while index < words.count {
        let size = UMPSize.of(words[index])
        guard index + size <= words.count else { break }
        let message = UniversalMessageParser.parse(Array(words[index..<(index + size)]))
        index += size
        guard message.type == .sysEx, message.group == groupIndex & 0xF else { continue }
        let sysEx = message.sysEx
        let data = withUnsafeBytes(of: sysEx.data) { Array($0.prefix(min(Int(sysEx.channel), 6))) }
        if sysEx.status == .complete || sysEx.status == .start { bytes.append(0xF0) }
        bytes += data
        if sysEx.status == .complete || sysEx.status == .end { bytes.append(0xF7) }
    }
    outData.pointee = Unmanaged.passRetained(NSData(data: Data(bytes)))
    return noErr
}
