import VoiceProcessing

/// An app whose input runs through a `VoiceProcessor` on the IO cycle.
struct VoiceProcessingClient {
    let app: AppID
    var options: VoiceProcessingOptions
    /// At the IO rate; nil while the rate is one webrtc does not run at (the input then passes
    /// unprocessed).
    var processor: VoiceProcessor?
    /// The engine channel of the app's input tap this cycle, if it reads input.
    var tapChannel: Int?
}
