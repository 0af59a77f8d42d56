import CoreMIDI

extension AVAudioUnitMIDIInstrument {
    /// Plays a Universal MIDI Packet event list (iOS 16) at once, as the `send…` methods do: the
    /// channel voice messages of MIDI 1.0 and MIDI 2.0 reach the instrument as the MIDI 1.0 messages
    /// they translate to (MIDI 2.0's wider values keep their top bits, as the UMP specification's
    /// default translation does). Other message types are accepted and ignored.
    public func send(_ eventList: UnsafePointer<MIDIEventList>) {
        MIDIEventListForEachEvent(eventList, { _, _, message in self.play(message) }, nil)
    }

    private func play(_ message: MIDIUniversalMessage) {
        switch message.type {
        case .channelVoice1:
            let voice = message.channelVoice1
            let status = UInt8(voice.status.rawValue) << 4 | voice.channel & 0x0F
            switch voice.status {
            case .noteOn, .noteOff: sendMIDIEvent(status, data1: voice.note.number, data2: voice.note.velocity)
            case .polyPressure: sendMIDIEvent(status, data1: voice.polyPressure.noteNumber, data2: voice.polyPressure.pressure)
            case .controlChange: sendMIDIEvent(status, data1: voice.controlChange.index, data2: voice.controlChange.data)
            case .programChange: sendMIDIEvent(status, data1: voice.program)
            case .channelPressure: sendMIDIEvent(status, data1: voice.channelPressure)
            case .pitchBend: sendPitchBend(voice.pitchBend, onChannel: voice.channel)
            default: break
            }
        case .channelVoice2:
            let voice = message.channelVoice2
            let status = UInt8(voice.status.rawValue) << 4 | voice.channel & 0x0F
            switch voice.status {
            case .noteOn, .noteOff:
                // A MIDI 2.0 note-on never has velocity 0; its top seven bits may be, so it stays a note-on.
                let velocity = UInt8(voice.note.velocity >> 9)
                sendMIDIEvent(status, data1: voice.note.number, data2: voice.status == .noteOn ? max(velocity, 1) : velocity)
            case .polyPressure: sendMIDIEvent(status, data1: voice.polyPressure.noteNumber, data2: UInt8(voice.polyPressure.pressure >> 25))
            case .controlChange: sendMIDIEvent(status, data1: voice.controlChange.index, data2: UInt8(voice.controlChange.data >> 25))
            case .programChange:
                let change = voice.programChange
                if change.options.contains(.bankValid) {
                    sendProgramChange(change.program, bankMSB: UInt8(change.bank >> 7 & 0x7F), bankLSB: UInt8(change.bank & 0x7F),
                                      onChannel: voice.channel)
                } else {
                    sendProgramChange(change.program, onChannel: voice.channel)
                }
            case .channelPressure: sendMIDIEvent(status, data1: UInt8(voice.channelPressure.data >> 25))
            case .pitchBend: sendPitchBend(UInt16(voice.pitchBend.data >> 18), onChannel: voice.channel)
            default: break
            }
        default:
            break
        }
    }
}
