@_spi(Soundcheck) import AudioToolbox
import Foundation

/// `AVMIDIChannelEvent`: the base of the channel messages other than notes.
open class AVMIDIChannelEvent: AVMusicEvent, @unchecked Sendable {
    public var channel: UInt32

    init(channel: UInt32) {
        self.channel = channel
        super.init()
    }

    /// The message's status nibble and data bytes.
    var message: (status: UInt8, data1: UInt8, data2: UInt8) { (0, 0, 0) }

    override func sequenceEvent(at beat: AVMusicTimeStamp) -> SequenceEvent? {
        let message = message
        guard message.status != 0 else { return nil }
        return .channel(beat, MIDIChannelMessage(status: message.status | UInt8(channel & 0x0F), data1: message.data1 & 0x7F,
                                                 data2: message.data2 & 0x7F, reserved: 0))
    }

    static func make(from message: MIDIChannelMessage) -> AVMIDIChannelEvent? {
        let channel = UInt32(message.status & 0x0F)
        let data1 = UInt32(message.data1), data2 = UInt32(message.data2)
        switch message.status & 0xF0 {
        case 0xA0: return AVMIDIPolyPressureEvent(channel: channel, key: data1, pressure: data2)
        case 0xB0: return AVMIDIControlChangeEvent(channel: channel, messageType: .init(rawValue: Int(data1)) ?? .bankSelect, value: data2, controller: message.data1)
        case 0xC0: return AVMIDIProgramChangeEvent(channel: channel, programNumber: data1)
        case 0xD0: return AVMIDIChannelPressureEvent(channel: channel, pressure: data1)
        case 0xE0: return AVMIDIPitchBendEvent(channel: channel, value: data1 | data2 << 7)
        default: return nil
        }
    }
}

open class AVMIDIControlChangeEvent: AVMIDIChannelEvent, @unchecked Sendable {
    public enum MessageType: Int, Sendable {
        case bankSelect = 0
        case modWheel = 1
        case breath = 2
        case foot = 4
        case portamentoTime = 5
        case dataEntry = 6
        case volume = 7
        case balance = 8
        case pan = 10
        case expression = 11
        case sustain = 64
        case portamento = 65
        case sostenuto = 66
        case soft = 67
        case legatoPedal = 68
        case hold2Pedal = 69
        case filterResonance = 71
        case releaseTime = 72
        case attackTime = 73
        case brightness = 74
        case decayTime = 75
        case vibratoRate = 76
        case vibratoDepth = 77
        case vibratoDelay = 78
        case reverbLevel = 91
        case chorusLevel = 93
        case RPN_LSB = 100
        case RPN_MSB = 101
        case allSoundOff = 120
        case resetAllControllers = 121
        case allNotesOff = 123
        case omniModeOff = 124
        case omniModeOn = 125
        case monoModeOn = 126
        case monoModeOff = 127
    }

    public let messageType: MessageType
    public let value: UInt32
    /// The controller number as stored (a file may use controllers the enumeration has no case for).
    private let controller: UInt8

    public convenience init(channel: UInt32, messageType: MessageType, value: UInt32) {
        self.init(channel: channel, messageType: messageType, value: value, controller: UInt8(messageType.rawValue))
    }

    init(channel: UInt32, messageType: MessageType, value: UInt32, controller: UInt8) {
        self.messageType = messageType
        self.value = value
        self.controller = controller
        super.init(channel: channel)
    }

    override var message: (status: UInt8, data1: UInt8, data2: UInt8) { (0xB0, controller, UInt8(truncatingIfNeeded: value)) }
}

open class AVMIDIPolyPressureEvent: AVMIDIChannelEvent, @unchecked Sendable {
    public var key: UInt32
    public var pressure: UInt32
    public init(channel: UInt32, key: UInt32, pressure: UInt32) {
        self.key = key
        self.pressure = pressure
        super.init(channel: channel)
    }
    override var message: (status: UInt8, data1: UInt8, data2: UInt8) { (0xA0, UInt8(truncatingIfNeeded: key), UInt8(truncatingIfNeeded: pressure)) }
}

open class AVMIDIProgramChangeEvent: AVMIDIChannelEvent, @unchecked Sendable {
    public var programNumber: UInt32
    public init(channel: UInt32, programNumber: UInt32) {
        self.programNumber = programNumber
        super.init(channel: channel)
    }
    override var message: (status: UInt8, data1: UInt8, data2: UInt8) { (0xC0, UInt8(truncatingIfNeeded: programNumber), 0) }
}

open class AVMIDIChannelPressureEvent: AVMIDIChannelEvent, @unchecked Sendable {
    public var pressure: UInt32
    public init(channel: UInt32, pressure: UInt32) {
        self.pressure = pressure
        super.init(channel: channel)
    }
    override var message: (status: UInt8, data1: UInt8, data2: UInt8) { (0xD0, UInt8(truncatingIfNeeded: pressure), 0) }
}

/// `value` is 14-bit, 0 … 16383, 8192 the centre.
open class AVMIDIPitchBendEvent: AVMIDIChannelEvent, @unchecked Sendable {
    public var value: UInt32
    public init(channel: UInt32, value: UInt32) {
        self.value = value
        super.init(channel: channel)
    }
    override var message: (status: UInt8, data1: UInt8, data2: UInt8) { (0xE0, UInt8(value & 0x7F), UInt8(value >> 7 & 0x7F)) }
}
