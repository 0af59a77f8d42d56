import SimCore

/// What the audio hardware actually runs at for a route: the values apps read back as
/// `sampleRate`, `ioBufferDuration`, `input/outputNumberOfChannels`, `maximum…NumberOfChannels`
/// and `input/outputLatency` (setPreferredSampleRate/IOBufferDuration docs). Produced by `HardwareNegotiator.resolve`.
public struct HardwareSettings: Hashable, Sendable {
    /// Hertz.
    public var sampleRate: Int
    /// Frames per IO cycle, a power of two in the hardware's range.
    public var ioBufferFrames: Int
    /// `ioBufferFrames / sampleRate`, rounded to the nearest nanosecond (halves up).
    public var ioBufferDuration: HostDuration
    public var inputChannels: Int
    public var outputChannels: Int
    /// Sum of the channels of the routed ports in each direction.
    public var maximumInputChannels: Int
    public var maximumOutputChannels: Int
    /// The slowest routed port of each direction (`PortLatency`); zero with no port.
    public var inputLatency: HostDuration
    public var outputLatency: HostDuration

    public init(sampleRate: Int, ioBufferFrames: Int, ioBufferDuration: HostDuration, inputChannels: Int,
                outputChannels: Int, maximumInputChannels: Int, maximumOutputChannels: Int,
                inputLatency: HostDuration, outputLatency: HostDuration) {
        self.sampleRate = sampleRate
        self.ioBufferFrames = ioBufferFrames
        self.ioBufferDuration = ioBufferDuration
        self.inputChannels = inputChannels
        self.outputChannels = outputChannels
        self.maximumInputChannels = maximumInputChannels
        self.maximumOutputChannels = maximumOutputChannels
        self.inputLatency = inputLatency
        self.outputLatency = outputLatency
    }
}
