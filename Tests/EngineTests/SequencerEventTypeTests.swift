import Foundation
import AVFAudio
import AudioToolbox
import Testing

/// The event enumerations' raw values are the MIDI numbers a file carries: every controller
/// type and every meta event type goes through a Standard MIDI File and comes back as itself.
@Suite("AVAudioSequencer event types")
struct SequencerEventTypeTests {
    static let controllers: [(AVMIDIControlChangeEvent.MessageType, Int)] = [
        (.bankSelect, 0), (.modWheel, 1), (.breath, 2), (.foot, 4), (.portamentoTime, 5), (.dataEntry, 6), (.volume, 7),
        (.balance, 8), (.pan, 10), (.expression, 11), (.sustain, 64), (.portamento, 65), (.sostenuto, 66), (.soft, 67),
        (.legatoPedal, 68), (.hold2Pedal, 69), (.filterResonance, 71), (.releaseTime, 72), (.attackTime, 73),
        (.brightness, 74), (.decayTime, 75), (.vibratoRate, 76), (.vibratoDepth, 77), (.vibratoDelay, 78),
        (.reverbLevel, 91), (.chorusLevel, 93), (.RPN_LSB, 100), (.RPN_MSB, 101), (.allSoundOff, 120),
        (.resetAllControllers, 121), (.allNotesOff, 123), (.omniModeOff, 124), (.omniModeOn, 125), (.monoModeOn, 126),
        (.monoModeOff, 127),
    ]

    static let metaTypes: [(AVMIDIMetaEvent.EventType, Int)] = [
        (.sequenceNumber, 0x00), (.text, 0x01), (.copyright, 0x02), (.trackName, 0x03), (.instrument, 0x04), (.lyric, 0x05),
        (.marker, 0x06), (.cuePoint, 0x07), (.midiChannel, 0x20), (.midiPort, 0x21), (.endOfTrack, 0x2F), (.tempo, 0x51),
        (.smpteOffset, 0x54), (.timeSignature, 0x58), (.keySignature, 0x59), (.proprietaryEvent, 0x7F),
    ]

    @Test("AVMIDIControlChangeEvent.MessageType: each case is its controller number, written to a file and read back as itself")
    func controllerTypes() throws {
        let sequencer = AVAudioSequencer()
        let track = sequencer.createAndAppendTrack()
        for (index, (type, number)) in Self.controllers.enumerated() {
            #expect(type.rawValue == number)
            #expect(AVMIDIControlChangeEvent.MessageType(rawValue: number) == type)
            track.addEvent(AVMIDIControlChangeEvent(channel: 3, messageType: type, value: UInt32(index)), at: Double(index) / 4)
        }
        var error: NSError?
        let data = sequencer.data(withSMPTEResolution: 0, error: &error)
        // The file holds each controller number after a 0xB3 status (running status after the first).
        #expect(data.contains(0xB3))
        let copy = AVAudioSequencer()
        try copy.load(from: data)
        var read: [(AVMIDIControlChangeEvent.MessageType, UInt32)] = []
        copy.tracks[0].enumerateEvents(in: AVMakeBeatRange(0, AVMusicTimeStampEndOfTrack)) { event, _, _ in
            if let control = event as? AVMIDIControlChangeEvent, control.channel == 3 { read.append((control.messageType, control.value)) }
        }
        #expect(read.map(\.0) == Self.controllers.map(\.0))
        #expect(read.map(\.1) == Array(0..<UInt32(Self.controllers.count)))
    }

    @Test("AVMIDIMetaEvent.EventType: each case is its meta type byte; text meta events go through a file unchanged")
    func metaTypes() throws {
        let sequencer = AVAudioSequencer()
        let track = sequencer.createAndAppendTrack()
        for (type, number) in Self.metaTypes {
            #expect(type.rawValue == number)
            #expect(AVMIDIMetaEvent.EventType(rawValue: number) == type)
        }
        let texts: [AVMIDIMetaEvent.EventType] = [.text, .copyright, .trackName, .instrument, .lyric, .marker, .cuePoint, .proprietaryEvent]
        for (index, type) in texts.enumerated() { track.addEvent(AVMIDIMetaEvent(type: type, data: Data("m\(index)".utf8)), at: Double(index)) }
        track.addEvent(AVMIDIMetaEvent(type: .midiChannel, data: Data([5])), at: 9)
        var error: NSError?
        let copy = AVAudioSequencer()
        try copy.load(from: sequencer.data(withSMPTEResolution: 96, error: &error))
        var read: [AVMIDIMetaEvent.EventType] = []
        copy.tracks[0].enumerateEvents(in: AVMakeBeatRange(0, 100)) { event, _, _ in read.append((event as? AVMIDIMetaEvent)?.type ?? .endOfTrack) }
        #expect(read == texts + [.midiChannel])
        // Signatures and SMPTE offsets belong to the tempo track, wherever the file has them.
        track.addEvent(AVMIDIMetaEvent(type: .keySignature, data: Data([0xFE, 0])), at: 0)
        try copy.load(from: sequencer.data(withSMPTEResolution: 96, error: &error))
        var tempoTrackTypes: [AVMIDIMetaEvent.EventType] = []
        copy.tempoTrack.enumerateEvents(in: AVMakeBeatRange(0, 100)) { event, _, _ in tempoTrackTypes.append((event as? AVMIDIMetaEvent)?.type ?? .endOfTrack) }
        #expect(tempoTrackTypes == [.keySignature])
    }

    @Test("AVAudioSequencer.InfoDictionaryKey: Core Audio's info dictionary strings")
    func infoKeys() {
        let keys: [(AVAudioSequencer.InfoDictionaryKey, String)] = [
            (.album, "album"), (.approximateDurationInSeconds, "approximate duration in seconds"), (.artist, "artist"),
            (.channelLayout, "channel layout"), (.comments, "comments"), (.composer, "composer"), (.copyright, "copyright"),
            (.encodingApplication, "encoding application"), (.genre, "genre"), (.ISRC, "ISRC"), (.keySignature, "key signature"),
            (.lyricist, "lyricist"), (.nominalBitRate, "nominal bit rate"), (.recordedDate, "recorded date"),
            (.sourceBitDepth, "source bit depth"), (.sourceEncoder, "source encoder"), (.subTitle, "subtitle"), (.tempo, "tempo"),
            (.timeSignature, "time signature"), (.title, "title"), (.trackNumber, "track number"), (.year, "year"),
        ]
        for (key, string) in keys {
            #expect(key.rawValue == string)
            #expect(AVAudioSequencer.InfoDictionaryKey(rawValue: string) == key)
        }
    }

    @Test("AVAUPresetEvent keeps its scope, element and preset dictionary in the track; load options and loop counts have Apple's raw values")
    func presetAndOptions() {
        let sequencer = AVAudioSequencer()
        let track = sequencer.createAndAppendTrack()
        track.addEvent(AVAUPresetEvent(scope: 0, element: 2, dictionary: ["name": "Warm Pad", "version": 1]), at: 1)
        var presets: [AVAUPresetEvent] = []
        track.enumerateEvents(in: AVMakeBeatRange(0, 10)) { event, _, _ in if let preset = event as? AVAUPresetEvent { presets.append(preset) } }
        #expect(presets.count == 1)
        #expect(presets.first?.scope == 0 && presets.first?.element == 2)
        #expect(presets.first?.presetDictionary["name"] as? String == "Warm Pad")
        #expect(presets.first?.presetDictionary["version"] as? Int == 1)
        #expect(AVMusicSequenceLoadOptions.smf_ChannelsToTracks == AVMusicSequenceLoadOptions(rawValue: 1))
        #expect(AVMusicTrackLoopCount(rawValue: -1) == .forever)
        let beatRange: AVBeatRange = AVMakeBeatRange(2, 3)
        #expect(beatRange.start == 2 && beatRange.length == 3)
    }
}
