/// What one app's voices do this cycle.
struct AppMix {
    /// Policy gain: 0 when silent (inactive, interrupted, silenced), the ducked gain, or 1.
    var gain: Float
    /// The app's route outputs flattened (port after port), as engine output channel indices.
    var outputChannels: [Int]
    /// For each routed output port: its first engine channel and channel count.
    var ports: [String: (first: Int, count: Int)]
}
