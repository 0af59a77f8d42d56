import Foundation

/// `AVAudioMixingDestination`: the mixing settings of one source on one mixer input bus, vended
/// by `destination(forMixer:bus:)`. Setting them changes that bus only. Setting the same
/// property on the source node afterwards applies to every destination again (the source's
/// value overrides), and the destination's values are lost when the connection is broken.
open class AVAudioMixingDestination: NSObject, AVAudioMixing, @unchecked Sendable {
    public let connectionPoint: AVAudioConnectionPoint
    private weak var source: AVAudioNode?

    init(source: AVAudioNode, connectionPoint: AVAudioConnectionPoint) {
        self.source = source
        self.connectionPoint = connectionPoint
    }

    private var host: MixingDestinationHost? { connectionPoint.node as? MixingDestinationHost }

    public var volume: Float {
        get { host?.destinationMixing(bus: connectionPoint.bus).volume ?? 1 }
        set { host?.overrideMixing(bus: connectionPoint.bus, volume: min(max(newValue, 0), 1)) }
    }

    public var pan: Float {
        get { host?.destinationMixing(bus: connectionPoint.bus).pan ?? 0 }
        set { host?.overrideMixing(bus: connectionPoint.bus, pan: min(max(newValue, -1), 1)) }
    }

    public func destination(forMixer mixer: AVAudioNode, bus: AVAudioNodeBus) -> AVAudioMixingDestination? {
        mixer === connectionPoint.node && bus == connectionPoint.bus ? self : nil
    }

    // The 3D settings are the source's: Apple keeps them per destination, the simulation per source.
    public var renderingAlgorithm: AVAudio3DMixingRenderingAlgorithm {
        get { source?.spatial.renderingAlgorithm ?? .equalPowerPanning } set { source?.spatial.renderingAlgorithm = newValue }
    }
    public var sourceMode: AVAudio3DMixingSourceMode {
        get { source?.spatial.sourceMode ?? .spatializeIfMono } set { source?.spatial.sourceMode = newValue }
    }
    public var pointSourceInHeadMode: AVAudio3DMixingPointSourceInHeadMode {
        get { source?.spatial.pointSourceInHeadMode ?? .mono } set { source?.spatial.pointSourceInHeadMode = newValue }
    }
    public var rate: Float { get { source?.spatial.rate ?? 1 } set { source?.spatial.rate = newValue } }
    public var reverbBlend: Float { get { source?.spatial.reverbBlend ?? 0 } set { source?.spatial.reverbBlend = newValue } }
    public var obstruction: Float { get { source?.spatial.obstruction ?? 0 } set { source?.spatial.obstruction = newValue } }
    public var occlusion: Float { get { source?.spatial.occlusion ?? 0 } set { source?.spatial.occlusion = newValue } }
    public var position: AVAudio3DPoint { get { source?.spatial.position ?? AVAudio3DPoint() } set { source?.spatial.position = newValue } }
}

extension AVAudioMixing where Self: AVAudioNode {
    /// The settings of this node's output on `mixer`'s input `bus`; nil unless this node's output
    /// feeds that bus directly.
    public func destination(forMixer mixer: AVAudioNode, bus: AVAudioNodeBus) -> AVAudioMixingDestination? {
        guard mixer is MixingDestinationHost, mixer.inputConnections.indices.contains(bus),
              let point = mixer.inputConnections[bus], point.node === self else { return nil }
        return AVAudioMixingDestination(source: self, connectionPoint: AVAudioConnectionPoint(node: mixer, bus: bus))
    }
}

/// One input bus's own settings: valid while the bus keeps the connection they were set on,
/// and for each property only while the source still has the value it had then (a source set
/// since overrides the destination). Setting the source to the value it already had is not
/// seen as a change here, where Apple would override the destination.
struct DestinationOverride {
    let connection: AVAudioConnectionPoint
    var volume: (value: Float, sourceValue: Float)?
    var pan: (value: Float, sourceValue: Float)?
}

/// A node whose input buses are mixing destinations (the mixer, the environment node).
protocol MixingDestinationHost: AVAudioNode {
    var overrides: [DestinationOverride?] { get set }
    var nextAvailableInputBus: AVAudioNodeBus { get }
}

extension MixingDestinationHost {
    /// The first input bus with nothing connected to it (`nextAvailableInputBus`).
    var firstFreeInputBus: AVAudioNodeBus {
        inputConnections.firstIndex { $0 == nil } ?? inputConnections.count
    }

    /// Mixing nodes have as many input buses as are used: connecting to a new one adds it.
    func ensureInputBus(_ bus: Int) {
        while inputFormats.count <= bus {
            inputFormats.append(.engineDefault)
            inputConnections.append(nil)
        }
    }

    /// Per connected input bus, its rate converter to the output rate (a `previous` one kept when
    /// it still fits) and its channel routing onto the output. Control side.
    func inputStages(previous: [RateBridge?], maximumFrames: Int) -> (bridges: [RateBridge?], routings: [ChannelRouting?]) {
        let output = outputFormat(forBus: 0)
        let bridges = inputConnections.indices.map { bus -> RateBridge? in
            guard inputConnections[bus] != nil else { return nil }
            let input = inputFormats[bus]
            let channels = Int(input.channelCount)
            if let bridge = previous.indices.contains(bus) ? previous[bus] : nil,
               bridge.matches(channelCount: channels, from: input.sampleRate, to: output.sampleRate) { return bridge }
            return RateBridge(channelCount: channels, from: input.sampleRate, to: output.sampleRate, maximumFrames: maximumFrames)
        }
        let routings = inputConnections.indices.map { bus in
            inputConnections[bus] == nil ? nil : ChannelRouting(from: inputFormats[bus], to: output)
        }
        return (bridges, routings)
    }

    /// The volume and pan bus `bus` mixes at: its own where they hold, else its source's.
    /// Render side: no allocation.
    func destinationMixing(bus: Int) -> (volume: Float, pan: Float) {
        guard inputConnections.indices.contains(bus), let point = inputConnections[bus], let source = point.node else { return (1, 0) }
        var volume = source.mixingVolume, pan = source.mixingPan
        if bus < overrides.count, let override = overrides[bus], override.connection === point {
            if let own = override.volume, own.sourceValue == volume { volume = own.value }
            if let own = override.pan, own.sourceValue == pan { pan = own.value }
        }
        return (volume, pan)
    }

    func overrideMixing(bus: Int, volume: Float? = nil, pan: Float? = nil) {
        guard inputConnections.indices.contains(bus), let point = inputConnections[bus], let source = point.node else { return }
        while overrides.count <= bus { overrides.append(nil) }
        var override = overrides[bus].flatMap { $0.connection === point ? $0 : nil } ?? DestinationOverride(connection: point)
        if let volume { override.volume = (volume, source.mixingVolume) }
        if let pan { override.pan = (pan, source.mixingPan) }
        overrides[bus] = override
    }
}
