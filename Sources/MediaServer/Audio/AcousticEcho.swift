import AudioGraph

/// The device's acoustic paths at the IO rate (`AcousticPath`): a delay line that turns what the
/// coupled built-in outputs play into what the built-in microphone hears.
///
/// It is an engine voice of its own (a render client with one channel) routed like a virtual
/// microphone source to every input tap and render-client input that listens to the built-in
/// microphone, so recorders and audio units reading input both get the echo, mixed with the
/// microphone's other sources by the engine. After each render the server hands it what the
/// outputs played (`capture`); it schedules that into a ring indexed by IO frame, one IO buffer
/// plus the path's delay later: the IO renders a buffer's output and reads the same buffer's
/// input at once, so sound played in one buffer can reach the microphone, at the earliest, in
/// the next (a device's output and input buffering), and that keeps the loop causal.
///
/// `configure` (control side, when the mix is sampled) may allocate; `render` and `capture`
/// allocate nothing.
final class AcousticEcho: RenderClient {
    /// One coupled output: its engine channels and its path at the current rate.
    struct Source: Equatable {
        let firstChannel: Int
        let channels: Int
        /// The path's own delay plus one IO buffer.
        let delayFrames: Int
        let gain: Float
    }

    private(set) var sources: [Source] = []
    private var ring = UnsafeMutablePointer<Float>.allocate(capacity: 1)
    private var mask = 0
    /// This cycle's mono mix of the coupled outputs as played (no delay or attenuation), valid
    /// after `capture`: the far end a voice processor cancels.
    private(set) var reference = UnsafeMutablePointer<Float>.allocate(capacity: 1)
    private var maxFrames = 0

    init() {
        ring.initialize(to: 0)
        reference.initialize(to: 0)
    }

    deinit {
        ring.deallocate()
        reference.deallocate()
    }

    var isActive: Bool { !sources.isEmpty }

    /// Takes the paths for this cycle's layout and rate. A change starts the delay line from silence.
    func configure(sources: [Source], maxFrames: Int) {
        if maxFrames > self.maxFrames {
            reference.deallocate()
            reference = .allocate(capacity: maxFrames)
            reference.initialize(repeating: 0, count: maxFrames)
            self.maxFrames = maxFrames
            self.sources = []
        }
        guard sources != self.sources else { return }
        self.sources = sources
        let span = 2 * maxFrames + (sources.map(\.delayFrames).max() ?? 0)
        var capacity = 1
        while capacity < span { capacity *= 2 }
        if capacity > mask + 1 {
            ring.deallocate()
            ring = .allocate(capacity: capacity)
            mask = capacity - 1
        }
        ring.initialize(repeating: 0, count: mask + 1)
    }

    /// Render side: the echo reaching the microphone in this cycle's frames.
    func render(_ cycle: RenderClientCycle) {
        // The pointers are read into locals once: every IO cycle of every device with a built-in
        // mic passes here, and each read of a stored property is an exclusivity check when unoptimised.
        let output = cycle.output, ring = ring, mask = mask
        let start = Int(truncatingIfNeeded: cycle.sampleTime)
        for index in 0..<cycle.frames {
            let slot = (start + index) & mask
            output[index] = ring[slot]
            ring[slot] = 0
        }
    }

    /// Render side, after the engine rendered frames `[start, start + frames)`: schedules what the
    /// coupled outputs played into the ring, and mixes it down into `reference`.
    func capture(frames: Int, start: Int64, output: (Int) -> UnsafeBufferPointer<Float>) {
        let reference = reference, ring = ring, mask = mask   // once, as in `render`
        reference.update(repeating: 0, count: frames)
        let first = Int(truncatingIfNeeded: start)
        for source in sources {
            let scale = 1 / Float(source.channels)
            let delayed = first + source.delayFrames
            for channel in source.firstChannel..<(source.firstChannel + source.channels) {
                let samples = output(channel)
                for index in 0..<frames {
                    let played = samples[index] * scale
                    reference[index] += played
                    ring[(delayed + index) & mask] += played * source.gain
                }
            }
        }
    }
}
