/// MIDIUMPCI.h's `MIDICIProfileID`, a C union of a standard and a manufacturer-specific profile
/// ID, both five 7-bit bytes: Swift imports it as a struct whose two members view the same bytes.
public struct MIDICIProfileID {
    private var bytes: (MIDIUInteger7, MIDIUInteger7, MIDIUInteger7, MIDIUInteger7, MIDIUInteger7)

    public init() { bytes = (0, 0, 0, 0, 0) }
    public init(standard: MIDICIProfileIDStandard) { bytes = (0, 0, 0, 0, 0); self.standard = standard }
    public init(manufacturerSpecific: MIDICIProfileIDManufacturerSpecific) {
        bytes = (0, 0, 0, 0, 0)
        self.manufacturerSpecific = manufacturerSpecific
    }

    public var standard: MIDICIProfileIDStandard {
        get { MIDICIProfileIDStandard(profileIDByte1: bytes.0, profileBank: bytes.1, profileNumber: bytes.2,
                                      profileVersion: bytes.3, profileLevel: bytes.4) }
        set { bytes = (newValue.profileIDByte1, newValue.profileBank, newValue.profileNumber, newValue.profileVersion, newValue.profileLevel) }
    }

    public var manufacturerSpecific: MIDICIProfileIDManufacturerSpecific {
        get { MIDICIProfileIDManufacturerSpecific(sysExID1: bytes.0, sysExID2: bytes.1, sysExID3: bytes.2, info1: bytes.3, info2: bytes.4) }
        set { bytes = (newValue.sysExID1, newValue.sysExID2, newValue.sysExID3, newValue.info1, newValue.info2) }
    }
}
