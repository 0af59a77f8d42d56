import AudioGraph
import MediaServer

/// A reference app's own sound: a sine test tone at the app's frequency, played on the simulated
/// device while the app plays, so scenarios can check at the ports which app is heard.
///
/// It is a voice of the media server, so the server decides whether it sounds (an inactive,
/// interrupted or silenced session is not heard; a ducked one is attenuated), exactly as for any
/// app audio. It is created in the app's context, which names the app it belongs to.
final class AppSound {
    static let amplitude: Float = 0.25

    private let server: AudioServer
    private let voice: VoiceID

    init?(frequency: Int) {
        guard let binding = AppContext.current else { return nil }
        server = binding.server
        voice = server.addVoice(app: binding.app, source: .sine(frequency: Double(frequency), amplitude: Self.amplitude))
    }

    func setGain(_ gain: Float) { server.setGain(voice, gain) }

    func stop() { server.removeVoice(voice) }
}
