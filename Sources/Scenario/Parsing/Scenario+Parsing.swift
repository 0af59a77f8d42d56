import Foundation
import MediaServer
import SimCore
import VirtualDevices

extension Scenario {
    static let topKeys = ["scenario", "description", "requirements", "device", "platform", "seed", "accessories",
                          "duration", "exhaustive", "activation-settings", "apps", "steps", "expect", "devices"]
    static let appKeys = ["model", "category", "mode", "options", "mistakes", "background-audio", "tone", "file",
                          "channel-assignments", "audio-components", "icon", "entitlements"]

    public static func load(file path: String, registry: ScenarioAppRegistry = .standard) throws(SourceError) -> Scenario {
        return try parse(TextFile.read(path), file: path, registry: registry)
    }

    /// Parses and validates a scenario: every name, time and reference is checked here, so a
    /// scenario that parses can run, and every problem is reported at its file:line:column.
    public static func parse(_ text: String, file: String, registry: ScenarioAppRegistry = .standard) throws(SourceError) -> Scenario {
        let root = try YAMLValue.parse(text, file: file)
        if ScenarioFiles.isEventScript(text: text), let key = root.key("script") {
            throw key.error("this is \(ScenarioFiles.eventScriptRule)")
        }
        var scenario = try parse(root, file: file, registry: registry)
        scenario.sourceHash = Trace.sha256Hex(text)
        for index in scenario.devices.indices { scenario.devices[index].scenario.sourceHash = scenario.sourceHash }
        return scenario
    }

    /// Parses the scenario at `root` (a whole file, or one device's share of a file with `devices:`).
    static func parse(_ root: YAMLValue, file: String, registry: ScenarioAppRegistry) throws(SourceError) -> Scenario {
        let top = try root.mapping("a scenario", allowed: topKeys)
        if top["devices"] != nil { return try parseDevices(root, top, registry: registry) }
        var device = try top["device"]?.string("device") ?? "iphone"
        // A profile file is found next to the scenario, wherever the run starts from.
        if !DeviceProfile.builtInIDs.contains(device), !device.hasPrefix("/") {
            device = (file as NSString).deletingLastPathComponent.isEmpty ? device
                : ((file as NSString).deletingLastPathComponent as NSString).appendingPathComponent(device)
        }
        let deviceProfile: DeviceProfile
        do { deviceProfile = try DeviceProfile.load(device) } catch {
            throw (top["device"] ?? root).error("unknown device '\(device)': \(error.message)")
        }
        let platform = try top["platform"]?.choice("platform", PlatformProfile.all.map { ($0.description, $0) }) ?? .default
        let accessories = try AccessoryList.read(top["accessories"], profile: deviceProfile)
        let apps = try parseApps(top["apps"], file: file, registry: registry)
        let steps = try StepParser.steps(top["steps"], apps: apps, accessories: accessories, registry: registry)
        var scenario = Scenario(
            name: try top.required("scenario").string("scenario"),
            description: try top["description"]?.string("description") ?? "",
            requirements: try top["requirements"]?.names("requirements") ?? [],
            device: device, platform: platform,
            seed: try top["seed"]?.seed() ?? 0,
            accessories: accessories, duration: .zero,
            exhaustive: try top["exhaustive"]?.bool("exhaustive") ?? true,
            activationSettings: try ActivationSettings.read(top["activation-settings"]),
            apps: apps, steps: steps, expectations: [], file: file)
        scenario.deviceProfile = deviceProfile
        let portNames = PortNames(profile: deviceProfile, accessories: accessories, steps: steps)
        try portNames.checkReferences(in: scenario)
        scenario.expectations = try ExpectationParser.expectations(top["expect"], scenario: scenario, ports: portNames,
                                                                   registry: registry)
        scenario.duration = try duration(top["duration"], steps: steps, expectations: scenario.expectations)
        scenario.expectations = scenario.expectations.map { endingRecordingChecks($0, at: scenario.duration) }
        return scenario
    }

    /// A recording check without `to:` covers the whole run.
    private static func endingRecordingChecks(_ expectation: Expectation, at end: HostDuration) -> Expectation {
        guard case var .audio(check) = expectation.kind, case .recording = check.target,
              check.to == AudioCheckParser.untilTheEnd else { return expectation }
        check.to = HostTime(nanoseconds: end.nanoseconds)
        var ended = expectation
        ended.kind = .audio(check)
        return ended
    }

    /// The explicit duration must cover every step and expectation; without one the run ends a
    /// second after the last of them.
    private static func duration(_ value: YAMLValue?, steps: [ScenarioStep],
                                 expectations: [Expectation]) throws(SourceError) -> HostDuration {
        let lastStep = steps.last?.at ?? .zero
        let lastExpectation = expectations.compactMap(\.latestTime).max() ?? .zero
        guard let value else {
            return HostDuration(nanoseconds: max(lastStep, lastExpectation).nanoseconds) + .seconds(1)
        }
        let duration = try value.duration("duration")
        guard duration.nanoseconds <= 24 * 3_600_000_000_000 else { throw value.error("duration \(duration) is longer than a day") }
        if duration.nanoseconds < lastStep.nanoseconds {
            throw value.error("duration \(duration) ends before the last step at \(lastStep)")
        }
        if let late = expectations.first(where: { ($0.latestTime?.nanoseconds ?? 0) > duration.nanoseconds }) {
            throw SourceError(file: value.file, line: late.line, column: late.column,
                              message: "expectation at \(late.latestTime!) is after the scenario's end (duration \(duration)): it can never be observed")
        }
        return duration
    }

    private static func parseApps(_ value: YAMLValue?, file: String, registry: ScenarioAppRegistry) throws(SourceError) -> [AppDeclaration] {
        guard let value else { return [] }
        var apps: [AppDeclaration] = []
        for (key, app) in try value.freeMapping("apps") {
            let name = try key.string("an app name")
            guard !name.isEmpty, !name.contains(where: { $0.isWhitespace }) else { throw key.error("app name '\(name)' must be one word") }
            apps.append(try parseApp(name, app, file: file, registry: registry))
        }
        return apps
    }

    private static func parseApp(_ name: String, _ value: YAMLValue, file: String,
                                 registry: ScenarioAppRegistry) throws(SourceError) -> AppDeclaration {
        let map = try value.mapping("app '\(name)'", allowed: appKeys)
        let model: ScenarioAppModel
        if let modelValue = map["model"] {
            model = try modelValue.choice("app model", registry.models.map { ($0.name, $0) })
        } else if let registered = registry.model(named: name) {
            // A registered app stands alone: `Podcasts: {}` is `Podcasts: { model: Podcasts }`.
            model = registered
        } else {
            let hint = closestName(to: name, among: registry.models.map(\.name)).map { "; did you mean '\($0)'?" } ?? ""
            throw value.error("app '\(name)' names no model: and no app is registered under that name\(hint) "
                + "(registered apps and models: \(registry.models.map(\.name).joined(separator: ", ")))")
        }
        var mistakes: [String] = []
        if let list = map["mistakes"] {
            mistakes = try list.choices("mistake of a \(model.name) app", model.mistakes.map { ($0, $0) })
        }
        var configuration = AppConfiguration(
            category: try map["category"]?.choice("category", Vocabulary.categories),
            mode: try map["mode"]?.choice("mode", Vocabulary.modes),
            options: try map["options"].map { v throws(SourceError) in
                CategoryOptions(try v.choices("category option", Vocabulary.options))
            },
            mistakes: mistakes,
            tone: try map["tone"]?.int("tone (Hz)", in: 20...20_000))
        if map["tone"] != nil, let file = map["file"] {
            throw file.error("an app plays either tone: or file:, not both")
        }
        var playedChannels = 1
        if let fileValue = map["file"] {
            let audio = try AppAudioFile.read(fileValue, scenarioFile: file)
            configuration.file = audio.url
            playedChannels = audio.channelCount
        }
        if let list = map["channel-assignments"] {
            configuration.channelAssignments = try AppAudioFile.channelAssignments(list, playedChannels: playedChannels)
        }
        if let list = map["audio-components"] { configuration.audioComponents = try AudioComponentsParser.components(list) }
        if let icon = map["icon"] { configuration.icon = try AppIconFile.read(icon, scenarioFile: file) }
        configuration.entitlements = model.entitlements
        if let list = map["entitlements"] {
            configuration.entitlements = try list.choices("entitlement", [("inter-app-audio", "inter-app-audio"),
                                                                          ("com.apple.developer.inter-app-audio", "inter-app-audio")])
        }
        return AppDeclaration(name: name, model: model.name, configuration: configuration,
                              backgroundAudio: try map["background-audio"]?.bool("background-audio") ?? model.backgroundAudio,
                              line: value.line, column: value.column)
    }
}
