/// One reading app's input this cycle.
struct ReaderTap {
    let tapChannel: Int
    let portUID: String
    let channel: Int
    let gain: Float
    /// The gain of the acoustic echo into this reader: its `gain`, or 0 when the app's
    /// echo-cancelled input is in effect (MediaPolicy+EchoCancelledInput.swift) and the echo of
    /// the built-in speaker is taken out of what it records.
    let echoGain: Float
}
