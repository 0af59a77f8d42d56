import MediaServer

/// The session a synthesizer with `usesApplicationAudioSession = false` speaks through: one per
/// app, named after it (`<app> speech`), managed by the system as Apple describes it — playback
/// with `duckOthers` (so it mixes, and lowers other audio, the app's own included, while it is
/// active) in the `voicePrompt` mode, kept by a process the system launches in the background
/// (traced as a `device.launch` by the system), so it plays whichever app is in front. Its
/// interruptions are passed to the synthesizers that use it.
final class SpeechOwnSession {
    let binding: AppBinding
    private var listeners: [WeakSynthesizer] = []

    private struct WeakSynthesizer { weak var synthesizer: AVSpeechSynthesizer? }

    private init(binding: AppBinding) { self.binding = binding }

    /// The app's speech session, registered and configured on first use; `synthesizer` hears its interruptions.
    static func of(_ app: AppBinding, for synthesizer: AVSpeechSynthesizer) -> SpeechOwnSession {
        let session = app.server.attachment(for: app.app, key: "AVFAudio.SpeechOwnSession") {
            let session = SpeechOwnSession(binding: AppBinding(server: app.server, app: AppID("\(app.app.name) speech")))
            app.server.register(session.binding.app, hasAudioBackgroundMode: true) { [weak session] notification in
                session?.notify(notification)
            }
            // The system's speech process runs in the background, whichever app is in front.
            try? app.server.launchInBackground(session.binding.app)
            let server = app.server
            let speech = session.binding.app
            if (try? server.setCategory(speech, .playback, mode: .voicePrompt, options: [.duckOthers])) == nil {
                try? server.setCategory(speech, .playback, options: [.duckOthers])
            }
            return session
        }
        if !session.listeners.contains(where: { $0.synthesizer === synthesizer }) {
            session.listeners.removeAll { $0.synthesizer == nil }
            session.listeners.append(WeakSynthesizer(synthesizer: synthesizer))
        }
        return session
    }

    private func notify(_ notification: PolicyNotification) {
        for listener in listeners { listener.synthesizer?.ownSessionNotified(notification) }
    }
}
