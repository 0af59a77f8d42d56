import MediaServer

/// An OpenAL game must make no context current when an interruption begins (WWDC 2010 session 412:
/// "the context does not stay current through an interruption"); one that kept it is silent
/// afterwards. The OpenAL facade traces `openal.context.keptThroughInterruption` when the app's
/// output stops under a context it never released.
///
/// An output that stopped because the media server crashed is not an interruption: the app hears
/// no "began" it could have answered, and after the reset its objects are zombies it rebuilds
/// (WWDC 2012 session 505), so such a line is not judged by this rule.
struct KeptOpenALContextRule: AppRule {
    let id = "kept-openal-context"

    func violations(in trace: AppTrace) -> [(index: Int, app: String, message: String)] {
        trace.indices.compactMap { index in
            guard trace.records[index].kind == .openALContextKeptThroughInterruption, let app = trace.app(index),
                  !serverWentDown(before: index, in: trace) else { return nil }
            return (index, app, "kept its OpenAL context current through an interruption; its sources stay silent until it makes no context current and then its context again")
        }
    }

    /// A media-server crash at the same time, before the line: the output stopped with the server.
    private func serverWentDown(before index: Int, in trace: AppTrace) -> Bool {
        trace.sameTime(before: index).contains {
            [.deviceMediaServerCrash, .mediaServerReset].contains(trace.records[$0].kind)
        }
    }
}
