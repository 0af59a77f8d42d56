import CoreAudioTypes

// AudioFormat.h's types as the iOS SDK imports them into Swift, with the raw values of Apple's
// header (generated from it; the tests in Tests/ check a sample of each family against the header).

public enum AudioBalanceFadeType: UInt32, @unchecked Sendable {
    case equalPower = 1
    case maxUnityGain = 0
}

public enum AudioPanningMode: UInt32, @unchecked Sendable {
    case panningMode_SoundField = 3
    case panningMode_VectorBasedPanning = 4
}

public typealias AudioFormatPropertyID = UInt32

public struct AudioBalanceFade {
    public var mLeftRightBalance: Float32
    public var mBackFrontFade: Float32
    public var mType: AudioBalanceFadeType
    public var mChannelLayout: UnsafePointer<AudioChannelLayout>
    public init(mLeftRightBalance: Float32, mBackFrontFade: Float32, mType: AudioBalanceFadeType, mChannelLayout: UnsafePointer<AudioChannelLayout>) {
        self.mLeftRightBalance = mLeftRightBalance
        self.mBackFrontFade = mBackFrontFade
        self.mType = mType
        self.mChannelLayout = mChannelLayout
    }
}

public struct AudioFormatInfo {
    public var mASBD: AudioStreamBasicDescription
    public var mMagicCookie: UnsafeRawPointer
    public var mMagicCookieSize: UInt32
    public init(mASBD: AudioStreamBasicDescription, mMagicCookie: UnsafeRawPointer, mMagicCookieSize: UInt32) {
        self.mASBD = mASBD
        self.mMagicCookie = mMagicCookie
        self.mMagicCookieSize = mMagicCookieSize
    }
}

public struct AudioPanningInfo {
    public var mPanningMode: AudioPanningMode
    public var mCoordinateFlags: UInt32
    public var mCoordinates: (Float32, Float32, Float32)
    public var mGainScale: Float32
    public var mOutputChannelMap: UnsafePointer<AudioChannelLayout>
    public init(mPanningMode: AudioPanningMode, mCoordinateFlags: UInt32, mCoordinates: (Float32, Float32, Float32), mGainScale: Float32, mOutputChannelMap: UnsafePointer<AudioChannelLayout>) {
        self.mPanningMode = mPanningMode
        self.mCoordinateFlags = mCoordinateFlags
        self.mCoordinates = mCoordinates
        self.mGainScale = mGainScale
        self.mOutputChannelMap = mOutputChannelMap
    }
}

public struct ExtendedAudioFormatInfo {
    public var mASBD: AudioStreamBasicDescription
    public var mMagicCookie: UnsafeRawPointer?
    public var mMagicCookieSize: UInt32
    public var mClassDescription: AudioClassDescription
    public init() { self.mASBD = AudioStreamBasicDescription(); self.mMagicCookie = nil; self.mMagicCookieSize = 0; self.mClassDescription = AudioClassDescription() }
    public init(mASBD: AudioStreamBasicDescription, mMagicCookie: UnsafeRawPointer?, mMagicCookieSize: UInt32, mClassDescription: AudioClassDescription) {
        self.mASBD = mASBD
        self.mMagicCookie = mMagicCookie
        self.mMagicCookieSize = mMagicCookieSize
        self.mClassDescription = mClassDescription
    }
}
