import CoreAudioTypes
import CoreMIDI
import Foundation

// The MusicSequence C API over `SequenceModel`. Handles are slots that outlive their objects
// (`ObjectHandle`): a call through a disposed sequence or track answers `kAudio_ParamError`.

extension SequenceModel {
    /// The handle apps hold for this sequence (made once, kept until `DisposeMusicSequence`).
    @_spi(Soundcheck) public var musicSequence: MusicSequence {
        if let handle { return handle }
        let made = ObjectHandle.make(for: self)
        handle = made
        return made
    }

    @_spi(Soundcheck) public static func resolve(_ handle: MusicSequence) -> SequenceModel? {
        ObjectHandle.resolve(handle, as: SequenceModel.self)
    }
}

extension SequenceTrack {
    @_spi(Soundcheck) public var musicTrack: MusicTrack {
        if let handle { return handle }
        let made = ObjectHandle.make(for: self)
        handle = made
        return made
    }

    @_spi(Soundcheck) public static func resolve(_ handle: MusicTrack) -> SequenceTrack? {
        ObjectHandle.resolve(handle, as: SequenceTrack.self)
    }

    func disposeHandle() {
        if let handle { _ = ObjectHandle.dispose(handle) }
        handle = nil
    }
}

func withSequence(_ handle: MusicSequence, _ body: (SequenceModel) throws(SequenceFileError) -> Void) -> OSStatus {
    guard let sequence = SequenceModel.resolve(handle) else { return kAudio_ParamError }
    do { try body(sequence) } catch { return error.status }
    return noErr
}

public func NewMusicSequence(_ outSequence: UnsafeMutablePointer<MusicSequence?>) -> OSStatus {
    outSequence.pointee = SequenceModel().musicSequence
    return noErr
}

public func DisposeMusicSequence(_ inSequence: MusicSequence) -> OSStatus {
    guard let sequence = SequenceModel.resolve(inSequence) else { return kAudio_ParamError }
    for track in sequence.tracks + [sequence.tempoTrack] { track.disposeHandle() }
    sequence.handle = nil
    return ObjectHandle.dispose(inSequence) ? noErr : kAudio_ParamError
}

public func MusicSequenceNewTrack(_ inSequence: MusicSequence, _ outTrack: UnsafeMutablePointer<MusicTrack?>) -> OSStatus {
    withSequence(inSequence) { sequence in outTrack.pointee = sequence.newTrack().musicTrack }
}

public func MusicSequenceDisposeTrack(_ inSequence: MusicSequence, _ inTrack: MusicTrack) -> OSStatus {
    withSequence(inSequence) { sequence throws(SequenceFileError) in
        guard let track = SequenceTrack.resolve(inTrack), sequence.remove(track) else { throw SequenceFileError(kAudioToolboxErr_TrackNotFound, "") }
        track.disposeHandle()
    }
}

public func MusicSequenceGetTrackCount(_ inSequence: MusicSequence, _ outNumberOfTracks: UnsafeMutablePointer<UInt32>) -> OSStatus {
    withSequence(inSequence) { sequence in outNumberOfTracks.pointee = UInt32(sequence.tracks.count) }
}

public func MusicSequenceGetIndTrack(_ inSequence: MusicSequence, _ inTrackIndex: UInt32, _ outTrack: UnsafeMutablePointer<MusicTrack?>) -> OSStatus {
    withSequence(inSequence) { sequence throws(SequenceFileError) in
        guard Int(inTrackIndex) < sequence.tracks.count else { throw SequenceFileError(kAudioToolboxErr_TrackIndexError, "") }
        outTrack.pointee = sequence.tracks[Int(inTrackIndex)].musicTrack
    }
}

public func MusicSequenceGetTrackIndex(_ inSequence: MusicSequence, _ inTrack: MusicTrack, _ outTrackIndex: UnsafeMutablePointer<UInt32>) -> OSStatus {
    withSequence(inSequence) { sequence throws(SequenceFileError) in
        guard let track = SequenceTrack.resolve(inTrack), let index = sequence.tracks.firstIndex(where: { $0 === track }) else {
            throw SequenceFileError(kAudioToolboxErr_TrackNotFound, "")
        }
        outTrackIndex.pointee = UInt32(index)
    }
}

public func MusicSequenceGetTempoTrack(_ inSequence: MusicSequence, _ outTrack: UnsafeMutablePointer<MusicTrack?>) -> OSStatus {
    withSequence(inSequence) { sequence in outTrack.pointee = sequence.tempoTrack.musicTrack }
}

public func MusicSequenceSetAUGraph(_ inSequence: MusicSequence, _ inGraph: AUGraph?) -> OSStatus {
    withSequence(inSequence) { sequence in sequence.graph = inGraph }
}

public func MusicSequenceGetAUGraph(_ inSequence: MusicSequence, _ outGraph: UnsafeMutablePointer<AUGraph?>) -> OSStatus {
    withSequence(inSequence) { sequence in outGraph.pointee = sequence.graph }
}

/// Every track plays to the endpoint (`MusicTrackSetDestMIDIEndpoint` for each).
public func MusicSequenceSetMIDIEndpoint(_ inSequence: MusicSequence, _ inEndpoint: MIDIEndpointRef) -> OSStatus {
    withSequence(inSequence) { sequence in
        sequence.endpoint = inEndpoint
        for track in sequence.tracks {
            track.destinationEndpoint = inEndpoint
            track.destinationNode = nil
        }
    }
}

public func MusicSequenceSetSequenceType(_ inSequence: MusicSequence, _ inType: MusicSequenceType) -> OSStatus {
    withSequence(inSequence) { sequence in sequence.type = inType }
}

public func MusicSequenceGetSequenceType(_ inSequence: MusicSequence, _ outType: UnsafeMutablePointer<MusicSequenceType>) -> OSStatus {
    withSequence(inSequence) { sequence in outType.pointee = sequence.type }
}

public func MusicSequenceGetSecondsForBeats(_ inSequence: MusicSequence, _ inBeats: MusicTimeStamp, _ outSeconds: UnsafeMutablePointer<Float64>) -> OSStatus {
    withSequence(inSequence) { sequence in outSeconds.pointee = sequence.tempoMap.seconds(forBeats: inBeats) }
}

public func MusicSequenceGetBeatsForSeconds(_ inSequence: MusicSequence, _ inSeconds: Float64, _ outBeats: UnsafeMutablePointer<MusicTimeStamp>) -> OSStatus {
    withSequence(inSequence) { sequence in outBeats.pointee = sequence.tempoMap.beats(forSeconds: inSeconds) }
}

public func MusicSequenceSetUserCallback(_ inSequence: MusicSequence, _ inCallback: MusicSequenceUserCallback?, _ inClientData: UnsafeMutableRawPointer?) -> OSStatus {
    withSequence(inSequence) { sequence in sequence.userCallback = inCallback.map { ($0, inClientData) } }
}

/// Bars and beats with the tempo track's first time signature (4/4 without one): bar 1 beat 1
/// is beat 0; a beat is the signature's denominator note.
public func MusicSequenceBeatsToBarBeatTime(_ inSequence: MusicSequence, _ inBeats: MusicTimeStamp, _ inSubbeatDivisor: UInt32,
                                            _ outBarBeatTime: UnsafeMutablePointer<CABarBeatTime>) -> OSStatus {
    withSequence(inSequence) { sequence throws(SequenceFileError) in
        guard inSubbeatDivisor > 0, inSubbeatDivisor <= UInt32(UInt16.max) else { throw SequenceFileError(kAudio_ParamError, "") }
        let (perBar, beatLength) = sequence.meter
        let beats = max(0, inBeats) / beatLength
        let bar = (beats / perBar).rounded(.down)
        let beat = (beats - bar * perBar).rounded(.down)
        let subbeat = ((beats - bar * perBar - beat) * Double(inSubbeatDivisor)).rounded(.down)
        outBarBeatTime.pointee = CABarBeatTime(bar: Int32(clamping: Int(bar) + 1), beat: UInt16(beat) + 1, subbeat: UInt16(subbeat),
                                               subbeatDivisor: UInt16(inSubbeatDivisor), reserved: 0)
    }
}

public func MusicSequenceBarBeatTimeToBeats(_ inSequence: MusicSequence, _ inBarBeatTime: UnsafePointer<CABarBeatTime>,
                                            _ outBeats: UnsafeMutablePointer<MusicTimeStamp>) -> OSStatus {
    withSequence(inSequence) { sequence throws(SequenceFileError) in
        let time = inBarBeatTime.pointee
        guard time.bar >= 1, time.beat >= 1, time.subbeatDivisor > 0 else { throw SequenceFileError(kAudio_ParamError, "") }
        let (perBar, beatLength) = sequence.meter
        let beats = Double(time.bar - 1) * perBar + Double(time.beat - 1) + Double(time.subbeat) / Double(time.subbeatDivisor)
        outBeats.pointee = beats * beatLength
    }
}

/// Reverses every track in time (the tempo track too), over the sequence's length.
public func MusicSequenceReverse(_ inSequence: MusicSequence) -> OSStatus {
    withSequence(inSequence) { sequence in
        let length = sequence.length
        for track in sequence.tracks + [sequence.tempoTrack] { track.reverse(within: length) }
    }
}

public func MusicSequenceGetInfoDictionary(_ inSequence: MusicSequence) -> CFDictionary {
    let info = SequenceModel.resolve(inSequence)?.infoDictionary ?? [:]
    return NSDictionary(dictionary: info)
}

/// SMPTE resolution: a negative frames-per-second byte and ticks per frame (MusicPlayer.h's
/// inline helpers).
public func MusicSequenceSetSMPTEResolution(_ fps: Int8, _ ticks: UInt8) -> Int16 {
    Int16(bitPattern: UInt16(UInt8(bitPattern: fps < 0 ? fps : -fps)) << 8 | UInt16(ticks))
}

public func MusicSequenceGetSMPTEResolution(_ inRes: Int16, _ fps: UnsafeMutablePointer<Int8>, _ ticks: UnsafeMutablePointer<UInt8>) {
    fps.pointee = Int8(truncatingIfNeeded: inRes >> 8)
    ticks.pointee = UInt8(truncatingIfNeeded: inRes) & 0x7F
}

extension SequenceModel {
    /// Beats per bar and the length of one counted beat in quarter notes, from the tempo track's
    /// first time signature (4/4 without one).
    var meter: (perBar: Double, beatLength: Double) {
        for event in tempoTrack.events where event.type == kMusicEventType_Meta && event.storage.bytes.load(as: UInt8.self) == 0x58 {
            let data = Array(event.payload)
            guard data.count >= 2, data[0] > 0, data[1] < 8 else { continue }
            return (Double(data[0]), 4 / Double(1 << Int(data[1])))
        }
        return (4, 1)
    }
}
