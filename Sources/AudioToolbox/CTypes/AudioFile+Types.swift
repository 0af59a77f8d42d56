import CoreAudioTypes
import Foundation

// AudioFile.h's types as the iOS SDK imports them into Swift, with the raw values of Apple's
// header (generated from it; the tests in Tests/ check a sample of each family against the header).

public struct AudioBytePacketTranslationFlags: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static var bytePacketTranslationFlag_IsEstimate: AudioBytePacketTranslationFlags { AudioBytePacketTranslationFlags(rawValue: 1) }
}

public struct AudioFileRegionFlags: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static var loopEnable: AudioFileRegionFlags { AudioFileRegionFlags(rawValue: 1) }
    public static var playBackward: AudioFileRegionFlags { AudioFileRegionFlags(rawValue: 4) }
    public static var playForward: AudioFileRegionFlags { AudioFileRegionFlags(rawValue: 2) }
}

public typealias AudioFile_GetSizeProc = (UnsafeMutableRawPointer) -> Int64
public typealias AudioFile_ReadProc = (UnsafeMutableRawPointer, Int64, UInt32, UnsafeMutableRawPointer, UnsafeMutablePointer<UInt32>) -> OSStatus
public typealias AudioFile_SetSizeProc = (UnsafeMutableRawPointer, Int64) -> OSStatus
public typealias AudioFile_WriteProc = (UnsafeMutableRawPointer, Int64, UInt32, UnsafeRawPointer, UnsafeMutablePointer<UInt32>) -> OSStatus

public struct AudioBytePacketTranslation {
    public var mByte: Int64
    public var mPacket: Int64
    public var mByteOffsetInPacket: UInt32
    public var mFlags: AudioBytePacketTranslationFlags
    public init() { self.mByte = 0; self.mPacket = 0; self.mByteOffsetInPacket = 0; self.mFlags = AudioBytePacketTranslationFlags(rawValue: 0) }
    public init(mByte: Int64, mPacket: Int64, mByteOffsetInPacket: UInt32, mFlags: AudioBytePacketTranslationFlags) {
        self.mByte = mByte
        self.mPacket = mPacket
        self.mByteOffsetInPacket = mByteOffsetInPacket
        self.mFlags = mFlags
    }
}

public struct AudioFileTypeAndFormatID {
    public var mFileType: AudioFileTypeID
    public var mFormatID: UInt32
    public init() { self.mFileType = 0; self.mFormatID = 0 }
    public init(mFileType: AudioFileTypeID, mFormatID: UInt32) {
        self.mFileType = mFileType
        self.mFormatID = mFormatID
    }
}

public struct AudioFile_SMPTE_Time {
    public var mHours: Int8
    public var mMinutes: UInt8
    public var mSeconds: UInt8
    public var mFrames: UInt8
    public var mSubFrameSampleOffset: UInt32
    public init() { self.mHours = 0; self.mMinutes = 0; self.mSeconds = 0; self.mFrames = 0; self.mSubFrameSampleOffset = 0 }
    public init(mHours: Int8, mMinutes: UInt8, mSeconds: UInt8, mFrames: UInt8, mSubFrameSampleOffset: UInt32) {
        self.mHours = mHours
        self.mMinutes = mMinutes
        self.mSeconds = mSeconds
        self.mFrames = mFrames
        self.mSubFrameSampleOffset = mSubFrameSampleOffset
    }
}

public struct AudioFramePacketTranslation {
    public var mFrame: Int64
    public var mPacket: Int64
    public var mFrameOffsetInPacket: UInt32
    public init() { self.mFrame = 0; self.mPacket = 0; self.mFrameOffsetInPacket = 0 }
    public init(mFrame: Int64, mPacket: Int64, mFrameOffsetInPacket: UInt32) {
        self.mFrame = mFrame
        self.mPacket = mPacket
        self.mFrameOffsetInPacket = mFrameOffsetInPacket
    }
}

public struct AudioIndependentPacketTranslation {
    public var mPacket: Int64
    public var mIndependentlyDecodablePacket: Int64
    public init() { self.mPacket = 0; self.mIndependentlyDecodablePacket = 0 }
    public init(mPacket: Int64, mIndependentlyDecodablePacket: Int64) {
        self.mPacket = mPacket
        self.mIndependentlyDecodablePacket = mIndependentlyDecodablePacket
    }
}

public struct AudioPacketDependencyInfoTranslation {
    public var mPacket: Int64
    public var mIsIndependentlyDecodable: UInt32
    public var mNumberPrerollPackets: UInt32
    public init() { self.mPacket = 0; self.mIsIndependentlyDecodable = 0; self.mNumberPrerollPackets = 0 }
    public init(mPacket: Int64, mIsIndependentlyDecodable: UInt32, mNumberPrerollPackets: UInt32) {
        self.mPacket = mPacket
        self.mIsIndependentlyDecodable = mIsIndependentlyDecodable
        self.mNumberPrerollPackets = mNumberPrerollPackets
    }
}

public struct AudioPacketRangeByteCountTranslation {
    public var mPacket: Int64
    public var mPacketCount: Int64
    public var mByteCountUpperBound: Int64
    public init() { self.mPacket = 0; self.mPacketCount = 0; self.mByteCountUpperBound = 0 }
    public init(mPacket: Int64, mPacketCount: Int64, mByteCountUpperBound: Int64) {
        self.mPacket = mPacket
        self.mPacketCount = mPacketCount
        self.mByteCountUpperBound = mByteCountUpperBound
    }
}

public struct AudioPacketRollDistanceTranslation {
    public var mPacket: Int64
    public var mRollDistance: Int64
    public init() { self.mPacket = 0; self.mRollDistance = 0 }
    public init(mPacket: Int64, mRollDistance: Int64) {
        self.mPacket = mPacket
        self.mRollDistance = mRollDistance
    }
}

public struct AudioFileMarker {
    public var mFramePosition: Float64
    public var mName: Unmanaged<CFString>?
    public var mMarkerID: Int32
    public var mSMPTETime: AudioFile_SMPTE_Time
    public var mType: UInt32
    public var mReserved: UInt16
    public var mChannel: UInt16
    public init() { self.mFramePosition = 0; self.mName = nil; self.mMarkerID = 0; self.mSMPTETime = AudioFile_SMPTE_Time(); self.mType = 0; self.mReserved = 0; self.mChannel = 0 }
    public init(mFramePosition: Float64, mName: Unmanaged<CFString>?, mMarkerID: Int32, mSMPTETime: AudioFile_SMPTE_Time, mType: UInt32, mReserved: UInt16, mChannel: UInt16) {
        self.mFramePosition = mFramePosition
        self.mName = mName
        self.mMarkerID = mMarkerID
        self.mSMPTETime = mSMPTETime
        self.mType = mType
        self.mReserved = mReserved
        self.mChannel = mChannel
    }
}

public struct AudioFileMarkerList {
    public var mSMPTE_TimeType: UInt32
    public var mNumberMarkers: UInt32
    public var mMarkers: AudioFileMarker
    public init() { self.mSMPTE_TimeType = 0; self.mNumberMarkers = 0; self.mMarkers = AudioFileMarker() }
    public init(mSMPTE_TimeType: UInt32, mNumberMarkers: UInt32, mMarkers: AudioFileMarker) {
        self.mSMPTE_TimeType = mSMPTE_TimeType
        self.mNumberMarkers = mNumberMarkers
        self.mMarkers = mMarkers
    }
}

public struct AudioFileRegion {
    public var mRegionID: UInt32
    public var mName: Unmanaged<CFString>
    public var mFlags: AudioFileRegionFlags
    public var mNumberMarkers: UInt32
    public var mMarkers: AudioFileMarker
    public init(mRegionID: UInt32, mName: Unmanaged<CFString>, mFlags: AudioFileRegionFlags, mNumberMarkers: UInt32, mMarkers: AudioFileMarker) {
        self.mRegionID = mRegionID
        self.mName = mName
        self.mFlags = mFlags
        self.mNumberMarkers = mNumberMarkers
        self.mMarkers = mMarkers
    }
}

public struct AudioFileRegionList {
    public var mSMPTE_TimeType: UInt32
    public var mNumberRegions: UInt32
    public var mRegions: AudioFileRegion
    public init(mSMPTE_TimeType: UInt32, mNumberRegions: UInt32, mRegions: AudioFileRegion) {
        self.mSMPTE_TimeType = mSMPTE_TimeType
        self.mNumberRegions = mNumberRegions
        self.mRegions = mRegions
    }
}
