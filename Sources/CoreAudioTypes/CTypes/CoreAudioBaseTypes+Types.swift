// CoreAudioBaseTypes.h's types as the iOS SDK imports them into Swift, with the raw values of Apple's
// header (generated from it; the tests in Tests/ check a sample of each family against the header).

public enum AudioChannelCoordinateIndex: UInt32, @unchecked Sendable {
    case coordinates_BackFront = 1
    case coordinates_DownUp = 2
    case coordinates_LeftRight = 0
    public static var coordinates_Azimuth: AudioChannelCoordinateIndex { .coordinates_LeftRight }
    public static var coordinates_Distance: AudioChannelCoordinateIndex { .coordinates_DownUp }
    public static var coordinates_Elevation: AudioChannelCoordinateIndex { .coordinates_BackFront }
}

public enum MPEG4ObjectID: Int, @unchecked Sendable {
    case AAC_LC = 2
    case AAC_LTP = 4
    case aac_Main = 1
    case AAC_SBR = 5
    case AAC_SSR = 3
    case aac_Scalable = 6
    case CELP = 8
    case HVXC = 9
    case twinVQ = 7
}

public typealias AudioSampleType = Int16
public typealias AudioUnitSampleType = Int32

public struct AudioClassDescription {
    public var mType: OSType
    public var mSubType: OSType
    public var mManufacturer: OSType
    public init() { self.mType = 0; self.mSubType = 0; self.mManufacturer = 0 }
    public init(mType: OSType, mSubType: OSType, mManufacturer: OSType) {
        self.mType = mType
        self.mSubType = mSubType
        self.mManufacturer = mManufacturer
    }
}

public struct AudioFormatListItem {
    public var mASBD: AudioStreamBasicDescription
    public var mChannelLayoutTag: AudioChannelLayoutTag
    public init() { self.mASBD = AudioStreamBasicDescription(); self.mChannelLayoutTag = 0 }
    public init(mASBD: AudioStreamBasicDescription, mChannelLayoutTag: AudioChannelLayoutTag) {
        self.mASBD = mASBD
        self.mChannelLayoutTag = mChannelLayoutTag
    }
}

public struct AudioValueRange {
    public var mMinimum: Float64
    public var mMaximum: Float64
    public init() { self.mMinimum = 0; self.mMaximum = 0 }
    public init(mMinimum: Float64, mMaximum: Float64) {
        self.mMinimum = mMinimum
        self.mMaximum = mMaximum
    }
}

public struct AudioValueTranslation {
    public var mInputData: UnsafeMutableRawPointer
    public var mInputDataSize: UInt32
    public var mOutputData: UnsafeMutableRawPointer
    public var mOutputDataSize: UInt32
    public init(mInputData: UnsafeMutableRawPointer, mInputDataSize: UInt32, mOutputData: UnsafeMutableRawPointer, mOutputDataSize: UInt32) {
        self.mInputData = mInputData
        self.mInputDataSize = mInputDataSize
        self.mOutputData = mOutputData
        self.mOutputDataSize = mOutputDataSize
    }
}

public struct AudioStreamPacketDependencyDescription {
    public var mIsIndependentlyDecodable: UInt32
    public var mPreRollCount: UInt32
    public var mFlags: UInt32
    public var mReserved: UInt32
    public init() { self.mIsIndependentlyDecodable = 0; self.mPreRollCount = 0; self.mFlags = 0; self.mReserved = 0 }
    public init(mIsIndependentlyDecodable: UInt32, mPreRollCount: UInt32, mFlags: UInt32, mReserved: UInt32) {
        self.mIsIndependentlyDecodable = mIsIndependentlyDecodable
        self.mPreRollCount = mPreRollCount
        self.mFlags = mFlags
        self.mReserved = mReserved
    }
}
