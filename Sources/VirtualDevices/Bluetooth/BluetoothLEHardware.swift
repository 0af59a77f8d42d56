/// Which Apple hardware has native Bluetooth LE, and so runs MIDI over Bluetooth LE: "any Mac
/// manufactured in 2012 or later and a mixed bag of Macs released in 2011", "the iPhone 4S and
/// greater", "the first iPad with the Retina display" and later, and "all iPad minis" (Core Audio,
/// WWDC 2014 session 501). Earlier models have Bluetooth 2.1 only.
public enum BluetoothLEHardware {
    /// Models on either side of each line the talk draws, by Apple's model names.
    public static let models: [(name: String, nativeLE: Bool)] = [
        ("iPhone 4", false), ("iPhone 4S", true), ("iPhone 5", true),
        ("iPad 2", false), ("iPad (3rd generation)", true), ("iPad Air", true),
        ("iPad mini", true), ("iPad mini 2", true),
        ("MacBook Pro (Early 2011)", false), ("iMac (Mid 2011)", false),
        ("MacBook Air (Mid 2011)", true), ("Mac mini (Mid 2011)", true),
        ("MacBook Pro (Mid 2012)", true), ("iMac (Late 2012)", true),
    ]

    /// Whether `model` has native Bluetooth LE. A profile without a model stands for current
    /// hardware, which has it; so does a model newer than the list.
    public static func hasNativeLE(_ model: String?) -> Bool {
        guard let model else { return true }
        return models.first { $0.name == model }?.nativeLE ?? true
    }
}
