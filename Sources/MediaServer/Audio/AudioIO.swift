import AudioGraph
import SimCore
import VirtualDevices

/// The media server's IO state: the render engine, the voices, the port sinks and the IO clock.
///
/// The IO clock (`IOClock`) counts frames at the hardware rate from time zero, and goes on
/// counting when the IO restarts at another rate. A cycle covers frames
/// `[cycleStart, cycleStart + cycleFrames)` and is rendered by a server event at the instant its
/// last frame ends (host time of `cycleStart + cycleFrames`, rounded up), so every control change
/// made during the cycle lands at its exact frame (voice starts and stops, gain and pan ramps).
/// Route and policy state (who is audible, ducked, where outputs go) is sampled once per cycle,
/// at its start: a change takes effect at the next IO cycle. It is sampled again only when the
/// policy changed (`MediaPolicy.generation`), so a steady cycle allocates nothing.
struct AudioIO {
    var settings = AudioMixSettings()
    /// The watches each new sink carries (a scenario's audio checks).
    var watchPlan: SinkWatchPlan?
    var engine: RenderEngine?
    /// Set when IO starts; a new segment per restart at another rate.
    var clock: IOClock?
    /// The policy generation the mix snapshot and IO format were taken at.
    var sampledGeneration = -1
    /// A removed voice still in the program: recompile once it has played out.
    var programDirty = false
    /// The IO cycle's scheduler action, made once (a new closure per cycle would allocate).
    var cycleAction: (() -> Void)?
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
    /// A real audio server playing the ports too (JACK), fed every rendered piece (AudioServer+IOBackend).
    var backend: (any IOBackend)?
    /// Input port channels a real audio server captures (`AudioServer.feedInput`), in the order given.
    var hardwareInputs: [(portUID: String, channel: Int, client: RenderClient)] = []
    /// The engine output channel each render client reading input gets it from, this cycle.
    var clientInputChannels: [VoiceID: Int] = [:]
    /// Who hears about each render client's IO changing, in the order they were added.
    var clientObservers: [(voice: VoiceID, app: AppID, observe: (RenderClientEvent) -> Void)] = []
    /// The speaker's and receiver's sound reaching the built-in microphone (AudioServer+AcousticPath).
    let acousticEcho = AcousticEcho()

    var outputChannelCount: Int { layout.last.map { $0.firstChannel + $0.channels } ?? 0 }

    /// The least frames per `render` call. The engine is made for the largest IO buffer the
    /// hardware allows (`AudioServer.renderSliceFrames`), so a whole cycle is one `render`: a
    /// render client is called once per IO buffer, as iOS calls a RemoteIO render callback.
    static let maxRenderFrames = 4096
}
