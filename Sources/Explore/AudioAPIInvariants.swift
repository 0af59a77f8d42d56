/// App rules about the audio APIs below the session (Audio Queue, Inter-App Audio): an app under
/// test uses each the way its documentation asks. Each is judged from what the system answered
/// the app (the error code it logged), never from the app's `mistakes:` themselves.
extension Invariant {
    static let audioAPI: [Invariant] = [restartedHardwareQueue, publishedWrongVersion, echoInVoiceProcessedInput]

    /// SESSION-INTERRUPT-AUDIOQUEUE-HARDWARE-CODEC: an interruption tears down a queue that
    /// decodes with the hardware codec, so the app must dispose it at "began" and make a new one;
    /// restarting the old one fails with kAudioQueueErr_CannotStart (−66681) and the app is silent.
    static let restartedHardwareQueue = Invariant(
        id: "restarted-hardware-queue", kind: .app, requirements: ["SESSION-INTERRUPT-AUDIOQUEUE-HARDWARE-CODEC"],
        description: "an app makes a new hardware-codec queue after an interruption instead of restarting the old one"
    ) { c in
        failedCalls("AudioQueueStart", code: "-66681", in: c)
            .map { "\($0) restarted its hardware-codec queue after an interruption: AudioQueueStart failed with -66681 and it stays silent" }
    }

    /// IAA-PUBLISH-MATCHES-PLIST: a node publishes exactly the component (type, subtype,
    /// manufacturer, version) its Info.plist declares; anything else is refused with
    /// kAudioComponentErr_NotPermitted (−66748) and no host can connect to it.
    static let publishedWrongVersion = Invariant(
        id: "published-unlisted-component", kind: .app, requirements: ["IAA-PUBLISH-MATCHES-PLIST"],
        description: "an Inter-App Audio node publishes the component its Info.plist declares"
    ) { c in
        failedCalls("AudioOutputUnitPublish", code: "-66748", in: c)
            .map { "\($0) published a component its Info.plist does not declare: AudioOutputUnitPublish failed with -66748" }
    }

    /// Apps under test that logged, since the last checkpoint, an `error` for `call` with `code`.
    private static func failedCalls(_ call: String, code: String, in c: Checkpoint) -> [String] {
        c.fresh.compactMap { i in
            guard let event = c.appEvent(i), event.what == "error", event.details["call"] == call, event.details["code"] == code,
                  c.appsUnderTest.contains(event.app) else { return nil }
            return event.app
        }
    }
}
