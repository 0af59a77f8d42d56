import VirtualDevices

/// The device's acoustic paths at the IO rate (`AcousticPath`): a delay line that turns what the
/// coupled built-in outputs play into what the built-in microphone hears, added to the engine's
/// input-tap channels of the apps listening to that microphone.
///
/// `configure` (control side, when the mix is sampled) may allocate; `render` (each IO cycle)
/// allocates nothing. Echo is scheduled ahead into a ring: what the outputs play at frame n is
/// added at n + delay, so several paths with different delays share one ring.
final class AcousticEcho {
    /// One coupled output: its engine channels and its path at the current rate.
    struct Source: Equatable {
        let firstChannel: Int
        let channels: Int
        let delayFrames: Int
        let gain: Float
    }

    /// An engine channel that hears the microphone (an input tap), at the reader's gain.
    struct Listener: Equatable {
        let channel: Int
        let gain: Float
    }

    private(set) var sources: [Source] = []
    private(set) var listeners: [Listener] = []
    private var ring = UnsafeMutablePointer<Float>.allocate(capacity: 1)
    private var mask = 0
    private var readIndex = 0
    /// This chunk's echo as it reaches the microphone.
    private(set) var echo = UnsafeMutablePointer<Float>.allocate(capacity: 1)
    /// This chunk's mono mix of the coupled outputs as played (no delay or attenuation): the far
    /// end a voice processor cancels.
    private(set) var reference = UnsafeMutablePointer<Float>.allocate(capacity: 1)
    private var maxFrames = 0

    init() {
        ring.initialize(to: 0)
    }

    deinit {
        ring.deallocate()
        echo.deallocate()
        reference.deallocate()
    }

    /// Takes the paths for this cycle's layout. A change of sources (route, rate) starts the
    /// delay line from silence; a change of listeners alone keeps it.
    func configure(sources: [Source], listeners: [Listener], maxFrames: Int) {
        self.listeners = listeners
        if maxFrames > self.maxFrames {
            for buffer in [echo, reference] { buffer.deallocate() }
            echo = .allocate(capacity: maxFrames)
            echo.initialize(repeating: 0, count: maxFrames)
            reference = .allocate(capacity: maxFrames)
            reference.initialize(repeating: 0, count: maxFrames)
            self.maxFrames = maxFrames
            self.sources = []
        }
        guard sources != self.sources else { return }
        self.sources = sources
        let span = maxFrames + (sources.map(\.delayFrames).max() ?? 0)
        var capacity = 1
        while capacity < span { capacity *= 2 }
        if capacity > mask + 1 {
            ring.deallocate()
            ring = .allocate(capacity: capacity)
            mask = capacity - 1
        }
        ring.initialize(repeating: 0, count: mask + 1)
        readIndex = 0
    }

    var isActive: Bool { !sources.isEmpty }

    /// Computes this chunk's `reference` and `echo` from the engine's output channels.
    func render(frames: Int, output: (Int) -> UnsafeBufferPointer<Float>) {
        reference.update(repeating: 0, count: frames)
        for source in sources {
            let scale = 1 / Float(source.channels)
            let start = readIndex + source.delayFrames
            for channel in source.firstChannel..<(source.firstChannel + source.channels) {
                let samples = output(channel)
                for index in 0..<frames {
                    let played = samples[index] * scale
                    reference[index] += played
                    ring[(start + index) & mask] += played * source.gain
                }
            }
        }
        for index in 0..<frames {
            echo[index] = ring[(readIndex + index) & mask]
            ring[(readIndex + index) & mask] = 0
        }
        readIndex = (readIndex + frames) & mask
    }
}
