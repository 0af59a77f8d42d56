@testable import BuiltInChecks
import AudioToolbox
import AVFAudio
import Foundation
import SimCore
import Soundcheck
import Testing

/// The MusicTrack editing calls, destinations, files by URL, the info dictionary, the iterator's
/// remaining calls, and user events reaching the sequence's user callback while a MusicPlayer plays.
@Suite("MusicTrack editing")
struct MusicTrackEditingTests {
    static func notes(_ track: MusicTrack, at beats: [Double]) {
        for beat in beats {
            var note = MIDINoteMessage(channel: 0, note: 60, velocity: 90, releaseVelocity: 0, duration: 0.5)
            _ = MusicTrackNewMIDINoteEvent(track, beat, &note)
        }
    }

    static func beats(_ track: MusicTrack) -> [MusicTimeStamp] { MusicSequenceTests.walk(track).map(\.0) }

    @Test("MusicTrackClear, Cut, MoveEvents, CopyInsert and Merge edit by beat range; MusicSequenceReverse mirrors the tracks")
    func editing() throws {
        let (sequence, track) = try MusicSequenceTests.sequence()
        defer { _ = DisposeMusicSequence(sequence) }
        Self.notes(track, at: [0, 1, 2, 3, 4])
        #expect(MusicTrackClear(track, 1, 2) == noErr)
        #expect(Self.beats(track) == [0, 2, 3, 4])
        #expect(MusicTrackCut(track, 2, 3) == noErr)
        #expect(Self.beats(track) == [0, 2, 3])
        #expect(MusicTrackMoveEvents(track, 2, 10, 0.5) == noErr)
        #expect(Self.beats(track) == [0, 2.5, 3.5])
        var made: MusicTrack?
        _ = MusicSequenceNewTrack(sequence, &made)
        let other = try #require(made)
        Self.notes(other, at: [0, 1])
        #expect(MusicTrackCopyInsert(track, 2, 4, other, 1) == noErr)
        #expect(Self.beats(other) == [0, 1.5, 2.5, 3])   // the note at 1 moved on by the range's 2 beats
        #expect(MusicTrackMerge(track, 0, 1, other, 0) == noErr)
        #expect(Self.beats(other) == [0, 0, 1.5, 2.5, 3])
        #expect(MusicTrackClear(track, 3, 1) == kAudio_ParamError)
        var length: MusicTimeStamp = 4
        _ = MusicTrackSetProperty(track, kSequenceTrackProperty_TrackLength, &length, 8)
        _ = MusicTrackSetProperty(other, kSequenceTrackProperty_TrackLength, &length, 8)
        #expect(MusicSequenceReverse(sequence) == noErr)
        #expect(Self.beats(track) == [0, 1, 3.5])   // ends 4, 3, 0.5 → starts 0, 1, 3.5
    }

    @Test("destinations: a node needs the sequence's graph; a MIDI endpoint is kept; without one the getters answer NoTrackDestination")
    func destinations() throws {
        let (sequence, track) = try MusicSequenceTests.sequence()
        defer { _ = DisposeMusicSequence(sequence) }
        var node: AUNode = 0
        #expect(MusicTrackGetDestNode(track, &node) == kAudioToolboxError_NoTrackDestination)
        #expect(MusicTrackSetDestNode(track, 1) == kAudioToolboxErr_IllegalTrackDestination)
        var endpoint: MIDIEndpointRef = 0
        #expect(MusicTrackGetDestMIDIEndpoint(track, &endpoint) == kAudioToolboxError_NoTrackDestination)
        #expect(MusicTrackSetDestMIDIEndpoint(track, 0x1234) == noErr)
        #expect(MusicTrackGetDestMIDIEndpoint(track, &endpoint) == noErr && endpoint == 0x1234)
        #expect(MusicSequenceSetMIDIEndpoint(sequence, 0x4321) == noErr)
        #expect(MusicTrackGetDestMIDIEndpoint(track, &endpoint) == noErr && endpoint == 0x4321)
        var graph: AUGraph?
        #expect(MusicSequenceGetAUGraph(sequence, &graph) == noErr && graph == nil)
        var owner: MusicSequence?
        #expect(MusicTrackGetSequence(track, &owner) == noErr && owner == sequence)
        var made: MusicTrack?
        _ = MusicSequenceNewTrack(sequence, &made)
        let stranger = try #require(made)
        #expect(MusicSequenceDisposeTrack(sequence, stranger) == noErr)
        #expect(MusicSequenceDisposeTrack(sequence, stranger) == kAudioToolboxErr_TrackNotFound, "a disposed handle")
        var type = MusicSequenceType.beats
        #expect(MusicSequenceSetSequenceType(sequence, .seconds) == noErr)
        #expect(MusicSequenceGetSequenceType(sequence, &type) == noErr && type == .seconds)
        #expect(MusicSequenceType(rawValue: 0x6265_6174) == .beats && MusicSequenceType.samples.rawValue == 0x7361_6D70)
        #expect(kAudioToolboxErr_TrackNotFound == -10858 && kAudioToolboxErr_InvalidSequenceType == -10846)
        #expect(kAudioToolboxErr_CannotDoInCurrentContext == -10863)
    }

    @Test("MusicSequenceFileCreate writes a file that MusicSequenceFileLoad reads; an existing file needs eraseFile; the info dictionary has its tempo")
    func fileByURL() throws {
        let (sequence, track) = try MusicSequenceTests.sequence()
        defer { _ = DisposeMusicSequence(sequence) }
        Self.notes(track, at: [0, 1, 2])
        var tempo: MusicTrack?
        _ = MusicSequenceGetTempoTrack(sequence, &tempo)
        _ = MusicTrackNewExtendedTempoEvent(try #require(tempo), 0, 150)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("soundcheck-musicsequence-\(UUID().uuidString).mid")
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(MusicSequenceFileCreate(sequence, url as CFURL, .midiType, [], 240) == noErr)
        #expect(MusicSequenceFileCreate(sequence, url as CFURL, .midiType, [], 240) == kAudioFilePermissionsError)
        #expect(MusicSequenceFileCreate(sequence, url as CFURL, .midiType, MusicSequenceFileFlags.eraseFile, 240) == noErr)
        #expect(MusicSequenceFileCreate(sequence, url as CFURL, .anyType, .eraseFile, 240) == kAudioFileUnsupportedFileTypeError)
        var made: MusicSequence?
        _ = NewMusicSequence(&made)
        let copy = try #require(made)
        defer { _ = DisposeMusicSequence(copy) }
        #expect(MusicSequenceFileLoad(copy, url as CFURL, MusicSequenceFileTypeID.midiType, MusicSequenceLoadFlags.smf_PreserveTracks) == noErr)
        var copied: MusicTrack?
        _ = MusicSequenceGetIndTrack(copy, 0, &copied)
        #expect(Self.beats(try #require(copied)) == [0, 1, 2])
        var resolution: Int16 = 0
        var size: UInt32 = 2
        _ = MusicTrackGetProperty(try #require(copied), kSequenceTrackProperty_TimeResolution, &resolution, &size)
        #expect(resolution == 240)
        let info = MusicSequenceGetInfoDictionary(copy) as NSDictionary
        #expect(info["tempo"] as? Double == 150)
        #expect(abs((info["approximate duration in seconds"] as? Double ?? 0) - 1) < 1e-9)   // 2.5 beats at 150 bpm
        let missing = URL(fileURLWithPath: "/nonexistent/soundcheck.mid")
        #expect(MusicSequenceFileLoad(copy, missing as CFURL, .anyType, MusicSequenceLoadFlags(rawValue: 0)) == kAudioFileFileNotFoundError)
        #expect(MusicSequenceFileTypeID(rawValue: 0x6D69_6469) == .midiType && MusicSequenceFileTypeID.iMelodyType.rawValue == 0x696D_656C)
    }

    @Test("extended notes, parameter events, raw data and tempo: their types and C layouts through the iterator, SetEventInfo and neighbours")
    func moreEventTypes() throws {
        let (sequence, track) = try MusicSequenceTests.sequence()
        defer { _ = DisposeMusicSequence(sequence) }
        var extended = ExtendedNoteOnEvent(instrumentID: kMusicNoteEvent_UseGroupInstrument, groupID: 2, duration: 1.5,
                                           extendedParams: MusicDeviceNoteParams(argCount: 2, mPitch: 64.5, mVelocity: 100,
                                                                                 mControls: NoteParamsControlValue(mID: 0, mValue: 0)))
        #expect(MusicTrackNewExtendedNoteEvent(track, 0, &extended) == noErr)
        var parameter = ParameterEvent(parameterID: 3, scope: 0, element: 0, value: 0.5)
        #expect(MusicTrackNewParameterEvent(track, 1, &parameter) == noErr)
        var raw: [UInt8] = [3, 0, 0, 0, 0xF0, 0x10, 0xF7]
        #expect(raw.withUnsafeMutableBytes { MusicTrackNewMIDIRawDataEvent(track, 2, $0.baseAddress!.assumingMemoryBound(to: MIDIRawData.self)) } == noErr)
        #expect(MusicSequenceTests.walk(track).map(\.1) == [kMusicEventType_ExtendedNote, kMusicEventType_Parameter, kMusicEventType_MIDIRawData])
        #expect(kMusicEventType_NULL == 0 && kMusicEventType_ExtendedTempo == 3 && kMusicEventType_AUPreset == 10)
        #expect(kMusicNoteEvent_Unused == 0xFFFF_FFFF)

        var iterator: MusicEventIterator?
        _ = NewMusicEventIterator(track, &iterator)
        let walker = try #require(iterator)
        defer { _ = DisposeMusicEventIterator(walker) }
        var has = DarwinBoolean(true)
        #expect(MusicEventIteratorHasPreviousEvent(walker, &has) == noErr && !has.boolValue)
        #expect(MusicEventIteratorHasNextEvent(walker, &has) == noErr && has.boolValue)
        var time: MusicTimeStamp = 0
        var type: MusicEventType = 0
        var data: UnsafeRawPointer?
        var size: UInt32 = 0
        _ = MusicEventIteratorGetEventInfo(walker, &time, &type, &data, &size)
        let note = try #require(data).load(as: ExtendedNoteOnEvent.self)
        #expect(note.extendedParams.mPitch == 64.5 && note.groupID == 2 && note.duration == 1.5 && note.instrumentID == kMusicNoteEvent_UseGroupInstrument)
        _ = MusicEventIteratorNextEvent(walker)
        #expect(MusicEventIteratorHasPreviousEvent(walker, &has) == noErr && has.boolValue)
        var louder = ParameterEvent(parameterID: 3, scope: 0, element: 0, value: 0.9)
        #expect(MusicEventIteratorSetEventInfo(walker, kMusicEventType_Parameter, &louder) == noErr)
        #expect(MusicEventIteratorSetEventInfo(walker, kMusicEventType_MIDINoteMessage, &louder) == kAudioToolboxErr_InvalidEventType)
        _ = MusicEventIteratorGetEventInfo(walker, &time, &type, &data, &size)
        #expect(try #require(data).load(as: ParameterEvent.self).value == 0.9)
        _ = MusicEventIteratorNextEvent(walker)
        _ = MusicEventIteratorGetEventInfo(walker, &time, &type, &data, &size)
        let rawBack = try #require(data)
        #expect(Array(UnsafeRawBufferPointer(start: rawBack + 4, count: Int(rawBack.load(as: UInt32.self)))) == [0xF0, 0x10, 0xF7])

        // A preset event keeps its property list alive.
        let preset = NSDictionary(dictionary: ["name": "Bright"])
        var presetEvent = AUPresetEvent(scope: 0, element: 0, preset: .passUnretained(preset))
        #expect(MusicTrackNewAUPresetEvent(track, 3, &presetEvent) == noErr)
        _ = MusicEventIteratorSeek(walker, 3)
        _ = MusicEventIteratorGetEventInfo(walker, &time, &type, &data, &size)
        #expect(type == kMusicEventType_AUPreset)
        #expect((try #require(data).load(as: AUPresetEvent.self).preset.takeUnretainedValue() as? NSDictionary)?["name"] as? String == "Bright")
        // Automated parameters, offset and solo are kept.
        var on: UInt8 = 1
        #expect(MusicTrackSetProperty(track, kSequenceTrackProperty_AutomatedParameters, &on, 1) == noErr)
        #expect(MusicTrackSetProperty(track, kSequenceTrackProperty_SoloStatus, &on, 1) == noErr)
        var offset: MusicTimeStamp = 0.25
        #expect(MusicTrackSetProperty(track, kSequenceTrackProperty_OffsetTime, &offset, 8) == noErr)
        var readOffset: MusicTimeStamp = 0
        size = 8
        #expect(MusicTrackGetProperty(track, kSequenceTrackProperty_OffsetTime, &readOffset, &size) == noErr && readOffset == 0.25)
    }

    @Test("the tempo track's events read back as ExtendedTempoEvent; kMusicTimeStamp_EndOfTrack reaches past every event; channels to tracks")
    func tempoEventsAndEndOfTrack() throws {
        let (sequence, track) = try MusicSequenceTests.sequence()
        defer { _ = DisposeMusicSequence(sequence) }
        var tempo: MusicTrack?
        _ = MusicSequenceGetTempoTrack(sequence, &tempo)
        var event = ExtendedTempoEvent()
        #expect(event.bpm == 0)
        event = ExtendedTempoEvent(bpm: 72)
        #expect(MusicTrackNewExtendedTempoEvent(try #require(tempo), 0, event.bpm) == noErr)
        var iterator: MusicEventIterator?
        _ = NewMusicEventIterator(try #require(tempo), &iterator)
        let walker = try #require(iterator)
        defer { _ = DisposeMusicEventIterator(walker) }
        var time: MusicTimeStamp = 0
        var type: MusicEventType = 0
        var data: UnsafeRawPointer?
        var size: UInt32 = 0
        #expect(MusicEventIteratorGetEventInfo(walker, &time, &type, &data, &size) == noErr)
        let stored = try #require(data).load(as: ExtendedTempoEvent.self)
        #expect(type == kMusicEventType_ExtendedTempo && stored.bpm == 72)
        #expect(MusicEventIteratorSeek(walker, kMusicTimeStamp_EndOfTrack) == noErr)
        var has = DarwinBoolean(true)
        #expect(MusicEventIteratorHasCurrentEvent(walker, &has) == noErr && !has.boolValue)
        Self.notes(track, at: [0, 5, 1_000])
        #expect(MusicTrackClear(track, 1, kMusicTimeStamp_EndOfTrack) == noErr)
        #expect(Self.beats(track) == [0])

        // A format 0 file with notes on channels 0 and 3 loads as two tracks with smf_ChannelsToTracks.
        let file: [UInt8] = [0x4D, 0x54, 0x68, 0x64, 0, 0, 0, 6, 0, 0, 0, 1, 0, 96, 0x4D, 0x54, 0x72, 0x6B, 0, 0, 0, 20,
                             0, 0x90, 60, 100, 0, 0x93, 64, 100, 0x60, 0x80, 60, 0, 0, 0x83, 64, 0, 0, 0xFF, 0x2F, 0]
        var count: UInt32 = 0
        #expect(MusicSequenceFileLoadData(sequence, NSData(bytes: file, length: file.count), .midiType, []) == noErr)
        _ = MusicSequenceGetTrackCount(sequence, &count)
        #expect(count == 1)
        #expect(MusicSequenceFileLoadData(sequence, NSData(bytes: file, length: file.count), .midiType, .smf_ChannelsToTracks) == noErr)
        _ = MusicSequenceGetTrackCount(sequence, &count)
        #expect(count == 2)
    }

    final class UserLog {
        var events: [(beat: MusicTimeStamp, bytes: [UInt8])] = []
    }

    @Test("a playing MusicPlayer hands user events to the sequence's user callback, with their beat and bytes; SetTime moves it")
    func userCallback() throws {
        let device = try SimulatedDevice(seed: 53)
        let (graph, sequence, player) = try MusicPlayerTests.rig(device)
        defer { _ = DisposeMusicPlayer(player); _ = DisposeMusicSequence(sequence); _ = DisposeAUGraph(graph) }
        let log = UserLog()
        var track: MusicTrack?
        _ = MusicSequenceGetIndTrack(sequence, 0, &track)
        var user: [UInt8] = [2, 0, 0, 0, 0xAB, 0xCD]
        _ = user.withUnsafeMutableBytes { MusicTrackNewUserEvent(track!, 1, $0.baseAddress!.assumingMemoryBound(to: MusicEventUserData.self)) }
        let callback: MusicSequenceUserCallback = { clientData, _, _, beat, data, start, end in
            let log = Unmanaged<UserLog>.fromOpaque(clientData!).takeUnretainedValue()
            let bytes = Array(UnsafeRawBufferPointer(start: UnsafeRawPointer(data) + 4, count: Int(data.pointee.length)))
            if beat >= start, beat < end { log.events.append((beat, bytes)) }
        }
        #expect(MusicSequenceSetUserCallback(sequence, callback, Unmanaged.passUnretained(log).toOpaque()) == noErr)
        var held: MusicSequence?
        #expect(MusicPlayerGetSequence(player, &held) == noErr && held == sequence)
        #expect(MusicPlayerSetTime(player, 0.5) == noErr)
        device.run(as: "Sequencer") { _ = MusicPlayerStart(player) }
        device.advance(by: .milliseconds(200))
        #expect(log.events.isEmpty)
        device.advance(by: .milliseconds(200))
        #expect(log.events.count == 1)
        #expect(log.events.first?.beat == 1 && log.events.first?.bytes == [0xAB, 0xCD])
    }
}
