import CoreAudioTypes

// ExtAudioFileGetProperty, GetPropertyInfo and SetProperty. An unknown or unavailable property
// is kExtAudioFileError_InvalidProperty, a wrong size kExtAudioFileError_InvalidPropertySize.

extension ExtAudioFileObject {
    private var invalid: AudioFileFailure { AudioFileFailure(kExtAudioFileError_InvalidProperty, "\(name): no such property here") }

    func property(_ id: ExtAudioFilePropertyID) throws(AudioFileFailure) -> FilePropertyValue {
        switch id {
        case kExtAudioFileProperty_FileDataFormat: return FilePropertyValue(file.dataFormat)
        case kExtAudioFileProperty_ClientDataFormat: return FilePropertyValue(clientFormat)
        case kExtAudioFileProperty_FileChannelLayout: return FilePropertyValue(Self.layout(channels: file.dataFormat.mChannelsPerFrame))
        case kExtAudioFileProperty_ClientChannelLayout: return FilePropertyValue(Self.layout(channels: clientFormat.mChannelsPerFrame))
        case kExtAudioFileProperty_FileLengthFrames: return FilePropertyValue(try file.samples().frameCount)
        case kExtAudioFileProperty_FileMaxPacketSize:
            guard let size = file.maximumPacketSize else {
                throw AudioFileFailure(kExtAudioFileError_MaxPacketSizeUnknown, "\(name): the codec's packet size is not known")
            }
            return FilePropertyValue(UInt32(size))
        case kExtAudioFileProperty_ClientMaxPacketSize: return FilePropertyValue(clientFormat.mBytesPerPacket)
        case kExtAudioFileProperty_IOBufferSizeBytes: return FilePropertyValue(ioBufferSizeBytes)
        case kExtAudioFileProperty_CodecManufacturer: return FilePropertyValue(codecManufacturer)
        case kExtAudioFileProperty_AudioFile:
            if fileHandle == nil { fileHandle = ObjectHandle.make(for: file) }
            return FilePropertyValue(fileHandle)
        case kExtAudioFileProperty_PacketTable:
            let value = try file.property(kAudioFilePropertyPacketTableInfo).mapError { _ in invalid }.get()
            return value
        default:
            throw invalid
        }
    }

    /// Client format and layout, buffer size and codec manufacturer can be set; the rest describe the file.
    func setProperty(_ id: ExtAudioFilePropertyID, _ data: UnsafeRawPointer, size: UInt32) throws(AudioFileFailure) {
        let wrong = kExtAudioFileError_InvalidPropertySize
        switch id {
        case kExtAudioFileProperty_ClientDataFormat:
            try setClientFormat(FilePropertyValue.read(data, size: size, as: AudioStreamBasicDescription.self, wrongSize: wrong, name: name))
        case kExtAudioFileProperty_ClientChannelLayout:
            guard Int(size) >= MemoryLayout<AudioChannelLayout>.size - MemoryLayout<AudioChannelDescription>.size else {
                throw AudioFileFailure(wrong, "\(name): \(size) bytes is not an AudioChannelLayout")
            }
            let tag = data.loadUnaligned(as: AudioChannelLayoutTag.self)
            guard tag & 0xFFFF == 0 || tag & 0xFFFF == clientFormat.mChannelsPerFrame else {
                throw AudioFileFailure(kExtAudioFileError_InvalidChannelMap, "\(name): the layout's channels differ from the client format's")
            }
        case kExtAudioFileProperty_IOBufferSizeBytes:
            ioBufferSizeBytes = try FilePropertyValue.read(data, size: size, as: UInt32.self, wrongSize: wrong, name: name)
        case kExtAudioFileProperty_CodecManufacturer:
            codecManufacturer = try FilePropertyValue.read(data, size: size, as: UInt32.self, wrongSize: wrong, name: name)
        default:
            throw invalid
        }
    }

    private static let settable: Set<ExtAudioFilePropertyID> = [
        kExtAudioFileProperty_ClientDataFormat, kExtAudioFileProperty_ClientChannelLayout,
        kExtAudioFileProperty_IOBufferSizeBytes, kExtAudioFileProperty_CodecManufacturer,
    ]

    func isSettable(_ id: ExtAudioFilePropertyID) -> Bool { Self.settable.contains(id) }

    /// A layout by tag: mono, stereo, or N discrete channels in order.
    private static func layout(channels: UInt32) -> AudioChannelLayout {
        var layout = AudioChannelLayout()
        layout.mChannelLayoutTag = switch channels {
        case 1: kAudioChannelLayoutTag_Mono
        case 2: kAudioChannelLayoutTag_Stereo
        default: kAudioChannelLayoutTag_DiscreteInOrder | channels
        }
        return layout
    }
}

public func ExtAudioFileGetPropertyInfo(_ inExtAudioFile: ExtAudioFileRef, _ inPropertyID: ExtAudioFilePropertyID,
                                        _ outSize: UnsafeMutablePointer<UInt32>?, _ outWritable: UnsafeMutablePointer<DarwinBoolean>?) -> OSStatus {
    guard let file = ObjectHandle.resolve(inExtAudioFile, as: ExtAudioFileObject.self) else { return kAudio_ParamError }
    return audioFileStatus { () throws(AudioFileFailure) in
        let value = try file.property(inPropertyID)
        outSize?.pointee = UInt32(value.size)
        outWritable?.pointee = DarwinBoolean(file.isSettable(inPropertyID))
    }
}

public func ExtAudioFileGetProperty(_ inExtAudioFile: ExtAudioFileRef, _ inPropertyID: ExtAudioFilePropertyID,
                                    _ ioPropertyDataSize: UnsafeMutablePointer<UInt32>, _ outPropertyData: UnsafeMutableRawPointer) -> OSStatus {
    guard let file = ObjectHandle.resolve(inExtAudioFile, as: ExtAudioFileObject.self) else { return kAudio_ParamError }
    return audioFileStatus { () throws(AudioFileFailure) in
        let value = try file.property(inPropertyID)
        let status = value.copy(to: outPropertyData, size: ioPropertyDataSize, tooSmall: kExtAudioFileError_InvalidPropertySize)
        if status != noErr { throw AudioFileFailure(status, "\(file.name): \(ioPropertyDataSize.pointee) bytes cannot hold the property") }
    }
}

public func ExtAudioFileSetProperty(_ inExtAudioFile: ExtAudioFileRef, _ inPropertyID: ExtAudioFilePropertyID,
                                    _ inPropertyDataSize: UInt32, _ inPropertyData: UnsafeRawPointer) -> OSStatus {
    guard let file = ObjectHandle.resolve(inExtAudioFile, as: ExtAudioFileObject.self) else { return kAudio_ParamError }
    return audioFileStatus { () throws(AudioFileFailure) in try file.setProperty(inPropertyID, inPropertyData, size: inPropertyDataSize) }
}
