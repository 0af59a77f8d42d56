import SimCore

/// What the radio needs from the device it sits in: the one simulation clock, the trace, and
/// the MIDI system that turns ready links into MIDI devices.
public protocol BLERadioHost: AnyObject {
    var now: HostTime { get }
    /// Runs `body` at `time` on the simulation clock.
    func schedule(_ label: String, at time: HostTime, _ body: @escaping () -> Void)
    func record(_ kind: String, _ fields: [String: TraceValue])
    /// The link is paired and configured: MIDI can flow.
    func linkReady(_ link: BLELink)
    /// The link dropped (`reason`: `link-loss`, `power-off`, `idle`, `pairing-refused`).
    func linkClosed(_ link: BLELink, reason: String)
    /// One complete MIDI message from the peer, arriving now; `time` is when the peer sent it on
    /// this host's clock (its BLE-MIDI timestamp, reconstructed), the time stamp Core MIDI gives it.
    func received(_ message: [UInt8], on link: BLELink, at time: HostTime)
    /// An app uses the link's MIDI endpoints (a port is connected to its source), which keeps
    /// the idle timer from closing it.
    func isInUse(_ link: BLELink) -> Bool
}

/// Why the radio refuses a step.
public enum BLERadioError: Error, Equatable, CustomStringConvertible {
    case noSuchPeer(String, known: [String])
    case wrongRole(String, is: BLEPeer.Role)
    case notAdvertising(String)
    case deviceNotAdvertising
    case alreadyConnected(String)
    case noPairingDialog(String)
    case notConnected(String)
    case poweredOff(String)
    case poweredOn(String)
    case simulatedDevice(String)
    case unavailable

    public var description: String {
        switch self {
        case let .noSuchPeer(name, known):
            "no Bluetooth peer '\(name)' (known: \(known.isEmpty ? "none" : known.joined(separator: ", ")))"
        case let .wrongRole(name, role): "'\(name)' is a \(role.rawValue)"
        case let .notAdvertising(name): "'\(name)' is not advertising"
        case .deviceNotAdvertising: "the device is not advertising as a BLE-MIDI peripheral"
        case let .alreadyConnected(name): "'\(name)' is already connected"
        case let .noPairingDialog(name): "no pairing dialog is showing for '\(name)'"
        case let .notConnected(name): "'\(name)' has no paired connection"
        case let .poweredOff(name): "'\(name)' is switched off"
        case let .poweredOn(name): "'\(name)' is already on"
        case let .simulatedDevice(name): "'\(name)' is a simulated device: its apps send its MIDI"
        case .unavailable: "this device has no BLE-MIDI (it needs native Bluetooth LE and iOS 8 or OS X Yosemite)"
        }
    }
}
