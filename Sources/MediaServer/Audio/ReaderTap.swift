/// One reading app's input this cycle.
struct ReaderTap {
    let tapChannel: Int
    let portUID: String
    let channel: Int
    let gain: Float
}
