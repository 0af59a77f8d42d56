/// The kind of an audio port, with Apple's raw strings (`AVAudioSession.Port`; reference
/// AVAudioSession.Port, AVFAudio). The raw value is what `portType.rawValue` prints on a device.
public enum PortType: String, CaseIterable, Codable, Sendable {
    case builtInMic = "MicrophoneBuiltIn"
    case headsetMic = "MicrophoneWired"
    case lineIn = "LineIn"
    case continuityMicrophone = "ContinuityMicrophone"
    case lineOut = "LineOut"
    case headphones = "Headphones"
    case bluetoothA2DP = "BluetoothA2DPOutput"
    case builtInReceiver = "Receiver"
    case builtInSpeaker = "Speaker"
    case HDMI = "HDMIOutput"
    case airPlay = "AirPlay"
    case bluetoothLE = "BluetoothLE"
    case bluetoothHFP = "BluetoothHFP"
    case usbAudio = "USBAudio"
    case carAudio = "CarAudio"
    case thunderbolt = "Thunderbolt"
    // The remaining raw values are seen only in re-implementations (unverified upstream).
    case virtual = "Virtual"
    case PCI = "PCI"
    case fireWire = "FireWire"
    case displayPort = "DisplayPort"
    case AVB = "AVB"

    /// The Swift case name Apple uses (`.builtInMic`, `.HDMI`), for tables and messages.
    public var swiftName: String { ".\(self)" }
}

/// Which way audio flows through a port.
public enum PortDirection: String, Codable, Sendable, CaseIterable {
    case input, output
}
