/// The voice-processing switches of an engine's IO (shared by its input and output node).
struct VoiceProcessingSettings {
    var isEnabled = false
    var bypassed = false
    /// Automatic gain control: on by default.
    var agc = true
    var inputMuted = false
}

extension AVAudioEngine {
    /// Enables or disables voice processing on the IO; only while stopped, and only on the device.
    func setVoiceProcessingEnabled(_ enabled: Bool) throws {
        guard !isRunning else { throw Self.error(-10849, "voice processing can only change while the engine is stopped") }
        guard manual == nil else { throw Self.error(AVAudioEngineManualRenderingError.invalidMode.rawValue, "voice processing needs device rendering") }
        voiceProcessing.isEnabled = enabled
    }
}
