/// A run of engine output channels written to one sink.
struct OutputSlot {
    let uid: String
    let firstChannel: Int
    let channels: Int
    /// An app's input tap rather than an output port (its sink keeps every sample).
    var isInputTap = false
    /// A render client's input: read (and possibly processed in place) by the client in the
    /// cycle; written to no sink unless it is also its app's recording (`isInputTap`).
    var isClientInput = false
}
