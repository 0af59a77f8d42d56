import VirtualDevices

/// MultiRoute: the exception to "last in wins" (WWDC 2012 session 505: "there is one new exception to it, and
/// that's called MultiRoute Category").
extension RouteSelector {
    /// All eligible outputs together (USB, line out, headphones, HDMI), their channels forming one
    /// channel space in port order; the built-in speaker only when none is attached (reference
    /// multiRoute docs). Outputs are ordered by port type (headphones, line out, USB, HDMI), then arrival, so
    /// the channel layout does not depend on plug order: the WWDC 2012 demo lists headphone L/R
    /// before HDMI 1/2 and before USB 1/2 while saying the plug order is unknown. Inputs follow
    /// `request.multiRouteInputs`; a preferred input is honoured under either rule.
    static func multiRoute(_ request: RouteRequest) -> AudioRoute {
        let outputs = orderedMultiRouteOutputs(eligibleOutputs(request))
        let fallback = optionalArray(builtIn(.builtInSpeaker, in: request.ports))
        return AudioRoute(inputs: multiRouteInputs(request), outputs: outputs.isEmpty ? fallback : outputs)
    }

    static func multiRouteInputs(_ request: RouteRequest) -> [Port] {
        let inputs = availableInputs(for: request)
        if let preferred = preferredInput(request, among: inputs) { return [preferred] }
        switch request.multiRouteInputs {
        case .lastInPort: return optionalArray(newest(inputs))
        case .allEligible: return inputs
        }
    }

    /// Stable sort by the type's rank in `PortEligibility.multiRouteOutputTypes`, keeping arrival
    /// order within a type.
    static func orderedMultiRouteOutputs(_ outputs: [Port]) -> [Port] {
        PortEligibility.multiRouteOutputTypes.flatMap { type in outputs.filter { $0.portType == type } }
    }
}
