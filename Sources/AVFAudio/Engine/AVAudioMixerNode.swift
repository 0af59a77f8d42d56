import AudioGraph
import Foundation

/// `AVAudioMixerNode`: mixes any number of inputs, at any rate and channel count, into one
/// output. Each input is converted to the output rate (libsoxr) and mapped onto the output
/// channels, at the volume and pan its source node carries (`AVAudioMixing`).
public final class AVAudioMixerNode: AVAudioNode, AVAudioMixing, MixingDestinationHost, @unchecked Sendable {
    /// 0 … 1, default 1: the gain of the mix.
    public var outputVolume: Float = 1 { didSet { outputVolume = min(max(outputVolume, 0), 1) } }
    private var mixing = MixingSettings()
    public var volume: Float { get { mixing.volume } set { mixing.volume = newValue } }
    public var pan: Float { get { mixing.pan } set { mixing.pan = newValue } }
    override var mixingVolume: Float { mixing.volume }
    override var mixingPan: Float { mixing.pan }

    /// Per input bus, the settings made through `destination(forMixer:bus:)`.
    var overrides: [DestinationOverride?] = []
    private var bridges: [RateBridge?] = []
    private var routings: [ChannelRouting?] = []

    public init() {
        super.init(inputs: 1, outputs: 1)
    }

    public override func name(forInputBus bus: AVAudioNodeBus) -> String? {
        bus >= 0 ? "Input \(bus)" : nil
    }

    /// The first input bus with nothing connected to it.
    public var nextAvailableInputBus: AVAudioNodeBus { firstFreeInputBus }

    override func prepareRender(maximumFrames: Int) {
        super.prepareRender(maximumFrames: maximumFrames)
        (bridges, routings) = inputStages(previous: bridges, maximumFrames: maximumFrames)
    }

    override func render(into output: RenderBuffer, frames: Int, serial: Int, serials: RenderSerials) {
        output.clear(frames: frames)
        for bus in 0..<min(bridges.count, routings.count) {
            guard let bridge = bridges[bus], let routing = routings[bus], let (source, _) = inputNode(bus) else { continue }
            let channels = bridge.pull(source, frames: frames, serial: serial, serials: serials)
            let mixing = destinationMixing(bus: bus)
            routing.accumulate(channels, into: output.channels, frames: frames, volume: mixing.volume, pan: mixing.pan)
        }
        if outputVolume != 1 {
            for channel in 0..<output.channelCount { MixKernel.scale(output.channels[channel], by: outputVolume, frames: frames) }
        }
    }
}
