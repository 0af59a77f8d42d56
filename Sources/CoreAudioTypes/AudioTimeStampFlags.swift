/// Which fields of an `AudioTimeStamp` are valid, with Apple's bit values.
public struct AudioTimeStampFlags: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let sampleTimeValid = Self(rawValue: 1 << 0)
    public static let hostTimeValid = Self(rawValue: 1 << 1)
    public static let rateScalarValid = Self(rawValue: 1 << 2)
    public static let wordClockTimeValid = Self(rawValue: 1 << 3)
    public static let smpteTimeValid = Self(rawValue: 1 << 4)
    public static let sampleHostTimeValid: Self = [.sampleTimeValid, .hostTimeValid]
}
