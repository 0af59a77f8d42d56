import CoreAudioTypes

/// AudioConverter.h's calls over `AudioConverterObject` (linear PCM: sample format, channel count,
/// rate). A converter is a retained object behind the opaque `AudioConverterRef`.
extension AudioConverterObject {
    static func from(_ ref: AudioConverterRef) -> AudioConverterObject {
        Unmanaged<AudioConverterObject>.fromOpaque(UnsafeRawPointer(ref)).takeUnretainedValue()
    }
}

/// A converter between two linear PCM formats; `kAudioConverterErr_FormatNotSupported` for a
/// compressed format, an unsupported PCM layout, or channel counts it cannot map (other than
/// equal, from mono, or to mono).
public func AudioConverterNew(_ inSourceFormat: UnsafePointer<AudioStreamBasicDescription>,
                              _ inDestinationFormat: UnsafePointer<AudioStreamBasicDescription>,
                              _ outAudioConverter: UnsafeMutablePointer<AudioConverterRef?>) -> OSStatus {
    guard let converter = AudioConverterObject(source: inSourceFormat.pointee, destination: inDestinationFormat.pointee) else {
        outAudioConverter.pointee = nil
        return kAudioConverterErr_FormatNotSupported
    }
    outAudioConverter.pointee = OpaquePointer(Unmanaged.passRetained(converter).toOpaque())
    return noErr
}

/// As `AudioConverterNew`; the options (unbuffered) change nothing for linear PCM here.
public func AudioConverterNewWithOptions(_ inSourceFormat: UnsafePointer<AudioStreamBasicDescription>,
                                         _ inDestinationFormat: UnsafePointer<AudioStreamBasicDescription>,
                                         _ inOptions: AudioConverterOptions,
                                         _ outAudioConverter: UnsafeMutablePointer<AudioConverterRef?>) -> OSStatus {
    AudioConverterNew(inSourceFormat, inDestinationFormat, outAudioConverter)
}

public func AudioConverterDispose(_ inAudioConverter: AudioConverterRef) -> OSStatus {
    Unmanaged<AudioConverterObject>.fromOpaque(UnsafeRawPointer(inAudioConverter)).release()
    return noErr
}

/// Forgets buffered input and the rate converter's history, as at a seek.
public func AudioConverterReset(_ inAudioConverter: AudioConverterRef) -> OSStatus {
    AudioConverterObject.from(inAudioConverter).reset()
    return noErr
}

/// Converts frames the input proc supplies into `outOutputData`; on return `ioOutputDataPacketSize`
/// holds the frames written. The proc answers how many packets it put in the list (0 at the end)
/// or an error, which ends this call (with that error when nothing was written).
public func AudioConverterFillComplexBuffer(_ inAudioConverter: AudioConverterRef,
                                            _ inInputDataProc: AudioConverterComplexInputDataProc,
                                            _ inInputDataProcUserData: UnsafeMutableRawPointer?,
                                            _ ioOutputDataPacketSize: UnsafeMutablePointer<UInt32>,
                                            _ outOutputData: UnsafeMutablePointer<AudioBufferList>,
                                            _ outPacketDescription: UnsafeMutablePointer<AudioStreamPacketDescription>?) -> OSStatus {
    let converter = AudioConverterObject.from(inAudioConverter)
    let capacity = outputCapacity(outOutputData, format: converter.destination)
    let frames = min(Int(ioOutputDataPacketSize.pointee), capacity)
    guard frames > 0 || ioOutputDataPacketSize.pointee == 0 else { return kAudioConverterErr_InvalidOutputSize }
    let result = converter.fill(outOutputData, frames: frames) { list, asked in
        var packets = UInt32(asked)
        let status = inInputDataProc(inAudioConverter, &packets, list, nil, inInputDataProcUserData)
        return (Int(packets), status)
    }
    ioOutputDataPacketSize.pointee = UInt32(result.frames)
    return result.status
}

/// Converts `inNumberPCMFrames` frames from one buffer list to the other, without a rate change.
public func AudioConverterConvertComplexBuffer(_ inAudioConverter: AudioConverterRef, _ inNumberPCMFrames: UInt32,
                                               _ inInputData: UnsafePointer<AudioBufferList>,
                                               _ outOutputData: UnsafeMutablePointer<AudioBufferList>) -> OSStatus {
    let converter = AudioConverterObject.from(inAudioConverter)
    guard !converter.convertsRate else { return kAudioConverterErr_OperationNotSupported }
    let frames = Int(inNumberPCMFrames)
    guard outputCapacity(outOutputData, format: converter.destination) >= frames else { return kAudioConverterErr_InvalidOutputSize }
    var given = false
    _ = converter.fill(outOutputData, frames: frames) { list, _ in
        guard !given else { return (0, noErr) }
        given = true
        let source = UnsafeMutableAudioBufferListPointer(UnsafeMutablePointer(mutating: inInputData))
        let target = UnsafeMutableAudioBufferListPointer(list)
        for index in 0..<min(source.count, target.count) { target[index] = source[index] }
        return (frames, noErr)
    }
    converter.reset()
    return noErr
}

/// Converts interleaved bytes to interleaved bytes, without a rate change.
public func AudioConverterConvertBuffer(_ inAudioConverter: AudioConverterRef, _ inInputDataSize: UInt32, _ inInputData: UnsafeRawPointer,
                                        _ ioOutputDataSize: UnsafeMutablePointer<UInt32>, _ outOutputData: UnsafeMutableRawPointer) -> OSStatus {
    let converter = AudioConverterObject.from(inAudioConverter)
    guard !converter.convertsRate, !converter.source.isNonInterleaved, !converter.destination.isNonInterleaved else {
        return kAudioConverterErr_OperationNotSupported
    }
    let frames = Int(inInputDataSize) / Int(converter.source.mBytesPerFrame)
    guard Int(ioOutputDataSize.pointee) >= frames * Int(converter.destination.mBytesPerFrame) else { return kAudioConverterErr_InvalidOutputSize }
    var input = AudioBufferList(mNumberBuffers: 1, mBuffers: AudioBuffer(mNumberChannels: converter.source.mChannelsPerFrame, mDataByteSize: inInputDataSize,
                                                                          mData: UnsafeMutableRawPointer(mutating: inInputData)))
    var output = AudioBufferList(mNumberBuffers: 1, mBuffers: AudioBuffer(mNumberChannels: converter.destination.mChannelsPerFrame,
                                                                           mDataByteSize: ioOutputDataSize.pointee, mData: outOutputData))
    let status = AudioConverterConvertComplexBuffer(inAudioConverter, UInt32(frames), &input, &output)
    if status == noErr { ioOutputDataSize.pointee = UInt32(frames) * converter.destination.mBytesPerFrame }
    return status
}

/// The frames every buffer of `list` has room for in `format`.
private func outputCapacity(_ list: UnsafeMutablePointer<AudioBufferList>, format: AudioStreamBasicDescription) -> Int {
    let buffers = UnsafeMutableAudioBufferListPointer(list)
    let needed = format.isNonInterleaved ? format.channelCount : 1
    guard buffers.count >= needed else { return 0 }
    let frameBytes = format.isNonInterleaved ? format.bytesPerSample : format.bytesPerSample * format.channelCount
    return (0..<needed).map { buffers[$0].mData == nil ? 0 : Int(buffers[$0].mDataByteSize) / frameBytes }.min() ?? 0
}

/// As `AudioConverterNew`: a linear-PCM converter uses no codec, so the class descriptions
/// (which codec to prefer) have nothing to choose.
public func AudioConverterNewSpecific(_ inSourceFormat: UnsafePointer<AudioStreamBasicDescription>,
                                      _ inDestinationFormat: UnsafePointer<AudioStreamBasicDescription>,
                                      _ inNumberClassDescriptions: UInt32, _ inClassDescriptions: UnsafePointer<AudioClassDescription>,
                                      _ outAudioConverter: UnsafeMutablePointer<AudioConverterRef?>) -> OSStatus {
    AudioConverterNew(inSourceFormat, inDestinationFormat, outAudioConverter)
}

/// Loads the codecs ahead of use on Apple platforms; here there are none to load, so the
/// completion block hears `noErr` before this returns.
public func AudioConverterPrepare(_ inFlags: UInt32, _ ioReserved: UnsafeMutableRawPointer?, _ inCompletionBlock: ((OSStatus) -> Void)?) {
    inCompletionBlock?(noErr)
}
