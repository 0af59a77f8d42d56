import VirtualDevices

extension AVAudioSession {
    /// `AVAudioSession.Port`: the port type strings a device reports (`Headphones`, `HDMIOutput`…).
    public struct Port: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
        init(_ type: PortType) { self.rawValue = type.rawValue }

        public static let builtInMic = Port(.builtInMic)
        public static let headsetMic = Port(.headsetMic)
        public static let lineIn = Port(.lineIn)
        public static let continuityMicrophone = Port(.continuityMicrophone)
        public static let lineOut = Port(.lineOut)
        public static let headphones = Port(.headphones)
        public static let bluetoothA2DP = Port(.bluetoothA2DP)
        public static let builtInReceiver = Port(.builtInReceiver)
        public static let builtInSpeaker = Port(.builtInSpeaker)
        public static let HDMI = Port(.HDMI)
        public static let airPlay = Port(.airPlay)
        public static let bluetoothLE = Port(.bluetoothLE)
        public static let bluetoothHFP = Port(.bluetoothHFP)
        public static let usbAudio = Port(.usbAudio)
        public static let carAudio = Port(.carAudio)
        public static let thunderbolt = Port(.thunderbolt)
        public static let virtual = Port(.virtual)
        public static let PCI = Port(.PCI)
        public static let fireWire = Port(.fireWire)
        public static let displayPort = Port(.displayPort)
        public static let AVB = Port(.AVB)
    }

    /// `AVAudioSession.Location` of a data source.
    public struct Location: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
        public static let upper = Location(rawValue: DataSource.Location.upper.rawValue)
        public static let lower = Location(rawValue: DataSource.Location.lower.rawValue)
        // Apple's Swift shows the orientation and polar-pattern constants on Location as well (an
        // import oddity of their NSString constants); the values are the orientations' and patterns'.
        public static var orientationTop: Location { Location(rawValue: Orientation.top.rawValue) }
        public static var orientationBottom: Location { Location(rawValue: Orientation.bottom.rawValue) }
        public static var orientationFront: Location { Location(rawValue: Orientation.front.rawValue) }
        public static var orientationBack: Location { Location(rawValue: Orientation.back.rawValue) }
        public static var orientationLeft: Location { Location(rawValue: Orientation.left.rawValue) }
        public static var orientationRight: Location { Location(rawValue: Orientation.right.rawValue) }
        public static var polarPatternOmnidirectional: Location { Location(rawValue: PolarPattern.omnidirectional.rawValue) }
        public static var polarPatternCardioid: Location { Location(rawValue: PolarPattern.cardioid.rawValue) }
        public static var polarPatternSubcardioid: Location { Location(rawValue: PolarPattern.subcardioid.rawValue) }
    }

    /// `AVAudioSession.Orientation` of a data source.
    public struct Orientation: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
        public static let top = Orientation(rawValue: DataSource.Orientation.top.rawValue)
        public static let bottom = Orientation(rawValue: DataSource.Orientation.bottom.rawValue)
        public static let front = Orientation(rawValue: DataSource.Orientation.front.rawValue)
        public static let back = Orientation(rawValue: DataSource.Orientation.back.rawValue)
        public static let left = Orientation(rawValue: DataSource.Orientation.left.rawValue)
        public static let right = Orientation(rawValue: DataSource.Orientation.right.rawValue)
    }

    /// `AVAudioSession.PolarPattern` of a data source.
    public struct PolarPattern: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
        public static let omnidirectional = PolarPattern(rawValue: DataSource.PolarPattern.omnidirectional.rawValue)
        public static let cardioid = PolarPattern(rawValue: DataSource.PolarPattern.cardioid.rawValue)
        public static let subcardioid = PolarPattern(rawValue: DataSource.PolarPattern.subcardioid.rawValue)
        public static let stereo = PolarPattern(rawValue: DataSource.PolarPattern.stereo.rawValue)
    }

    /// `AVAudioSession.PortOverride`.
    public enum PortOverride: UInt, Sendable {
        case none = 0
        case speaker = 1_936_747_378
    }
}
