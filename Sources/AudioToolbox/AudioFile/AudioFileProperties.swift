import AudioFiles
import CoreAudioTypes

// AudioFileGetProperty, GetPropertyInfo and SetProperty: the properties an app reads to play or
// convert a file. A property the file does not have is kAudioFileUnsupportedPropertyError; too
// small a buffer kAudioFileBadPropertySizeError; a read-only one set kAudioFileOperationNotSupportedError.

extension AudioFileObject {
    /// The value of `id`, or the status Apple returns for a property this file lacks.
    func property(_ id: AudioFilePropertyID) -> Result<FilePropertyValue, AudioFileFailure> {
        let missing = AudioFileFailure(kAudioFileUnsupportedPropertyError, "\(name): no property \(Self.fourCC(id)) on this file")
        switch id {
        case kAudioFilePropertyFileFormat: return .success(FilePropertyValue(fileType))
        case kAudioFilePropertyDataFormat: return .success(FilePropertyValue(dataFormat))
        case kAudioFilePropertyIsOptimized: return .success(FilePropertyValue(UInt32(1)))
        case kAudioFilePropertyAudioTrackCount: return .success(FilePropertyValue(UInt32(1)))
        case kAudioFilePropertyAudioDataPacketCount:
            return packetCount.map { .success(FilePropertyValue(UInt64($0))) } ?? .failure(missing)
        case kAudioFilePropertyAudioDataByteCount:
            return audioDataByteCount.map { .success(FilePropertyValue(UInt64($0))) } ?? .failure(missing)
        case kAudioFilePropertyMaximumPacketSize, kAudioFilePropertyPacketSizeUpperBound:
            return maximumPacketSize.map { .success(FilePropertyValue(UInt32($0))) } ?? .failure(missing)
        case kAudioFilePropertyEstimatedDuration:
            return .success(FilePropertyValue(Float64(frameCount) / dataFormat.mSampleRate))
        case kAudioFilePropertyBitRate:
            guard let bytes = audioDataByteCount, frameCount > 0 else { return .failure(missing) }
            return .success(FilePropertyValue(UInt32(clamping: Int64(Double(bytes * 8) * dataFormat.mSampleRate / Double(frameCount)))))
        case kAudioFilePropertyMagicCookieData:
            guard case let .mpeg4(track) = content, !track.magicCookie.isEmpty else { return .failure(missing) }
            return .success(FilePropertyValue(bytes: track.magicCookie))
        case kAudioFilePropertyPacketTableInfo:
            guard case let .mpeg4(track) = content else { return .failure(missing) }
            let valid = frameCount
            let remainder = Int64(track.sizes.count * track.framesPerPacket) - valid - Int64(track.primingFrames)
            return .success(FilePropertyValue(AudioFilePacketTableInfo(mNumberValidFrames: valid, mPrimingFrames: Int32(track.primingFrames),
                                                                        mRemainderFrames: Int32(clamping: max(0, remainder)))))
        case kAudioFilePropertySourceBitDepth:
            guard case let .sound(file) = content, let bits = file.format.encoding.bitsPerSample else { return .failure(missing) }
            return .success(FilePropertyValue(Int32(file.format.encoding.isFloat ? -bits : bits)))
        default:
            return .failure(missing)
        }
    }
}

public func AudioFileGetPropertyInfo(_ inAudioFile: AudioFileID, _ inPropertyID: AudioFilePropertyID, _ outDataSize: UnsafeMutablePointer<UInt32>?,
                                     _ isWritable: UnsafeMutablePointer<UInt32>?) -> OSStatus {
    withAudioFile(inAudioFile) { file throws(AudioFileFailure) in
        let value = try file.property(inPropertyID).get()
        outDataSize?.pointee = UInt32(value.size)
        isWritable?.pointee = 0
    }
}

public func AudioFileGetProperty(_ inAudioFile: AudioFileID, _ inPropertyID: AudioFilePropertyID, _ ioDataSize: UnsafeMutablePointer<UInt32>,
                                 _ outPropertyData: UnsafeMutableRawPointer) -> OSStatus {
    withAudioFile(inAudioFile) { file throws(AudioFileFailure) in
        let value = try file.property(inPropertyID).get()
        let status = value.copy(to: outPropertyData, size: ioDataSize, tooSmall: kAudioFileBadPropertySizeError)
        if status != noErr { throw AudioFileFailure(status, "\(file.name): \(ioDataSize.pointee) bytes cannot hold a \(value.size)-byte property") }
    }
}

/// The properties here describe what the file holds; none can be changed once it exists.
public func AudioFileSetProperty(_ inAudioFile: AudioFileID, _ inPropertyID: AudioFilePropertyID, _ inDataSize: UInt32,
                                 _ inPropertyData: UnsafeRawPointer) -> OSStatus {
    withAudioFile(inAudioFile) { file throws(AudioFileFailure) in
        _ = try file.property(inPropertyID).get()
        throw AudioFileFailure(kAudioFileOperationNotSupportedError, "\(file.name): property \(AudioFileObject.fourCC(inPropertyID)) is read-only here")
    }
}
