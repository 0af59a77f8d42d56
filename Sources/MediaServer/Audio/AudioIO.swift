import AudioGraph
import SimCore
import VirtualDevices

/// The media server's IO state: the render engine, the voices, the port sinks and the IO clock.
///
/// The IO clock counts frames at the hardware rate from time zero. A cycle covers frames
/// `[cycleStart, cycleStart + cycleFrames)` and is rendered by a server event at the instant its
/// last frame ends (host time of `cycleStart + cycleFrames`, rounded up), so every control change
/// made during the cycle lands at its exact frame (voice starts and stops, gain and pan ramps).
/// Route and policy state (who is audible, ducked, where outputs go) is sampled once per cycle,
/// at its start: a change takes effect at the next IO cycle.
struct AudioIO {
    var settings = AudioMixSettings()
    var engine: RenderEngine?
    var voices: [AudioVoice] = []
    var nextVoiceID = 1
    /// One per output port ever routed, plus one input tap per app reading input; in creation order.
    var sinks: [PortSink] = []
    var cycleStart: Int64 = 0
    var cycleFrames = 0
    /// Per-app mix decisions taken at the start of the current cycle.
    var mixes: [AppID: AppMix] = [:]
    /// Apps that read input, in the order they started.
    var inputReaders: [InputReader] = []
    /// The engine's output channels this cycle: output ports in device order, then input taps.
    var layout: [OutputSlot] = []
    /// Which input port channel each reading app hears this cycle, and at what gain.
    var readerTaps: [ReaderTap] = []

    var outputChannelCount: Int { layout.last.map { $0.firstChannel + $0.channels } ?? 0 }

    var sampleRate: SampleRate? { engine?.sampleRate }
    /// Frames per `render` call; longer cycles are rendered in pieces (identical output).
    static let maxRenderFrames = 4096
}

/// What one app's voices do this cycle.
struct AppMix {
    /// Policy gain: 0 when silent (inactive, interrupted, silenced), the ducked gain, or 1.
    var gain: Float
    /// The app's route outputs flattened (port after port), as engine output channel indices.
    var outputChannels: [Int]
    /// For each routed output port: its first engine channel and channel count.
    var ports: [String: (first: Int, count: Int)]
}

/// A run of engine output channels written to one sink.
struct OutputSlot {
    let uid: String
    let firstChannel: Int
    let channels: Int
}

/// One reading app's input this cycle.
struct ReaderTap {
    let tapChannel: Int
    let portUID: String
    let channel: Int
    let gain: Float
}

/// An app that reads input (a recorder): it hears the first channel of its route's first input
/// port unless it chose a channel.
struct InputReader {
    let app: AppID
    var assignment: ChannelAssignment?
}
