/// A run of engine output channels written to one sink.
struct OutputSlot {
    let uid: String
    let firstChannel: Int
    let channels: Int
}
