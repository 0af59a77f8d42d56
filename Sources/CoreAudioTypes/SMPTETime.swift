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
        self.init(mSubframes: 0, mSubframeDivisor: 0, mCounter: 0, mType: .type24, mFlags: [],
                  mHours: 0, mMinutes: 0, mSeconds: 0, mFrames: 0)
    }

    public init(mSubframes: Int16, mSubframeDivisor: Int16, mCounter: UInt32, mType: SMPTETimeType, mFlags: SMPTETimeFlags,
                mHours: Int16, mMinutes: Int16, mSeconds: Int16, mFrames: Int16) {
        self.mSubframes = mSubframes
        self.mSubframeDivisor = mSubframeDivisor
        self.mCounter = mCounter
        self.mType = mType
        self.mFlags = mFlags
        self.mHours = mHours
        self.mMinutes = mMinutes
        self.mSeconds = mSeconds
        self.mFrames = mFrames
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
