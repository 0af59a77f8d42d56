@_spi(Soundcheck) import AudioToolbox
import Foundation

/// `AVMusicEvent`: the base of the events a track holds. Each subclass stands for one
/// `kMusicEventType_…` of the track underneath (`sequenceEvent(at:)`); `enumerateEvents` makes
/// fresh event objects from the track's events (`make(from:)`).
open class AVMusicEvent: NSObject, @unchecked Sendable {
    public override init() { super.init() }

    /// The event as the track stores it; nil for the base class, which is no event.
    func sequenceEvent(at beat: AVMusicTimeStamp) -> SequenceEvent? { nil }

    /// The event object for a stored event.
    static func make(from event: SequenceEvent) -> AVMusicEvent? {
        switch event.type {
        case kMusicEventType_MIDINoteMessage:
            let note = event.value(as: MIDINoteMessage.self)
            return AVMIDINoteEvent(channel: UInt32(note.channel), key: UInt32(note.note), velocity: UInt32(note.velocity), duration: Double(note.duration))
        case kMusicEventType_MIDIChannelMessage:
            return AVMIDIChannelEvent.make(from: event.value(as: MIDIChannelMessage.self))
        case kMusicEventType_MIDIRawData:
            return AVMIDISysexEvent(data: Data(event.payload))
        case kMusicEventType_Meta:
            let type = AVMIDIMetaEvent.EventType(rawValue: Int(event.storage.bytes.load(as: UInt8.self))) ?? .proprietaryEvent
            return AVMIDIMetaEvent(type: type, data: Data(event.payload))
        case kMusicEventType_User:
            return AVMusicUserEvent(data: Data(event.payload))
        case kMusicEventType_ExtendedTempo:
            return AVExtendedTempoEvent(tempo: event.value(as: ExtendedTempoEvent.self).bpm)
        case kMusicEventType_ExtendedNote:
            let note = event.value(as: ExtendedNoteOnEvent.self)
            return AVExtendedNoteOnEvent(midiNote: note.extendedParams.mPitch, velocity: note.extendedParams.mVelocity,
                                         instrumentID: note.instrumentID, groupID: note.groupID, duration: Double(note.duration))
        case kMusicEventType_AUPreset:
            let preset = event.value(as: AUPresetEvent.self)
            let dictionary = (preset.preset.takeUnretainedValue() as? NSDictionary) as? [AnyHashable: Any]
            return AVAUPresetEvent(scope: preset.scope, element: preset.element, dictionary: dictionary ?? [:])
        case kMusicEventType_Parameter:
            let parameter = event.value(as: ParameterEvent.self)
            return AVParameterEvent(parameterID: parameter.parameterID, scope: parameter.scope, element: parameter.element, value: parameter.value)
        default:
            return nil
        }
    }
}

/// A note: a note-on and, `duration` beats later, its note-off.
open class AVMIDINoteEvent: AVMusicEvent, @unchecked Sendable {
    public var channel: UInt32
    public var key: UInt32
    public var velocity: UInt32
    public var duration: AVMusicTimeStamp

    public init(channel: UInt32, key keyNum: UInt32, velocity: UInt32, duration: AVMusicTimeStamp) {
        self.channel = channel
        key = keyNum
        self.velocity = velocity
        self.duration = duration
        super.init()
    }

    override func sequenceEvent(at beat: AVMusicTimeStamp) -> SequenceEvent? {
        .note(beat, MIDINoteMessage(channel: UInt8(channel & 0x0F), note: UInt8(key & 0x7F), velocity: UInt8(velocity & 0x7F),
                                    releaseVelocity: 0, duration: Float32(max(0, duration))))
    }
}

/// System Exclusive bytes, F0 … F7, sent as they are.
open class AVMIDISysexEvent: AVMusicEvent, @unchecked Sendable {
    let data: Data
    public init(data: Data) {
        self.data = data
        super.init()
    }
    public var sizeInBytes: UInt32 { UInt32(data.count) }
    override func sequenceEvent(at beat: AVMusicTimeStamp) -> SequenceEvent? { .rawData(beat, [UInt8](data)) }
}

/// A Standard MIDI File meta event (text, tempo, signatures …); tempo events belong on the tempo
/// track.
open class AVMIDIMetaEvent: AVMusicEvent, @unchecked Sendable {
    public enum EventType: Int, Sendable {
        case sequenceNumber = 0x00
        case text = 0x01
        case copyright = 0x02
        case trackName = 0x03
        case instrument = 0x04
        case lyric = 0x05
        case marker = 0x06
        case cuePoint = 0x07
        case midiChannel = 0x20
        case midiPort = 0x21
        case endOfTrack = 0x2F
        case tempo = 0x51
        case smpteOffset = 0x54
        case timeSignature = 0x58
        case keySignature = 0x59
        case proprietaryEvent = 0x7F
    }

    public let type: EventType
    let data: Data

    public init(type: EventType, data: Data) {
        self.type = type
        self.data = data
        super.init()
    }

    override func sequenceEvent(at beat: AVMusicTimeStamp) -> SequenceEvent? {
        if type == .tempo, data.count == 3 {
            let microseconds = Int(data[data.startIndex]) << 16 | Int(data[data.startIndex + 1]) << 8 | Int(data[data.startIndex + 2])
            if microseconds > 0 { return .tempo(beat, bpm: 60_000_000 / Double(microseconds)) }
        }
        return .meta(beat, type: UInt8(type.rawValue), [UInt8](data))
    }
}

/// The app's own bytes, handed to the sequencer's user callback when played.
open class AVMusicUserEvent: AVMusicEvent, @unchecked Sendable {
    let data: Data
    public init(data: Data) {
        self.data = data
        super.init()
    }
    public var sizeInBytes: UInt32 { UInt32(data.count) }
    override func sequenceEvent(at beat: AVMusicTimeStamp) -> SequenceEvent? { .user(beat, [UInt8](data)) }
}

/// A tempo change, in beats per minute (tempo track only).
open class AVExtendedTempoEvent: AVMusicEvent, @unchecked Sendable {
    public var tempo: Double
    public init(tempo: Double) {
        self.tempo = tempo
        super.init()
    }
    override func sequenceEvent(at beat: AVMusicTimeStamp) -> SequenceEvent? { .tempo(beat, bpm: tempo) }
}

/// A note with a fractional pitch and velocity; played as the nearest MIDI note.
open class AVExtendedNoteOnEvent: AVMusicEvent, @unchecked Sendable {
    public class var defaultInstrument: UInt32 { 0 }
    public var midiNote: Float
    public var velocity: Float
    public var instrumentID: UInt32
    public var groupID: UInt32
    public var duration: AVMusicTimeStamp

    public convenience init(midiNote: Float, velocity: Float, groupID: UInt32, duration: AVMusicTimeStamp) {
        self.init(midiNote: midiNote, velocity: velocity, instrumentID: Self.defaultInstrument, groupID: groupID, duration: duration)
    }

    public init(midiNote: Float, velocity: Float, instrumentID: UInt32, groupID: UInt32, duration: AVMusicTimeStamp) {
        self.midiNote = midiNote
        self.velocity = velocity
        self.instrumentID = instrumentID
        self.groupID = groupID
        self.duration = duration
        super.init()
    }

    override func sequenceEvent(at beat: AVMusicTimeStamp) -> SequenceEvent? {
        let params = MusicDeviceNoteParams(argCount: 2, mPitch: midiNote, mVelocity: velocity, mControls: NoteParamsControlValue())
        return SequenceEvent(time: beat, type: kMusicEventType_ExtendedNote,
                             value: ExtendedNoteOnEvent(instrumentID: instrumentID, groupID: groupID, duration: Float32(max(0, duration)), extendedParams: params))
    }
}

/// A parameter change of the track's destination audio unit.
open class AVParameterEvent: AVMusicEvent, @unchecked Sendable {
    public var parameterID: UInt32
    public var scope: UInt32
    public var element: UInt32
    public var value: Float

    public init(parameterID: UInt32, scope: UInt32, element: UInt32, value: Float) {
        self.parameterID = parameterID
        self.scope = scope
        self.element = element
        self.value = value
        super.init()
    }

    override func sequenceEvent(at beat: AVMusicTimeStamp) -> SequenceEvent? {
        SequenceEvent(time: beat, type: kMusicEventType_Parameter,
                      value: ParameterEvent(parameterID: parameterID, scope: scope, element: element, value: value))
    }
}

/// An audio unit preset (a `ClassInfo` property list) to apply at the event's beat; stored, copied
/// and written back, not applied while playing (docs/sequencer.md).
open class AVAUPresetEvent: AVMusicEvent, @unchecked Sendable {
    public var scope: UInt32
    public var element: UInt32
    public let presetDictionary: [AnyHashable: Any]

    public init(scope: UInt32, element: UInt32, dictionary presetDictionary: [AnyHashable: Any]) {
        self.scope = scope
        self.element = element
        self.presetDictionary = presetDictionary
        super.init()
    }

    override func sequenceEvent(at beat: AVMusicTimeStamp) -> SequenceEvent? {
        let plist = NSDictionary(dictionary: presetDictionary)
        return .preset(beat, AUPresetEvent(scope: scope, element: element, preset: .passUnretained(plist)))
    }
}
