import Foundation
import AVFAudio
import AudioToolbox
import Testing

/// Standard MIDI Files through AVAudioSequencer: what is written reads back event for event,
/// hand-made files read as the format says, and malformed bytes give Core Audio's errors.
@Suite("AVAudioSequencer files")
struct SequencerFileTests {
    /// Every event of a track as comparable text: beat, class and fields.
    static func describe(_ track: AVMusicTrack) -> [String] {
        var lines: [String] = []
        track.enumerateEvents(in: AVMakeBeatRange(0, AVMusicTimeStampEndOfTrack)) { event, beat, _ in
            let time = String(format: "%.4f", beat.pointee)
            switch event {
            case let note as AVMIDINoteEvent: lines.append("\(time) note ch\(note.channel) \(note.key) v\(note.velocity) d\(note.duration)")
            case let cc as AVMIDIControlChangeEvent: lines.append("\(time) cc ch\(cc.channel) \(cc.messageType) \(cc.value)")
            case let bend as AVMIDIPitchBendEvent: lines.append("\(time) bend ch\(bend.channel) \(bend.value)")
            case let program as AVMIDIProgramChangeEvent: lines.append("\(time) program ch\(program.channel) \(program.programNumber)")
            case let pressure as AVMIDIChannelPressureEvent: lines.append("\(time) pressure ch\(pressure.channel) \(pressure.pressure)")
            case let poly as AVMIDIPolyPressureEvent: lines.append("\(time) poly ch\(poly.channel) \(poly.key) \(poly.pressure)")
            case let sysex as AVMIDISysexEvent: lines.append("\(time) sysex \(sysex.sizeInBytes)")
            case let meta as AVMIDIMetaEvent: lines.append("\(time) meta \(meta.type)")
            case let tempo as AVExtendedTempoEvent: lines.append("\(time) tempo \(tempo.tempo)")
            default: lines.append("\(time) \(type(of: event))")
            }
        }
        return lines
    }

    static func richSequencer() -> AVAudioSequencer {
        let sequencer = AVAudioSequencer()
        sequencer.tempoTrack.addEvent(AVExtendedTempoEvent(tempo: 100), at: 0)
        sequencer.tempoTrack.addEvent(AVMIDIMetaEvent(type: .timeSignature, data: Data([3, 2, 24, 8])), at: 0)
        sequencer.tempoTrack.addEvent(AVExtendedTempoEvent(tempo: 150), at: 4)
        let first = sequencer.createAndAppendTrack()
        first.addEvent(AVMIDIMetaEvent(type: .trackName, data: Data("Piano".utf8)), at: 0)
        first.addEvent(AVMIDIProgramChangeEvent(channel: 0, programNumber: 5), at: 0)
        first.addEvent(AVMIDIControlChangeEvent(channel: 0, messageType: .volume, value: 100), at: 0)
        for beat in 0..<8 { first.addEvent(AVMIDINoteEvent(channel: 0, key: UInt32(60 + beat), velocity: 90, duration: 0.5), at: Double(beat)) }
        first.addEvent(AVMIDINoteEvent(channel: 0, key: 60, velocity: 70, duration: 1), at: 8)   // back to back with the next
        first.addEvent(AVMIDINoteEvent(channel: 0, key: 60, velocity: 71, duration: 1), at: 9)
        first.addEvent(AVMIDIPitchBendEvent(channel: 0, value: 12_000), at: 2.25)
        first.addEvent(AVMIDIChannelPressureEvent(channel: 0, pressure: 40), at: 2.5)
        first.addEvent(AVMIDIPolyPressureEvent(channel: 0, key: 62, pressure: 33), at: 2.75)
        first.addEvent(AVMIDISysexEvent(data: Data([0xF0, 0x7E, 0x7F, 0x09, 0x01, 0xF7])), at: 0)
        let second = sequencer.createAndAppendTrack()
        second.addEvent(AVMIDINoteEvent(channel: 9, key: 36, velocity: 127, duration: 0.125), at: 0.5)
        second.addEvent(AVMIDIControlChangeEvent(channel: 9, messageType: .pan, value: 20), at: 1.125)
        second.addEvent(AVMIDIMetaEvent(type: .marker, data: Data("B".utf8)), at: 3)
        return sequencer
    }

    @Test("SMF round trip: data(withSMPTEResolution:) read back with load(from:) keeps every event, its beat and fields")
    func roundTrip() throws {
        let original = Self.richSequencer()
        var error: NSError?
        let data = original.data(withSMPTEResolution: 480, error: &error)
        #expect(error == nil)
        #expect(data.prefix(4) == Data("MThd".utf8))
        let copy = AVAudioSequencer()
        try copy.load(from: data)
        #expect(copy.tracks.count == 2)
        #expect(Self.describe(copy.tempoTrack) == Self.describe(original.tempoTrack))
        for (read, written) in zip(copy.tracks, original.tracks) {
            #expect(Self.describe(read) == Self.describe(written))
            #expect(!Self.describe(read).isEmpty)
        }
        #expect(copy.tracks[0].timeResolution == 480)
        #expect(copy.seconds(forBeats: 6) == original.seconds(forBeats: 6))
        #expect(abs(copy.seconds(forBeats: 6) - 3.2) < 1e-12)
    }

    @Test("write(to:smpteResolution:replaceExisting:) writes a file that load(from: URL) reads; an existing file needs replaceExisting")
    func writeAndReadFile() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("soundcheck-sequencer-\(UUID().uuidString).mid")
        defer { try? FileManager.default.removeItem(at: url) }
        let original = Self.richSequencer()
        try original.write(to: url, smpteResolution: 0, replaceExisting: false)
        let error = #expect(throws: NSError.self) { try original.write(to: url, smpteResolution: 0, replaceExisting: false) }
        #expect(error?.code == Int(kAudioFilePermissionsError))
        try original.write(to: url, smpteResolution: 96, replaceExisting: true)
        let copy = AVAudioSequencer()
        try copy.load(from: url)
        #expect(Self.describe(copy.tracks[0]) == Self.describe(original.tracks[0]))
        #expect(copy.tracks[0].timeResolution == 96)
    }

    /// A format 0 file written by hand: running status, a note-on with velocity 0 as note-off,
    /// a tempo event, a four-byte delta time.
    static let handMade: [UInt8] = [0x4D, 0x54, 0x68, 0x64, 0, 0, 0, 6, 0, 0, 0, 1, 0, 96,
                                    0x4D, 0x54, 0x72, 0x6B, 0, 0, 0, 29,
                                    0x00, 0xFF, 0x51, 0x03, 0x0F, 0x42, 0x40,            // 60 bpm
                                    0x00, 0x90, 60, 100,                                // note on
                                    0x60, 60, 0,                                        // running status, velocity 0: off at tick 96
                                    0x00, 62, 80,                                       // running status: note on
                                    0x81, 0x40, 0x80, 62, 64,                           // off at 96 + 192
                                    0x80, 0x80, 0x80, 0x00, 0xFF, 0x2F, 0x00]          // four-byte delta 0, end of track

    @Test("a hand-written format 0 file: running status, velocity-0 note-offs, tempo to the tempo track, durations in beats")
    func handMadeFile() throws {
        let sequencer = AVAudioSequencer()
        try sequencer.load(from: Data(Self.handMade))
        #expect(sequencer.tracks.count == 1)
        #expect(Self.describe(sequencer.tracks[0]) == ["0.0000 note ch0 60 v100 d1.0", "1.0000 note ch0 62 v80 d2.0"])
        #expect(Self.describe(sequencer.tempoTrack) == ["0.0000 tempo 60.0"])
        #expect(sequencer.seconds(forBeats: 3) == 3)
        #expect(sequencer.tracks[0].lengthInBeats == 3)
    }

    @Test("malformed files give Core Audio's errors and leave the sequence as it was", arguments: [
        (Array("not a midi file".utf8), kAudioFileInvalidFileError),
        (Array(handMade.prefix(20)), kAudioFileInvalidFileError),                        // chunk cut short
        (Array(handMade.prefix(12)), kAudioFileInvalidFileError),                        // header cut short
        (Array(handMade[0..<12]) + [0xE7, 0x28] + Array(handMade[14...]), kAudioFileUnsupportedDataFormatError),  // SMPTE division
        (Array(handMade[0..<8]) + [0, 2] + Array(handMade[10...]), kAudioFileUnsupportedDataFormatError),       // format 2
        (Array(handMade[0..<12]) + [0, 0] + Array(handMade[14...]), kAudioFileInvalidFileError),                // division 0
        (Array(handMade[0..<22]) + [0x00, 60, 100] + Array(handMade[25...]), kAudioFileInvalidFileError),       // running status with none
        (Array(handMade[0..<22]) + [0x00, 0xF3, 1] + Array(handMade[25...]), kAudioFileInvalidFileError),       // system common in a file
        (Array(handMade[0..<22]) + [0xFF, 0xFF, 0xFF, 0xFF, 0x7F] + Array(handMade[27...]), kAudioFileInvalidFileError), // 5-byte delta
    ] as [([UInt8], OSStatus)])
    func malformed(_ bytes: [UInt8], _ status: OSStatus) throws {
        let sequencer = Self.richSequencer()
        let before = Self.describe(sequencer.tracks[0])
        let error = #expect(throws: NSError.self) { try sequencer.load(from: Data(bytes)) }
        #expect(error?.domain == AVFAudio.NSOSStatusErrorDomain)
        #expect(error?.code == Int(status))
        #expect(Self.describe(sequencer.tracks[0]) == before)
    }

    @Test("enumerateEvents can move and remove events; cut, copy and clear edit by beat range")
    func editing() throws {
        let sequencer = AVAudioSequencer()
        let track = sequencer.createAndAppendTrack()
        for beat in 0..<4 { track.addEvent(AVMIDINoteEvent(channel: 0, key: UInt32(60 + beat), velocity: 90, duration: 0.5), at: Double(beat)) }
        track.enumerateEvents(in: AVMakeBeatRange(1, 2)) { event, beat, remove in
            if (event as? AVMIDINoteEvent)?.key == 61 { remove.pointee = true } else { beat.pointee += 10 }
        }
        #expect(Self.describe(track) == ["0.0000 note ch0 60 v90 d0.5", "3.0000 note ch0 63 v90 d0.5", "12.0000 note ch0 62 v90 d0.5"])
        track.cutEvents(in: AVMakeBeatRange(1, 5))
        #expect(Self.describe(track) == ["0.0000 note ch0 60 v90 d0.5", "7.0000 note ch0 62 v90 d0.5"])
        let other = sequencer.createAndAppendTrack()
        other.copyEvents(in: AVMakeBeatRange(0, 1), from: track, insertAt: 2)
        #expect(Self.describe(other) == ["2.0000 note ch0 60 v90 d0.5"])
        track.clearEvents(in: AVMakeBeatRange(0, AVMusicTimeStampEndOfTrack))
        #expect(Self.describe(track).isEmpty)
        #expect(sequencer.removeTrack(track))
        #expect(sequencer.tracks.count == 1)
    }
}
