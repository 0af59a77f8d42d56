import CoreAudioTypes
import Foundation

// AudioUnitProperties.h's types as the iOS SDK imports them into Swift, with the raw values of Apple's
// header (generated from it; the tests in Tests/ check a sample of each family against the header).

public struct AudioUnitParameterHistoryInfo {
    public var updatesPerSecond: Float32
    public var historyDurationInSeconds: Float32
    public init() { self.updatesPerSecond = 0; self.historyDurationInSeconds = 0 }
    public init(updatesPerSecond: Float32, historyDurationInSeconds: Float32) {
        self.updatesPerSecond = updatesPerSecond
        self.historyDurationInSeconds = historyDurationInSeconds
    }
}

public struct AudioUnitParameterNameInfo {
    public var inID: AudioUnitParameterID
    public var inDesiredLength: Int32
    public var outName: Unmanaged<CFString>?
    public init() { self.inID = 0; self.inDesiredLength = 0; self.outName = nil }
    public init(inID: AudioUnitParameterID, inDesiredLength: Int32, outName: Unmanaged<CFString>?) {
        self.inID = inID
        self.inDesiredLength = inDesiredLength
        self.outName = outName
    }
}

public struct AudioUnitParameterStringFromValue {
    public var inParamID: AudioUnitParameterID
    public var inValue: UnsafePointer<AudioUnitParameterValue>
    public var outString: Unmanaged<CFString>?
    public init(inParamID: AudioUnitParameterID, inValue: UnsafePointer<AudioUnitParameterValue>, outString: Unmanaged<CFString>?) {
        self.inParamID = inParamID
        self.inValue = inValue
        self.outString = outString
    }
}

public struct AudioUnitParameterValueFromString {
    public var inParamID: AudioUnitParameterID
    public var inString: Unmanaged<CFString>
    public var outValue: AudioUnitParameterValue
    public init(inParamID: AudioUnitParameterID, inString: Unmanaged<CFString>, outValue: AudioUnitParameterValue) {
        self.inParamID = inParamID
        self.inString = inString
        self.outValue = outValue
    }
}

public struct MixerDistanceParams {
    public var mReferenceDistance: Float32
    public var mMaxDistance: Float32
    public var mMaxAttenuation: Float32
    public init() { self.mReferenceDistance = 0; self.mMaxDistance = 0; self.mMaxAttenuation = 0 }
    public init(mReferenceDistance: Float32, mMaxDistance: Float32, mMaxAttenuation: Float32) {
        self.mReferenceDistance = mReferenceDistance
        self.mMaxDistance = mMaxDistance
        self.mMaxAttenuation = mMaxAttenuation
    }
}

public typealias AudioUnitParameterIDName = AudioUnitParameterNameInfo
public typealias ScheduledAudioFileRegionCompletionProc = (UnsafeMutableRawPointer?, UnsafeMutablePointer<ScheduledAudioFileRegion>, OSStatus) -> Void
public typealias ScheduledAudioSliceCompletionProc = (UnsafeMutableRawPointer?, UnsafeMutablePointer<ScheduledAudioSlice>) -> Void

public struct ScheduledAudioFileRegion {
    public var mTimeStamp: AudioTimeStamp
    public var mCompletionProc: ScheduledAudioFileRegionCompletionProc?
    public var mCompletionProcUserData: UnsafeMutableRawPointer?
    public var mAudioFile: OpaquePointer
    public var mLoopCount: UInt32
    public var mStartFrame: Int64
    public var mFramesToPlay: UInt32
    public init(mTimeStamp: AudioTimeStamp, mCompletionProc: ScheduledAudioFileRegionCompletionProc?, mCompletionProcUserData: UnsafeMutableRawPointer?, mAudioFile: OpaquePointer, mLoopCount: UInt32, mStartFrame: Int64, mFramesToPlay: UInt32) {
        self.mTimeStamp = mTimeStamp
        self.mCompletionProc = mCompletionProc
        self.mCompletionProcUserData = mCompletionProcUserData
        self.mAudioFile = mAudioFile
        self.mLoopCount = mLoopCount
        self.mStartFrame = mStartFrame
        self.mFramesToPlay = mFramesToPlay
    }
}

public struct ScheduledAudioSlice {
    public var mTimeStamp: AudioTimeStamp
    public var mCompletionProc: ScheduledAudioSliceCompletionProc?
    public var mCompletionProcUserData: UnsafeMutableRawPointer
    public var mFlags: AUScheduledAudioSliceFlags
    public var mReserved: UInt32
    public var mReserved2: UnsafeMutableRawPointer?
    public var mNumberFrames: UInt32
    public var mBufferList: UnsafeMutablePointer<AudioBufferList>
    public init(mTimeStamp: AudioTimeStamp, mCompletionProc: ScheduledAudioSliceCompletionProc?, mCompletionProcUserData: UnsafeMutableRawPointer, mFlags: AUScheduledAudioSliceFlags, mReserved: UInt32, mReserved2: UnsafeMutableRawPointer?, mNumberFrames: UInt32, mBufferList: UnsafeMutablePointer<AudioBufferList>) {
        self.mTimeStamp = mTimeStamp
        self.mCompletionProc = mCompletionProc
        self.mCompletionProcUserData = mCompletionProcUserData
        self.mFlags = mFlags
        self.mReserved = mReserved
        self.mReserved2 = mReserved2
        self.mNumberFrames = mNumberFrames
        self.mBufferList = mBufferList
    }
}
