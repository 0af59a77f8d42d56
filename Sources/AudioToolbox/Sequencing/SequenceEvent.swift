import CoreAudioTypes

/// One event of a track: its time in beats, its `kMusicEventType_…` and its bytes in the C
/// layout of that type's struct, in storage of its own so that an event iterator can hand out a
/// pointer to them (`MusicEventIteratorGetEventInfo`) that stays valid while the event lives.
@_spi(Soundcheck) public struct SequenceEvent {
    public var time: MusicTimeStamp
    public let type: MusicEventType
    public let storage: EventBytes

    public init(time: MusicTimeStamp, type: MusicEventType, storage: EventBytes) {
        self.time = time
        self.type = type
        self.storage = storage
    }

    public init<T>(time: MusicTimeStamp, type: MusicEventType, value: T) {
        self.init(time: time, type: type, storage: EventBytes(value))
    }

    public func value<T>(as _: T.Type) -> T { storage.bytes.loadUnaligned(as: T.self) }

    /// The payload of a variable-length event (meta, raw MIDI, user data): the bytes after its
    /// header, as many as its length field says.
    public var payload: UnsafeRawBufferPointer {
        switch type {
        case kMusicEventType_Meta:
            let length = Int(storage.bytes.loadUnaligned(fromByteOffset: 4, as: UInt32.self))
            return UnsafeRawBufferPointer(start: storage.bytes + 8, count: length)
        case kMusicEventType_MIDIRawData, kMusicEventType_User:
            let length = Int(storage.bytes.loadUnaligned(as: UInt32.self))
            return UnsafeRawBufferPointer(start: storage.bytes + 4, count: length)
        default:
            return UnsafeRawBufferPointer(start: storage.bytes, count: storage.size)
        }
    }

    // MARK: Making events

    public static func note(_ time: MusicTimeStamp, _ message: MIDINoteMessage) -> SequenceEvent {
        SequenceEvent(time: time, type: kMusicEventType_MIDINoteMessage, value: message)
    }

    public static func channel(_ time: MusicTimeStamp, _ message: MIDIChannelMessage) -> SequenceEvent {
        SequenceEvent(time: time, type: kMusicEventType_MIDIChannelMessage, value: message)
    }

    public static func tempo(_ time: MusicTimeStamp, bpm: Float64) -> SequenceEvent {
        SequenceEvent(time: time, type: kMusicEventType_ExtendedTempo, value: ExtendedTempoEvent(bpm: bpm))
    }

    public static func meta(_ time: MusicTimeStamp, type metaType: UInt8, _ data: some Collection<UInt8>) -> SequenceEvent {
        variable(time, kMusicEventType_Meta, header: [metaType, 0, 0, 0], data)
    }

    /// An AU preset event, keeping its preset retained for the event's life.
    public static func preset(_ time: MusicTimeStamp, _ event: AUPresetEvent) -> SequenceEvent {
        let stored = SequenceEvent(time: time, type: kMusicEventType_AUPreset, value: event)
        stored.storage.retained = event.preset.takeUnretainedValue()
        return stored
    }

    public static func rawData(_ time: MusicTimeStamp, _ data: some Collection<UInt8>) -> SequenceEvent {
        variable(time, kMusicEventType_MIDIRawData, header: [], data)
    }

    public static func user(_ time: MusicTimeStamp, _ data: some Collection<UInt8>) -> SequenceEvent {
        variable(time, kMusicEventType_User, header: [], data)
    }

    /// `header`, the length as a UInt32, then the bytes (at least the struct's size, so a
    /// reader of the whole struct stays inside the storage).
    private static func variable(_ time: MusicTimeStamp, _ type: MusicEventType, header: [UInt8], _ data: some Collection<UInt8>) -> SequenceEvent {
        let size = max(header.count + 4 + data.count, header.count + 8)
        let bytes = EventBytes(size: size)
        bytes.bytes.copyMemory(from: header, byteCount: header.count)
        bytes.bytes.storeBytes(of: UInt32(data.count), toByteOffset: header.count, as: UInt32.self)
        var offset = header.count + 4
        for byte in data {
            bytes.bytes.storeBytes(of: byte, toByteOffset: offset, as: UInt8.self)
            offset += 1
        }
        return SequenceEvent(time: time, type: type, storage: bytes)
    }

    /// A copy of the event from the C struct an app passes (`MusicTrackNew…Event`,
    /// `MusicEventIteratorSetEventInfo`); nil for a type this API does not store.
    static func fromC(time: MusicTimeStamp, type: MusicEventType, _ data: UnsafeRawPointer) -> SequenceEvent? {
        switch type {
        case kMusicEventType_MIDINoteMessage: return .note(time, data.loadUnaligned(as: MIDINoteMessage.self))
        case kMusicEventType_MIDIChannelMessage: return .channel(time, data.loadUnaligned(as: MIDIChannelMessage.self))
        case kMusicEventType_ExtendedTempo: return .tempo(time, bpm: data.loadUnaligned(as: ExtendedTempoEvent.self).bpm)
        case kMusicEventType_ExtendedNote: return SequenceEvent(time: time, type: type, value: data.loadUnaligned(as: ExtendedNoteOnEvent.self))
        case kMusicEventType_Parameter: return SequenceEvent(time: time, type: type, value: data.loadUnaligned(as: ParameterEvent.self))
        case kMusicEventType_AUPreset: return .preset(time, data.load(as: AUPresetEvent.self))
        case kMusicEventType_Meta:
            let length = Int(data.loadUnaligned(fromByteOffset: 4, as: UInt32.self))
            return .meta(time, type: data.load(as: UInt8.self), UnsafeRawBufferPointer(start: data + 8, count: length))
        case kMusicEventType_MIDIRawData:
            return .rawData(time, UnsafeRawBufferPointer(start: data + 4, count: Int(data.loadUnaligned(as: UInt32.self))))
        case kMusicEventType_User:
            return .user(time, UnsafeRawBufferPointer(start: data + 4, count: Int(data.loadUnaligned(as: UInt32.self))))
        default: return nil
        }
    }

    /// Where the event's sound ends: a note's end, else its time.
    public var end: MusicTimeStamp {
        switch type {
        case kMusicEventType_MIDINoteMessage: time + Double(value(as: MIDINoteMessage.self).duration)
        case kMusicEventType_ExtendedNote: time + Double(value(as: ExtendedNoteOnEvent.self).duration)
        default: time
        }
    }

    /// The same event at another time (the bytes are shared: events are immutable).
    public func moved(to time: MusicTimeStamp) -> SequenceEvent {
        SequenceEvent(time: time, type: type, storage: storage)
    }
}

/// The bytes of one event, freed with it.
@_spi(Soundcheck) public final class EventBytes {
    public let bytes: UnsafeMutableRawPointer
    public let size: Int
    /// An object the bytes point at (an AU preset event's property list), kept alive with them.
    public var retained: AnyObject?

    init(size: Int) {
        self.size = size
        bytes = .allocate(byteCount: size, alignment: 8)
        bytes.initializeMemory(as: UInt8.self, repeating: 0, count: size)
    }

    convenience init<T>(_ value: T) {
        self.init(size: MemoryLayout<T>.size)
        bytes.storeBytes(of: value, as: T.self)
    }

    deinit { bytes.deallocate() }
}
