import AudioToolbox

/// The voice-processing switches of an engine's IO (shared by its input and output node). While
/// the engine runs on a voice-processing IO unit they are that unit's properties.
struct VoiceProcessingSettings {
    var isEnabled = false
    var bypassed = false
    /// Automatic gain control: on by default.
    var agc = true
    var inputMuted = false
    /// Told of speech while the input is muted (AVAudioInputNode+VoiceActivity).
    var mutedSpeechListener: ((AVAudioVoiceProcessingSpeechActivityEvent) -> Void)?
    var otherAudioDucking = AVAudioVoiceProcessingOtherAudioDuckingConfiguration()
}

extension AVAudioEngine {
    /// Enables or disables voice processing on the IO; only while stopped, and only on the device.
    func setVoiceProcessingEnabled(_ enabled: Bool) throws {
        guard !isRunning else { throw Self.error(-10849, "voice processing can only change while the engine is stopped") }
        guard manual == nil else {
            throw Self.error(AVAudioEngineManualRenderingError.invalidMode.rawValue, "voice processing needs device rendering")
        }
        voiceProcessing.isEnabled = enabled
    }

    /// Changes a switch, and the running voice-processing unit's property with it.
    func setVoiceProcessing(_ keyPath: WritableKeyPath<VoiceProcessingSettings, Bool>, _ value: Bool) {
        voiceProcessing[keyPath: keyPath] = value
        device?.applyVoiceProcessing(voiceProcessing)
    }

    func setVoiceProcessing(mutedSpeechListener listener: ((AVAudioVoiceProcessingSpeechActivityEvent) -> Void)?) {
        voiceProcessing.mutedSpeechListener = listener
        device?.applyVoiceProcessing(voiceProcessing)
    }

    func setVoiceProcessing(otherAudioDucking configuration: AVAudioVoiceProcessingOtherAudioDuckingConfiguration) {
        voiceProcessing.otherAudioDucking = configuration
        device?.applyVoiceProcessing(voiceProcessing)
    }
}

extension EngineDevice {
    /// Pushes the switches to a voice-processing unit (kAUVoiceIOProperty_…).
    func applyVoiceProcessing(_ settings: VoiceProcessingSettings) {
        guard settings.isEnabled else { return }
        for (property, on) in [(kAUVoiceIOProperty_BypassVoiceProcessing, settings.bypassed),
                               (kAUVoiceIOProperty_VoiceProcessingEnableAGC, settings.agc),
                               (kAUVoiceIOProperty_MuteOutput, settings.inputMuted)] {
            var value: UInt32 = on ? 1 : 0
            _ = AudioUnitSetProperty(unit, property, kAudioUnitScope_Global, 0, &value, UInt32(MemoryLayout<UInt32>.size))
        }
        var ducking = settings.otherAudioDucking.unitForm
        _ = AudioUnitSetProperty(unit, kAUVoiceIOProperty_OtherAudioDuckingConfiguration, kAudioUnitScope_Global, 0, &ducking,
                                 UInt32(MemoryLayout<AUVoiceIOOtherAudioDuckingConfiguration>.size))
        if let listener = settings.mutedSpeechListener {
            var block: AUVoiceIOMutedSpeechActivityEventListener = { event in listener(event == .hasStarted ? .started : .ended) }
            _ = AudioUnitSetProperty(unit, kAUVoiceIOProperty_MutedSpeechActivityEventListener, kAudioUnitScope_Global, 0, &block,
                                     UInt32(MemoryLayout<AUVoiceIOMutedSpeechActivityEventListener>.size))
        } else {
            _ = AudioUnitSetProperty(unit, kAUVoiceIOProperty_MutedSpeechActivityEventListener, kAudioUnitScope_Global, 0, nil, 0)
        }
    }
}
