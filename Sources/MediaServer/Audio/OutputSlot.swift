/// A run of engine output channels written to one sink.
struct OutputSlot {
    let uid: String
    let firstChannel: Int
    let channels: Int
    /// An app's input tap rather than an output port (its sink keeps every sample).
    var isInputTap = false
}
