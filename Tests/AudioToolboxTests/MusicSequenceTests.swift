import AudioToolbox
import AVFAudio
import Foundation
import Testing

/// The MusicSequence / MusicTrack / MusicEventIterator C API: events of each type stored and
/// read back through an iterator in their C layout, editing, properties, the tempo map, SMF data
/// in and out, and the errors Apple documents.
@Suite("MusicSequence")
struct MusicSequenceTests {
    static func sequence() throws -> (MusicSequence, MusicTrack) {
        var made: MusicSequence?
        #expect(NewMusicSequence(&made) == noErr)
        let sequence = try #require(made)
        var track: MusicTrack?
        #expect(MusicSequenceNewTrack(sequence, &track) == noErr)
        return (sequence, try #require(track))
    }

    /// Every event of `track` as (beat, type), walking with an iterator.
    static func walk(_ track: MusicTrack) -> [(MusicTimeStamp, MusicEventType)] {
        var iterator: MusicEventIterator?
        _ = NewMusicEventIterator(track, &iterator)
        guard let iterator else { return [] }
        defer { _ = DisposeMusicEventIterator(iterator) }
        var result: [(MusicTimeStamp, MusicEventType)] = []
        var has = DarwinBoolean(false)
        _ = MusicEventIteratorHasCurrentEvent(iterator, &has)
        while has.boolValue {
            var time: MusicTimeStamp = 0
            var type: MusicEventType = 0
            var data: UnsafeRawPointer?
            var size: UInt32 = 0
            _ = MusicEventIteratorGetEventInfo(iterator, &time, &type, &data, &size)
            result.append((time, type))
            _ = MusicEventIteratorNextEvent(iterator)
            _ = MusicEventIteratorHasCurrentEvent(iterator, &has)
        }
        return result
    }

    @Test("events of each type go in and come back out of an iterator in their C layout, in time order")
    func eventsThroughIterator() throws {
        let (sequence, track) = try Self.sequence()
        defer { _ = DisposeMusicSequence(sequence) }
        var note = MIDINoteMessage(channel: 1, note: 64, velocity: 99, releaseVelocity: 10, duration: 0.75)
        #expect(MusicTrackNewMIDINoteEvent(track, 2, &note) == noErr)
        var control = MIDIChannelMessage(status: 0xB1, data1: 7, data2: 90, reserved: 0)
        #expect(MusicTrackNewMIDIChannelEvent(track, 1, &control) == noErr)
        // A meta event with five bytes of text: the header, then the bytes from `data` on.
        let text = Array("hello".utf8)
        let meta = UnsafeMutableRawPointer.allocate(byteCount: 8 + text.count, alignment: 8)
        defer { meta.deallocate() }
        meta.storeBytes(of: MIDIMetaEvent(metaEventType: 0x01, unused1: 0, unused2: 0, unused3: 0, dataLength: UInt32(text.count), data: 0), as: MIDIMetaEvent.self)
        (meta + 8).copyMemory(from: text, byteCount: text.count)
        #expect(MusicTrackNewMetaEvent(track, 0, meta.assumingMemoryBound(to: MIDIMetaEvent.self)) == noErr)
        var user = MusicEventUserData(length: 1, data: 42)
        #expect(MusicTrackNewUserEvent(track, 3, &user) == noErr)
        #expect(Self.walk(track).map(\.0) == [0, 1, 2, 3])
        #expect(Self.walk(track).map(\.1) == [kMusicEventType_Meta, kMusicEventType_MIDIChannelMessage, kMusicEventType_MIDINoteMessage, kMusicEventType_User])

        var iterator: MusicEventIterator?
        #expect(NewMusicEventIterator(track, &iterator) == noErr)
        let walker = try #require(iterator)
        defer { _ = DisposeMusicEventIterator(walker) }
        var time: MusicTimeStamp = 0
        var type: MusicEventType = 0
        var data: UnsafeRawPointer?
        var size: UInt32 = 0
        #expect(MusicEventIteratorGetEventInfo(walker, &time, &type, &data, &size) == noErr)
        let metaBack = try #require(data)
        #expect(metaBack.load(as: UInt8.self) == 0x01)
        #expect(Array(UnsafeRawBufferPointer(start: metaBack + 8, count: Int(metaBack.load(fromByteOffset: 4, as: UInt32.self)))) == text)
        #expect(MusicEventIteratorSeek(walker, 1.5) == noErr)
        #expect(MusicEventIteratorGetEventInfo(walker, &time, &type, &data, &size) == noErr)
        let noteBack = try #require(data).load(as: MIDINoteMessage.self)
        #expect(time == 2 && noteBack.note == 64 && noteBack.channel == 1 && noteBack.velocity == 99 && noteBack.releaseVelocity == 10 && noteBack.duration == 0.75)
        #expect(MusicEventIteratorSetEventTime(walker, 5) == noErr)
        #expect(Self.walk(track).map(\.0) == [0, 1, 3, 5])
        #expect(MusicEventIteratorDeleteEvent(walker) == noErr)
        #expect(Self.walk(track).map(\.0) == [0, 1, 3])
        var hasCurrent = DarwinBoolean(true)
        #expect(MusicEventIteratorHasCurrentEvent(walker, &hasCurrent) == noErr && !hasCurrent.boolValue)
        #expect(MusicEventIteratorNextEvent(walker) == kAudioToolboxErr_EndOfTrack)
        #expect(MusicEventIteratorSeek(walker, 0) == noErr)
        #expect(MusicEventIteratorPreviousEvent(walker) == kAudioToolboxErr_StartOfTrack)
    }

    @Test("the tempo map: tempo events on the tempo track only; seconds and beats agree; bars and beats follow the time signature")
    func tempoMap() throws {
        let (sequence, track) = try Self.sequence()
        defer { _ = DisposeMusicSequence(sequence) }
        var tempo: MusicTrack?
        #expect(MusicSequenceGetTempoTrack(sequence, &tempo) == noErr)
        let tempoTrack = try #require(tempo)
        #expect(MusicTrackNewExtendedTempoEvent(track, 0, 90) == kAudioToolboxErr_InvalidEventType)
        #expect(MusicTrackNewExtendedTempoEvent(tempoTrack, 4, 60) == noErr)
        var seconds: Float64 = 0
        #expect(MusicSequenceGetSecondsForBeats(sequence, 6, &seconds) == noErr)
        #expect(seconds == 4)   // 4 beats at 120, 2 at 60
        var beats: MusicTimeStamp = 0
        #expect(MusicSequenceGetBeatsForSeconds(sequence, 1.5, &beats) == noErr)
        #expect(beats == 3)
        var signature: [UInt8] = [0x58, 0, 0, 0, 4, 0, 0, 0, 3, 2, 24, 8]   // 3/4
        #expect(signature.withUnsafeMutableBytes { MusicTrackNewMetaEvent(tempoTrack, 0, $0.baseAddress!.assumingMemoryBound(to: MIDIMetaEvent.self)) } == noErr)
        var barBeat = CABarBeatTime()
        #expect(MusicSequenceBeatsToBarBeatTime(sequence, 7.5, 4, &barBeat) == noErr)
        #expect(barBeat.bar == 3 && barBeat.beat == 2 && barBeat.subbeat == 2 && barBeat.subbeatDivisor == 4)
        #expect(MusicSequenceBarBeatTimeToBeats(sequence, &barBeat, &beats) == noErr)
        #expect(beats == 7.5)
    }

    @Test("track properties: loop info, mute, solo, length, offset, resolution; errors for sizes and indices")
    func properties() throws {
        let (sequence, track) = try Self.sequence()
        defer { _ = DisposeMusicSequence(sequence) }
        var loop = MusicTrackLoopInfo(loopDuration: 4, numberOfLoops: 3)
        #expect(MusicTrackSetProperty(track, kSequenceTrackProperty_LoopInfo, &loop, UInt32(MemoryLayout<MusicTrackLoopInfo>.size)) == noErr)
        var readLoop = MusicTrackLoopInfo()
        var size = UInt32(MemoryLayout<MusicTrackLoopInfo>.size)
        #expect(MusicTrackGetProperty(track, kSequenceTrackProperty_LoopInfo, &readLoop, &size) == noErr)
        #expect(readLoop.loopDuration == 4 && readLoop.numberOfLoops == 3)
        var mute: UInt8 = 1
        #expect(MusicTrackSetProperty(track, kSequenceTrackProperty_MuteStatus, &mute, 1) == noErr)
        var muted: UInt8 = 0
        size = 1
        #expect(MusicTrackGetProperty(track, kSequenceTrackProperty_MuteStatus, &muted, &size) == noErr && muted == 1)
        var length: MusicTimeStamp = 12
        #expect(MusicTrackSetProperty(track, kSequenceTrackProperty_TrackLength, &length, 8) == noErr)
        var readLength: MusicTimeStamp = 0
        size = 8
        #expect(MusicTrackGetProperty(track, kSequenceTrackProperty_TrackLength, &readLength, &size) == noErr && readLength == 12)
        var resolution: Int16 = 0
        size = 2
        #expect(MusicTrackGetProperty(track, kSequenceTrackProperty_TimeResolution, &resolution, &size) == noErr && resolution == 480)
        size = 1
        #expect(MusicTrackGetProperty(track, kSequenceTrackProperty_TrackLength, &readLength, &size) == kAudio_ParamError)
        var other: MusicTrack?
        #expect(MusicSequenceGetIndTrack(sequence, 3, &other) == kAudioToolboxErr_TrackIndexError)
        var count: UInt32 = 0
        #expect(MusicSequenceGetTrackCount(sequence, &count) == noErr && count == 1)
        var index: UInt32 = 9
        #expect(MusicSequenceGetTrackIndex(sequence, track, &index) == noErr && index == 0)
        #expect(MusicSequenceDisposeTrack(sequence, track) == noErr)
        #expect(MusicSequenceGetTrackCount(sequence, &count) == noErr && count == 0)
        #expect(MusicTrackGetProperty(track, kSequenceTrackProperty_TrackLength, &readLength, &size) == kAudio_ParamError, "a disposed track's handle")
    }

    @Test("MusicSequenceFileCreateData and MusicSequenceFileLoadData round-trip notes and tempo; garbage is kAudioFileInvalidFileError")
    func fileData() throws {
        let (sequence, track) = try Self.sequence()
        defer { _ = DisposeMusicSequence(sequence) }
        for beat in 0..<4 {
            var note = MIDINoteMessage(channel: 0, note: UInt8(60 + beat), velocity: 100, releaseVelocity: 0, duration: 0.5)
            _ = MusicTrackNewMIDINoteEvent(track, MusicTimeStamp(beat), &note)
        }
        var tempo: MusicTrack?
        _ = MusicSequenceGetTempoTrack(sequence, &tempo)
        _ = MusicTrackNewExtendedTempoEvent(try #require(tempo), 0, 90)
        var out: Unmanaged<CFData>?
        #expect(MusicSequenceFileCreateData(sequence, .midiType, .eraseFile, 0, &out) == noErr)
        let data = try #require(out).takeRetainedValue()
        var loaded: MusicSequence?
        _ = NewMusicSequence(&loaded)
        let copy = try #require(loaded)
        defer { _ = DisposeMusicSequence(copy) }
        #expect(MusicSequenceFileLoadData(copy, data, .anyType, []) == noErr)
        var copied: MusicTrack?
        #expect(MusicSequenceGetIndTrack(copy, 0, &copied) == noErr)
        #expect(Self.walk(try #require(copied)).map(\.0) == [0, 1, 2, 3])
        var seconds: Float64 = 0
        _ = MusicSequenceGetSecondsForBeats(copy, 3, &seconds)
        #expect(abs(seconds - 2) < 1e-5, "90 bpm as a file's whole microseconds per beat (666,667)")
        #expect(MusicSequenceFileLoadData(copy, NSData(data: Data("garbage!".utf8)), .anyType, []) == kAudioFileInvalidFileError)
        #expect(MusicSequenceFileLoadData(copy, data, .iMelodyType, []) == kAudioFileUnsupportedFileTypeError)
        var fps: Int8 = 0
        var ticks: UInt8 = 0
        MusicSequenceGetSMPTEResolution(MusicSequenceSetSMPTEResolution(25, 40), &fps, &ticks)
        #expect(fps == -25 && ticks == 40)
    }
}
