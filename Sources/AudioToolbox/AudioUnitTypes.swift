import CoreAudioTypes

/// The Audio Unit C API's types as Swift imports them (AUComponent.h, AudioComponent.h).
public typealias AudioComponent = OpaquePointer
public typealias AudioComponentInstance = OpaquePointer
public typealias AudioUnit = AudioComponentInstance
public typealias AudioUnitPropertyID = UInt32
public typealias AudioUnitScope = UInt32
public typealias AudioUnitElement = UInt32
public typealias AudioUnitParameterID = UInt32
public typealias AudioUnitParameterValue = Float32

/// Identifies a component: type, subtype and manufacturer are four-char codes; 0 in a search
/// is a wildcard. Flags and mask are 0 unless a specific value is requested.
public struct AudioComponentDescription: Equatable, Sendable {
    public var componentType: OSType
    public var componentSubType: OSType
    public var componentManufacturer: OSType
    public var componentFlags: UInt32
    public var componentFlagsMask: UInt32

    public init() { self.init(componentType: 0, componentSubType: 0, componentManufacturer: 0, componentFlags: 0, componentFlagsMask: 0) }

    public init(componentType: OSType, componentSubType: OSType, componentManufacturer: OSType,
                componentFlags: UInt32, componentFlagsMask: UInt32) {
        self.componentType = componentType
        self.componentSubType = componentSubType
        self.componentManufacturer = componentManufacturer
        self.componentFlags = componentFlags
        self.componentFlagsMask = componentFlagsMask
    }
}

/// What a render call is doing (pre/post render for render-notify procs, silence hints).
public struct AudioUnitRenderActionFlags: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let unitRenderAction_PreRender = Self(rawValue: 1 << 2)
    public static let unitRenderAction_PostRender = Self(rawValue: 1 << 3)
    public static let unitRenderAction_OutputIsSilence = Self(rawValue: 1 << 4)
    public static let offlineUnitRenderAction_Preflight = Self(rawValue: 1 << 5)
    public static let offlineUnitRenderAction_Render = Self(rawValue: 1 << 6)
    public static let offlineUnitRenderAction_Complete = Self(rawValue: 1 << 7)
    public static let unitRenderAction_PostRenderError = Self(rawValue: 1 << 8)
    public static let unitRenderAction_DoNotCheckRenderArgs = Self(rawValue: 1 << 9)
}

/// A render callback: (refCon, action flags, time stamp, bus, frame count, buffers) → status.
///
/// On Apple platforms this is `@convention(c)`; Swift on Linux cannot put its own structs
/// (`AudioTimeStamp`, the flags) in a C function type, so it is a Swift function type. App code
/// written as a non-capturing closure or a global function compiles unchanged.
public typealias AURenderCallback = (UnsafeMutableRawPointer, UnsafeMutablePointer<AudioUnitRenderActionFlags>,
                                     UnsafePointer<AudioTimeStamp>, UInt32, UInt32,
                                     UnsafeMutablePointer<AudioBufferList>?) -> OSStatus

public struct AURenderCallbackStruct {
    public var inputProc: AURenderCallback?
    public var inputProcRefCon: UnsafeMutableRawPointer?

    public init() { self.init(inputProc: nil, inputProcRefCon: nil) }
    public init(inputProc: AURenderCallback?, inputProcRefCon: UnsafeMutableRawPointer?) {
        self.inputProc = inputProc
        self.inputProcRefCon = inputProcRefCon
    }
}

/// A property listener: (userData, unit, property, scope, element). A Swift function type for
/// the reason `AURenderCallback` is.
public typealias AudioUnitPropertyListenerProc = (UnsafeMutableRawPointer, AudioUnit, AudioUnitPropertyID,
                                                  AudioUnitScope, AudioUnitElement) -> Void

/// `kAudioUnitProperty_MakeConnection`'s value: feed an input bus from another unit's output.
public struct AudioUnitConnection {
    public var sourceAudioUnit: AudioUnit?
    public var sourceOutputNumber: UInt32
    public var destInputNumber: UInt32

    public init(sourceAudioUnit: AudioUnit?, sourceOutputNumber: UInt32, destInputNumber: UInt32) {
        self.sourceAudioUnit = sourceAudioUnit
        self.sourceOutputNumber = sourceOutputNumber
        self.destInputNumber = destInputNumber
    }
}
