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
    /// The coupled outputs' mono mix as played (no delay or attenuation): the far end
    /// voice-processing units cancel.
    let played = EchoReference()
    private var maxFrames = 0

    init() { ring.initialize(to: 0) }

    deinit { ring.deallocate() }

    var isActive: Bool { !sources.isEmpty }

    /// Takes the paths for this cycle's layout and rate. A change starts the delay line from silence.
    func configure(sources: [Source], maxFrames: Int) {
        guard sources != self.sources || maxFrames > self.maxFrames else { return }
        self.sources = sources
        self.maxFrames = max(maxFrames, self.maxFrames)
        played.resize(toHold: 2 * self.maxFrames)
        resizeFrameRing(&ring, mask: &mask, toHold: 2 * self.maxFrames + (sources.map(\.delayFrames).max() ?? 0))
    }

    /// Render side: the echo reaching the microphone in this cycle's frames.
    func render(_ cycle: RenderClientCycle) {
        // The pointers are read into locals once: every IO cycle of every device with a built-in
        // mic passes here, and each read of a stored property is an exclusivity check when unoptimised.
        let output = cycle.output, ring = ring, mask = mask
        // At most two contiguous runs of the ring, each moved out and cleared in one go.
        let start = Int(truncatingIfNeeded: cycle.sampleTime) & mask
        let run = min(cycle.frames, mask + 1 - start)
        output.update(from: ring + start, count: run)
        (ring + start).update(repeating: 0, count: run)
        (output + run).update(from: ring, count: cycle.frames - run)
        ring.update(repeating: 0, count: cycle.frames - run)
    }

    /// Render side, after the engine rendered frames `[start, start + frames)`: schedules what the
    /// coupled outputs played into the ring, and mixes it down into `played`.
    /// A silent channel (`output` nil) adds nothing, and is skipped.
    func capture(frames: Int, start: Int64, output: (Int) -> UnsafeBufferPointer<Float>?) {
        let ring = ring, mask = mask   // once, as in `render`
        played.clear(frames: frames, at: start)
        let first = Int(truncatingIfNeeded: start)
        // Indexed: iterating the array with for-in allocates in a debug build (its iterator reads
        // through a coroutine there).
        for sourceIndex in 0..<sources.count {
            let source = sources[sourceIndex]
            let scale = 1 / Float(source.channels)
            let delayed = first + source.delayFrames
            for channel in source.firstChannel..<(source.firstChannel + source.channels) {
                guard let samples = output(channel) else { continue }
                played.add(samples, gain: scale, frames: frames, at: start)
                mixIntoFrameRing(ring, mask: mask, at: delayed, samples, scale, source.gain, frames: frames)
            }
        }
    }
}
