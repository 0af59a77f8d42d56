import MediaServer

/// What the simulation decides where Apple's documentation does not say, with documented
/// defaults (docs/speech.md). One set per simulated device; set them from the app's context
/// (`device.run(as:) { AVSpeechSynthesizer.simulationSettings.… = … }`) before speaking.
@_spi(Soundcheck) public struct SpeechSimulationSettings: Sendable {
    /// What an interruption (a phone call) does to an utterance being spoken through the app's
    /// own session: pause it (`didPause`; the app calls `continueSpeaking()` after the
    /// interruption, as it restarts an `AVAudioPlayer`) or stop it (`didCancel`, queue emptied).
    /// A synthesizer with its own session (`usesApplicationAudioSession = false`) always pauses
    /// and continues by itself when the interruption ends.
    public enum InterruptionResponse: Sendable { case pause, stop }

    /// Default `.pause`.
    public var interruptionResponse = InterruptionResponse.pause
    /// The sample format of `write(_:toBufferCallback:)`'s buffers (and the voices'
    /// `audioFileSettings`): mono at 22 050 Hz, 16-bit integer by default (Apple's compact
    /// voices' format), or `.pcmFormatFloat32`.
    public var writeFormat = AVAudioCommonFormat.pcmFormatInt16
    /// What `requestPersonalVoiceAuthorization` answers: the simulated user has no Personal
    /// Voice, so `.denied` by default.
    public var personalVoiceAnswer = AVSpeechSynthesizer.PersonalVoiceAuthorizationStatus.denied

    public init() {}

    /// Bytes per frame of `writeFormat` (mono): what markers' `byteSampleOffset` counts in.
    var bytesPerFrame: Int { writeFormat == .pcmFormatFloat32 ? 4 : 2 }

    /// The settings of the device whose app runs now (the defaults outside a simulated app).
    static var current: SpeechSimulationSettings {
        AppContext.current.map { SpeechSettingsBox.of($0.server).settings } ?? SpeechSimulationSettings()
    }
}

/// `SpeechSimulationSettings` and the personal-voice answers, held by the device's server.
final class SpeechSettingsBox {
    var settings = SpeechSimulationSettings()
    /// Apps that asked for Personal Voice, with the answer they got.
    var personalVoice: [AppID: AVSpeechSynthesizer.PersonalVoiceAuthorizationStatus] = [:]

    static func of(_ server: AudioServer) -> SpeechSettingsBox {
        server.attachment(for: AppID(""), key: "AVFAudio.SpeechSettings") { SpeechSettingsBox() }
    }
}

extension SpeechSimulationSettings.InterruptionResponse: Hashable {}

extension AVAudioCommonFormat {
    /// The mono 22 050 Hz format synthesized speech is delivered in.
    var speechFormat: AVAudioFormat {
        AVAudioFormat(commonFormat: self, sampleRate: Double(SynthesizedSpeech.sampleRate), channels: 1, interleaved: false)!
    }
}

@_spi(Soundcheck) extension AVSpeechSynthesizer {
    /// The simulated device's speech settings, read and written in an app's context.
    public static var simulationSettings: SpeechSimulationSettings {
        get { SpeechSimulationSettings.current }
        set {
            guard let binding = AppContext.current else { return }
            SpeechSettingsBox.of(binding.server).settings = newValue
        }
    }
}
