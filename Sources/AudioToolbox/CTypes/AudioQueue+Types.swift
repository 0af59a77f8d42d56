import CoreAudioTypes

// AudioQueue.h's types as the iOS SDK imports them into Swift, with the raw values of Apple's
// header (generated from it; the tests in Tests/ check a sample of each family against the header).

public struct AudioQueueProcessingTapFlags: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static var endOfStream: AudioQueueProcessingTapFlags { AudioQueueProcessingTapFlags(rawValue: 512) }
    public static var postEffects: AudioQueueProcessingTapFlags { AudioQueueProcessingTapFlags(rawValue: 2) }
    public static var preEffects: AudioQueueProcessingTapFlags { AudioQueueProcessingTapFlags(rawValue: 1) }
    public static var siphon: AudioQueueProcessingTapFlags { AudioQueueProcessingTapFlags(rawValue: 4) }
    public static var startOfStream: AudioQueueProcessingTapFlags { AudioQueueProcessingTapFlags(rawValue: 256) }
}

public typealias AudioQueueInputCallbackBlock = (AudioQueueRef, AudioQueueBufferRef, UnsafePointer<AudioTimeStamp>, UInt32, UnsafePointer<AudioStreamPacketDescription>?) -> Void
public typealias AudioQueueOutputCallbackBlock = (AudioQueueRef, AudioQueueBufferRef) -> Void
public typealias AudioQueueProcessingTapRef = OpaquePointer

public struct AudioQueueLevelMeterState {
    public var mAveragePower: Float32
    public var mPeakPower: Float32
    public init() { self.mAveragePower = 0; self.mPeakPower = 0 }
    public init(mAveragePower: Float32, mPeakPower: Float32) {
        self.mAveragePower = mAveragePower
        self.mPeakPower = mPeakPower
    }
}

public struct AudioQueueParameterEvent {
    public var mID: AudioQueueParameterID
    public var mValue: AudioQueueParameterValue
    public init() { self.mID = 0; self.mValue = 0 }
    public init(mID: AudioQueueParameterID, mValue: AudioQueueParameterValue) {
        self.mID = mID
        self.mValue = mValue
    }
}

public typealias AudioQueueProcessingTapCallback = (UnsafeMutableRawPointer, AudioQueueProcessingTapRef, UInt32, UnsafeMutablePointer<AudioTimeStamp>, UnsafeMutablePointer<AudioQueueProcessingTapFlags>, UnsafeMutablePointer<UInt32>, UnsafeMutablePointer<AudioBufferList>) -> Void
