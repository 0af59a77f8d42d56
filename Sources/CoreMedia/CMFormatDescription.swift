import CoreAudioTypes

/// `CMFormatDescription`: audio (`CMAudioFormatDescription`: the stream description and the
/// optional channel layout) or video (`CMVideoFormatDescription`: codec and dimensions, see
/// `CMVideoFormatDescription.swift`; its stream description is all zeros).
public final class CMFormatDescription: @unchecked Sendable, Equatable {
    public let audioStreamBasicDescription: AudioStreamBasicDescription
    public let channelLayout: AudioChannelLayout?
    /// Set for a video description only.
    let video: (codecType: CMVideoCodecType, dimensions: CMVideoDimensions)?

    /// A heap copy of the description for the C getter, which hands out a pointer that lives as
    /// long as the format description does.
    private let asbdCopy: UnsafeMutablePointer<AudioStreamBasicDescription>

    init(asbd: AudioStreamBasicDescription, layout: AudioChannelLayout?) {
        audioStreamBasicDescription = asbd
        channelLayout = layout
        video = nil
        asbdCopy = .allocate(capacity: 1)
        asbdCopy.initialize(to: asbd)
    }

    init(codecType: CMVideoCodecType, dimensions: CMVideoDimensions) {
        audioStreamBasicDescription = AudioStreamBasicDescription()
        channelLayout = nil
        video = (codecType, dimensions)
        asbdCopy = .allocate(capacity: 1)
        asbdCopy.initialize(to: audioStreamBasicDescription)
    }

    deinit { asbdCopy.deallocate() }

    var asbdPointer: UnsafePointer<AudioStreamBasicDescription> { UnsafePointer(asbdCopy) }

    /// `kCMMediaType_Audio` ('soun') or `kCMMediaType_Video` ('vide').
    public var mediaType: CMMediaType { video == nil ? kCMMediaType_Audio : kCMMediaType_Video }

    /// The audio format ID, or the video codec type.
    public var mediaSubType: FourCharCode { video?.codecType ?? audioStreamBasicDescription.mFormatID }

    public static func == (lhs: CMFormatDescription, rhs: CMFormatDescription) -> Bool {
        lhs.audioStreamBasicDescription == rhs.audioStreamBasicDescription && lhs.channelLayout == rhs.channelLayout
            && lhs.video?.codecType == rhs.video?.codecType && lhs.video?.dimensions == rhs.video?.dimensions
    }

    /// Linear PCM that the simulated renderers decode: 16-bit signed or 32-bit float samples,
    /// packed, one frame per packet, interleaved or not.
    package var isDecodablePCM: Bool {
        let d = audioStreamBasicDescription
        guard d.mFormatID == kAudioFormatLinearPCM, d.mFramesPerPacket == 1, d.mChannelsPerFrame > 0, d.mSampleRate > 0 else { return false }
        let float = d.mFormatFlags & kAudioFormatFlagIsFloat != 0
        return (float && d.mBitsPerChannel == 32) || (!float && d.mFormatFlags & kAudioFormatFlagIsSignedInteger != 0 && d.mBitsPerChannel == 16)
    }
}

public typealias CMAudioFormatDescription = CMFormatDescription
public typealias FourCharCode = UInt32
public typealias CMMediaType = FourCharCode
/// 'soun'
public let kCMMediaType_Audio: CMMediaType = 0x736F_756E

public let kCMFormatDescriptionError_InvalidParameter: OSStatus = -12710
public let kCMFormatDescriptionError_AllocationFailed: OSStatus = -12711
public let kCMFormatDescriptionError_ValueNotAvailable: OSStatus = -12718

/// `CMAudioFormatDescriptionCreate`: the stream description is required; a magic cookie is
/// refused for linear PCM (it "must be NULL for all others").
public func CMAudioFormatDescriptionCreate(allocator: CFAllocator?, asbd: UnsafePointer<AudioStreamBasicDescription>,
                                           layoutSize: Int, layout: UnsafePointer<AudioChannelLayout>?,
                                           magicCookieSize: Int, magicCookie: UnsafeRawPointer?, extensions: CFDictionary?,
                                           formatDescriptionOut: UnsafeMutablePointer<CMAudioFormatDescription?>) -> OSStatus {
    let description = asbd.pointee
    guard description.mSampleRate > 0, description.mChannelsPerFrame > 0 else { return kCMFormatDescriptionError_InvalidParameter }
    if description.mFormatID == kAudioFormatLinearPCM, magicCookie != nil || magicCookieSize != 0 {
        return kCMFormatDescriptionError_InvalidParameter
    }
    formatDescriptionOut.pointee = CMFormatDescription(asbd: description, layout: layout?.pointee)
    return 0
}

/// NULL for a description that is not audio.
public func CMAudioFormatDescriptionGetStreamBasicDescription(_ desc: CMAudioFormatDescription) -> UnsafePointer<AudioStreamBasicDescription>? {
    desc.video == nil ? desc.asbdPointer : nil
}

public func CMFormatDescriptionGetMediaType(_ desc: CMFormatDescription) -> CMMediaType { desc.mediaType }
public func CMFormatDescriptionGetMediaSubType(_ desc: CMFormatDescription) -> FourCharCode { desc.mediaSubType }
