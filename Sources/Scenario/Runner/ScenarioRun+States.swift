import MediaServer
import SimCore
import VirtualDevices

/// Checking `state:` expectations at their time, after everything due at that time has run.
extension ScenarioRun {
    func checkStates(at time: HostTime) {
        for expectation in scenario.expectations where expectation.at == time {
            guard case let .state(name, checks) = expectation.kind else { continue }
            let mismatches = checks.compactMap { check -> String? in
                let property = describe(check, app: name)
                return property.value == property.observed ? nil
                    : "\(property.key) expected \(property.value), observed \(property.observed)"
            }
            guard !mismatches.isEmpty else { continue }
            failures.append(ScenarioFailure(
                line: expectation.line, column: expectation.column,
                message: "state of \(name) at \(time) differs: " + mismatches.joined(separator: "; "),
                details: stepContext(at: time)))
        }
    }

    /// The step that ran last by `time`, for failure messages.
    func stepContext(at time: HostTime) -> [String] {
        guard let index = scenario.steps.lastIndex(where: { $0.at <= time }) else { return ["before the first step"] }
        let step = scenario.steps[index]
        return ["after step \(index + 1) (line \(step.line): \(step.verb) at \(step.at))"]
    }

    /// The expected and the observed value of one property, as (name, text) pairs.
    private func describe(_ check: StateCheck, app name: String) -> (key: String, value: String, observed: String) {
        let app = AppID(name)
        let route = server.currentRoute(for: app)
        func types(_ ports: [Port]) -> String { "[" + ports.map(\.portType.rawValue).joined(separator: ",") + "]" }
        func list(_ types: [PortType]) -> String { "[" + types.map(\.rawValue).joined(separator: ",") + "]" }
        switch check {
        case let .active(value): return ("active", "\(value)", "\(server.isActive(app))")
        case let .interrupted(value): return ("interrupted", "\(value)", "\(server.isInterrupted(app))")
        case let .ducked(value): return ("ducked", "\(value)", "\(server.isDucked(app))")
        case let .silenced(value): return ("silenced", "\(value)", "\(server.isSilenced(app))")
        case let .foreground(value): return ("foreground", "\(value)", "\(server.isForeground(app))")
        case let .playing(value): return ("playing", "\(value)", "\(apps[name]?.isPlaying ?? false)")
        case let .outputs(value): return ("output", list(value), types(route.outputs))
        case let .inputs(value): return ("input", list(value), types(route.inputs))
        case let .sampleRate(value): return ("sample-rate", "\(value)", "\(server.hardware(for: app).sampleRate)")
        case let .ioBufferFrames(value): return ("io-buffer-frames", "\(value)", "\(server.hardware(for: app).ioBufferFrames)")
        case let .ioBufferDuration(value):
            return ("io-buffer-duration", "\(value)", "\(server.hardware(for: app).ioBufferDuration)")
        case let .category(value): return ("category", value.name, server.configuration(of: app).category.name)
        case let .permission(value): return ("permission", value, "\(server.recordPermission(of: app))")
        case let .otherAudioPlaying(value): return ("other-audio-playing", "\(value)", "\(server.isOtherAudioPlaying(for: app))")
        case let .secondaryAudioHint(value):
            return ("secondary-audio-hint", "\(value)", "\(server.secondaryAudioShouldBeSilencedHint(for: app))")
        case let .outputChannels(value): return ("output-channels", describe(value), describe(value, route.outputs))
        case let .inputChannels(value): return ("input-channels", describe(value), describe(value, route.inputs))
        }
    }

    private func describe(_ channels: ChannelsCheck) -> String {
        switch channels {
        case let .count(count): "\(count)"
        case let .names(names): "[" + names.joined(separator: ",") + "]"
        }
    }

    /// The ports' channels, as the expectation states them (a count, or names in route order).
    private func describe(_ expected: ChannelsCheck, _ ports: [Port]) -> String {
        let channels = ports.flatMap(\.channels)
        if case .count = expected { return "\(channels.count)" }
        return "[" + channels.map(\.channelName).joined(separator: ",") + "]"
    }
}
