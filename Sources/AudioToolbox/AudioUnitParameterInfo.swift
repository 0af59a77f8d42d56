import CoreAudioTypes

/// The unit of a parameter's value: Swift imports `kAudioUnitParameterUnit_*` as this enum's 28 cases
/// (raw values from AudioUnitProperties.h).
public enum AudioUnitParameterUnit: UInt32, Sendable {
    case generic = 0
    case indexed = 1
    case boolean = 2
    case percent = 3
    case seconds = 4
    case sampleFrames = 5
    case phase = 6
    case rate = 7
    case hertz = 8
    case cents = 9
    case relativeSemiTones = 10
    case midiNoteNumber = 11
    case midiController = 12
    case decibels = 13
    case linearGain = 14
    case degrees = 15
    case equalPowerCrossfade = 16
    case mixerFaderCurve1 = 17
    case pan = 18
    case meters = 19
    case absoluteCents = 20
    case octaves = 21
    case BPM = 22
    case beats = 23
    case milliseconds = 24
    case ratio = 25
    case customUnit = 26
    case midi2Controller = 27
}

public struct AudioUnitParameterOptions: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// The caller releases `cfNameString` (it was retained for it).
    public static let flag_CFNameRelease = Self(rawValue: 1 << 4)
    public static let flag_HasCFNameString = Self(rawValue: 1 << 27)
    public static let flag_IsReadable = Self(rawValue: 1 << 30)
    public static let flag_IsWritable = Self(rawValue: 1 << 31)
}

/// `kAudioUnitProperty_ParameterInfo`'s value, laid out as Apple's: a fixed 52-byte C name first
/// (empty here, as in Apple's units that flag `flag_HasCFNameString`: Swift code reads `cfNameString`).
public struct AudioUnitParameterInfo {
    public var name: (CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar,
                      CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar,
                      CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar,
                      CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar)
    public var unitName: Unmanaged<CFString>?
    public var clumpID: UInt32
    public var cfNameString: Unmanaged<CFString>?
    public var unit: AudioUnitParameterUnit
    public var minValue: AudioUnitParameterValue
    public var maxValue: AudioUnitParameterValue
    public var defaultValue: AudioUnitParameterValue
    public var flags: AudioUnitParameterOptions

    /// Every field zero, as Swift's import of a C struct gives it.
    public init() {
        self.init(name: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                         0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
                  unitName: nil, clumpID: 0, cfNameString: nil, unit: .generic, minValue: 0, maxValue: 0, defaultValue: 0, flags: [])
    }

    public init(name: (CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar,
                       CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar,
                       CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar,
                       CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar),
                unitName: Unmanaged<CFString>?, clumpID: UInt32, cfNameString: Unmanaged<CFString>?,
                unit: AudioUnitParameterUnit, minValue: AudioUnitParameterValue, maxValue: AudioUnitParameterValue,
                defaultValue: AudioUnitParameterValue, flags: AudioUnitParameterOptions) {
        self.name = name
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
