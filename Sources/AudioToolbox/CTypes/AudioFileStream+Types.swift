import CoreAudioTypes

// AudioFileStream.h's types as the iOS SDK imports them into Swift, with the raw values of Apple's
// header (generated from it; the tests in Tests/ check a sample of each family against the header).

public struct AudioFileStreamParseFlags: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static var discontinuity: AudioFileStreamParseFlags { AudioFileStreamParseFlags(rawValue: 1) }
}

public struct AudioFileStreamPropertyFlags: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static var cacheProperty: AudioFileStreamPropertyFlags { AudioFileStreamPropertyFlags(rawValue: 2) }
    public static var propertyIsCached: AudioFileStreamPropertyFlags { AudioFileStreamPropertyFlags(rawValue: 1) }
}

public struct AudioFileStreamSeekFlags: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static var offsetIsEstimated: AudioFileStreamSeekFlags { AudioFileStreamSeekFlags(rawValue: 1) }
}

public typealias AudioFileStreamID = OpaquePointer
public typealias AudioFileStreamPropertyID = UInt32
public typealias AudioFileStream_PacketsProc = (UnsafeMutableRawPointer, UInt32, UInt32, UnsafeRawPointer, UnsafeMutablePointer<AudioStreamPacketDescription>?) -> Void
public typealias AudioFileStream_PropertyListenerProc = (UnsafeMutableRawPointer, AudioFileStreamID, AudioFileStreamPropertyID, UnsafeMutablePointer<AudioFileStreamPropertyFlags>) -> Void
