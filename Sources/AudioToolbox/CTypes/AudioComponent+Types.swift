import CoreAudioTypes

// AudioComponent.h's types as the iOS SDK imports them into Swift, with the raw values of Apple's
// header (generated from it; the tests in Tests/ check a sample of each family against the header).

public enum AudioComponentValidationResult: UInt32, @unchecked Sendable {
    case failed = 2
    case passed = 1
    case timedOut = 3
    case unauthorizedError_Init = 5
    case unauthorizedError_Open = 4
    case unknown = 0
}

public struct AudioComponentFlags: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static var canLoadInProcess: AudioComponentFlags { AudioComponentFlags(rawValue: 16) }
    public static var isV3AudioUnit: AudioComponentFlags { AudioComponentFlags(rawValue: 4) }
    public static var requiresAsyncInstantiation: AudioComponentFlags { AudioComponentFlags(rawValue: 8) }
    public static var sandboxSafe: AudioComponentFlags { AudioComponentFlags(rawValue: 2) }
    public static var unsearchable: AudioComponentFlags { AudioComponentFlags(rawValue: 1) }
}

public struct AudioComponentInstantiationOptions: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static var loadOutOfProcess: AudioComponentInstantiationOptions { AudioComponentInstantiationOptions(rawValue: 1) }
    public static var loadedRemotely: AudioComponentInstantiationOptions { AudioComponentInstantiationOptions(rawValue: 0x80000000) }
}

public typealias AudioComponentMethod = OpaquePointer

public struct AudioComponentPlugInInterface {
    public var Open: (UnsafeMutableRawPointer, AudioComponentInstance) -> OSStatus
    public var Close: (UnsafeMutableRawPointer) -> OSStatus
    public var Lookup: (Int16) -> AudioComponentMethod?
    public var reserved: UnsafeMutableRawPointer?
    public init(Open: @escaping (UnsafeMutableRawPointer, AudioComponentInstance) -> OSStatus, Close: @escaping (UnsafeMutableRawPointer) -> OSStatus, Lookup: @escaping (Int16) -> AudioComponentMethod?, reserved: UnsafeMutableRawPointer?) {
        self.Open = Open
        self.Close = Close
        self.Lookup = Lookup
        self.reserved = reserved
    }
}

public typealias AudioComponentFactoryFunction = (UnsafePointer<AudioComponentDescription>) -> UnsafeMutablePointer<AudioComponentPlugInInterface>?
