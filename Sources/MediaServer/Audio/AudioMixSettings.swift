import AudioGraph
import SimCore

/// Settings of the media server's mixer that Apple does not publish.
public struct AudioMixSettings: Sendable, Hashable {
    /// Gain applied to every voice of a ducked app. Apple does not document the amount; −20 dB
    /// (0.1) is a clear, audible dip that tests can tell from both full level and silence.
    public var duckedGain: Float = 0.1
    /// Sample-rate converter quality for voices whose source rate differs from the hardware's.
    public var conversionQuality: ConversionQuality = .standard
    /// Port sinks keep every sample (needed for tone checks) as well as the level envelope.
    public var captureSamples = true
    /// When set, output port sinks keep samples and levels only inside these intervals (scenario
    /// checks), so memory does not grow with the length of the run; input taps keep everything.
    public var captureWindows: [Range<HostTime>]?
    /// With capture windows: output port sinks also keep their level envelope over the whole run,
    /// with storage reserved up front for this long (the scenario's duration), so the report can
    /// draw every port channel's level without the steady cycle ever allocating.
    public var levelHorizon: HostDuration?
    /// Test hook: run IO cycles of exactly this many frames instead of the negotiated
    /// power-of-two size (to check block-size invariance at odd sizes such as 441).
    public var ioBufferFramesOverride: Int?

    public init() {}
}
