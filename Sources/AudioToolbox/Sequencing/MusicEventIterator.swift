import CoreAudioTypes

/// An event iterator (`MusicEventIterator`): a position in a track's events, from the first to
/// one past the last ("no current event"). Editing through it keeps the position meaningful: a
/// deleted event's successor becomes current, a moved event stays current.
final class SequenceEventIterator {
    let track: SequenceTrack
    var index = 0

    init(track: SequenceTrack) { self.track = track }

    var hasCurrent: Bool { index >= 0 && index < track.events.count }
}

private func withIterator(_ handle: MusicEventIterator, _ body: (SequenceEventIterator) throws(SequenceFileError) -> Void) -> OSStatus {
    guard let iterator = ObjectHandle.resolve(handle, as: SequenceEventIterator.self) else { return kAudio_ParamError }
    do { try body(iterator) } catch { return error.status }
    return noErr
}

private let endOfTrack = SequenceFileError(kAudioToolboxErr_EndOfTrack, "no current event")

public func NewMusicEventIterator(_ inTrack: MusicTrack, _ outIterator: UnsafeMutablePointer<MusicEventIterator?>) -> OSStatus {
    withTrack(inTrack) { track in outIterator.pointee = ObjectHandle.make(for: SequenceEventIterator(track: track)) }
}

public func DisposeMusicEventIterator(_ inIterator: MusicEventIterator) -> OSStatus {
    ObjectHandle.dispose(inIterator) ? noErr : kAudio_ParamError
}

/// Moves to the first event at or after `inTimeStamp` (past the last with
/// `kMusicTimeStamp_EndOfTrack`).
public func MusicEventIteratorSeek(_ inIterator: MusicEventIterator, _ inTimeStamp: MusicTimeStamp) -> OSStatus {
    withIterator(inIterator) { iterator in
        iterator.index = iterator.track.events.firstIndex { $0.time >= inTimeStamp } ?? iterator.track.events.count
    }
}

public func MusicEventIteratorNextEvent(_ inIterator: MusicEventIterator) -> OSStatus {
    withIterator(inIterator) { iterator throws(SequenceFileError) in
        guard iterator.index < iterator.track.events.count else { throw endOfTrack }
        iterator.index += 1
    }
}

public func MusicEventIteratorPreviousEvent(_ inIterator: MusicEventIterator) -> OSStatus {
    withIterator(inIterator) { iterator throws(SequenceFileError) in
        guard iterator.index > 0 else { throw SequenceFileError(kAudioToolboxErr_StartOfTrack, "at the first event") }
        iterator.index = min(iterator.index, iterator.track.events.count) - 1
    }
}

/// The current event's time, type and a pointer to its data in the C layout of its type, valid
/// until the event is changed or deleted.
public func MusicEventIteratorGetEventInfo(_ inIterator: MusicEventIterator, _ outTimeStamp: UnsafeMutablePointer<MusicTimeStamp>,
                                           _ outEventType: UnsafeMutablePointer<MusicEventType>,
                                           _ outEventData: UnsafeMutablePointer<UnsafeRawPointer?>,
                                           _ outEventDataSize: UnsafeMutablePointer<UInt32>) -> OSStatus {
    withIterator(inIterator) { iterator throws(SequenceFileError) in
        guard iterator.hasCurrent else { throw endOfTrack }
        let event = iterator.track.events[iterator.index]
        outTimeStamp.pointee = event.time
        outEventType.pointee = event.type
        outEventData.pointee = UnsafeRawPointer(event.storage.bytes)
        outEventDataSize.pointee = UInt32(event.storage.size)
    }
}

/// Replaces the current event's data; the type must stay the same (else `kAudioToolboxErr_InvalidEventType`).
public func MusicEventIteratorSetEventInfo(_ inIterator: MusicEventIterator, _ inEventType: MusicEventType, _ inEventData: UnsafeRawPointer) -> OSStatus {
    withIterator(inIterator) { iterator throws(SequenceFileError) in
        guard iterator.hasCurrent else { throw endOfTrack }
        let current = iterator.track.events[iterator.index]
        guard current.type == inEventType, let event = SequenceEvent.fromC(time: current.time, type: inEventType, inEventData) else {
            throw SequenceFileError(kAudioToolboxErr_InvalidEventType, "")
        }
        iterator.track.replaceInPlace(at: iterator.index, with: event)
    }
}

public func MusicEventIteratorSetEventTime(_ inIterator: MusicEventIterator, _ inTimeStamp: MusicTimeStamp) -> OSStatus {
    withIterator(inIterator) { iterator throws(SequenceFileError) in
        guard iterator.hasCurrent else { throw endOfTrack }
        guard inTimeStamp >= 0, inTimeStamp.isFinite else { throw SequenceFileError(kAudio_ParamError, "") }
        let moved = iterator.track.events[iterator.index].moved(to: inTimeStamp)
        iterator.track.remove(at: iterator.index)
        iterator.track.add(moved)
        iterator.index = iterator.track.events.firstIndex { $0.storage === moved.storage } ?? 0
    }
}

public func MusicEventIteratorDeleteEvent(_ inIterator: MusicEventIterator) -> OSStatus {
    withIterator(inIterator) { iterator throws(SequenceFileError) in
        guard iterator.hasCurrent else { throw endOfTrack }
        iterator.track.remove(at: iterator.index)
    }
}

public func MusicEventIteratorHasPreviousEvent(_ inIterator: MusicEventIterator, _ outHasPrevEvent: UnsafeMutablePointer<DarwinBoolean>) -> OSStatus {
    withIterator(inIterator) { iterator in outHasPrevEvent.pointee = DarwinBoolean(iterator.index > 0 && !iterator.track.events.isEmpty) }
}

public func MusicEventIteratorHasNextEvent(_ inIterator: MusicEventIterator, _ outHasNextEvent: UnsafeMutablePointer<DarwinBoolean>) -> OSStatus {
    withIterator(inIterator) { iterator in outHasNextEvent.pointee = DarwinBoolean(iterator.index < iterator.track.events.count) }
}

public func MusicEventIteratorHasCurrentEvent(_ inIterator: MusicEventIterator, _ outHasCurEvent: UnsafeMutablePointer<DarwinBoolean>) -> OSStatus {
    withIterator(inIterator) { iterator in outHasCurEvent.pointee = DarwinBoolean(iterator.hasCurrent) }
}
