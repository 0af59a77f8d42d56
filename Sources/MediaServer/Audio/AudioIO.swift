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
