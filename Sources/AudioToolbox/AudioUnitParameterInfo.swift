import CoreAudioTypes

public typealias AudioUnitParameterUnit = UInt32
public let kAudioUnitParameterUnit_Generic: AudioUnitParameterUnit = 0
public let kAudioUnitParameterUnit_Indexed: AudioUnitParameterUnit = 1
public let kAudioUnitParameterUnit_Boolean: AudioUnitParameterUnit = 2
public let kAudioUnitParameterUnit_Percent: AudioUnitParameterUnit = 3
public let kAudioUnitParameterUnit_Seconds: AudioUnitParameterUnit = 4
public let kAudioUnitParameterUnit_Rate: AudioUnitParameterUnit = 7
public let kAudioUnitParameterUnit_Hertz: AudioUnitParameterUnit = 8
public let kAudioUnitParameterUnit_Cents: AudioUnitParameterUnit = 9
public let kAudioUnitParameterUnit_Decibels: AudioUnitParameterUnit = 13
public let kAudioUnitParameterUnit_LinearGain: AudioUnitParameterUnit = 14
public let kAudioUnitParameterUnit_EqualPowerCrossfade: AudioUnitParameterUnit = 16
public let kAudioUnitParameterUnit_Pan: AudioUnitParameterUnit = 18
public let kAudioUnitParameterUnit_Octaves: AudioUnitParameterUnit = 21
public let kAudioUnitParameterUnit_Milliseconds: AudioUnitParameterUnit = 24

public struct AudioUnitParameterOptions: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// The caller releases `cfNameString` (it was retained for it).
    public static let flag_CFNameRelease = Self(rawValue: 1 << 4)
    public static let flag_HasCFNameString = Self(rawValue: 1 << 27)
    public static let flag_IsReadable = Self(rawValue: 1 << 30)
    public static let flag_IsWritable = Self(rawValue: 1 << 31)
}

/// `kAudioUnitProperty_ParameterInfo`'s value. Apple's struct starts with a fixed 52-byte C
/// name; here the name is only in `cfNameString` (flagged `flag_HasCFNameString`, as Apple's
/// units do), which is what Swift code reads.
public struct AudioUnitParameterInfo {
    public var unitName: Unmanaged<CFString>?
    public var clumpID: UInt32
    public var cfNameString: Unmanaged<CFString>?
    public var unit: AudioUnitParameterUnit
    public var minValue: AudioUnitParameterValue
    public var maxValue: AudioUnitParameterValue
    public var defaultValue: AudioUnitParameterValue
    public var flags: AudioUnitParameterOptions

    public init(unitName: Unmanaged<CFString>? = nil, clumpID: UInt32 = 0, cfNameString: Unmanaged<CFString>? = nil,
                unit: AudioUnitParameterUnit = 0, minValue: AudioUnitParameterValue = 0, maxValue: AudioUnitParameterValue = 0,
                defaultValue: AudioUnitParameterValue = 0, flags: AudioUnitParameterOptions = []) {
        self.unitName = unitName
        self.clumpID = clumpID
        self.cfNameString = cfNameString
        self.unit = unit
        self.minValue = minValue
        self.maxValue = maxValue
        self.defaultValue = defaultValue
        self.flags = flags
    }
}
