import CoreAudioTypes
import Foundation

// Loading and saving sequences as Standard MIDI Files (the only file type simulated; iMelody is
// `kAudioFileUnsupportedFileTypeError`). A file that is not a well-formed SMF is
// `kAudioFileInvalidFileError`, a file URL naming nothing `kAudioFileFileNotFoundError` (−43);
// … see `StandardMIDIFile` for what is refused with which status.

private func checkType(_ type: MusicSequenceFileTypeID) throws(SequenceFileError) {
    guard type == .anyType || type == .midiType else {
        throw SequenceFileError(kAudioFileUnsupportedFileTypeError, "only Standard MIDI Files are simulated")
    }
}

public func MusicSequenceFileLoad(_ inSequence: MusicSequence, _ inFileRef: CFURL, _ inFileTypeHint: MusicSequenceFileTypeID,
                                  _ inFlags: MusicSequenceLoadFlags) -> OSStatus {
    withSequence(inSequence) { sequence throws(SequenceFileError) in
        try checkType(inFileTypeHint)
        let url = inFileRef as URL
        guard url.isFileURL else { throw SequenceFileError(kAudio_ParamError, "not a file URL") }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw SequenceFileError(kAudioFileFileNotFoundError, "\(url.path): no such file")
        }
        try sequence.load(smf: data, channelsToTracks: inFlags.contains(.smf_ChannelsToTracks))
    }
}

public func MusicSequenceFileLoadData(_ inSequence: MusicSequence, _ inData: CFData, _ inFileTypeHint: MusicSequenceFileTypeID,
                                      _ inFlags: MusicSequenceLoadFlags) -> OSStatus {
    withSequence(inSequence) { sequence throws(SequenceFileError) in
        try checkType(inFileTypeHint)
        try sequence.load(smf: inData as Data, channelsToTracks: inFlags.contains(.smf_ChannelsToTracks))
    }
}

/// Writes the sequence as a format 1 SMF with `inResolution` ticks per quarter note (0: 480).
/// An existing file is replaced only with `eraseFile`; else `kAudioFilePermissionsError`.
public func MusicSequenceFileCreate(_ inSequence: MusicSequence, _ inFileRef: CFURL, _ inFileType: MusicSequenceFileTypeID,
                                    _ inFlags: MusicSequenceFileFlags, _ inResolution: Int16) -> OSStatus {
    withSequence(inSequence) { sequence throws(SequenceFileError) in
        guard inFileType == .midiType else { throw SequenceFileError(kAudioFileUnsupportedFileTypeError, "only Standard MIDI Files are written") }
        let url = inFileRef as URL
        guard url.isFileURL else { throw SequenceFileError(kAudio_ParamError, "not a file URL") }
        if FileManager.default.fileExists(atPath: url.path), !inFlags.contains(.eraseFile) {
            throw SequenceFileError(kAudioFilePermissionsError, "\(url.path) exists")
        }
        let bytes = try sequence.smfData(resolution: Int(inResolution))
        guard FileManager.default.createFile(atPath: url.path, contents: Data(bytes)) else {
            throw SequenceFileError(kAudioFilePermissionsError, "\(url.path) cannot be written")
        }
    }
}

public func MusicSequenceFileCreateData(_ inSequence: MusicSequence, _ inFileType: MusicSequenceFileTypeID, _ inFlags: MusicSequenceFileFlags,
                                        _ inResolution: Int16, _ outData: UnsafeMutablePointer<Unmanaged<CFData>?>) -> OSStatus {
    withSequence(inSequence) { sequence throws(SequenceFileError) in
        guard inFileType == .midiType else { throw SequenceFileError(kAudioFileUnsupportedFileTypeError, "only Standard MIDI Files are written") }
        let bytes = try sequence.smfData(resolution: Int(inResolution))
        outData.pointee = .passRetained(NSData(bytes: bytes, length: bytes.count))
    }
}
