import CoreAudioTypes
import Foundation

// MIDICapabilityInquiry.h's types as the iOS SDK imports them into Swift, with the raw values of Apple's
// header (generated from it; the tests in Tests/ check a sample of each family against the header).

public typealias MIDICIInitiatiorMUID = NSNumber

public struct MIDICIDeviceIdentification {
    public var manufacturer: (UInt8, UInt8, UInt8)
    public var family: (UInt8, UInt8)
    public var modelNumber: (UInt8, UInt8)
    public var revisionLevel: (UInt8, UInt8, UInt8, UInt8)
    public var reserved: (UInt8, UInt8, UInt8, UInt8, UInt8)
    public init() { self.manufacturer = (0, 0, 0); self.family = (0, 0); self.modelNumber = (0, 0); self.revisionLevel = (0, 0, 0, 0); self.reserved = (0, 0, 0, 0, 0) }
    public init(manufacturer: (UInt8, UInt8, UInt8), family: (UInt8, UInt8), modelNumber: (UInt8, UInt8), revisionLevel: (UInt8, UInt8, UInt8, UInt8), reserved: (UInt8, UInt8, UInt8, UInt8, UInt8)) {
        self.manufacturer = manufacturer
        self.family = family
        self.modelNumber = modelNumber
        self.revisionLevel = revisionLevel
        self.reserved = reserved
    }
}
