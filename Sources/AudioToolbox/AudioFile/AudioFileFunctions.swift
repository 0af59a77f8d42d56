import CoreAudioTypes
import Foundation

// Audio File Services' C functions as Swift sees them (AudioFile.h). Files are opened through
// libsndfile or FFmpeg (AudioFileObject); bad input returns Apple's documented result codes.

func withAudioFile(_ handle: AudioFileID, _ body: (AudioFileObject) throws(AudioFileFailure) -> Void) -> OSStatus {
    guard let file = ObjectHandle.resolve(handle, as: AudioFileObject.self) else { return kAudioFileNotOpenError }
    return audioFileStatus { () throws(AudioFileFailure) in try body(file) }
}

public func AudioFileOpenURL(_ inFileRef: CFURL, _ inPermissions: AudioFilePermissions, _ inFileTypeHint: AudioFileTypeID,
                             _ outAudioFile: UnsafeMutablePointer<AudioFileID?>) -> OSStatus {
    let url = inFileRef as URL
    guard url.isFileURL else { return kAudio_ParamError }
    return audioFileStatus { () throws(AudioFileFailure) in
        let file = try AudioFileObject.open(url, permissions: inPermissions)
        outAudioFile.pointee = ObjectHandle.make(for: file)
    }
}

public func AudioFileCreateWithURL(_ inFileRef: CFURL, _ inFileType: AudioFileTypeID, _ inFormat: UnsafePointer<AudioStreamBasicDescription>,
                                   _ inFlags: AudioFileFlags, _ outAudioFile: UnsafeMutablePointer<AudioFileID?>) -> OSStatus {
    let url = inFileRef as URL
    guard url.isFileURL else { return kAudio_ParamError }
    return audioFileStatus { () throws(AudioFileFailure) in
        let file = try AudioFileObject.create(url, typeID: inFileType, format: inFormat.pointee, flags: inFlags)
        outAudioFile.pointee = ObjectHandle.make(for: file)
    }
}

/// Closes the file (an MPEG-4 file being written is encoded now) and invalidates the handle.
public func AudioFileClose(_ inAudioFile: AudioFileID) -> OSStatus {
    guard let file = ObjectHandle.resolve(inAudioFile, as: AudioFileObject.self) else { return kAudioFileNotOpenError }
    let status = file.close()
    _ = ObjectHandle.dispose(inAudioFile)
    return status == kAudioFileNotOpenError ? noErr : status
}

/// Files are written in their final layout as they go, so there is nothing to optimize.
public func AudioFileOptimize(_ inAudioFile: AudioFileID) -> OSStatus {
    withAudioFile(inAudioFile) { _ in }
}

/// Reads whole packets from `inStartingPacket`: as many as `ioNumPackets` asks and the
/// `ioNumBytes` buffer holds. At the end of the file it returns noErr with no packets.
public func AudioFileReadPacketData(_ inAudioFile: AudioFileID, _ inUseCache: Bool, _ ioNumBytes: UnsafeMutablePointer<UInt32>,
                                    _ outPacketDescriptions: UnsafeMutablePointer<AudioStreamPacketDescription>?, _ inStartingPacket: Int64,
                                    _ ioNumPackets: UnsafeMutablePointer<UInt32>, _ outBuffer: UnsafeMutableRawPointer?) -> OSStatus {
    withAudioFile(inAudioFile) { file throws(AudioFileFailure) in
        let read = try file.readPackets(from: inStartingPacket, count: Int(ioNumPackets.pointee), capacity: Int(ioNumBytes.pointee),
                                        into: outBuffer, descriptions: outPacketDescriptions)
        ioNumPackets.pointee = UInt32(read.packets)
        ioNumBytes.pointee = UInt32(read.bytes)
    }
}

/// The deprecated form: the buffer is assumed to hold `ioNumPackets` packets of the maximum size.
public func AudioFileReadPackets(_ inAudioFile: AudioFileID, _ inUseCache: Bool, _ outNumBytes: UnsafeMutablePointer<UInt32>,
                                 _ outPacketDescriptions: UnsafeMutablePointer<AudioStreamPacketDescription>?, _ inStartingPacket: Int64,
                                 _ ioNumPackets: UnsafeMutablePointer<UInt32>, _ outBuffer: UnsafeMutableRawPointer?) -> OSStatus {
    withAudioFile(inAudioFile) { file throws(AudioFileFailure) in
        let read = try file.readPackets(from: inStartingPacket, count: Int(ioNumPackets.pointee), capacity: nil,
                                        into: outBuffer, descriptions: outPacketDescriptions)
        ioNumPackets.pointee = UInt32(read.packets)
        outNumBytes.pointee = UInt32(read.bytes)
    }
}

/// Writes linear PCM packets at `inStartingPacket` (the end of the file to append).
public func AudioFileWritePackets(_ inAudioFile: AudioFileID, _ inUseCache: Bool, _ inNumBytes: UInt32,
                                  _ inPacketDescriptions: UnsafePointer<AudioStreamPacketDescription>?, _ inStartingPacket: Int64,
                                  _ ioNumPackets: UnsafeMutablePointer<UInt32>, _ inBuffer: UnsafeRawPointer) -> OSStatus {
    withAudioFile(inAudioFile) { file throws(AudioFileFailure) in
        let written = try file.writePackets(at: inStartingPacket, count: Int(ioNumPackets.pointee), byteCount: Int(inNumBytes), from: inBuffer)
        ioNumPackets.pointee = UInt32(written)
    }
}
