/// A run of engine output channels written to one sink.
struct OutputSlot {
    let uid: String
    let firstChannel: Int
    let channels: Int
    /// An app's input tap rather than an output port (its sink keeps every sample).
    var isInputTap = false
    /// A render client's input: read by the client in the cycle, written to no sink.
    var isClientInput = false
}
