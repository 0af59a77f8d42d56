/// The server's record of one voice: whose it is, where its channels go, and which engine voice
/// renders it. An input reader is a voice too: its source is the routed input port's virtual
/// source and its output is the app's input tap.
struct AudioVoice {
    enum Role: Equatable {
        /// Plays to the app's route outputs (by default, or to `assignments`).
        case output(assignments: [ChannelAssignment]?)
        /// Feeds an input port channel: heard by apps reading that port.
        case inputSource(portUID: String, channel: Int)
        /// An app's render client (`addRenderClient`): plays like `.output`; with `input`, it
        /// also reads the app's route input through its own tap, which with `records` is the
        /// app's recording too.
        case renderClient(assignments: [ChannelAssignment]?, input: Bool, records: Bool)
        /// The device's acoustic echo (`AcousticEcho`): feeds every listener of the built-in microphone.
        case acousticEcho
        /// What a real audio server captured at an input port channel (`AudioServer.feedInput`):
        /// heard like `.inputSource`, but no app's voice (no voice ID, no trace line).
        case hardwareInput(portUID: String, channel: Int)
    }

    let id: VoiceID
    let app: AppID?
    let engineVoice: Int
    let channels: Int
    let role: Role
}
