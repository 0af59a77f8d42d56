/// `AudioTimeStamp` (CoreAudioTypes.h): an instant in several clocks, with flags saying which
/// of them are filled in. Host time here is simulation nanoseconds.
public struct AudioTimeStamp: Sendable {
    public var mSampleTime: Float64
    public var mHostTime: UInt64
    public var mRateScalar: Float64
    public var mWordClockTime: UInt64
    public var mSMPTETime: SMPTETime
    public var mFlags: AudioTimeStampFlags
    public var mReserved: UInt32

    public init() {
        self.init(mSampleTime: 0, mHostTime: 0, mRateScalar: 0, mWordClockTime: 0, mSMPTETime: SMPTETime(),
                  mFlags: [], mReserved: 0)
    }

    public init(mSampleTime: Float64, mHostTime: UInt64, mRateScalar: Float64, mWordClockTime: UInt64,
                mSMPTETime: SMPTETime, mFlags: AudioTimeStampFlags, mReserved: UInt32) {
        self.mSampleTime = mSampleTime
        self.mHostTime = mHostTime
        self.mRateScalar = mRateScalar
        self.mWordClockTime = mWordClockTime
        self.mSMPTETime = mSMPTETime
        self.mFlags = mFlags
        self.mReserved = mReserved
    }
}

/// Which fields of an `AudioTimeStamp` are valid, with Apple's bit values.
public struct AudioTimeStampFlags: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let sampleTimeValid = Self(rawValue: 1 << 0)
    public static let hostTimeValid = Self(rawValue: 1 << 1)
    public static let rateScalarValid = Self(rawValue: 1 << 2)
    public static let wordClockTimeValid = Self(rawValue: 1 << 3)
    public static let smpteTimeValid = Self(rawValue: 1 << 4)
    public static let sampleHostTimeValid: Self = [.sampleTimeValid, .hostTimeValid]
}

/// `SMPTETime`: a SMPTE timecode, carried inside `AudioTimeStamp`.
public struct SMPTETime: Sendable {
    public var mSubframes: Int16
    public var mSubframeDivisor: Int16
    public var mCounter: UInt32
    public var mType: SMPTETimeType
    public var mFlags: SMPTETimeFlags
    public var mHours: Int16
    public var mMinutes: Int16
    public var mSeconds: Int16
    public var mFrames: Int16

    public init() {
        mSubframes = 0; mSubframeDivisor = 0; mCounter = 0; mType = .type24; mFlags = []
        mHours = 0; mMinutes = 0; mSeconds = 0; mFrames = 0
    }
}

/// SMPTE frame rates, with Apple's raw values.
public enum SMPTETimeType: UInt32, Sendable {
    case type24 = 0, type25 = 1, type30Drop = 2, type30 = 3, type2997 = 4, type2997Drop = 5, type60 = 6,
         type5994 = 7, type60Drop = 8, type5994Drop = 9, type50 = 10, type2398 = 11
}

/// SMPTE state flags, with Apple's bit values.
public struct SMPTETimeFlags: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let valid = Self(rawValue: 1 << 0)
    public static let running = Self(rawValue: 1 << 1)
}
