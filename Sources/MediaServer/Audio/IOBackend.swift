import AudioGraph
import SimCore

/// A real audio server that plays the device's ports as well as the port sinks (JACK): the seam
/// between the simulated IO cycle and real hardware.
///
/// The backend decides the hardware format of the run (its server's rate and period): the device
/// defaults to that rate and runs IO cycles of exactly that many frames. Every rendered piece of
/// every IO cycle is handed to `ioRendered`, on the simulation thread, in frame order; a backend
/// that plays in real time paces the simulation by blocking there while its buffer is full.
public protocol IOBackend: AnyObject {
    /// The server's sample rate in hertz.
    var sampleRate: Int { get }
    /// The server's frames per cycle.
    var periodFrames: Int { get }
    /// The server the simulation runs on, once, before anything is rendered.
    func attach(to server: AudioServer)
    /// One rendered piece of an IO cycle. Called with no allocation; must not keep `output`.
    func ioRendered(_ output: IOCycleOutput)
}

/// What one rendered piece of an IO cycle put on each output port: a view of the render engine's
/// output buffers, valid only during `IOBackend.ioRendered`.
public struct IOCycleOutput {
    /// The IO frame (`IOClock`) of the piece's first frame.
    public let firstFrame: Int64
    public let frameCount: Int
    public let sampleRate: SampleRate
    let engine: RenderEngine
    let slots: [OutputSlot]

    /// Output ports and apps' input taps this cycle, in device order.
    public var slotCount: Int { slots.count }
    public func portUID(slot: Int) -> String { slots[slot].uid }
    public func channelCount(slot: Int) -> Int { slots[slot].channels }
    /// An app's input tap (what it records), not an output port.
    public func isInputTap(slot: Int) -> Bool { slots[slot].isInputTap }
    /// Channel `channel` (zero-based) of slot `slot`: `frameCount` samples.
    public func samples(slot: Int, channel: Int) -> UnsafeBufferPointer<Float> {
        engine.output(channel: slots[slot].firstChannel + channel, frames: frameCount)
    }
}
