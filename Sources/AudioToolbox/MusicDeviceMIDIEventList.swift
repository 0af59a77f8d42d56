import CoreAudioTypes
import CoreMIDI

/// Sends a list of Universal MIDI Packets to a music device (iOS 15, macOS 12): every MIDI 1.0
/// message in it — channel voice messages (UMP type 2), system common and real-time messages
/// (type 1), and System Exclusive carried in 7-bit data packets (type 3, reassembled across
/// packets) — takes effect `inOffsetSampleFrame` frames into the unit's next render, as if sent
/// one by one with `MusicDeviceMIDIEvent` / `MusicDeviceSysEx`. The packets' time stamps are
/// not used: the offset is the only timing, as for the one-message call. Other packet types
/// (MIDI 2.0 channel voice, utility, flex data …) are skipped by their size.
///
/// Errors as `MusicDeviceMIDIEvent`: `badComponentSelector` from a unit that takes no MIDI,
/// `kAudio_ParamError` for a malformed SysEx run, `kAudioUnitErr_CannotDoInCurrentContext` when
/// the unit's queue is full. Allocation-free, so a host may call it from its render callback.
public func MusicDeviceMIDIEventList(_ inUnit: MusicDeviceComponent, _ inOffsetSampleFrame: UInt32,
                                     _ evtList: UnsafePointer<MIDIEventList>) -> OSStatus {
    withMusicDevice(inUnit) { receiver in
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: UMPSysExAssembler.capacity) { buffer in
            var sysEx = UMPSysExAssembler(buffer: buffer)
            for packet in evtList.unsafeSequence() {
                // A packet's words run on past the fixed tuple when it holds more than it.
                let words = UnsafeBufferPointer(start: (UnsafeRawPointer(packet) + wordsOffset).assumingMemoryBound(to: UInt32.self),
                                                count: Int(packet.pointee.wordCount))
                let status = deliver(words[...], to: receiver, offset: inOffsetSampleFrame, sysEx: &sysEx)
                guard status == 0 else { return status }
            }
            return 0
        }
    }
}

private let wordsOffset = MemoryLayout<MIDIEventPacket>.offset(of: \MIDIEventPacket.words)!

/// Hands each MIDI 1.0 message among `words` to the unit; the first failure ends the list.
private func deliver(_ words: Slice<UnsafeBufferPointer<UInt32>>, to receiver: MusicDeviceMIDIReceiver, offset: UInt32,
                     sysEx: inout UMPSysExAssembler) -> OSStatus {
    var index = words.startIndex
    while index < words.endIndex {
        let word = words[index]
        let type = word >> 28
        let size = UMPSysExAssembler.wordCount(ofType: type)
        guard index + size <= words.endIndex else { return kAudio_ParamError }
        let status = UInt8(truncatingIfNeeded: word >> 16)
        var result: OSStatus = 0
        switch type {
        case 0x2 where status >= 0x80, 0x1 where status >= 0xF0:
            result = receiver.midiEvent(status: status, data1: UInt8(truncatingIfNeeded: word >> 8) & 0x7F,
                                        data2: UInt8(truncatingIfNeeded: word) & 0x7F, offsetSampleFrame: offset)
        case 0x3:
            guard let complete = sysEx.add(word, words[index + 1]) else { return kAudio_ParamError }
            if complete { result = sysEx.withMessage { receiver.sysEx($0) } }
        default:
            break
        }
        guard result == 0 else { return result }
        index += size
    }
    return 0
}

/// Puts a System Exclusive message back together from UMP type 3 packets (status nibble 0:
/// complete in one, 1 start, 2 continue, 3 end; up to six bytes each) as `F0 … F7`, in storage
/// the caller provides.
struct UMPSysExAssembler {
    /// The longest SysEx one call takes (the music device's queue holds 4096 bytes per render).
    static let capacity = 4096
    private let buffer: UnsafeMutableBufferPointer<UInt8>
    private var length = 0
    private var open = false

    init(buffer: UnsafeMutableBufferPointer<UInt8>) { self.buffer = buffer }

    /// Words per Universal MIDI Packet of `type` (the top four bits of its first word).
    static func wordCount(ofType type: UInt32) -> Int {
        switch type {
        case 0x0, 0x1, 0x2, 0x6, 0x7: 1
        case 0x3, 0x4, 0x8, 0x9, 0xA: 2
        case 0xB, 0xC: 3
        default: 4
        }
    }

    /// Adds one type 3 packet; true when it ends a message, nil when it breaks the rules (a
    /// continuation with no start, more than six bytes, too long a message).
    mutating func add(_ first: UInt32, _ second: UInt32) -> Bool? {
        let kind = first >> 20 & 0xF
        let count = Int(first >> 16 & 0xF)
        guard count <= 6 else { return nil }
        switch kind {
        case 0, 1: length = 0; open = true; guard append(0xF0) else { return nil }
        case 2, 3: guard open else { return nil }
        default: return nil
        }
        // The bytes follow the status and count: two in the first word, four in the second.
        for position in 0..<count {
            let byte = position < 2 ? UInt8(truncatingIfNeeded: first >> (8 - 8 * position))
                : UInt8(truncatingIfNeeded: second >> (24 - 8 * (position - 2)))
            guard byte <= 0x7F, append(byte) else { return nil }
        }
        guard kind == 0 || kind == 3 else { return false }
        open = false
        return append(0xF7) ? true : nil
    }

    func withMessage(_ body: (UnsafeBufferPointer<UInt8>) -> OSStatus) -> OSStatus {
        body(UnsafeBufferPointer(rebasing: buffer[..<length]))
    }

    private mutating func append(_ byte: UInt8) -> Bool {
        guard length < buffer.count else { return false }
        buffer[length] = byte
        length += 1
        return true
    }
}
