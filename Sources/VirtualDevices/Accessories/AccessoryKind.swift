/// The accessories the virtual device layer can attach, with their parameters.
///
/// Spelled in scripts and on the command line as `NAME` or `NAME:PARAMETERS`, e.g.
/// `wired-headphones`, `usb-interface:18x20`, `usb-interface:2x2@44100,48000,96000`, `hdmi:6`,
/// `airplay:2`.
public enum AccessoryKind: Hashable, Sendable {
    case wiredHeadphones
    case wiredHeadset
    case usbInterface(inputs: Int, outputs: Int, sampleRates: [Int])
    /// 2 (stereo), 6 (5.1) or 8 (7.1) channels.
    case hdmi(channels: Int)
    case bluetoothA2DP
    case bluetoothHFP
    /// Headphones that speak both A2DP (music) and HFP (calls), like most wireless earbuds.
    case bluetoothHeadphones
    case bluetoothLEMIDI
    /// AirPlay 1 (RAOP, ~2 s buffer) or AirPlay 2 (buffered long-form playback).
    case airPlay(version: Int)
    case carAudio

    /// The spec names, in the order `--help` and error messages list them.
    public static let names: [(name: String, parameters: String)] = [
        ("wired-headphones", ""), ("wired-headset", ""),
        ("usb-interface", ":INxOUT[@RATE,…] (default 2x2@44100,48000)"), ("hdmi", ":2|6|8 (default 2)"),
        ("bluetooth-a2dp", ""), ("bluetooth-hfp", ""), ("bluetooth-headphones", ""), ("bluetooth-le-midi", ""),
        ("airplay", ":1|2 (default 2)"), ("car-audio", ""),
    ]

    /// The canonical spec string (`usb-interface:4x4@44100,48000`).
    public var spec: String {
        switch self {
        case .wiredHeadphones: "wired-headphones"
        case .wiredHeadset: "wired-headset"
        case let .usbInterface(inputs, outputs, rates):
            "usb-interface:\(inputs)x\(outputs)@" + rates.map(String.init).joined(separator: ",")
        case let .hdmi(channels): "hdmi:\(channels)"
        case .bluetoothA2DP: "bluetooth-a2dp"
        case .bluetoothHFP: "bluetooth-hfp"
        case .bluetoothHeadphones: "bluetooth-headphones"
        case .bluetoothLEMIDI: "bluetooth-le-midi"
        case let .airPlay(version): "airplay:\(version)"
        case .carAudio: "car-audio"
        }
    }

    /// The spec's name without parameters (`usb-interface`).
    public var name: String { String(spec.prefix { $0 != ":" }) }

    /// Where this kind of accessory attaches unless told otherwise.
    public var defaultConnector: Connector {
        switch self {
        case .wiredHeadphones, .wiredHeadset: .headphoneJack
        case .usbInterface, .hdmi, .carAudio: .dock
        case .bluetoothA2DP, .bluetoothHFP, .bluetoothHeadphones, .bluetoothLEMIDI: .bluetooth
        case .airPlay: .network
        }
    }

    /// Connectors this kind can use (car audio attaches by wire or by Bluetooth).
    public var connectors: [Connector] {
        self == .carAudio ? [.dock, .bluetooth] : [defaultConnector]
    }
}
