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
