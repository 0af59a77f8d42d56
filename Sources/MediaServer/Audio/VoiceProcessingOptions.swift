/// What an app's voice processing does (the voice-processing I/O unit's properties): the server
/// applies it to the processor running on the app's input.
public struct VoiceProcessingOptions: Sendable, Hashable {
    public var echoCancellation = true
    public var noiseSuppression = true
    /// kAUVoiceIOProperty_VoiceProcessingEnableAGC.
    public var automaticGainControl = true
    /// kAUVoiceIOProperty_BypassVoiceProcessing: the input passes unprocessed (same latency).
    public var bypassed = false
    /// kAUVoiceIOProperty_MuteOutput: the processed input is silence.
    public var outputMuted = false

    public init() {}
}
