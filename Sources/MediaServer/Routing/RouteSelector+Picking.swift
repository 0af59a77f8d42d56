import VirtualDevices

/// Pure leaf helpers route selection is built from.
extension RouteSelector {
    /// The last-in port among `candidates` (which are in arrival order). Ports of one Bluetooth
    /// device arrive together; when that device offers both A2DP and an eligible HFP port, HFP has
    /// the higher routing priority (AVAudioSessionTypes.h on allowBluetoothA2DP, AVAudioSession.CategoryOptions.allowBluetooth, .allowBluetoothA2DP).
    static func newest(_ candidates: [Port]) -> Port? {
        guard let last = candidates.last else { return nil }
        guard last.portType == .bluetoothA2DP, let address = last.bluetoothDeviceAddress else { return last }
        return candidates.last { $0.portType == .bluetoothHFP && $0.bluetoothDeviceAddress == address } ?? last
    }

    /// The first built-in port of `type` (built-in ports come first in `ports`).
    static func builtIn(_ type: PortType, in ports: [Port]) -> Port? {
        ports.first { $0.portType == type }
    }

    /// The session's preferred input, when it is among `inputs`.
    static func preferredInput(_ request: RouteRequest, among inputs: [Port]) -> Port? {
        guard let uid = request.preferredInputUID else { return nil }
        return inputs.first { $0.uid == uid }
    }

    /// The HFP port of the same device as `port`, in the other direction, among `candidates`.
    static func hfpPartner(of port: Port, in candidates: [Port]) -> Port? {
        guard port.portType == .bluetoothHFP else { return nil }
        return candidates.first {
            $0.portType == .bluetoothHFP && $0.direction != port.direction
                && $0.bluetoothDeviceAddress == port.bluetoothDeviceAddress
        }
    }

    static func isHFP(_ port: Port) -> Bool { port.portType == .bluetoothHFP }

    static func optionalArray(_ port: Port?) -> [Port] { port.map { [$0] } ?? [] }
}
