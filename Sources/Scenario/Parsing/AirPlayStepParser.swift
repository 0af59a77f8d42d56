import VirtualDevices

/// Reads the AirPlay steps: `{ at: 1s, do: pick-route, ports: ["Living Room 1"] }` — the user
/// picks AirPlay speakers for long-form audio (an empty list goes back to the local route).
enum AirPlayStepParser {
    static let verbs = ["pick-route"]
    static let keys = ["ports"]

    static func step(_ verb: String, _ map: YAMLMapping) throws(SourceError) -> StepAction {
        let ports = try map.required("ports").list("ports").map { item throws(SourceError) in try item.string("port (a name, UID or type)") }
        return .pickRoute(ports)
    }
}
