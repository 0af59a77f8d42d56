import Testing
import VirtualDevices
@testable import MediaServer

/// A simulated device to attach and detach real accessories on, and to ask for one session's route.
struct RoutingBench {
    var device: VirtualDevice
    var state = RoutingState()

    init(_ profile: String = "iphone") throws {
        device = VirtualDevice(profile: try DeviceProfile.load(profile))
    }

    var ports: [Port] { device.ports }

    /// Attaches `kind` and returns the accessory's id (`wired-headphones#1`).
    @discardableResult
    mutating func attach(_ kind: AccessoryKind) throws -> String {
        _ = try device.apply(.attach(kind, connector: nil))
        return try #require(device.accessories.last).id
    }

    mutating func detach(_ id: String) throws {
        _ = try device.apply(.detach(accessory: id))
    }

    func request(_ category: SessionCategory, mode: SessionMode = .default, options: CategoryOptions = [],
                 multiRouteInputs: MultiRouteInputRule = .allEligible) -> RouteRequest {
        state.request(category: category, mode: mode, options: options, ports: ports,
                      multiRouteInputs: multiRouteInputs)
    }

    func route(_ category: SessionCategory, mode: SessionMode = .default, options: CategoryOptions = [],
               multiRouteInputs: MultiRouteInputRule = .allEligible) -> AudioRoute {
        RouteSelector.route(for: request(category, mode: mode, options: options, multiRouteInputs: multiRouteInputs))
    }

    func availableInputs(_ category: SessionCategory, mode: SessionMode = .default,
                         options: CategoryOptions = []) -> [Port] {
        RouteSelector.availableInputs(for: request(category, mode: mode, options: options))
    }
}

extension AudioRoute {
    /// `Receiver`, `Headphones`, … for compact expectations.
    var outputTypes: [PortType] { outputs.map(\.portType) }
    var inputTypes: [PortType] { inputs.map(\.portType) }
    var outputUIDs: [String] { outputs.map(\.uid) }
    var inputUIDs: [String] { inputs.map(\.uid) }
    /// Every output channel name in the aggregate's order.
    var outputChannelNames: [String] { outputs.flatMap { $0.channels.map(\.channelName) } }
    var inputChannelNames: [String] { inputs.flatMap { $0.channels.map(\.channelName) } }
}
