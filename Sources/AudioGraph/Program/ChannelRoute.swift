/// One source channel of a voice feeding one output channel of the device.
public struct ChannelRoute: Hashable, Sendable {
    public var sourceChannel: Int
    /// Index into the flattened output channels of the route (port after port, in route order).
    public var outputChannel: Int
    /// A fixed gain (downmix factors); ducking and voice gain are applied elsewhere.
    public var gain: Float
    public var side: PanLaw.Side

    public init(sourceChannel: Int, outputChannel: Int, gain: Float = 1, side: PanLaw.Side = .centre) {
        self.sourceChannel = sourceChannel
        self.outputChannel = outputChannel
        self.gain = gain
        self.side = side
    }
}
