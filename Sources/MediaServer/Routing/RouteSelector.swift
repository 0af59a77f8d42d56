import VirtualDevices

/// Chooses the ports a session's audio uses, as a pure function of a `RouteRequest`.
///
/// The rule users expect is "last in wins": the most recently attached suitable accessory takes
/// the route, and detaching it falls back to the one before, down to the built-in ports (WWDC 2010
/// and 2012 talks, WWDC 2010 session 412 and WWDC 2012 session 505; Audio Session Programming Guide: audio routing, last in wins). Which ports are
/// "suitable" depends on category, mode and options (`PortEligibility`, AVAudioSession.CategoryOptions docs, allowBluetooth/allowBluetoothA2DP docs to QA1803).
/// MultiRoute is the one exception: it aggregates all eligible outputs (multiRoute docs).
public enum RouteSelector {
    /// The route a session with `request`'s configuration uses on a device with `request.ports`.
    public static func route(for request: RouteRequest) -> AudioRoute {
        let route = switch request.category {
        case .ambient, .soloAmbient, .playback: AudioRoute(outputs: outputOnlyOutputs(request))
        case .record: AudioRoute(inputs: recordInputs(request))
        case .playAndRecord: playAndRecordRoute(request)
        case .multiRoute: multiRoute(request)
        case .audioProcessing: AudioRoute.empty
        }
        return applyingDataSourcePreferences(route, request)
    }

    /// The inputs the session may choose among (`availableInputs`, iOS 7): empty for categories
    /// without input, otherwise the eligible input ports in arrival order, built-in microphone
    /// first. HFP microphones appear only with `allowBluetoothHFP` (or a mode implying it).
    public static func availableInputs(for request: RouteRequest) -> [Port] {
        let eligibility = PortEligibility(request)
        return request.ports.filter(eligibility.isEligibleInput)
    }

    /// Output-only categories: the newest eligible accessory output, else the built-in speaker.
    /// These categories never use the receiver (WWDC 2010 session 412: playback "by default … through the
    /// speaker").
    static func outputOnlyOutputs(_ request: RouteRequest) -> [Port] {
        let candidates = eligibleOutputs(request)
        return optionalArray(newest(candidates) ?? builtIn(.builtInSpeaker, in: request.ports))
    }

    /// Record: the preferred input when available, else the newest eligible input. No outputs:
    /// record silences output (AVAudioSession.Category (AVFAudio); Audio Session Programming Guide: categories). An HFP microphone may be used on its own here,
    /// since there is no output to pair it with.
    static func recordInputs(_ request: RouteRequest) -> [Port] {
        let inputs = availableInputs(for: request)
        return optionalArray(preferredInput(request, among: inputs) ?? newest(inputs))
    }

    static func eligibleOutputs(_ request: RouteRequest) -> [Port] {
        let eligibility = PortEligibility(request)
        return request.ports.filter(eligibility.isEligibleOutput)
    }

    static func applyingDataSourcePreferences(_ route: AudioRoute, _ request: RouteRequest) -> AudioRoute {
        guard !request.preferredDataSources.isEmpty || !request.preferredPolarPatterns.isEmpty else { return route }
        func apply(_ port: Port) -> Port {
            port.selecting(dataSource: request.preferredDataSources[port.uid]).selecting(polarPatterns: request.preferredPolarPatterns)
        }
        return AudioRoute(inputs: route.inputs.map(apply), outputs: route.outputs.map(apply))
    }
}
