import CoreAudioTypes

// The Music Sequencing Services types (MusicPlayer.h) with Apple's Swift spellings, layouts and
// raw values. The event structs keep their C layout: a variable-length event (meta, raw MIDI,
// user data) is its header followed by `dataLength` bytes starting at its `data` field, and the
// event iterator hands out pointers to such bytes.

public typealias MusicSequence = OpaquePointer
public typealias MusicTrack = OpaquePointer
public typealias MusicPlayer = OpaquePointer
public typealias MusicEventIterator = OpaquePointer
public typealias MusicTimeStamp = Float64
public typealias MusicEventType = UInt32
public typealias MusicDeviceInstrumentID = UInt32
public typealias MusicDeviceGroupID = UInt32

/// The time stamp that means "the end of the track" (a huge number of beats).
public let kMusicTimeStamp_EndOfTrack: Double = 1_000_000_000.0

public let kMusicEventType_NULL: UInt32 = 0
public let kMusicEventType_ExtendedNote: UInt32 = 1
public let kMusicEventType_ExtendedTempo: UInt32 = 3
public let kMusicEventType_User: UInt32 = 4
public let kMusicEventType_Meta: UInt32 = 5
public let kMusicEventType_MIDINoteMessage: UInt32 = 6
public let kMusicEventType_MIDIChannelMessage: UInt32 = 7
public let kMusicEventType_MIDIRawData: UInt32 = 8
public let kMusicEventType_Parameter: UInt32 = 9
public let kMusicEventType_AUPreset: UInt32 = 10

public let kSequenceTrackProperty_LoopInfo: UInt32 = 0
public let kSequenceTrackProperty_OffsetTime: UInt32 = 1
public let kSequenceTrackProperty_MuteStatus: UInt32 = 2
public let kSequenceTrackProperty_SoloStatus: UInt32 = 3
public let kSequenceTrackProperty_AutomatedParameters: UInt32 = 4
public let kSequenceTrackProperty_TrackLength: UInt32 = 5
public let kSequenceTrackProperty_TimeResolution: UInt32 = 6

public let kAudioToolboxErr_InvalidSequenceType: OSStatus = -10846
public let kAudioToolboxErr_TrackIndexError: OSStatus = -10859
public let kAudioToolboxErr_TrackNotFound: OSStatus = -10858
public let kAudioToolboxErr_EndOfTrack: OSStatus = -10857
public let kAudioToolboxErr_StartOfTrack: OSStatus = -10856
public let kAudioToolboxErr_IllegalTrackDestination: OSStatus = -10855
public let kAudioToolboxErr_NoSequence: OSStatus = -10854
public let kAudioToolboxErr_InvalidEventType: OSStatus = -10853
public let kAudioToolboxErr_InvalidPlayerState: OSStatus = -10852
public let kAudioToolboxErr_CannotDoInCurrentContext: OSStatus = -10863
public let kAudioToolboxError_NoTrackDestination: OSStatus = -66720

public enum MusicSequenceType: UInt32, Sendable {
    case beats = 0x6265_6174     // 'beat'
    case seconds = 0x7365_6373   // 'secs'
    case samples = 0x7361_6D70   // 'samp'
}

public enum MusicSequenceFileTypeID: UInt32, Sendable {
    case anyType = 0
    case midiType = 0x6D69_6469      // 'midi'
    case iMelodyType = 0x696D_656C   // 'imel'
}

public struct MusicSequenceLoadFlags: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static var smf_PreserveTracks: MusicSequenceLoadFlags { MusicSequenceLoadFlags(rawValue: 1 << 0) }
    public static var smf_ChannelsToTracks: MusicSequenceLoadFlags { MusicSequenceLoadFlags(rawValue: 1 << 1) }
}

public struct MusicSequenceFileFlags: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static var eraseFile: MusicSequenceFileFlags { MusicSequenceFileFlags(rawValue: 1) }
}

public struct MIDINoteMessage: Sendable {
    public var channel: UInt8
    public var note: UInt8
    public var velocity: UInt8
    public var releaseVelocity: UInt8
    /// Beats.
    public var duration: Float32
    public init() { self.init(channel: 0, note: 0, velocity: 0, releaseVelocity: 0, duration: 0) }
    public init(channel: UInt8, note: UInt8, velocity: UInt8, releaseVelocity: UInt8, duration: Float32) {
        self.channel = channel; self.note = note; self.velocity = velocity
        self.releaseVelocity = releaseVelocity; self.duration = duration
    }
}

public struct MIDIChannelMessage: Sendable {
    public var status: UInt8
    public var data1: UInt8
    public var data2: UInt8
    public var reserved: UInt8
    public init() { self.init(status: 0, data1: 0, data2: 0, reserved: 0) }
    public init(status: UInt8, data1: UInt8, data2: UInt8, reserved: UInt8) {
        self.status = status; self.data1 = data1; self.data2 = data2; self.reserved = reserved
    }
}

/// Raw MIDI (System Exclusive): `length` bytes from `data` on.
public struct MIDIRawData: Sendable {
    public var length: UInt32
    public var data: UInt8
    public init() { self.init(length: 0, data: 0) }
    public init(length: UInt32, data: UInt8) { self.length = length; self.data = data }
}

/// A Standard MIDI File meta event: `dataLength` bytes from `data` on.
public struct MIDIMetaEvent: Sendable {
    public var metaEventType: UInt8
    public var unused1: UInt8
    public var unused2: UInt8
    public var unused3: UInt8
    public var dataLength: UInt32
    public var data: UInt8
    public init() { self.init(metaEventType: 0, unused1: 0, unused2: 0, unused3: 0, dataLength: 0, data: 0) }
    public init(metaEventType: UInt8, unused1: UInt8, unused2: UInt8, unused3: UInt8, dataLength: UInt32, data: UInt8) {
        self.metaEventType = metaEventType; self.unused1 = unused1; self.unused2 = unused2; self.unused3 = unused3
        self.dataLength = dataLength; self.data = data
    }
}

/// The app's own bytes: `length` bytes from `data` on, handed to the sequence's user callback.
public struct MusicEventUserData: Sendable {
    public var length: UInt32
    public var data: UInt8
    public init() { self.init(length: 0, data: 0) }
    public init(length: UInt32, data: UInt8) { self.length = length; self.data = data }
}

public struct ExtendedTempoEvent: Sendable {
    public var bpm: Float64
    public init() { bpm = 0 }
    public init(bpm: Float64) { self.bpm = bpm }
}

public struct ParameterEvent: Sendable {
    public var parameterID: AudioUnitParameterID
    public var scope: AudioUnitScope
    public var element: AudioUnitElement
    public var value: AudioUnitParameterValue
    public init() { self.init(parameterID: 0, scope: 0, element: 0, value: 0) }
    public init(parameterID: AudioUnitParameterID, scope: AudioUnitScope, element: AudioUnitElement, value: AudioUnitParameterValue) {
        self.parameterID = parameterID; self.scope = scope; self.element = element; self.value = value
    }
}

/// One control of a note's extended parameters.
public struct NoteParamsControlValue: Sendable {
    public var mID: AudioUnitParameterID
    public var mValue: AudioUnitParameterValue
    public init() { self.init(mID: 0, mValue: 0) }
    public init(mID: AudioUnitParameterID, mValue: AudioUnitParameterValue) { self.mID = mID; self.mValue = mValue }
}

/// A note's pitch and velocity as floats (`argCount` 2 without controls).
public struct MusicDeviceNoteParams: Sendable {
    public var argCount: UInt32
    public var mPitch: Float32
    public var mVelocity: Float32
    public var mControls: (NoteParamsControlValue)
    public init() { self.init(argCount: 2, mPitch: 0, mVelocity: 0, mControls: NoteParamsControlValue()) }
    public init(argCount: UInt32, mPitch: Float32, mVelocity: Float32, mControls: (NoteParamsControlValue)) {
        self.argCount = argCount; self.mPitch = mPitch; self.mVelocity = mVelocity; self.mControls = mControls
    }
}

public struct ExtendedNoteOnEvent: Sendable {
    public var instrumentID: MusicDeviceInstrumentID
    public var groupID: MusicDeviceGroupID
    /// Beats.
    public var duration: Float32
    public var extendedParams: MusicDeviceNoteParams
    public init() { self.init(instrumentID: 0, groupID: 0, duration: 0, extendedParams: MusicDeviceNoteParams()) }
    public init(instrumentID: MusicDeviceInstrumentID, groupID: MusicDeviceGroupID, duration: Float32, extendedParams: MusicDeviceNoteParams) {
        self.instrumentID = instrumentID; self.groupID = groupID; self.duration = duration; self.extendedParams = extendedParams
    }
}

/// An audio unit preset (a property list, as `kAudioUnitProperty_ClassInfo` takes) to apply at
/// the event's time. The track keeps the preset retained while the event lives.
public struct AUPresetEvent {
    public var scope: AudioUnitScope
    public var element: AudioUnitElement
    public var preset: Unmanaged<CFPropertyList>
    public init(scope: AudioUnitScope, element: AudioUnitElement, preset: Unmanaged<CFPropertyList>) {
        self.scope = scope; self.element = element; self.preset = preset
    }
}

/// Extended notes name no instrument of their own: the group's instrument plays them.
public let kMusicNoteEvent_UseGroupInstrument: UInt32 = 0xFFFF_FFFF
public let kMusicNoteEvent_Unused: UInt32 = 0xFFFF_FFFF

/// A bar, beat and subbeat position (bars and beats count from 1).
public struct CABarBeatTime: Sendable {
    public var bar: Int32
    public var beat: UInt16
    public var subbeat: UInt16
    public var subbeatDivisor: UInt16
    public var reserved: UInt16
    public init() { self.init(bar: 0, beat: 0, subbeat: 0, subbeatDivisor: 0, reserved: 0) }
    public init(bar: Int32, beat: UInt16, subbeat: UInt16, subbeatDivisor: UInt16, reserved: UInt16) {
        self.bar = bar; self.beat = beat; self.subbeat = subbeat; self.subbeatDivisor = subbeatDivisor; self.reserved = reserved
    }
}

/// A track's loop: the first `loopDuration` beats play `numberOfLoops` times (0: for ever).
public struct MusicTrackLoopInfo: Sendable {
    public var loopDuration: MusicTimeStamp
    public var numberOfLoops: Int32
    public init() { self.init(loopDuration: 0, numberOfLoops: 0) }
    public init(loopDuration: MusicTimeStamp, numberOfLoops: Int32) { self.loopDuration = loopDuration; self.numberOfLoops = numberOfLoops }
}

/// Called on the main side (after the render that reached it) for each user event played.
public typealias MusicSequenceUserCallback = (UnsafeMutableRawPointer?, MusicSequence, MusicTrack, MusicTimeStamp,
                                              UnsafePointer<MusicEventUserData>, MusicTimeStamp, MusicTimeStamp) -> Void
