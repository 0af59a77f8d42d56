import Foundation

/// `AVAudioNode`: a block of an engine's graph with input and output buses.
///
/// Rendering is a pull: the output node asks its input for frames, each node asks its own inputs,
/// and so on up to the sources. A node renders its output once per pull serial into a buffer
/// allocated when the engine prepared, so a node feeding several destinations (a split)
/// renders once, and a steady render allocates nothing.
public class AVAudioNode: NSObject, @unchecked Sendable {
    /// The engine the node is attached to.
    public internal(set) weak var engine: AVAudioEngine?

    var inputFormats: [AVAudioFormat]
    var outputFormats: [AVAudioFormat]
    /// Per input bus: the node and bus feeding it.
    var inputConnections: [AVAudioConnectionPoint?]

    // Render state (engine-prepared).
    /// Bus 0's rendered samples; nil until the engine prepares the node.
    var output: RenderBuffer?
    private var renderedSerial = -1
    /// The node time (output frames) of the next frame to render.
    var nodeFrames: Int64 = 0
    /// The node time and host time of the last render's first frame.
    var lastRender: (sampleTime: Int64, hostTime: UInt64?)?
    /// One tap per output bus (AVAudioNode+Tap.swift).
    var taps: [NodeTap?]

    init(inputs: Int, outputs: Int, format: AVAudioFormat = .engineDefault) {
        inputFormats = Array(repeating: format, count: inputs)
        outputFormats = Array(repeating: format, count: outputs)
        inputConnections = Array(repeating: nil, count: inputs)
        taps = Array(repeating: nil, count: outputs)
        super.init()
    }

    public var numberOfInputs: Int { inputFormats.count }
    public var numberOfOutputs: Int { outputFormats.count }

    /// The format of input bus `bus`: what the connection feeding it delivers.
    public func inputFormat(forBus bus: AVAudioNodeBus) -> AVAudioFormat {
        inputFormats.indices.contains(bus) ? inputFormats[bus] : .engineInvalid
    }

    /// The format of output bus `bus`.
    public func outputFormat(forBus bus: AVAudioNodeBus) -> AVAudioFormat {
        outputFormats.indices.contains(bus) ? outputFormats[bus] : .engineInvalid
    }

    /// Nil for the nodes that do not name their buses (all but the mixers' inputs).
    public func name(forInputBus bus: AVAudioNodeBus) -> String? { nil }
    public func name(forOutputBus bus: AVAudioNodeBus) -> String? { nil }

    /// The time of the last render's first frame (node sample time and, on the device, host
    /// time); nil while the engine is not running or the node is not connected to it.
    public var lastRenderTime: AVAudioTime? {
        guard let engine, engine.isRendering, let lastRender else { return nil }
        let rate = outputFormats.first?.sampleRate ?? inputFormats.first?.sampleRate ?? 0
        if let host = lastRender.hostTime { return AVAudioTime(hostTime: host, sampleTime: lastRender.sampleTime, atRate: rate) }
        return AVAudioTime(sampleTime: lastRender.sampleTime, atRate: rate)
    }

    /// Seconds of processing delay the node adds (0 for all but effects that report one).
    public var latency: TimeInterval { 0 }

    /// Seconds until what this node renders now is heard: the latency of the nodes downstream
    /// to the output node plus the output's presentation latency.
    public var outputPresentationLatency: TimeInterval {
        guard let engine else { return 0 }
        return engine.presentationLatency(downstreamOf: self)
    }

    /// Clears the node's state (delay lines, reverb tails, scheduled audio of a player).
    public func reset() {}

    // MARK: Render side

    /// Renders output bus 0's next `frames` frames unless this serial already did, and returns
    /// its channels. The caller holds the engine's render lock (one pull at a time).
    final func pull(_ frames: Int, serial: Int, serials: RenderSerials) -> UnsafeMutablePointer<UnsafeMutablePointer<Float>> {
        guard let output else { return RenderBuffer.silence.channels }
        if serial != renderedSerial {
            renderedSerial = serial
            lastRender = (nodeFrames, serials.cycleHostTime)
            render(into: output, frames: frames, serial: serial, serials: serials)
            if !taps.isEmpty, let tap = taps[0] { tap.capture(output.channels, frames: frames, at: nodeFrames) }
            nodeFrames += Int64(frames)
        }
        return output.channels
    }

    /// Writes the node's next `frames` frames into `output`. The default is silence.
    func render(into output: RenderBuffer, frames: Int, serial: Int, serials: RenderSerials) {
        output.clear(frames: frames)
    }

    /// The node feeding input bus `bus`, or nil when it is not connected.
    final func inputNode(_ bus: Int) -> (node: AVAudioNode, bus: Int)? {
        guard inputConnections.indices.contains(bus), let point = inputConnections[bus], let node = point.node else { return nil }
        return (node, point.bus)
    }

    // MARK: Control side

    /// Allocates what rendering `maximumFrames` per pull needs. Subclasses add their own.
    func prepareRender(maximumFrames: Int) {
        let channels = Int(outputFormats.first?.channelCount ?? 0)
        if output?.fits(channelCount: channels, frames: maximumFrames) != true {
            output = RenderBuffer(channelCount: channels, capacity: maximumFrames)
        }
        for tap in taps { tap?.prepare() }
    }

    /// Forgets render positions (the engine stopped or restarts its timeline).
    func resetRenderTimeline() {
        nodeFrames = 0
        lastRender = nil
        renderedSerial = -1
    }

    /// Delivers what the last render left for the app (tap blocks, completion handlers).
    /// Whether the last passes left something for the app.
    var hasPendingDeliveries: Bool {
        for index in taps.indices where taps[index]?.hasWaiting == true { return true }
        return false
    }

    /// Index loops here and on the render path: a for-in over an array allocates an iterator in
    /// unoptimised builds, which the allocation test would (rightly) catch.
    func deliverPending() {
        for index in taps.indices { taps[index]?.deliver() }
    }

    /// The volume and pan this node carries to the mixers it feeds (`AVAudioMixing`); unity for
    /// nodes that do not mix.
    var mixingVolume: Float { 1 }
    var mixingPan: Float { 0 }
    /// Where the node sits for an environment node it feeds (`AVAudio3DMixing`, for the adopters).
    var spatial = SpatialSettings()

    /// Whether the node's output follows its input format (effects): connecting its input
    /// sets its output format too.
    var outputFollowsInput: Bool { false }
}

extension AVAudioFormat {
    /// A node's format before it is connected: 44.1 kHz stereo float, as Apple's nodes report.
    static let engineDefault = AVAudioFormat(standardFormatWithSampleRate: 44_100, channels: 2)!
    /// What a bus that does not exist reports: 0 Hz, 0 channels.
    static var engineInvalid: AVAudioFormat {
        var description = AudioStreamBasicDescription()
        description.mFormatID = kAudioFormatLinearPCM
        return AVAudioFormat(validated: description, layout: nil)
    }
}

extension RenderBuffer {
        /// What an unprepared node yields: silence, never written to.
    static let silence = RenderBuffer(channelCount: 16, capacity: AVAudioEngine.deviceMaximumFrames)
}
