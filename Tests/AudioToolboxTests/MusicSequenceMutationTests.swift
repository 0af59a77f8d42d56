import AudioToolbox
import Foundation
import Testing

/// The Standard MIDI File reader on mutated files, in the normal suite (the `midi-file` fuzz
/// target explores further, docs/fuzzing.md): a seeded stream of byte flips, insertions, cuts and
/// length-field changes never traps, a rejection has one of the documented statuses, and an
/// accepted file writes back to bytes that load into as many tracks.
@Suite("MusicSequence file mutations")
struct MusicSequenceMutationTests {
    /// A format 1 file with notes, controllers, SysEx, meta events and tempo changes.
    static func seedFile() throws -> [UInt8] {
        var made: MusicSequence?
        _ = NewMusicSequence(&made)
        let sequence = try #require(made)
        defer { _ = DisposeMusicSequence(sequence) }
        var tempo: MusicTrack?
        _ = MusicSequenceGetTempoTrack(sequence, &tempo)
        _ = MusicTrackNewExtendedTempoEvent(try #require(tempo), 0, 96)
        _ = MusicTrackNewExtendedTempoEvent(try #require(tempo), 3, 140)
        for channel in UInt8(0)..<2 {
            var track: MusicTrack?
            _ = MusicSequenceNewTrack(sequence, &track)
            for step in 0..<6 {
                var note = MIDINoteMessage(channel: channel, note: 60 + UInt8(step), velocity: 90, releaseVelocity: 30, duration: 0.75)
                _ = MusicTrackNewMIDINoteEvent(try #require(track), Double(step) * 0.5, &note)
                var control = MIDIChannelMessage(status: 0xB0 | channel, data1: 7, data2: UInt8(step * 10), reserved: 0)
                _ = MusicTrackNewMIDIChannelEvent(try #require(track), Double(step) * 0.5 + 0.25, &control)
            }
            var bend = MIDIChannelMessage(status: 0xE0 | channel, data1: 0, data2: 0x50, reserved: 0)
            _ = MusicTrackNewMIDIChannelEvent(try #require(track), 1, &bend)
            var sysEx: [UInt8] = [6, 0, 0, 0, 0xF0, 0x7E, 0x7F, 0x09, 0x01, 0xF7]
            _ = sysEx.withUnsafeMutableBytes { MusicTrackNewMIDIRawDataEvent(try! #require(track), 0, $0.baseAddress!.assumingMemoryBound(to: MIDIRawData.self)) }
            var text: [UInt8] = [0x01, 0, 0, 0, 3, 0, 0, 0, 0x61, 0x62, 0x63]
            _ = text.withUnsafeMutableBytes { MusicTrackNewMetaEvent(try! #require(track), 2, $0.baseAddress!.assumingMemoryBound(to: MIDIMetaEvent.self)) }
        }
        var data: Unmanaged<CFData>?
        #expect(MusicSequenceFileCreateData(sequence, .midiType, [], 96, &data) == noErr)
        return [UInt8](try #require(data).takeRetainedValue() as Data)
    }

    @Test("3,000 seeded mutations of a file: no trap, only documented statuses, accepted files round-trip their track count")
    func mutations() throws {
        let seed = try Self.seedFile()
        let documented: Set<OSStatus> = [kAudioFileInvalidFileError, kAudioFileUnsupportedDataFormatError]
        var state: UInt64 = 0x5EED_0031
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(max(1, bound)))
        }
        var accepted = 0
        var statuses: [OSStatus: Int] = [:]
        for _ in 0..<3_000 {
            var bytes = seed
            for _ in 0...next(4) {
                switch next(4) {
                case 0: bytes[next(bytes.count)] = UInt8(next(256))
                case 1: bytes.insert(UInt8(next(256)), at: next(bytes.count))
                case 2: bytes.removeSubrange(next(bytes.count)..<bytes.count)
                default: bytes[next(bytes.count)] ^= 0x80
                }
                if bytes.isEmpty { bytes = [0] }
            }
            var made: MusicSequence?
            _ = NewMusicSequence(&made)
            let sequence = try #require(made)
            defer { _ = DisposeMusicSequence(sequence) }
            let status = MusicSequenceFileLoadData(sequence, NSData(bytes: bytes, length: bytes.count), .anyType, next(2) == 0 ? [] : .smf_ChannelsToTracks)
            guard status == noErr else {
                #expect(documented.contains(status), "status \(status)")
                statuses[status, default: 0] += 1
                continue
            }
            accepted += 1
            var count: UInt32 = 0
            _ = MusicSequenceGetTrackCount(sequence, &count)
            var written: Unmanaged<CFData>?
            #expect(MusicSequenceFileCreateData(sequence, .midiType, [], 0, &written) == noErr)
            var again: MusicSequence?
            _ = NewMusicSequence(&again)
            defer { _ = DisposeMusicSequence(again!) }
            #expect(MusicSequenceFileLoadData(again!, try #require(written).takeRetainedValue(), .midiType, []) == noErr)
            var countAgain: UInt32 = 0
            _ = MusicSequenceGetTrackCount(again!, &countAgain)
            #expect(countAgain == count)
        }
        #expect(accepted > 100, "mutations that still read: \(accepted)")
        #expect(statuses[kAudioFileInvalidFileError, default: 0] > 300)
    }
}
