/// Numbers the pulls of one engine: a node renders once per serial, so the destinations of a
/// split share one render, while a rate converter, which pulls its input in chunks of its own,
/// takes a fresh serial for every chunk.
final class RenderSerials {
    private var last = 0
    /// The host time of the device IO cycle being rendered (nil when rendering manually).
    var cycleHostTime: UInt64?

    func fresh() -> Int {
        last &+= 1
        return last
    }
}
