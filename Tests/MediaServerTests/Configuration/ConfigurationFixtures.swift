import SimCore
@testable import MediaServer
@testable import VirtualDevices

/// Plain values for configuration and negotiation tests: a phone-like hardware and the ports the
/// accessories in VirtualDevices produce (same rates and channel counts).
enum Fixture {
    static let phone = AudioHardware(sampleRates: [48_000, 44_100], defaultSampleRate: 48_000,
                                     ioBufferFrames: 64...4096, defaultIOBufferFrames: 1024)
    static let mac = AudioHardware(sampleRates: [48_000, 44_100, 96_000], defaultSampleRate: 48_000,
                                   ioBufferFrames: 32...4096, defaultIOBufferFrames: 512)

    static let speaker = port(.builtInSpeaker, .output, channels: 2, rates: [48_000, 44_100])
    static let receiver = port(.builtInReceiver, .output, channels: 1, rates: [48_000, 44_100])
    static let builtInMic = port(.builtInMic, .input, channels: 1, rates: [48_000, 44_100])
    static let hfpOutput = port(.bluetoothHFP, .output, channels: 1, rates: [16_000, 8_000])
    static let hfpInput = port(.bluetoothHFP, .input, channels: 1, rates: [16_000, 8_000])
    static let narrowbandHFPInput = port(.bluetoothHFP, .input, channels: 1, rates: [8_000])
    static let a2dp = port(.bluetoothA2DP, .output, channels: 2, rates: [48_000, 44_100])
    static let airPlay = port(.airPlay, .output, channels: 2, rates: [44_100])
    static let hdmi6 = port(.HDMI, .output, channels: 6, rates: [48_000, 44_100])
    static let usbOutput4 = port(.usbAudio, .output, channels: 4, rates: [44_100, 48_000, 96_000])
    static let usbInput4 = port(.usbAudio, .input, channels: 4, rates: [44_100, 48_000, 96_000])

    static func port(_ type: PortType, _ direction: PortDirection, channels: Int, rates: [Int]) -> Port {
        Port(portType: type, direction: direction, portName: type.rawValue, uid: "\(type.rawValue)-\(direction)",
             channelNames: (1...channels).map { ("\(type.rawValue) \($0)", ChannelLabel.discrete(UInt16($0 - 1))) },
             sampleRates: rates)
    }

    static func preferences(rate: Int? = nil, ioBuffer: HostDuration? = nil) throws -> HardwarePreferences {
        var preferences = HardwarePreferences()
        try preferences.setPreferredSampleRate(rate)
        try preferences.setPreferredIOBufferDuration(ioBuffer)
        return preferences
    }
}

/// The SessionError `body` throws, or nil when it succeeds.
func thrownError(_ body: () throws(SessionError) -> Void) -> SessionError? {
    do { try body() } catch { return error }
    return nil
}

/// `SessionConfiguration.make` with the latest profile unless told otherwise.
func configure(_ category: SessionCategory, mode: SessionMode = .default, policy: RouteSharingPolicy = .default,
               options: CategoryOptions = [], profile: PlatformProfile = .ios26,
               settings: SessionConfiguration.Settings = .reference) throws(SessionError) -> SessionConfiguration {
    try SessionConfiguration.make(category: category, mode: mode, policy: policy, options: options,
                                  profile: profile, settings: settings)
}

/// The error `configure` throws, or nil when the configuration is accepted.
func configurationError(_ category: SessionCategory, mode: SessionMode = .default,
                        policy: RouteSharingPolicy = .default, options: CategoryOptions = [],
                        profile: PlatformProfile = .ios26,
                        settings: SessionConfiguration.Settings = .reference) -> SessionError? {
    thrownError { () throws(SessionError) in
        _ = try configure(category, mode: mode, policy: policy, options: options, profile: profile, settings: settings)
    }
}
