import AudioGraph
import CoreAudioTypes

/// `kAudioUnitSubType_VoiceProcessingIO`: RemoteIO for voice chat. The same elements, formats,
/// callbacks and session behaviour; the microphone runs through webrtc voice processing against
/// everything the device plays to the speaker or receiver, other apps' sounds included
/// (`VoiceProcessingPath`), before the app captures it; and the switches: bypass (off), automatic
/// gain control (on), ducking of other audio (on), quality, and muting the unit's output to the
/// app — the processed microphone a VoIP app sends — (off; the mute button of a call). While muted,
/// a listener hears when the user starts and stops talking (`MutedSpeechDetector`).
final class VoiceProcessingIOUnit: RemoteIOUnit {
    var bypassVoiceProcessing = false
    var automaticGainControl = true
    var duckNonVoiceAudio = true
    var quality: UInt32 = 127
    /// How much other audio is ducked (iOS 17): kept and read back; the ducking itself is the
    /// session policy's, by `duckNonVoiceAudio`.
    var otherAudioDucking = AUVoiceIOOtherAudioDuckingConfiguration()
    /// Set while the app listens for speech on the muted microphone.
    private var mutedSpeech: MutedSpeechDetector?
    /// The microphone's rate while the unit runs.
    private var microphoneRate = 48_000
    /// The webrtc processor running while the unit runs (VoiceProcessingPath.swift).
    private var processing: VoiceProcessingPath?

    override func renderStateMade(_ state: RemoteIORenderState, hardware: HardwareSnapshot) {
        microphoneRate = hardware.sampleRate
        processing = VoiceProcessingPath(sampleRate: hardware.sampleRate, capacity: state.hardwareCapacity,
                                         reference: binding?.server.echoReference)
        processing?.configure(bypassed: bypassVoiceProcessing, automaticGainControl: automaticGainControl)
    }

    override func processMicrophone(_ samples: UnsafeMutablePointer<Float>, frames: Int, sampleTime: Int64) {
        if outputMuted { mutedSpeech?.hear(samples, frames: frames, sampleRate: microphoneRate) }
        processing?.process(samples, frames: frames, sampleTime: sampleTime)
    }

    override func unitPropertyAccess(_ id: AudioUnitPropertyID, _ scope: AudioUnitScope) -> (exists: Bool, writable: Bool) {
        switch id {
        case kAUVoiceIOProperty_BypassVoiceProcessing, kAUVoiceIOProperty_VoiceProcessingEnableAGC,
             kAUVoiceIOProperty_DuckNonVoiceAudio, kAUVoiceIOProperty_VoiceProcessingQuality, kAUVoiceIOProperty_MuteOutput,
             kAUVoiceIOProperty_MutedSpeechActivityEventListener, kAUVoiceIOProperty_OtherAudioDuckingConfiguration:
            (true, true)
        default:
            super.unitPropertyAccess(id, scope)
        }
    }

    override func unitProperty(_ id: AudioUnitPropertyID, _ scope: AudioUnitScope, _ element: AudioUnitElement) throws(AUError) -> PropertyValue? {
        if id == kAUVoiceIOProperty_OtherAudioDuckingConfiguration {
            guard scope == kAudioUnitScope_Global else { throw .invalidScope }
            return .duckingConfiguration(otherAudioDucking)
        }
        guard let value = voiceSwitch(id) else { return try super.unitProperty(id, scope, element) }
        guard scope == kAudioUnitScope_Global else { throw .invalidScope }
        return .uint32(value)
    }

    override func setUnitProperty(_ id: AudioUnitPropertyID, _ scope: AudioUnitScope, _ element: AudioUnitElement,
                                _ data: UnsafeRawPointer?, _ size: UInt32) throws(AUError) {
        switch id {
        case kAUVoiceIOProperty_MutedSpeechActivityEventListener:
            // A listener block, or none (NULL) to stop listening.
            guard scope == kAudioUnitScope_Global else { throw .invalidScope }
            mutedSpeech = data == nil ? nil
                : MutedSpeechDetector(listener: try readValue(data, size, as: AUVoiceIOMutedSpeechActivityEventListener.self))
            return propertyChanged(id, scope, element)
        case kAUVoiceIOProperty_OtherAudioDuckingConfiguration:
            guard scope == kAudioUnitScope_Global else { throw .invalidScope }
            otherAudioDucking = try readValue(data, size, as: AUVoiceIOOtherAudioDuckingConfiguration.self)
            return propertyChanged(id, scope, element)
        default:
            break
        }
        guard voiceSwitch(id) != nil else { return try super.setUnitProperty(id, scope, element, data, size) }
        guard scope == kAudioUnitScope_Global else { throw .invalidScope }
        switch id {
        case kAUVoiceIOProperty_VoiceProcessingQuality: quality = try readValue(data, size, as: UInt32.self)
        case kAUVoiceIOProperty_BypassVoiceProcessing: bypassVoiceProcessing = try readSwitch(data, size)
        case kAUVoiceIOProperty_VoiceProcessingEnableAGC: automaticGainControl = try readSwitch(data, size)
        case kAUVoiceIOProperty_DuckNonVoiceAudio: duckNonVoiceAudio = try readSwitch(data, size)
        default: outputMuted = try readSwitch(data, size)
        }
        processing?.configure(bypassed: bypassVoiceProcessing, automaticGainControl: automaticGainControl)
        propertyChanged(id, scope, element)
    }

    private func voiceSwitch(_ id: AudioUnitPropertyID) -> UInt32? {
        switch id {
        case kAUVoiceIOProperty_BypassVoiceProcessing: bypassVoiceProcessing ? 1 : 0
        case kAUVoiceIOProperty_VoiceProcessingEnableAGC: automaticGainControl ? 1 : 0
        case kAUVoiceIOProperty_DuckNonVoiceAudio: duckNonVoiceAudio ? 1 : 0
        case kAUVoiceIOProperty_VoiceProcessingQuality: quality
        case kAUVoiceIOProperty_MuteOutput: outputMuted ? 1 : 0
        default: nil
        }
    }
}
