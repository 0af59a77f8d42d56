import FuzzDriver
@_spi(Soundcheck) import AudioToolbox
import CoreAudioTypes

/// A Standard MIDI File's bytes, read as `MusicSequenceFileLoadData` and `AVAudioSequencer.load`
/// read them. A rejected file must carry one of the statuses the reader documents; an accepted
/// one must write back (format 1) to bytes that read again into as many tracks with as many
/// events each.
@main
enum FuzzMIDIFile {
    static func main() { FuzzDriver.run(testOneInput) }
}

private let documented: Set<OSStatus> = [kAudioFileInvalidFileError, kAudioFileUnsupportedDataFormatError]

func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = FuzzDriver.bytes(data, size)
    let sequence = SequenceModel()
    do {
        try sequence.load(smf: input, channelsToTracks: size % 2 == 1)
    } catch {
        FuzzDriver.require(documented.contains(error.status), "undocumented status \(error.status): \(error.reason)")
        return 0
    }
    do {
        let written = try sequence.smfData(resolution: 0)
        let again = SequenceModel()
        try again.load(smf: written)
        FuzzDriver.require(again.tracks.count == sequence.tracks.count, "\(sequence.tracks.count) tracks became \(again.tracks.count)")
        for (read, first) in zip(again.tracks, sequence.tracks) {
            FuzzDriver.require(read.events.count == first.events.count, "a track of \(first.events.count) events came back with \(read.events.count)")
        }
        FuzzDriver.require(again.tempoTrack.events.count == sequence.tempoTrack.events.count, "the tempo track changed")
    } catch {
        FuzzDriver.require(false, "the written file did not read: \(error)")
    }
    return 0
}
