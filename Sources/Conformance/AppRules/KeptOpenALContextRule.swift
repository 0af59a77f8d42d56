import SimCore

/// An OpenAL game must make no context current when an interruption begins (WWDC 2010 session 412:
/// "the context does not stay current through an interruption"); one that kept it is silent
/// afterwards. The OpenAL facade traces `openal.context.keptThroughInterruption` when the app's
/// output stops under a context it never released.
struct KeptOpenALContextRule: AppRule {
    let id = "kept-openal-context"

    func violations(in trace: AppTrace) -> [(index: Int, app: String, message: String)] {
        trace.events.indices.compactMap { index in
            guard trace.kind(index) == "openal.context.keptThroughInterruption", let app = trace.app(index) else { return nil }
            return (index, app, "kept its OpenAL context current through an interruption; its sources stay silent until it makes no context current and then its context again")
        }
    }
}
