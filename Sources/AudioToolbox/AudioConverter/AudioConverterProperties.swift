import CoreAudioTypes

/// The converter properties a linear-PCM converter answers: its two stream descriptions, the
/// largest output packet, and the sample-rate converter's quality (kept; libsoxr's standard
/// recipe converts at every setting). Others are `kAudioConverterErr_PropertyNotSupported`.
enum AudioConverterProperty {
    static func size(_ id: AudioConverterPropertyID) -> Int? {
        switch id {
        case kAudioConverterCurrentInputStreamDescription, kAudioConverterCurrentOutputStreamDescription:
            return MemoryLayout<AudioStreamBasicDescription>.size
        case kAudioConverterPropertyMaximumOutputPacketSize, kAudioConverterSampleRateConverterQuality:
            return MemoryLayout<UInt32>.size
        default:
            return nil
        }
    }
}

extension AudioConverterObject {
    func read(_ id: AudioConverterPropertyID, into data: UnsafeMutableRawPointer) {
        switch id {
        case kAudioConverterCurrentInputStreamDescription: data.storeBytes(of: source, as: AudioStreamBasicDescription.self)
        case kAudioConverterCurrentOutputStreamDescription: data.storeBytes(of: destination, as: AudioStreamBasicDescription.self)
        case kAudioConverterPropertyMaximumOutputPacketSize: data.storeBytes(of: destination.mBytesPerPacket, as: UInt32.self)
        default: data.storeBytes(of: quality, as: UInt32.self)
        }
    }
}

public func AudioConverterGetPropertyInfo(_ inAudioConverter: AudioConverterRef, _ inPropertyID: AudioConverterPropertyID,
                                          _ outSize: UnsafeMutablePointer<UInt32>?, _ outWritable: UnsafeMutablePointer<DarwinBoolean>?) -> OSStatus {
    guard let size = AudioConverterProperty.size(inPropertyID) else { return kAudioConverterErr_PropertyNotSupported }
    outSize?.pointee = UInt32(size)
    outWritable?.pointee = DarwinBoolean(inPropertyID == kAudioConverterSampleRateConverterQuality)
    return noErr
}

public func AudioConverterGetProperty(_ inAudioConverter: AudioConverterRef, _ inPropertyID: AudioConverterPropertyID,
                                      _ ioPropertyDataSize: UnsafeMutablePointer<UInt32>, _ outPropertyData: UnsafeMutableRawPointer) -> OSStatus {
    guard let size = AudioConverterProperty.size(inPropertyID) else { return kAudioConverterErr_PropertyNotSupported }
    guard Int(ioPropertyDataSize.pointee) >= size else { return kAudioConverterErr_BadPropertySizeError }
    AudioConverterObject.from(inAudioConverter).read(inPropertyID, into: outPropertyData)
    ioPropertyDataSize.pointee = UInt32(size)
    return noErr
}

public func AudioConverterSetProperty(_ inAudioConverter: AudioConverterRef, _ inPropertyID: AudioConverterPropertyID,
                                      _ inPropertyDataSize: UInt32, _ inPropertyData: UnsafeRawPointer) -> OSStatus {
    guard let size = AudioConverterProperty.size(inPropertyID) else { return kAudioConverterErr_PropertyNotSupported }
    guard inPropertyID == kAudioConverterSampleRateConverterQuality else { return kAudioConverterErr_OperationNotSupported }
    guard Int(inPropertyDataSize) == size else { return kAudioConverterErr_BadPropertySizeError }
    let quality = inPropertyData.loadUnaligned(as: UInt32.self)
    guard quality <= kAudioConverterQuality_Max else { return kAudio_ParamError }
    AudioConverterObject.from(inAudioConverter).quality = quality
    return noErr
}
