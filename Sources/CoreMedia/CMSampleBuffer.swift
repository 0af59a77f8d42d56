import CoreAudioTypes

/// `CMSampleBuffer`: a block of samples in one format, with its presentation time, ready at
/// creation. Audio is linear PCM (one sample = one frame); video is one frame per sample buffer
/// with the timing it was created with (`CMSampleBufferCreateReady`).
public final class CMSampleBuffer: @unchecked Sendable {
    public let formatDescription: CMFormatDescription?
    public let dataBuffer: CMBlockBuffer?
    public let numSamples: CMItemCount
    public let presentationTimeStamp: CMTime
    private var outputPresentationTimeStampOverride = CMTime.invalid
    /// The duration given in the timing info (video); audio derives it from its rate.
    private let givenDuration: CMTime

    init(dataBuffer: CMBlockBuffer?, formatDescription: CMFormatDescription, numSamples: Int, presentationTimeStamp: CMTime,
         duration: CMTime = .invalid) {
        self.dataBuffer = dataBuffer
        self.formatDescription = formatDescription
        self.numSamples = numSamples
        self.presentationTimeStamp = presentationTimeStamp
        givenDuration = duration
    }

    /// The duration from the timing info, else the samples' duration at the format's rate:
    /// `numSamples / sampleRate` (exact for integral rates).
    public var duration: CMTime {
        if givenDuration.isValid { return givenDuration }
        guard let rate = formatDescription?.audioStreamBasicDescription.mSampleRate, rate > 0 else { return .invalid }
        if rate == rate.rounded(), rate <= Double(kCMTimeMaxTimescale) { return CMTime(value: Int64(numSamples), timescale: Int32(rate)) }
        return CMTime(seconds: Double(numSamples) / rate, preferredTimescale: 1_000_000_000)
    }

    public var decodeTimeStamp: CMTime { .invalid }

    /// When the samples are presented: the presentation time unless overridden
    /// (`CMSampleBufferSetOutputPresentationTimeStamp`).
    public var outputPresentationTimeStamp: CMTime {
        outputPresentationTimeStampOverride.isValid ? outputPresentationTimeStampOverride : presentationTimeStamp
    }

    public var isValid: Bool { true }
    public var dataReadiness: Bool { true }
    public var totalSampleSize: Int { dataBuffer?.dataLength ?? 0 }

    func setOutputPresentationTimeStamp(_ time: CMTime) { outputPresentationTimeStampOverride = time }
}

public let kCMSampleBufferError_AllocationFailed: OSStatus = -12730
public let kCMSampleBufferError_RequiredParameterMissing: OSStatus = -12731
public let kCMSampleBufferError_SampleTimingInfoInvalid: OSStatus = -12740
public let kCMSampleBufferError_InvalidMediaFormat: OSStatus = -12743
public let kCMSampleBufferError_InvalidSampleData: OSStatus = -12742

/// `CMAudioSampleBufferCreateReadyWithPacketDescriptions`: for linear PCM, `numSamples` frames
/// of `dataBuffer`; the buffer must hold exactly that many frames, the time must be numeric.
public func CMAudioSampleBufferCreateReadyWithPacketDescriptions(
    allocator: CFAllocator?, dataBuffer: CMBlockBuffer, formatDescription: CMFormatDescription,
    sampleCount numSamples: CMItemCount, presentationTimeStamp: CMTime,
    packetDescriptions: UnsafePointer<AudioStreamPacketDescription>?,
    sampleBufferOut: UnsafeMutablePointer<CMSampleBuffer?>
) -> OSStatus {
    let asbd = formatDescription.audioStreamBasicDescription
    guard asbd.mFormatID == kAudioFormatLinearPCM, asbd.mBytesPerFrame > 0 else { return kCMSampleBufferError_InvalidMediaFormat }
    guard numSamples > 0, presentationTimeStamp.isNumeric else { return kCMSampleBufferError_SampleTimingInfoInvalid }
    let nonInterleaved = asbd.mFormatFlags & kAudioFormatFlagIsNonInterleaved != 0
    let bytesPerFrame = Int(asbd.mBytesPerFrame) * (nonInterleaved ? Int(asbd.mChannelsPerFrame) : 1)
    guard dataBuffer.dataLength == numSamples * bytesPerFrame else { return kCMSampleBufferError_InvalidSampleData }
    sampleBufferOut.pointee = CMSampleBuffer(dataBuffer: dataBuffer, formatDescription: formatDescription,
                                             numSamples: numSamples, presentationTimeStamp: presentationTimeStamp)
    return 0
}

/// `CMSampleTimingInfo`: one sample's (or every sample's) duration and timestamps.
public struct CMSampleTimingInfo: Sendable, Hashable {
    public var duration: CMTime
    public var presentationTimeStamp: CMTime
    public var decodeTimeStamp: CMTime

    public init(duration: CMTime, presentationTimeStamp: CMTime, decodeTimeStamp: CMTime) {
        self.duration = duration
        self.presentationTimeStamp = presentationTimeStamp
        self.decodeTimeStamp = decodeTimeStamp
    }
}

/// `CMSampleBufferCreateReady` for a video frame: one sample, one timing entry with a numeric
/// presentation time, a video format description. (Audio goes through
/// `CMAudioSampleBufferCreateReadyWithPacketDescriptions`.) The data buffer holds the encoded
/// frame and is kept, not decoded.
public func CMSampleBufferCreateReady(
    allocator: CFAllocator?, dataBuffer: CMBlockBuffer?, formatDescription: CMFormatDescription?,
    sampleCount numSamples: CMItemCount, sampleTimingEntryCount numSampleTimingEntries: CMItemCount,
    sampleTimingArray: UnsafePointer<CMSampleTimingInfo>?, sampleSizeEntryCount numSampleSizeEntries: CMItemCount,
    sampleSizeArray: UnsafePointer<Int>?, sampleBufferOut: UnsafeMutablePointer<CMSampleBuffer?>
) -> OSStatus {
    guard let formatDescription else { return kCMSampleBufferError_RequiredParameterMissing }
    guard formatDescription.mediaType == kCMMediaType_Video, numSamples == 1 else { return kCMSampleBufferError_InvalidMediaFormat }
    guard numSampleTimingEntries == 1, let timing = sampleTimingArray?.pointee, timing.presentationTimeStamp.isNumeric
    else { return kCMSampleBufferError_SampleTimingInfoInvalid }
    sampleBufferOut.pointee = CMSampleBuffer(dataBuffer: dataBuffer, formatDescription: formatDescription, numSamples: 1,
                                             presentationTimeStamp: timing.presentationTimeStamp, duration: timing.duration)
    return 0
}

public func CMSampleBufferGetNumSamples(_ sbuf: CMSampleBuffer) -> CMItemCount { sbuf.numSamples }
public func CMSampleBufferGetPresentationTimeStamp(_ sbuf: CMSampleBuffer) -> CMTime { sbuf.presentationTimeStamp }
public func CMSampleBufferGetOutputPresentationTimeStamp(_ sbuf: CMSampleBuffer) -> CMTime { sbuf.outputPresentationTimeStamp }
public func CMSampleBufferGetDuration(_ sbuf: CMSampleBuffer) -> CMTime { sbuf.duration }
public func CMSampleBufferGetFormatDescription(_ sbuf: CMSampleBuffer) -> CMFormatDescription? { sbuf.formatDescription }
public func CMSampleBufferGetDataBuffer(_ sbuf: CMSampleBuffer) -> CMBlockBuffer? { sbuf.dataBuffer }
public func CMSampleBufferGetTotalSampleSize(_ sbuf: CMSampleBuffer) -> Int { sbuf.totalSampleSize }

@discardableResult
public func CMSampleBufferSetOutputPresentationTimeStamp(_ sbuf: CMSampleBuffer, newValue: CMTime) -> OSStatus {
    sbuf.setOutputPresentationTimeStamp(newValue)
    return 0
}

extension CMSampleBuffer {
    /// The bytes of interleaved stereo samples (16-bit integers or 32-bit floats, native-endian)
    /// as the block buffer holds them — shared, not copied — with their rate; nil for any other
    /// layout (mono, planar, formats the renderers do not decode).
    package func interleavedStereoBytes() -> (bytes: [UInt8], isFloat: Bool, rate: Double)? {
        guard let format = formatDescription, format.isDecodablePCM, let data = dataBuffer else { return nil }
        let asbd = format.audioStreamBasicDescription
        guard asbd.mChannelsPerFrame == 2, asbd.mFormatFlags & kAudioFormatFlagIsNonInterleaved == 0 else { return nil }
        let isFloat = asbd.mFormatFlags & kAudioFormatFlagIsFloat != 0
        guard data.bytes.count == numSamples * (isFloat ? 8 : 4) else { return nil }
        return (data.bytes, isFloat, asbd.mSampleRate)
    }

    /// The samples as interleaved Float (−1…1), `numSamples × channels`, for the simulated
    /// renderers; nil for formats they do not decode.
    package func interleavedFloatSamples() -> (samples: [Float], channels: Int, rate: Double)? {
        guard let format = formatDescription, format.isDecodablePCM, let data = dataBuffer else { return nil }
        let asbd = format.audioStreamBasicDescription
        let channels = Int(asbd.mChannelsPerFrame), frames = numSamples
        let isFloat = asbd.mFormatFlags & kAudioFormatFlagIsFloat != 0
        let nonInterleaved = asbd.mFormatFlags & kAudioFormatFlagIsNonInterleaved != 0
        let count = frames * channels
        guard data.bytes.count >= count * (isFloat ? 4 : 2) else { return nil }
        let out = [Float](unsafeUninitializedCapacity: count) { out, initialized in
            data.bytes.withUnsafeBytes { raw in
                if !nonInterleaved {
                    // The usual layout, converted in one pass the compiler can vectorise.
                    if isFloat {
                        for index in 0..<count { out[index] = raw.loadUnaligned(fromByteOffset: index * 4, as: Float.self) }
                    } else {
                        for index in 0..<count { out[index] = Float(raw.loadUnaligned(fromByteOffset: index * 2, as: Int16.self)) / 32_768 }
                    }
                    return
                }
                for frame in 0..<frames {
                    for channel in 0..<channels {
                        let index = channel * frames + frame
                        out[frame * channels + channel] = isFloat
                            ? raw.loadUnaligned(fromByteOffset: index * 4, as: Float.self)
                            : Float(raw.loadUnaligned(fromByteOffset: index * 2, as: Int16.self)) / 32_768
                    }
                }
            }
            initialized = count
        }
        return (out, channels, asbd.mSampleRate)
    }
}
