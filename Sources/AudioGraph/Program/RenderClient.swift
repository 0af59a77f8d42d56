/// Code outside the engine that renders a voice itself: an app's audio unit render callback,
/// pulled by the device's IO cycle (the "device hook").
///
/// The engine calls `render` on the render side once per `RenderEngine.render`, which the media
/// server calls once per IO cycle with the whole IO buffer, as iOS calls RemoteIO's render
/// callback once per hardware buffer. The client must not allocate, lock or log there.
public protocol RenderClient: AnyObject {
    func render(_ cycle: RenderClientCycle)
}

/// What one call of a render client gets: where to write, what the input was, and when.
public struct RenderClientCycle {
    /// Frames to render: the IO buffer's frame count.
    public let frames: Int
    /// The IO clock's frame of the first frame (continues across rate changes; advances by
    /// exactly `frames` from one call to the next while the client stays attached).
    public let sampleTime: Int64
    /// The client's output channels, channel `c` at `output + c * stride`, cleared to silence.
    public let output: UnsafeMutablePointer<Float>
    public let outputChannels: Int
    public let stride: Int
    /// This cycle's input (one channel, `frames` long), already rendered; nil when the client
    /// asked for no input. Writable: a client that processes what it captures (voice
    /// processing) writes the result back, and when its app records through it
    /// (`AudioServer.addRenderClient(records:)`) that is what the recording keeps.
    public let input: UnsafeMutablePointer<Float>?

    /// Output channel `channel` as a buffer of `frames` samples.
    public func outputChannel(_ channel: Int) -> UnsafeMutableBufferPointer<Float> {
        UnsafeMutableBufferPointer(start: output + channel * stride, count: frames)
    }
}
