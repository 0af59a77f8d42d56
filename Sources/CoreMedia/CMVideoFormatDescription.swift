/// `CMVideoFormatDescription`: what a video sample buffer holds — a codec and the picture's
/// size. The simulation decodes no pictures: a frame is known by its presentation time, which is
/// all a display synchronised to a timeline needs.
public typealias CMVideoFormatDescription = CMFormatDescription
public typealias CMVideoCodecType = FourCharCode

/// `CMVideoDimensions`: width and height in pixels.
public struct CMVideoDimensions: Sendable, Hashable {
    public var width: Int32
    public var height: Int32

    public init(width: Int32, height: Int32) {
        self.width = width
        self.height = height
    }
}

/// 'vide'
public let kCMMediaType_Video: CMMediaType = 0x7669_6465
/// 'avc1'
public let kCMVideoCodecType_H264: CMVideoCodecType = 0x6176_6331
/// 'hvc1'
public let kCMVideoCodecType_HEVC: CMVideoCodecType = 0x6876_6331
/// 'jpeg'
public let kCMVideoCodecType_JPEG: CMVideoCodecType = 0x6A70_6567
/// 'apcn'
public let kCMVideoCodecType_AppleProRes422: CMVideoCodecType = 0x6170_636E

/// `CMVideoFormatDescriptionCreate`: a codec type and positive dimensions (extensions are accepted
/// and not read).
public func CMVideoFormatDescriptionCreate(allocator: CFAllocator?, codecType: CMVideoCodecType, width: Int32, height: Int32,
                                           extensions: CFDictionary?,
                                           formatDescriptionOut: UnsafeMutablePointer<CMVideoFormatDescription?>) -> OSStatus {
    guard codecType != 0, width > 0, height > 0 else { return kCMFormatDescriptionError_InvalidParameter }
    formatDescriptionOut.pointee = CMFormatDescription(codecType: codecType, dimensions: CMVideoDimensions(width: width, height: height))
    return 0
}

/// The picture size; zeros for a description that is not video.
public func CMVideoFormatDescriptionGetDimensions(_ videoDesc: CMVideoFormatDescription) -> CMVideoDimensions {
    videoDesc.video?.dimensions ?? CMVideoDimensions(width: 0, height: 0)
}
