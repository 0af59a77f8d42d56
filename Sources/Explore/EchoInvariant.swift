import MediaServer
import SimCore
import VirtualDevices

/// AU-VOICE-PROCESSING-ECHO for apps: a voice-chat app records through voice processing, which
/// takes what the device itself played out of the microphone — without it "the far end talker is
/// going to hear themselves talking with a delay" (WWDC 2012 session 505).
extension Invariant {
    /// The modes of a voice-chat session (playAndRecord): an app in one of them talks to a far end.
    static let chatModes: Set<SessionMode> = [.voiceChat, .videoChat, .gameChat]

    /// The loudest (RMS) the recording may be while nothing but the app's own call sounds. The
    /// speaker's echo reaches the built-in microphone 25 dB below what it plays: a call at
    /// −12 dBFS peak is recorded at about −40 dBFS RMS; cancelled, what is left is about −54.
    static let echoCeilingDBFS = -48.0

    /// Judged between two steps for an app under test in a chat mode whose call plays from the
    /// built-in speaker, with the microphone granted, when its call is the only audible audio
    /// (the echo of other apps is the platform's to cancel, not the app's) and has run for a
    /// second (the canceller converges first): the RMS level of what the app records (its input tap,
    /// `inputSink`) stays under `echoCeilingDBFS`. A stretch in which the route, hardware, server
    /// or a session changed, or after a voice was put into a microphone (`input-tone`), is skipped.
    static let echoInVoiceProcessedInput = Invariant(
        id: "echo-in-voice-processed-input", kind: .app, requirements: ["AU-VOICE-PROCESSING-ECHO"],
        description: "a voice-chat app's recording holds no echo of the call it plays from the speaker"
    ) { c in
        let audible = c.apps.filter { c.policy.isIORunning($0) && !c.policy.isSilenced($0) && !c.policy.isInterrupted($0) }
        guard audible.count == 1, let app = audible.first, c.appsUnderTest.contains(app.name),
              c.policy.configuration(of: app).category == .playAndRecord, chatModes.contains(c.policy.configuration(of: app).mode),
              c.server.recordPermission(of: app) == .granted,
              c.policy.route.outputs.contains(where: { $0.portType == .builtInSpeaker }),
              !c.records.indices.contains(where: { c.stepVerb(at: $0) == "input-tone" }),
              let sink = c.server.inputSink(app: app)
        else { return [] }
        guard !soundMoved(in: c),
              let started = c.records.indices.last(where: { c.records[$0].kind == .audioClientAdded && c.app($0) == app.name })
        else { return [] }
        let start = HostTime(nanoseconds: max(c.previousTime.nanoseconds + 60_000_000, c.time(started).nanoseconds + 1_000_000_000))
        guard c.server.now.nanoseconds - start.nanoseconds >= 200_000_000,
              let rms = sink.level(channel: 1, from: start, to: c.server.now)?.rmsDBFS, rms > echoCeilingDBFS
        else { return [] }
        return ["\(app.name) records its own call from the speaker at \(Int(rms.rounded())) dBFS RMS: the far end hears itself (no voice processing)"]
    }
}
