/// The `do:` words of the session calls a scenario step makes for an app (`AppAction` other than
/// its own controls): the step parser reads them, the explore generator writes them, and app
/// rules tell the scenario's calls from the app's by them. Listed once, here, in the order errors
/// and did-you-mean hints list them.
public enum SessionVerb: String, CaseIterable, Hashable, Sendable {
    case setCategory = "set-category", setMode = "set-mode", activate, deactivate
    case setPreferredInput = "set-preferred-input", overrideOutput = "override-output"
    case setPreferredSampleRate = "set-preferred-sample-rate", setPreferredIOBufferDuration = "set-preferred-io-buffer-duration"
    case requestPermission = "request-permission", answerPermission = "answer-permission"
}
