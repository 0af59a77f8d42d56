import CoreAudioTypes

// CAFFile.h's types as the iOS SDK imports them into Swift, with the raw values of Apple's
// header (generated from it; the tests in Tests/ check a sample of each family against the header).

public struct CAFFormatFlags: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static var linearPCMFormatFlagIsFloat: CAFFormatFlags { CAFFormatFlags(rawValue: 1) }
    public static var linearPCMFormatFlagIsLittleEndian: CAFFormatFlags { CAFFormatFlags(rawValue: 2) }
}

public struct CAFRegionFlags: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static var loopEnable: CAFRegionFlags { CAFRegionFlags(rawValue: 1) }
    public static var playBackward: CAFRegionFlags { CAFRegionFlags(rawValue: 4) }
    public static var playForward: CAFRegionFlags { CAFRegionFlags(rawValue: 2) }
}

public struct CAFAudioDescription {
    public var mSampleRate: Float64
    public var mFormatID: UInt32
    public var mFormatFlags: CAFFormatFlags
    public var mBytesPerPacket: UInt32
    public var mFramesPerPacket: UInt32
    public var mChannelsPerFrame: UInt32
    public var mBitsPerChannel: UInt32
    public init() { self.mSampleRate = 0; self.mFormatID = 0; self.mFormatFlags = CAFFormatFlags(rawValue: 0); self.mBytesPerPacket = 0; self.mFramesPerPacket = 0; self.mChannelsPerFrame = 0; self.mBitsPerChannel = 0 }
    public init(mSampleRate: Float64, mFormatID: UInt32, mFormatFlags: CAFFormatFlags, mBytesPerPacket: UInt32, mFramesPerPacket: UInt32, mChannelsPerFrame: UInt32, mBitsPerChannel: UInt32) {
        self.mSampleRate = mSampleRate
        self.mFormatID = mFormatID
        self.mFormatFlags = mFormatFlags
        self.mBytesPerPacket = mBytesPerPacket
        self.mFramesPerPacket = mFramesPerPacket
        self.mChannelsPerFrame = mChannelsPerFrame
        self.mBitsPerChannel = mBitsPerChannel
    }
}

public struct CAFChunkHeader {
    public var mChunkType: UInt32
    public var mChunkSize: Int64
    public init() { self.mChunkType = 0; self.mChunkSize = 0 }
    public init(mChunkType: UInt32, mChunkSize: Int64) {
        self.mChunkType = mChunkType
        self.mChunkSize = mChunkSize
    }
}

public struct CAFDataChunk {
    public var mEditCount: UInt32
    public var mData: UInt8
    public init() { self.mEditCount = 0; self.mData = 0 }
    public init(mEditCount: UInt32, mData: UInt8) {
        self.mEditCount = mEditCount
        self.mData = mData
    }
}

public struct CAFFileHeader {
    public var mFileType: UInt32
    public var mFileVersion: UInt16
    public var mFileFlags: UInt16
    public init() { self.mFileType = 0; self.mFileVersion = 0; self.mFileFlags = 0 }
    public init(mFileType: UInt32, mFileVersion: UInt16, mFileFlags: UInt16) {
        self.mFileType = mFileType
        self.mFileVersion = mFileVersion
        self.mFileFlags = mFileFlags
    }
}

public struct CAFInfoStrings {
    public var mNumEntries: UInt32
    public init() { self.mNumEntries = 0 }
    public init(mNumEntries: UInt32) {
        self.mNumEntries = mNumEntries
    }
}

public struct CAFInstrumentChunk {
    public var mBaseNote: Float32
    public var mMIDILowNote: UInt8
    public var mMIDIHighNote: UInt8
    public var mMIDILowVelocity: UInt8
    public var mMIDIHighVelocity: UInt8
    public var mdBGain: Float32
    public var mStartRegionID: UInt32
    public var mSustainRegionID: UInt32
    public var mReleaseRegionID: UInt32
    public var mInstrumentID: UInt32
    public init() { self.mBaseNote = 0; self.mMIDILowNote = 0; self.mMIDIHighNote = 0; self.mMIDILowVelocity = 0; self.mMIDIHighVelocity = 0; self.mdBGain = 0; self.mStartRegionID = 0; self.mSustainRegionID = 0; self.mReleaseRegionID = 0; self.mInstrumentID = 0 }
    public init(mBaseNote: Float32, mMIDILowNote: UInt8, mMIDIHighNote: UInt8, mMIDILowVelocity: UInt8, mMIDIHighVelocity: UInt8, mdBGain: Float32, mStartRegionID: UInt32, mSustainRegionID: UInt32, mReleaseRegionID: UInt32, mInstrumentID: UInt32) {
        self.mBaseNote = mBaseNote
        self.mMIDILowNote = mMIDILowNote
        self.mMIDIHighNote = mMIDIHighNote
        self.mMIDILowVelocity = mMIDILowVelocity
        self.mMIDIHighVelocity = mMIDIHighVelocity
        self.mdBGain = mdBGain
        self.mStartRegionID = mStartRegionID
        self.mSustainRegionID = mSustainRegionID
        self.mReleaseRegionID = mReleaseRegionID
        self.mInstrumentID = mInstrumentID
    }
}

public struct CAFOverviewSample {
    public var mMinValue: Int16
    public var mMaxValue: Int16
    public init() { self.mMinValue = 0; self.mMaxValue = 0 }
    public init(mMinValue: Int16, mMaxValue: Int16) {
        self.mMinValue = mMinValue
        self.mMaxValue = mMaxValue
    }
}

public struct CAFPacketTableHeader {
    public var mNumberPackets: Int64
    public var mNumberValidFrames: Int64
    public var mPrimingFrames: Int32
    public var mRemainderFrames: Int32
    public var mPacketDescriptions: UInt8
    public init() { self.mNumberPackets = 0; self.mNumberValidFrames = 0; self.mPrimingFrames = 0; self.mRemainderFrames = 0; self.mPacketDescriptions = 0 }
    public init(mNumberPackets: Int64, mNumberValidFrames: Int64, mPrimingFrames: Int32, mRemainderFrames: Int32, mPacketDescriptions: UInt8) {
        self.mNumberPackets = mNumberPackets
        self.mNumberValidFrames = mNumberValidFrames
        self.mPrimingFrames = mPrimingFrames
        self.mRemainderFrames = mRemainderFrames
        self.mPacketDescriptions = mPacketDescriptions
    }
}

public struct CAFPositionPeak {
    public var mValue: Float32
    public var mFrameNumber: UInt64
    public init() { self.mValue = 0; self.mFrameNumber = 0 }
    public init(mValue: Float32, mFrameNumber: UInt64) {
        self.mValue = mValue
        self.mFrameNumber = mFrameNumber
    }
}

public struct CAFStringID {
    public var mStringID: UInt32
    public var mStringStartByteOffset: Int64
    public init() { self.mStringID = 0; self.mStringStartByteOffset = 0 }
    public init(mStringID: UInt32, mStringStartByteOffset: Int64) {
        self.mStringID = mStringID
        self.mStringStartByteOffset = mStringStartByteOffset
    }
}

public struct CAFStrings {
    public var mNumEntries: UInt32
    public var mStringsIDs: CAFStringID
    public init() { self.mNumEntries = 0; self.mStringsIDs = CAFStringID() }
    public init(mNumEntries: UInt32, mStringsIDs: CAFStringID) {
        self.mNumEntries = mNumEntries
        self.mStringsIDs = mStringsIDs
    }
}

public struct CAFUMIDChunk {
    public var mBytes: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8)
    public init() { self.mBytes = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0) }
    public init(mBytes: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8)) {
        self.mBytes = mBytes
    }
}

public struct CAF_SMPTE_Time {
    public var mHours: Int8
    public var mMinutes: Int8
    public var mSeconds: Int8
    public var mFrames: Int8
    public var mSubFrameSampleOffset: UInt32
    public init() { self.mHours = 0; self.mMinutes = 0; self.mSeconds = 0; self.mFrames = 0; self.mSubFrameSampleOffset = 0 }
    public init(mHours: Int8, mMinutes: Int8, mSeconds: Int8, mFrames: Int8, mSubFrameSampleOffset: UInt32) {
        self.mHours = mHours
        self.mMinutes = mMinutes
        self.mSeconds = mSeconds
        self.mFrames = mFrames
        self.mSubFrameSampleOffset = mSubFrameSampleOffset
    }
}

public struct CAF_UUID_ChunkHeader {
    public var mHeader: CAFChunkHeader
    public var mUUID: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8)
    public init() { self.mHeader = CAFChunkHeader(); self.mUUID = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0) }
    public init(mHeader: CAFChunkHeader, mUUID: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8)) {
        self.mHeader = mHeader
        self.mUUID = mUUID
    }
}

public struct CAFMarker {
    public var mType: UInt32
    public var mFramePosition: Float64
    public var mMarkerID: UInt32
    public var mSMPTETime: CAF_SMPTE_Time
    public var mChannel: UInt32
    public init() { self.mType = 0; self.mFramePosition = 0; self.mMarkerID = 0; self.mSMPTETime = CAF_SMPTE_Time(); self.mChannel = 0 }
    public init(mType: UInt32, mFramePosition: Float64, mMarkerID: UInt32, mSMPTETime: CAF_SMPTE_Time, mChannel: UInt32) {
        self.mType = mType
        self.mFramePosition = mFramePosition
        self.mMarkerID = mMarkerID
        self.mSMPTETime = mSMPTETime
        self.mChannel = mChannel
    }
}

public struct CAFMarkerChunk {
    public var mSMPTE_TimeType: UInt32
    public var mNumberMarkers: UInt32
    public var mMarkers: CAFMarker
    public init() { self.mSMPTE_TimeType = 0; self.mNumberMarkers = 0; self.mMarkers = CAFMarker() }
    public init(mSMPTE_TimeType: UInt32, mNumberMarkers: UInt32, mMarkers: CAFMarker) {
        self.mSMPTE_TimeType = mSMPTE_TimeType
        self.mNumberMarkers = mNumberMarkers
        self.mMarkers = mMarkers
    }
}

public struct CAFOverviewChunk {
    public var mEditCount: UInt32
    public var mNumFramesPerOVWSample: UInt32
    public var mData: CAFOverviewSample
    public init() { self.mEditCount = 0; self.mNumFramesPerOVWSample = 0; self.mData = CAFOverviewSample() }
    public init(mEditCount: UInt32, mNumFramesPerOVWSample: UInt32, mData: CAFOverviewSample) {
        self.mEditCount = mEditCount
        self.mNumFramesPerOVWSample = mNumFramesPerOVWSample
        self.mData = mData
    }
}
