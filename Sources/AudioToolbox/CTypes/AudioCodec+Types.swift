import CoreAudioTypes

// AudioCodec.h's types as the iOS SDK imports them into Swift, with the raw values of Apple's
// header (generated from it; the tests in Tests/ check a sample of each family against the header).

public struct AudioSettingsFlags: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static var expertParameter: AudioSettingsFlags { AudioSettingsFlags(rawValue: 1) }
    public static var invisibleParameter: AudioSettingsFlags { AudioSettingsFlags(rawValue: 2) }
    public static var metaParameter: AudioSettingsFlags { AudioSettingsFlags(rawValue: 4) }
    public static var userInterfaceParameter: AudioSettingsFlags { AudioSettingsFlags(rawValue: 8) }
}

public typealias AudioCodec = AudioComponentInstance
public typealias AudioCodecAppendInputBufferListProc = (UnsafeMutableRawPointer, UnsafePointer<AudioBufferList>, UnsafeMutablePointer<UInt32>, UnsafePointer<AudioStreamPacketDescription>?, UnsafeMutablePointer<UInt32>) -> OSStatus
public typealias AudioCodecAppendInputDataProc = (UnsafeMutableRawPointer, UnsafeRawPointer, UnsafeMutablePointer<UInt32>, UnsafeMutablePointer<UInt32>, UnsafePointer<AudioStreamPacketDescription>?) -> OSStatus
public typealias AudioCodecInitializeProc = (UnsafeMutableRawPointer, UnsafePointer<AudioStreamBasicDescription>?, UnsafePointer<AudioStreamBasicDescription>?, UnsafeRawPointer?, UInt32) -> OSStatus
public typealias AudioCodecProduceOutputBufferListProc = (UnsafeMutableRawPointer, UnsafeMutablePointer<AudioBufferList>, UnsafeMutablePointer<UInt32>, UnsafeMutablePointer<AudioStreamPacketDescription>?, UnsafeMutablePointer<UInt32>) -> OSStatus
public typealias AudioCodecProduceOutputPacketsProc = (UnsafeMutableRawPointer, UnsafeMutableRawPointer, UnsafeMutablePointer<UInt32>, UnsafeMutablePointer<UInt32>, UnsafeMutablePointer<AudioStreamPacketDescription>?, UnsafeMutablePointer<UInt32>) -> OSStatus
public typealias AudioCodecPropertyID = UInt32
public typealias AudioCodecResetProc = (UnsafeMutableRawPointer) -> OSStatus
public typealias AudioCodecSetPropertyProc = (UnsafeMutableRawPointer, AudioCodecPropertyID, UInt32, UnsafeRawPointer) -> OSStatus
public typealias AudioCodecUninitializeProc = (UnsafeMutableRawPointer) -> OSStatus

public struct AudioCodecMagicCookieInfo {
    public var mMagicCookieSize: UInt32
    public var mMagicCookie: UnsafeRawPointer?
    public init() { self.mMagicCookieSize = 0; self.mMagicCookie = nil }
    public init(mMagicCookieSize: UInt32, mMagicCookie: UnsafeRawPointer?) {
        self.mMagicCookieSize = mMagicCookieSize
        self.mMagicCookie = mMagicCookie
    }
}

public struct AudioCodecPrimeInfo {
    public var leadingFrames: UInt32
    public var trailingFrames: UInt32
    public init() { self.leadingFrames = 0; self.trailingFrames = 0 }
    public init(leadingFrames: UInt32, trailingFrames: UInt32) {
        self.leadingFrames = leadingFrames
        self.trailingFrames = trailingFrames
    }
}

public typealias AudioCodecGetPropertyInfoProc = (UnsafeMutableRawPointer, AudioCodecPropertyID, UnsafeMutablePointer<UInt32>?, UnsafeMutablePointer<DarwinBoolean>?) -> OSStatus
public typealias AudioCodecGetPropertyProc = (UnsafeMutableRawPointer, AudioCodecPropertyID, UnsafeMutablePointer<UInt32>, UnsafeMutableRawPointer) -> OSStatus
public typealias MagicCookieInfo = AudioCodecMagicCookieInfo
