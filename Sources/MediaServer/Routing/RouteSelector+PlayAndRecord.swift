import VirtualDevices

/// playAndRecord: one input and one output, chosen by "last in wins", with the receiver as the
/// default output and HFP ports used only as a pair.
extension RouteSelector {
    /// - `.speaker` override: built-in speaker and built-in microphone, regardless of accessories
    ///   (QA1754, AVAudioSession.overrideOutputAudioPort(_:), CategoryOptions.defaultToSpeaker; QA1754).
    /// - A preferred input among `availableInputs` is honoured (AVAudioSession.setPreferredInput(_:), AVAudioSessionDataSourceDescription).
    /// - HFP is one two-way link: an HFP microphone brings its device's HFP output and the other way
    ///   round; a non-HFP input (e.g. a preferred built-in mic) excludes HFP outputs, so a device
    ///   with A2DP allowed falls back to A2DP (AVAudioSession.CategoryOptions.allowBluetooth, .allowBluetoothA2DP; pairing is our derivation).
    static func playAndRecordRoute(_ request: RouteRequest) -> AudioRoute {
        if request.portOverride == .speaker { return speakerOverrideRoute(request) }
        let inputs = availableInputs(for: request)
        let outputs = eligibleOutputs(request)
        if let preferred = preferredInput(request, among: inputs) {
            return AudioRoute(inputs: [preferred], outputs: outputsMatching(input: preferred, outputs, request))
        }
        if let output = newest(outputs), isHFP(output), let input = hfpPartner(of: output, in: inputs) {
            return AudioRoute(inputs: [input], outputs: [output])
        }
        let input = newest(inputs.filter { !isHFP($0) })
        let output = newest(outputs.filter { !isHFP($0) }) ?? defaultOutput(request)
        return AudioRoute(inputs: optionalArray(input), outputs: optionalArray(output))
    }

    /// QA1754: "routes to the built-in speaker and built-in microphone regardless of other
    /// settings", until the route changes or the override is set back to `.none`.
    static func speakerOverrideRoute(_ request: RouteRequest) -> AudioRoute {
        AudioRoute(inputs: optionalArray(builtIn(.builtInMic, in: request.ports)),
                   outputs: optionalArray(builtIn(.builtInSpeaker, in: request.ports)))
    }

    /// The output to use with a chosen input: its HFP partner when the input is HFP, otherwise the
    /// newest non-HFP output, otherwise the default.
    static func outputsMatching(input: Port, _ outputs: [Port], _ request: RouteRequest) -> [Port] {
        optionalArray(hfpPartner(of: input, in: outputs) ?? newest(outputs.filter { !isHFP($0) })
            ?? defaultOutput(request))
    }

    /// With nothing else attached: the receiver ("PlayAndRecord, which by default routes the output
    /// to the receiver", AVAudioSession.Category (AVFAudio); Audio Session Programming Guide: categories; WWDC 2010 session 412), or the speaker with `defaultToSpeaker` (or
    /// videoChat) and on devices without a receiver (iPad).
    static func defaultOutput(_ request: RouteRequest) -> Port? {
        let receiver = PortEligibility(request).prefersSpeaker ? nil : builtIn(.builtInReceiver, in: request.ports)
        return receiver ?? builtIn(.builtInSpeaker, in: request.ports)
    }
}
