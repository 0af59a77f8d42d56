import SimCore
import VirtualDevices
import Yams

/// Scenarios that name several simulated devices (`devices:`): each app lives on one device, each
/// step and expectation concerns one (its `device:`, or its app's), and all of them run on one
/// clock with their Bluetooth LE radios in range of each other.
///
/// Each device's share is read as a scenario of its own — the top keys, the device's own
/// `device`/`platform`/`accessories`/`activation-settings`, and its apps, steps and expectations —
/// so every rule of a one-device scenario holds for it, and errors point at the original file.
extension Scenario {
    static let deviceKeys = ["device", "platform", "accessories", "activation-settings"]
    /// Top keys every device's share carries.
    private static let sharedKeys = ["scenario", "description", "requirements", "seed", "duration", "exhaustive"]

    /// Reads a scenario with `devices:`; the result is the first device's share, with every
    /// device's share (the first too) in `devices`.
    static func parseDevices(_ root: YAMLValue, _ top: YAMLMapping, registry: ScenarioAppRegistry) throws(SourceError) -> Scenario {
        for key in deviceKeys {
            if let value = top[key] { throw value.error("with devices:, \(key): goes under each device") }
        }
        let declared = try top.required("devices").freeMapping("devices")
        guard declared.count >= 2 else { throw try top.required("devices").error("devices: names two or more devices (one device needs no devices:)") }
        let names = try declared.map { entry throws(SourceError) in try entry.key.string("a device name") }
        let apps = try appDevices(top["apps"], names: names)
        var parts: [ScenarioDevice] = []
        for (index, entry) in declared.enumerated() {
            let settings = try entry.value.mapping("device '\(names[index])'", allowed: deviceKeys)
            var pairs: [(Node, Node)] = []
            for key in sharedKeys { if let entry = top.entries.first(where: { $0.key.node.string == key }) { pairs.append((entry.key.node, entry.value.node)) } }
            for entry in settings.entries { pairs.append((entry.key.node, entry.value.node)) }
            pairs.append(try share(of: top, "apps", device: names[index], apps: apps, names: names))
            pairs.append(try share(of: top, "steps", device: names[index], apps: apps, names: names))
            pairs.append(try share(of: top, "expect", device: names[index], apps: apps, names: names))
            let node = Node.mapping(Node.Mapping(pairs, .implicit, .any, root.node.mark))
            parts.append(ScenarioDevice(name: names[index], scenario: try parse(YAMLValue(node: node, file: root.file), file: root.file, registry: registry)))
        }
        // One run, one end: the latest any device's share needs.
        let duration = parts.map(\.scenario.duration).max() ?? .zero
        for index in parts.indices { parts[index].scenario.duration = duration }
        var scenario = parts[0].scenario
        scenario.devices = parts
        return scenario
    }

    /// Which device each app is on (`device:` in its declaration).
    private static func appDevices(_ value: YAMLValue?, names: [String]) throws(SourceError) -> [String: String] {
        var devices: [String: String] = [:]
        for (key, app) in try value?.freeMapping("apps") ?? [] {
            let map = try app.mapping("app '\(try key.string("an app name"))'", allowed: appKeys + ["device"])
            let device = try map.required("device").choice("device (declare it under devices:)", names.map { ($0, $0) })
            devices[try key.string("an app name")] = device
        }
        return devices
    }

    /// The `apps`, `steps` or `expect` entries that concern `device`, with their `device:` key removed.
    private static func share(of top: YAMLMapping, _ key: String, device: String, apps: [String: String],
                              names: [String]) throws(SourceError) -> (Node, Node) {
        let keyNode = Node.scalar(Node.Scalar(key))
        guard let value = top[key] else { return (keyNode, .sequence(Node.Sequence([]))) }
        if key == "apps" {
            let pairs = try value.freeMapping("apps").filter { entry in apps[entry.key.node.string ?? ""] == device }
                .map { entry throws(SourceError) in (entry.key.node, try withoutDevice(entry.value)) }
            return (keyNode, .mapping(Node.Mapping(pairs, .implicit, .any, value.node.mark)))
        }
        var items: [Node] = []
        for item in try value.optionalList(key) {
            guard case let .mapping(mapping) = item.node else { items.append(item.node); continue }
            let named = mapping.first { $0.key.string == "device" }.map { YAMLValue(node: $0.value, file: item.file) }
            let app = mapping.first { $0.key.string == "app" }?.value.string
            let owner: String
            if let named {
                owner = try named.choice("device (declare it under devices:)", names.map { ($0, $0) })
                if let app, let home = apps[app], home != owner { throw named.error("app '\(app)' is on device '\(home)', not '\(owner)'") }
            } else if let app, let home = apps[app] {
                owner = home
            } else {
                throw item.error("with devices:, each entry of \(key): names its device: (or an app:, whose device it is)")
            }
            if owner == device { items.append(try withoutDevice(item)) }
        }
        return (keyNode, .sequence(Node.Sequence(items, .implicit, .any, value.node.mark)))
    }

    private static func withoutDevice(_ value: YAMLValue) throws(SourceError) -> Node {
        guard case let .mapping(mapping) = value.node else { return value.node }
        let pairs = mapping.filter { $0.key.string != "device" }.map { ($0.key, $0.value) }
        return .mapping(Node.Mapping(pairs, mapping.tag, mapping.style, mapping.mark))
    }
}

/// One simulated device of a scenario that names several: its name and its share of the scenario.
public struct ScenarioDevice: Sendable {
    public var name: String
    public var scenario: Scenario
}
