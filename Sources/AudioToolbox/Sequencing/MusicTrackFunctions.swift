import CoreAudioTypes
import CoreMIDI

// The MusicTrack C API over `SequenceTrack`: new events of each type, editing by time range,
// the track's properties and its destination.

func withTrack(_ handle: MusicTrack, _ body: (SequenceTrack) throws(SequenceFileError) -> Void) -> OSStatus {
    guard let track = SequenceTrack.resolve(handle) else { return kAudio_ParamError }
    do { try body(track) } catch { return error.status }
    return noErr
}

private func add(_ track: MusicTrack, _ time: MusicTimeStamp, _ type: MusicEventType, _ data: UnsafeRawPointer) -> OSStatus {
    withTrack(track) { track throws(SequenceFileError) in
        guard time >= 0, time.isFinite else { throw SequenceFileError(kAudio_ParamError, "a time before beat 0") }
        guard let event = SequenceEvent.fromC(time: time, type: type, data) else { throw SequenceFileError(kAudioToolboxErr_InvalidEventType, "") }
        track.add(event)
    }
}

public func MusicTrackNewMIDINoteEvent(_ inTrack: MusicTrack, _ inTimeStamp: MusicTimeStamp, _ inMessage: UnsafePointer<MIDINoteMessage>) -> OSStatus {
    add(inTrack, inTimeStamp, kMusicEventType_MIDINoteMessage, inMessage)
}

public func MusicTrackNewMIDIChannelEvent(_ inTrack: MusicTrack, _ inTimeStamp: MusicTimeStamp, _ inMessage: UnsafePointer<MIDIChannelMessage>) -> OSStatus {
    add(inTrack, inTimeStamp, kMusicEventType_MIDIChannelMessage, inMessage)
}

public func MusicTrackNewMIDIRawDataEvent(_ inTrack: MusicTrack, _ inTimeStamp: MusicTimeStamp, _ inRawData: UnsafePointer<MIDIRawData>) -> OSStatus {
    add(inTrack, inTimeStamp, kMusicEventType_MIDIRawData, inRawData)
}

public func MusicTrackNewExtendedNoteEvent(_ inTrack: MusicTrack, _ inTimeStamp: MusicTimeStamp, _ inInfo: UnsafePointer<ExtendedNoteOnEvent>) -> OSStatus {
    add(inTrack, inTimeStamp, kMusicEventType_ExtendedNote, inInfo)
}

public func MusicTrackNewParameterEvent(_ inTrack: MusicTrack, _ inTimeStamp: MusicTimeStamp, _ inInfo: UnsafePointer<ParameterEvent>) -> OSStatus {
    add(inTrack, inTimeStamp, kMusicEventType_Parameter, inInfo)
}

/// Tempo events belong on the tempo track; elsewhere they are `kAudioToolboxErr_InvalidEventType`.
public func MusicTrackNewExtendedTempoEvent(_ inTrack: MusicTrack, _ inTimeStamp: MusicTimeStamp, _ inBPM: Float64) -> OSStatus {
    guard let track = SequenceTrack.resolve(inTrack) else { return kAudio_ParamError }
    guard let sequence = track.sequence, sequence.tempoTrack === track else { return kAudioToolboxErr_InvalidEventType }
    guard inBPM > 0, inBPM.isFinite else { return kAudio_ParamError }
    var tempo = ExtendedTempoEvent(bpm: inBPM)
    return add(inTrack, inTimeStamp, kMusicEventType_ExtendedTempo, &tempo)
}

/// Stored (and copied, moved, iterated) with its preset retained; not applied while playing.
public func MusicTrackNewAUPresetEvent(_ inTrack: MusicTrack, _ inTimeStamp: MusicTimeStamp, _ inPresetEvent: UnsafePointer<AUPresetEvent>) -> OSStatus {
    add(inTrack, inTimeStamp, kMusicEventType_AUPreset, inPresetEvent)
}

public func MusicTrackNewMetaEvent(_ inTrack: MusicTrack, _ inTimeStamp: MusicTimeStamp, _ inMetaEvent: UnsafePointer<MIDIMetaEvent>) -> OSStatus {
    add(inTrack, inTimeStamp, kMusicEventType_Meta, inMetaEvent)
}

public func MusicTrackNewUserEvent(_ inTrack: MusicTrack, _ inTimeStamp: MusicTimeStamp, _ inUserData: UnsafePointer<MusicEventUserData>) -> OSStatus {
    add(inTrack, inTimeStamp, kMusicEventType_User, inUserData)
}

public func MusicTrackGetSequence(_ inTrack: MusicTrack, _ outSequence: UnsafeMutablePointer<MusicSequence?>) -> OSStatus {
    withTrack(inTrack) { track throws(SequenceFileError) in
        guard let sequence = track.sequence else { throw SequenceFileError(kAudioToolboxErr_NoSequence, "") }
        outSequence.pointee = sequence.musicSequence
    }
}

public func MusicTrackSetDestNode(_ inTrack: MusicTrack, _ inNode: AUNode) -> OSStatus {
    withTrack(inTrack) { track throws(SequenceFileError) in
        guard let graph = track.sequence?.graph else { throw SequenceFileError(kAudioToolboxErr_IllegalTrackDestination, "no AUGraph") }
        var unit: AudioUnit?
        guard AUGraphNodeInfo(graph, inNode, nil, &unit) == noErr else { throw SequenceFileError(kAudioToolboxErr_IllegalTrackDestination, "") }
        track.destinationNode = inNode
        track.destinationEndpoint = 0
    }
}

public func MusicTrackGetDestNode(_ inTrack: MusicTrack, _ outNode: UnsafeMutablePointer<AUNode>) -> OSStatus {
    withTrack(inTrack) { track throws(SequenceFileError) in
        guard let node = track.destinationNode else { throw SequenceFileError(kAudioToolboxError_NoTrackDestination, "") }
        outNode.pointee = node
    }
}

public func MusicTrackSetDestMIDIEndpoint(_ inTrack: MusicTrack, _ inEndpoint: MIDIEndpointRef) -> OSStatus {
    withTrack(inTrack) { track in
        track.destinationEndpoint = inEndpoint
        track.destinationNode = nil
    }
}

public func MusicTrackGetDestMIDIEndpoint(_ inTrack: MusicTrack, _ outEndpoint: UnsafeMutablePointer<MIDIEndpointRef>) -> OSStatus {
    withTrack(inTrack) { track throws(SequenceFileError) in
        guard track.destinationEndpoint != 0 else { throw SequenceFileError(kAudioToolboxError_NoTrackDestination, "") }
        outEndpoint.pointee = track.destinationEndpoint
    }
}

private func checkRange(_ start: MusicTimeStamp, _ end: MusicTimeStamp) throws(SequenceFileError) {
    guard start >= 0, end >= start else { throw SequenceFileError(kAudio_ParamError, "an empty or negative range") }
}

public func MusicTrackClear(_ inTrack: MusicTrack, _ inStartTime: MusicTimeStamp, _ inEndTime: MusicTimeStamp) -> OSStatus {
    withTrack(inTrack) { track throws(SequenceFileError) in
        try checkRange(inStartTime, inEndTime)
        track.clear(from: inStartTime, to: inEndTime)
    }
}

public func MusicTrackCut(_ inTrack: MusicTrack, _ inStartTime: MusicTimeStamp, _ inEndTime: MusicTimeStamp) -> OSStatus {
    withTrack(inTrack) { track throws(SequenceFileError) in
        try checkRange(inStartTime, inEndTime)
        track.cut(from: inStartTime, to: inEndTime)
    }
}

public func MusicTrackMoveEvents(_ inTrack: MusicTrack, _ inStartTime: MusicTimeStamp, _ inEndTime: MusicTimeStamp, _ inMoveTime: MusicTimeStamp) -> OSStatus {
    withTrack(inTrack) { track throws(SequenceFileError) in
        try checkRange(inStartTime, inEndTime)
        track.move(from: inStartTime, to: inEndTime, by: inMoveTime)
    }
}

public func MusicTrackCopyInsert(_ inSourceTrack: MusicTrack, _ inSourceStartTime: MusicTimeStamp, _ inSourceEndTime: MusicTimeStamp,
                                 _ inDestTrack: MusicTrack, _ inDestInsertTime: MusicTimeStamp) -> OSStatus {
    guard let source = SequenceTrack.resolve(inSourceTrack) else { return kAudio_ParamError }
    return withTrack(inDestTrack) { track throws(SequenceFileError) in
        try checkRange(inSourceStartTime, inSourceEndTime)
        track.insert(from: source, start: inSourceStartTime, end: inSourceEndTime, at: inDestInsertTime, merge: false)
    }
}

public func MusicTrackMerge(_ inSourceTrack: MusicTrack, _ inSourceStartTime: MusicTimeStamp, _ inSourceEndTime: MusicTimeStamp,
                            _ inDestTrack: MusicTrack, _ inDestInsertTime: MusicTimeStamp) -> OSStatus {
    guard let source = SequenceTrack.resolve(inSourceTrack) else { return kAudio_ParamError }
    return withTrack(inDestTrack) { track throws(SequenceFileError) in
        try checkRange(inSourceStartTime, inSourceEndTime)
        track.insert(from: source, start: inSourceStartTime, end: inSourceEndTime, at: inDestInsertTime, merge: true)
    }
}
