import CoreAudioTypes
import Foundation

// Extended Audio File Services' C functions as Swift sees them (ExtAudioFile.h).

private func withExtAudioFile(_ handle: ExtAudioFileRef, _ body: (ExtAudioFileObject) throws(AudioFileFailure) -> Void) -> OSStatus {
    guard let file = ObjectHandle.resolve(handle, as: ExtAudioFileObject.self) else { return kAudio_ParamError }
    return audioFileStatus { () throws(AudioFileFailure) in try body(file) }
}

public func ExtAudioFileOpenURL(_ inURL: CFURL, _ outExtAudioFile: UnsafeMutablePointer<ExtAudioFileRef?>) -> OSStatus {
    let url = inURL as URL
    guard url.isFileURL else { return kAudio_ParamError }
    return audioFileStatus { () throws(AudioFileFailure) in
        let file = try AudioFileObject.open(url, permissions: .readPermission)
        outExtAudioFile.pointee = ObjectHandle.make(for: ExtAudioFileObject(file: file, wrapped: false, writing: false))
    }
}

/// Creates a file of `inFileType` in the data format `inStreamDesc` (linear PCM, or an encoded
/// format: AAC and Apple Lossless in .m4a/.mp4, FLAC, Apple Lossless in CAF, µ-law, A-law).
/// The channel layout must have the format's channel count when given.
public func ExtAudioFileCreateWithURL(_ inURL: CFURL, _ inFileType: AudioFileTypeID, _ inStreamDesc: UnsafePointer<AudioStreamBasicDescription>,
                                      _ inChannelLayout: UnsafePointer<AudioChannelLayout>?, _ inFlags: UInt32,
                                      _ outExtAudioFile: UnsafeMutablePointer<ExtAudioFileRef?>) -> OSStatus {
    let url = inURL as URL
    guard url.isFileURL else { return kAudio_ParamError }
    if let layout = inChannelLayout?.pointee, layout.mChannelLayoutTag & 0xFFFF != 0,
       layout.mChannelLayoutTag & 0xFFFF != inStreamDesc.pointee.mChannelsPerFrame {
        return kExtAudioFileError_InvalidChannelMap
    }
    return audioFileStatus { () throws(AudioFileFailure) in
        let file = try AudioFileObject.create(url, typeID: inFileType, format: inStreamDesc.pointee, flags: AudioFileFlags(rawValue: inFlags))
        outExtAudioFile.pointee = ObjectHandle.make(for: ExtAudioFileObject(file: file, wrapped: false, writing: true))
    }
}

/// Wraps an AudioFileID the app opened or created; disposing leaves it open for the app to close.
public func ExtAudioFileWrapAudioFileID(_ inFileID: AudioFileID, _ inForWriting: Bool,
                                        _ outExtAudioFile: UnsafeMutablePointer<ExtAudioFileRef?>) -> OSStatus {
    withAudioFile(inFileID) { file throws(AudioFileFailure) in
        guard !inForWriting || file.isWritable else {
            throw AudioFileFailure(kAudioFilePermissionsError, "\(file.name): the AudioFile is open for reading")
        }
        outExtAudioFile.pointee = ObjectHandle.make(for: ExtAudioFileObject(file: file, wrapped: true, writing: inForWriting))
    }
}

public func ExtAudioFileDispose(_ inExtAudioFile: ExtAudioFileRef) -> OSStatus {
    guard let file = ObjectHandle.resolve(inExtAudioFile, as: ExtAudioFileObject.self) else { return kAudio_ParamError }
    let status = file.dispose()
    _ = ObjectHandle.dispose(inExtAudioFile)
    return status
}

/// Reads up to `ioNumberFrames` frames in the client format; on return the frames read (0 at the
/// end of the file) and each buffer's `mDataByteSize` set to what it holds.
public func ExtAudioFileRead(_ inExtAudioFile: ExtAudioFileRef, _ ioNumberFrames: UnsafeMutablePointer<UInt32>,
                             _ ioData: UnsafeMutablePointer<AudioBufferList>) -> OSStatus {
    withExtAudioFile(inExtAudioFile) { file throws(AudioFileFailure) in
        ioNumberFrames.pointee = UInt32(try file.read(Int(ioNumberFrames.pointee), into: ioData))
    }
}

public func ExtAudioFileWrite(_ inExtAudioFile: ExtAudioFileRef, _ inNumberFrames: UInt32,
                              _ ioData: UnsafePointer<AudioBufferList>) -> OSStatus {
    withExtAudioFile(inExtAudioFile) { file throws(AudioFileFailure) in
        try file.write(Int(inNumberFrames), from: UnsafeMutablePointer(mutating: ioData))
    }
}

/// Apple queues the frames for a background thread; the simulation has no threads, so they are
/// written at once (what the file holds after `ExtAudioFileDispose` is the same). A nil buffer
/// with no frames primes the queue, as apps do from a non-real-time thread before rendering.
public func ExtAudioFileWriteAsync(_ inExtAudioFile: ExtAudioFileRef, _ inNumberFrames: UInt32,
                                   _ ioData: UnsafePointer<AudioBufferList>?) -> OSStatus {
    withExtAudioFile(inExtAudioFile) { file throws(AudioFileFailure) in
        guard let ioData else {
            guard inNumberFrames == 0 else { throw AudioFileFailure(kAudio_ParamError, "\(file.name): frames without a buffer list") }
            return
        }
        try file.write(Int(inNumberFrames), from: UnsafeMutablePointer(mutating: ioData))
    }
}

/// Moves to frame `inFrameOffset` of the file, counted in the file's own frames.
public func ExtAudioFileSeek(_ inExtAudioFile: ExtAudioFileRef, _ inFrameOffset: Int64) -> OSStatus {
    withExtAudioFile(inExtAudioFile) { file throws(AudioFileFailure) in try file.seek(to: inFrameOffset) }
}

public func ExtAudioFileTell(_ inExtAudioFile: ExtAudioFileRef, _ outFrameOffset: UnsafeMutablePointer<Int64>) -> OSStatus {
    withExtAudioFile(inExtAudioFile) { file in outFrameOffset.pointee = file.tell() }
}
