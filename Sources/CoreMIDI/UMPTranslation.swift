import MediaServer

/// Translation between MIDI 1.0 messages and Universal MIDI Packets, where a sender's protocol
/// differs from a receiver's ("the system automatically converts messages from one protocol to
/// another as needed"). The rules are the default translation of the UMP specification
/// (M2-104-UM, appendix D):
///
/// - up, 7 → 16 or 32 bits: min-centre-max scaling. 0 stays 0, the centre (64) becomes the new
///   centre exactly, the maximum becomes the new maximum, and the bits in between repeat. A
///   MIDI 1.0 note on with velocity 0 is a note off.
/// - down: the top bits. A note on whose velocity falls to 0 is sent with velocity 1, because a
///   MIDI 1.0 receiver would take 0 as a note off. A registered (assignable) controller becomes
///   the RPN (NRPN) sequence CC 101/100 (99/98), 6, 38; a program change with a valid bank
///   becomes bank select CC 0 and 32, then the program change. Per-note controllers, per-note
///   pitch bend, per-note management and relative controllers have no MIDI 1.0 form: they reach
///   MIDI 2.0 receivers only.
enum UMPTranslation {
    // MARK: Event list → server messages

    /// The messages of an event list, each with its MIDI 1.0 bytes and the words it was sent as.
    /// A SysEx split over several packets becomes one message at the time of its last packet.
    static func messages(_ packets: [(time: MIDITimeStamp, words: [UInt32])]) -> [MIDITimedMessage] {
        var messages: [MIDITimedMessage] = []
        var sysEx: [Int: (bytes: [UInt8], words: [UInt32])] = [:]
        for (time, words) in packets {
            var index = 0
            while index < words.count {
                let size = UMPSize.of(words[index])
                guard index + size <= words.count else { break }
                let packet = Array(words[index..<(index + size)])
                index += size
                let word = packet[0], group = Int(word >> 24 & 0xF)
                switch word >> 28 {
                case 0: continue  // utility: jitter reduction and clockstamps stay with the transport
                case 1, 2:
                    let status = UInt8(truncatingIfNeeded: word >> 16)
                    let bytes = [status, UInt8(word >> 8 & 0x7F), UInt8(word & 0x7F)].prefix(MIDIMessageBytes.length(status: status))
                    messages.append(MIDITimedMessage(timeStamp: time, bytes: Array(bytes), universal: packet))
                case 3:
                    let kind = word >> 20 & 0xF, count = min(Int(word >> 16 & 0xF), 6)
                    let data = [word >> 8, word, packet[1] >> 24, packet[1] >> 16, packet[1] >> 8, packet[1]]
                        .prefix(count).map { UInt8($0 & 0x7F) }
                    var part: (bytes: [UInt8], words: [UInt32]) = kind == 0 || kind == 1 ? ([0xF0], []) : sysEx[group] ?? ([0xF0], [])
                    part.bytes += data
                    part.words += packet
                    if kind == 0 || kind == 3 {
                        messages.append(MIDITimedMessage(timeStamp: time, bytes: part.bytes + [0xF7], universal: part.words))
                        sysEx[group] = nil
                    } else {
                        sysEx[group] = part
                    }
                case 4:
                    let translated = down(packet[0], packet[1])
                    messages.append(MIDITimedMessage(timeStamp: time, bytes: translated.first ?? [], universal: packet))
                    for extra in translated.dropFirst() { messages.append(MIDITimedMessage(timeStamp: time, bytes: extra, universal: [])) }
                default:
                    // 8-bit SysEx, flex data, stream messages: MIDI 2.0 receivers only.
                    messages.append(MIDITimedMessage(timeStamp: time, bytes: [], universal: packet))
                }
            }
        }
        return messages
    }

    /// MIDI 1.0 messages for one MIDI 2.0 channel voice message (none when MIDI 1.0 has no form for it).
    static func down(_ word0: UInt32, _ value: UInt32) -> [[UInt8]] {
        let opcode = UInt8(word0 >> 20 & 0xF), channel = UInt8(word0 >> 16 & 0xF)
        let index1 = UInt8(word0 >> 8 & 0x7F), index2 = UInt8(word0 & 0x7F)
        let top7 = UInt8(value >> 25)
        func status(_ kind: MIDICVStatus) -> UInt8 { UInt8(kind.rawValue) << 4 | channel }
        func cc(_ controller: UInt8, _ data: UInt8) -> [UInt8] { [status(.controlChange), controller, data] }
        switch MIDICVStatus(rawValue: UInt32(opcode)) {
        case .noteOn: return [[status(.noteOn), index1, max(1, UInt8(value >> 25))]]
        case .noteOff: return [[status(.noteOff), index1, top7]]
        case .polyPressure: return [[status(.polyPressure), index1, top7]]
        case .controlChange: return [[status(.controlChange), index1, top7]]
        case .channelPressure: return [[status(.channelPressure), top7]]
        case .pitchBend:
            let bend = value >> 18
            return [[status(.pitchBend), UInt8(bend & 0x7F), UInt8(bend >> 7)]]
        case .programChange:
            let program = [status(.programChange), UInt8(value >> 24 & 0x7F)]
            guard word0 & UInt32(MIDIProgramChangeOptions.bankValid.rawValue) != 0 else { return [program] }
            return [cc(0, UInt8(value >> 8 & 0x7F)), cc(32, UInt8(value & 0x7F)), program]
        case .registeredControl:
            return [cc(101, index1), cc(100, index2), cc(6, top7), cc(38, UInt8(value >> 18 & 0x7F))]
        case .assignableControl:
            return [cc(99, index1), cc(98, index2), cc(6, top7), cc(38, UInt8(value >> 18 & 0x7F))]
        default: return []
        }
    }

    // MARK: Server messages → an event list in a receiver's protocol

    /// The words a receiver in `protocol` gets for `message`: the words it was sent as when they
    /// are in that protocol, else a translation of its MIDI 1.0 form, in the group it was sent on.
    static func words(for message: MIDITimedMessage, protocol: MIDIProtocolID) -> [UInt32] {
        if let universal = message.universal {
            guard let first = universal.first else {
                // One of the extra MIDI 1.0 messages a MIDI 2.0 message became: a MIDI 2.0
                // receiver has the original.
                return `protocol` == ._2_0 ? [] : up(message.bytes, protocol: ._1_0, group: 0)
            }
            let type = first >> 28
            if !(type == 2 && `protocol` == ._2_0) && !(type == 4 && `protocol` == ._1_0) { return universal }
            return up(message.bytes, protocol: `protocol`, group: first >> 24 & 0xF)
        }
        return up(message.bytes, protocol: `protocol`, group: 0)
    }

    /// A MIDI 1.0 message as UMP: channel voice as type 2 (MIDI 1.0 protocol) or type 4 (MIDI 2.0),
    /// system messages as type 1, SysEx as type 3 packets of up to six bytes.
    static func up(_ message: [UInt8], protocol: MIDIProtocolID, group: UInt32) -> [UInt32] {
        guard let status = message.first else { return [] }
        let g = UInt8(group), channel = status & 0x0F
        let d1 = message.count > 1 ? message[1] : 0, d2 = message.count > 2 ? message[2] : 0
        switch status {
        case 0x80...0xEF where `protocol` == ._1_0:
            return [MIDI1UPChannelVoiceMessage(g, status >> 4, channel, d1, d2)]
        case 0x80...0xEF:
            let words = up2(status: status >> 4, group: g, channel: channel, UInt32(d1), UInt32(d2))
            return [words.word0, words.word1]
        case 0xF0:
            return sysEx(Array(message.dropFirst().prefix { $0 != 0xF7 }), group: g)
        default:
            return [MIDI1UPSystemCommon(g, status, d1, d2)]
        }
    }

    private static func up2(status: UInt8, group: UInt8, channel: UInt8, _ d1: UInt32, _ d2: UInt32) -> MIDIMessage_64 {
        let note = UInt8(d1)
        switch MIDICVStatus(rawValue: UInt32(status))! {
        case .noteOn where d2 == 0: return MIDI2NoteOff(group, channel, note, 0, 0, 0)
        case .noteOn: return MIDI2NoteOn(group, channel, note, 0, 0, UInt16(upscale(d2, bits: 7, to: 16)))
        case .noteOff: return MIDI2NoteOff(group, channel, note, 0, 0, UInt16(upscale(d2, bits: 7, to: 16)))
        case .polyPressure: return MIDI2PolyPressure(group, channel, note, upscale(d2, bits: 7, to: 32))
        case .controlChange: return MIDI2ControlChange(group, channel, note, upscale(d2, bits: 7, to: 32))
        case .programChange: return MIDI2ProgramChange(group, channel, false, note, 0, 0)
        case .channelPressure: return MIDI2ChannelPressure(group, channel, upscale(d1, bits: 7, to: 32))
        default: return MIDI2PitchBend(group, channel, upscale(d2 << 7 | d1, bits: 14, to: 32))
        }
    }

    /// Min-centre-max upscaling (M2-104-UM, D.3.2).
    static func upscale(_ value: UInt32, bits source: Int, to destination: Int) -> UInt32 {
        let shift = destination - source
        var result = UInt64(value) << UInt64(shift)
        guard value > 1 << (source - 1) else { return UInt32(truncatingIfNeeded: result) }
        let repeatBits = source - 1
        var repeated = UInt64(value) & ((1 << UInt64(repeatBits)) - 1)
        repeated = shift > repeatBits ? repeated << UInt64(shift - repeatBits) : repeated >> UInt64(repeatBits - shift)
        while repeated != 0 {
            result |= repeated
            repeated >>= UInt64(repeatBits)
        }
        return UInt32(truncatingIfNeeded: result)
    }

    private static func sysEx(_ data: [UInt8], group: UInt8) -> [UInt32] {
        let chunks = stride(from: 0, to: max(data.count, 1), by: 6).map { Array(data[$0..<min($0 + 6, data.count)]) }
        return chunks.enumerated().flatMap { index, chunk -> [UInt32] in
            let status: MIDISysExStatus = chunks.count == 1 ? .complete : index == 0 ? .start : index == chunks.count - 1 ? .end : .continue
            let packet = chunk.withUnsafeBufferPointer {
                MIDI1UPSysExArray(group, UInt8(status.rawValue), $0.baseAddress, $0.baseAddress.map { $0 + chunk.count })
            }
            return [packet.word0, packet.word1]
        }
    }
}
