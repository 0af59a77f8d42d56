import AudioGraph
import CoreAudioTypes

/// `kAudioUnitSubType_VoiceProcessingIO`: RemoteIO for voice chat. The same elements, formats,
/// callbacks and session behaviour; the microphone runs through webrtc voice processing against
/// everything the device plays to the speaker or receiver, other apps' sounds included
/// (`VoiceProcessingPath`), before the app captures it; and the switches: bypass (off), automatic
/// gain control (on), ducking of other audio (on), quality, and muting the unit's output to the
/// app — the processed microphone a VoIP app sends — (off; the mute button of a call).
final class VoiceProcessingIOUnit: RemoteIOUnit {
    var bypassVoiceProcessing = false
    var automaticGainControl = true
    var duckNonVoiceAudio = true
    var quality: UInt32 = 127
    /// The webrtc processor running while the unit runs (VoiceProcessingPath.swift).
    private var processing: VoiceProcessingPath?

    override func renderStateMade(_ state: RemoteIORenderState, hardware: HardwareSnapshot) {
        processing = VoiceProcessingPath(sampleRate: hardware.sampleRate, capacity: state.hardwareCapacity,
                                         reference: binding?.server.echoReference)
        processing?.configure(bypassed: bypassVoiceProcessing, automaticGainControl: automaticGainControl)
    }

    override func processMicrophone(_ samples: UnsafeMutablePointer<Float>, frames: Int, sampleTime: Int64) {
        processing?.process(samples, frames: frames, sampleTime: sampleTime)
    }

    override func unitPropertyAccess(_ id: AudioUnitPropertyID, _ scope: AudioUnitScope) -> (exists: Bool, writable: Bool) {
        switch id {
        case kAUVoiceIOProperty_BypassVoiceProcessing, kAUVoiceIOProperty_VoiceProcessingEnableAGC,
             kAUVoiceIOProperty_DuckNonVoiceAudio, kAUVoiceIOProperty_VoiceProcessingQuality, kAUVoiceIOProperty_MuteOutput:
            (true, true)
        default:
            super.unitPropertyAccess(id, scope)
        }
    }

    override func unitProperty(_ id: AudioUnitPropertyID, _ scope: AudioUnitScope, _ element: AudioUnitElement) throws(AUError) -> PropertyValue? {
        guard let value = voiceSwitch(id) else { return try super.unitProperty(id, scope, element) }
        guard scope == kAudioUnitScope_Global else { throw .invalidScope }
        return .uint32(value)
    }

    override func setUnitProperty(_ id: AudioUnitPropertyID, _ scope: AudioUnitScope, _ element: AudioUnitElement,
                                _ data: UnsafeRawPointer?, _ size: UInt32) throws(AUError) {
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
