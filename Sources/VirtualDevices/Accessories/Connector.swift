/// Where an accessory attaches to the device. The headphone jack holds one accessory at a time;
/// the dock connector takes several through a hub (as USB-C iPads and Macs allow), and radios and
/// the network hold any number.
public enum Connector: String, Codable, Sendable, CaseIterable {
    case headphoneJack = "headphone-jack"
    /// Lightning or USB-C: USB interfaces, HDMI adapters, wired CarPlay.
    case dock
    case bluetooth
    /// Wi-Fi: AirPlay receivers.
    case network

    public var holdsOneAccessory: Bool { self == .headphoneJack }
}
