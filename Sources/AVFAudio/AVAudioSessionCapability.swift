import Foundation

/// `AVAudioSessionCapability` (iOS 26): a feature a port may offer, and whether the session uses it.
open class AVAudioSessionCapability: NSObject, @unchecked Sendable {
    /// The port offers the feature.
    public let isSupported: Bool
    /// The session asked for it (a category option) and the port offers it.
    public let isEnabled: Bool

    init(isSupported: Bool, isEnabled: Bool) {
        self.isSupported = isSupported
        self.isEnabled = isSupported && isEnabled
    }
}

/// `AVAudioSessionPortExtensionBluetoothMicrophone` (iOS 26): what a Bluetooth microphone offers
/// beyond HFP. The simulated Bluetooth headsets are plain HFP devices: they offer neither
/// full-bandwidth recording (`.bluetoothHighQualityRecording`) nor far-field capture
/// (`.farFieldInput`), so both read unsupported and disabled, as on a device with such a headset.
open class AVAudioSessionPortExtensionBluetoothMicrophone: NSObject, @unchecked Sendable {
    public let highQualityRecording: AVAudioSessionCapability
    public let farFieldCapture: AVAudioSessionCapability

    init(highQualityRecording: AVAudioSessionCapability, farFieldCapture: AVAudioSessionCapability) {
        self.highQualityRecording = highQualityRecording
        self.farFieldCapture = farFieldCapture
    }
}

extension AVAudioSessionPortDescription {
    /// Bluetooth HFP ports only; nil for every other port.
    public var bluetoothMicrophoneExtension: AVAudioSessionPortExtensionBluetoothMicrophone? {
        guard portType == .bluetoothHFP else { return nil }
        return AVAudioSessionPortExtensionBluetoothMicrophone(
            highQualityRecording: AVAudioSessionCapability(isSupported: false, isEnabled: false),
            farFieldCapture: AVAudioSessionCapability(isSupported: false, isEnabled: false))
    }
}
