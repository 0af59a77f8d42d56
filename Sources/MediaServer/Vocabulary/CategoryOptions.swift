/// Category options (`AVAudioSession.CategoryOptions`) with Apple's raw values (AVAudioSession.CategoryOptions docs).
public struct CategoryOptions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let mixWithOthers = CategoryOptions(rawValue: 0x1)
    public static let duckOthers = CategoryOptions(rawValue: 0x2)
    /// `allowBluetooth`, renamed `allowBluetoothHFP` in the latest SDK.
    public static let allowBluetoothHFP = CategoryOptions(rawValue: 0x4)
    public static let defaultToSpeaker = CategoryOptions(rawValue: 0x8)
    /// 0x11: includes the mixWithOthers bit.
    public static let interruptSpokenAudioAndMixWithOthers = CategoryOptions(rawValue: 0x11)
    public static let allowBluetoothA2DP = CategoryOptions(rawValue: 0x20)
    public static let allowAirPlay = CategoryOptions(rawValue: 0x40)
    public static let overrideMutedMicrophoneInterruption = CategoryOptions(rawValue: 0x80)
    public static let farFieldInput = CategoryOptions(rawValue: 0x40000)
    public static let bluetoothHighQualityRecording = CategoryOptions(rawValue: 0x80000)

    /// Names in Apple's spelling, for traces, errors and scenario files, in raw-value order.
    public static let named: [(name: String, option: CategoryOptions)] = [
        ("mixWithOthers", .mixWithOthers), ("duckOthers", .duckOthers), ("allowBluetoothHFP", .allowBluetoothHFP),
        ("defaultToSpeaker", .defaultToSpeaker),
        ("interruptSpokenAudioAndMixWithOthers", .interruptSpokenAudioAndMixWithOthers),
        ("allowBluetoothA2DP", .allowBluetoothA2DP), ("allowAirPlay", .allowAirPlay),
        ("overrideMutedMicrophoneInterruption", .overrideMutedMicrophoneInterruption),
        ("farFieldInput", .farFieldInput), ("bluetoothHighQualityRecording", .bluetoothHighQualityRecording),
    ]

    /// The names of the options set, with `interruptSpokenAudioAndMixWithOthers` absorbing its
    /// mixWithOthers bit.
    public var names: [String] {
        var remaining = self
        var result: [String] = []
        for (name, option) in Self.named.reversed() where option.rawValue != 0 && remaining.isSuperset(of: option) {
            result.append(name)
            remaining.subtract(option)
        }
        return result.reversed()
    }
}
