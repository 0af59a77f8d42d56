import Foundation
import MediaServer
import SimCore

/// `AVAudioEngine`: a graph of audio nodes rendered by pulling from the output node.
///
/// On the device, the output node sits on a RemoteIO unit of the app whose code made the engine:
/// `start()` starts the app's I/O through the session policy, and the device's IO cycle pulls the
/// graph once per IO buffer. In manual rendering mode the app pulls instead (`renderOffline`,
/// `manualRenderingBlock`), and the same pull produces the same samples. When the hardware's
/// rate or channel count changes the engine stops and posts `AVAudioEngineConfigurationChange`;
/// after a media-services reset an engine made before it is a zombie that no longer renders.
open class AVAudioEngine: NSObject, @unchecked Sendable {
    let binding: AppBinding?
    let epoch: Int
    /// Attached nodes in the order they were attached (the render and delivery order).
    private(set) var nodes: [AVAudioNode] = []
    private var createdOutputNode: AVAudioOutputNode?
    private var createdInputNode: AVAudioInputNode?
    private var createdMainMixer: AVAudioMixerNode?

    public var musicSequence: MusicSequence?
    /// Accepted and kept; the simulated engine never shuts itself down for idleness.
    public var isAutoShutdownEnabled = false
    public internal(set) var isRunning = false
    var isPrepared = false

    /// Set while the engine renders in manual rendering mode.
    var manual: ManualRendering?
    let serials = RenderSerials()
    /// Frames per pull the nodes' buffers are sized for.
    var maximumRenderFrames = AVAudioEngine.deviceMaximumFrames
    var voiceProcessing = VoiceProcessingSettings()
    /// The device side while running on the device (AVAudioEngine+Device.swift).
    var device: EngineDevice?
    /// The device frame at which the engine started: IO buffers that began before it are silent.
    var deviceStartFrame: Int64 = 0
    /// Nodes pulled every render pass besides the output node: sinks and tapped nodes that
    /// nothing downstream pulls.
    private var extraRoots: [AVAudioNode] = []
    /// Sequencers playing into this engine: each queues its events before a render pass.
    var sequencers: [WeakSequencer] = []
    /// Called after each render pass's deliveries (AVMIDIPlayer's end of file).
    var afterDelivery: [() -> Void] = []

    /// The most frames the device asks for in one IO cycle.
    static let deviceMaximumFrames = 4096

    public override init() {
        binding = AppContext.current
        epoch = binding?.server.epoch ?? 0
        super.init()
    }

    /// An engine released while running stops its I/O (its unit would otherwise call back into
    /// freed memory).
    deinit { stopDevice() }

    /// True once a media-services reset happened after the engine was made.
    var isZombie: Bool { binding.map { $0.server.epoch != epoch } ?? false }

    // MARK: Nodes

    public var attachedNodes: Set<AVAudioNode> { Set(nodes) }

    /// Takes `node` into the engine. A node belongs to one engine at a time.
    public func attach(_ node: AVAudioNode) {
        if node.engine === self { return }
        guard node.engine == nil else { return exception("attach: the node is attached to another engine") }
        node.engine = self
        nodes.append(node)
        if isPrepared { node.prepareRender(maximumFrames: maximumRenderFrames) }
    }

    /// Disconnects `node` from everything, then removes it.
    public func detach(_ node: AVAudioNode) {
        guard node.engine === self else { return exception("detach: the node is not attached to this engine") }
        disconnectNodeInput(node)
        disconnectNodeOutput(node)
        nodes.removeAll { $0 === node }
        node.engine = nil
        graphChanged()
    }

    /// The engine's output to the device, made on first use.
    public var outputNode: AVAudioOutputNode {
        if let createdOutputNode { return createdOutputNode }
        let node = AVAudioOutputNode(format: ioFormat(input: false))
        createdOutputNode = node
        attach(node)
        return node
    }

    /// The engine's input from the device, made on first use.
    public var inputNode: AVAudioInputNode {
        if let createdInputNode { return createdInputNode }
        let node = AVAudioInputNode(format: ioFormat(input: true))
        createdInputNode = node
        attach(node)
        return node
    }

    /// A mixer made on first use and connected to the output node in the output's format.
    public var mainMixerNode: AVAudioMixerNode {
        if let createdMainMixer { return createdMainMixer }
        let mixer = AVAudioMixerNode()
        createdMainMixer = mixer
        attach(mixer)
        connect(mixer, to: outputNode, format: outputNode.outputFormat(forBus: 0))
        return mixer
    }

    var hasInputNode: Bool { createdInputNode != nil }
    var mainMixerIfMade: AVAudioMixerNode? { createdMainMixer }

    // MARK: Running

    /// Allocates what rendering needs, so that `start()` is quick.
    public func prepare() {
        guard !isZombie else { return }
        if createdOutputNode == nil, manual == nil { _ = outputNode }
        propagateFormats()
        for node in nodes { node.prepareRender(maximumFrames: maximumRenderFrames) }
        extraRoots = nodes.filter { node in
            node is AVAudioSinkNode || (node.taps.contains { $0 != nil } && !isOutputConnected(node, bus: 0))
        }
        isPrepared = true
    }

    /// Starts rendering: on the device, starts the app's I/O through the session (failing with
    /// its errors, e.g. `cannotStartPlaying` from the background); in manual rendering mode,
    /// only prepares. Calls `prepare()` first if needed.
    public func start() throws {
        if isRunning { return }
        guard !isZombie else {
            throw AVAudioSession.error(.mediaServicesFailed, "the engine was made before a media-services reset")
        }
        prepare()
        if manual == nil { try startDevice() }
        isRunning = true
    }

    /// Stops rendering and keeps the prepared resources.
    public func pause() {
        guard isRunning else { return }
        stopDevice()
        isRunning = false
    }

    /// Stops rendering and releases the prepared resources; players keep their schedule.
    public func stop() {
        pause()
        isPrepared = false
        for node in nodes { node.resetRenderTimeline() }
    }

    /// Clears every node (reverb and delay tails, players' schedules) and, in manual rendering
    /// mode, moves the render timeline back to sample time 0.
    public func reset() {
        for node in nodes { node.reset() }
        if manual != nil {
            manual?.sampleTime = 0
            for node in nodes { node.resetRenderTimeline() }
        }
    }

    /// Rendering happens (nodes report `lastRenderTime`).
    var isRendering: Bool { isRunning }

    // MARK: Render pass

    /// Renders the graph's next `frames` frames (at most `maximumRenderFrames`) and returns the
    /// output node's channels. Pulls the sinks and tapped side chains too.
    func renderPass(_ frames: Int) -> UnsafeMutablePointer<UnsafeMutablePointer<Float>> {
        let serial = serials.fresh()
        for index in sequencers.indices { sequencers[index].sequencer?.renderWillPull(frames, hostTime: serials.cycleHostTime) }
        let channels = outputNode.pull(frames, serial: serial, serials: serials)
        for index in extraRoots.indices { _ = extraRoots[index].pull(frames, serial: serial, serials: serials) }
        return channels
    }

    /// Hands the app what the last passes left for it: tap buffers, completion handlers.
    func deliverPending() {
        deliverSequencerEvents()
        guard hasPendingDeliveries else { return }
        guard let binding else {
            for index in nodes.indices { nodes[index].deliverPending() }
            return
        }
        AppContext.run(as: binding) {
            for index in nodes.indices { nodes[index].deliverPending() }
        }
    }

    /// The sequencers' user events and end-of-file checks, in the app's context.
    private func deliverSequencerEvents() {
        guard !sequencers.isEmpty else { return }
        let run = { [self] in
            for index in sequencers.indices { sequencers[index].sequencer?.deliverAfterRender() }
            for index in afterDelivery.indices { afterDelivery[index]() }
        }
        if let binding { AppContext.run(as: binding, run) } else { run() }
    }

    private var hasPendingDeliveries: Bool {
        for index in nodes.indices where nodes[index].hasPendingDeliveries { return true }
        return false
    }

    // MARK: Formats

    /// The hardware format of the device side (or the manual rendering format for the output).
    func ioFormat(input: Bool) -> AVAudioFormat {
        if let manual, !input { return manual.format }
        guard let binding, !isZombie else { return input ? .engineInvalid : .engineDefault }
        let hardware = binding.server.hardware(for: binding.app)
        let channels = input ? hardware.inputChannels : hardware.outputChannels
        guard channels > 0, hardware.sampleRate > 0 else { return .engineInvalid }
        return AVAudioFormat.deviceFormat(sampleRate: Double(hardware.sampleRate), channels: channels)
    }

    /// The connections' formats changed: propagate them and re-prepare if rendering.
    func formatsChanged() { graphChanged() }

    func graphChanged() {
        propagateFormats()
        if isPrepared { prepare() }
    }

    /// Every input bus takes its source's output format; effects pass their input format on.
    /// Repeats until nothing changes (a chain settles in as many rounds as it is long).
    func propagateFormats() {
        var changed = true
        var rounds = 0
        while changed, rounds <= nodes.count {
            changed = false
            rounds += 1
            for node in nodes {
                for bus in node.inputConnections.indices {
                    guard let source = node.inputNode(bus) else { continue }
                    let format = source.node.outputFormat(forBus: source.bus)
                    if !node.inputFormats[bus].isEqual(format) {
                        node.inputFormats[bus] = format
                        changed = true
                    }
                    if bus == 0, node.outputFollowsInput, !node.outputFormats[0].isEqual(format) {
                        node.outputFormats[0] = format
                        changed = true
                    }
                }
            }
        }
    }

    /// The sum of the latencies downstream of `node` plus the device's output latency.
    func presentationLatency(downstreamOf node: AVAudioNode) -> TimeInterval {
        var latency = 0.0
        var current = node
        var seen = 0
        while let next = outputConnections(of: current, bus: 0).first, seen <= nodes.count {
            latency += next.node.latency
            current = next.node
            seen += 1
        }
        return latency + (current === createdOutputNode ? devicePresentationLatency(input: false) : 0)
    }

    func devicePresentationLatency(input: Bool) -> TimeInterval {
        guard manual == nil, let binding, !isZombie else { return 0 }
        let hardware = binding.server.hardware(for: binding.app)
        return Double((input ? hardware.inputLatency : hardware.outputLatency).nanoseconds) / 1e9
    }

    // MARK: Exceptions

    func exception(_ reason: String) { Self.recordException(reason, binding: binding) }

    /// Apple raises an NSException for misuse of the engine API; the bench records it in the
    /// trace (`engine.exception` with the rule) and leaves the engine as it was.
    static func recordException(_ reason: String, binding: AppBinding?) {
        binding?.server.recordObservation(.engineException, ["app": .string(binding?.app.name ?? ""), "reason": .string(reason)])
    }

    static func error(_ code: OSStatus, _ rule: String) -> NSError {
        NSError(domain: NSOSStatusErrorDomain, code: Int(code), userInfo: [NSLocalizedDescriptionKey: rule])
    }
}

extension AVAudioFormat {
    /// The format of the device's side of an IO node: deinterleaved float at the hardware rate,
    /// with a layout beyond two channels (so the format exists at all).
    static func deviceFormat(sampleRate: Double, channels: Int) -> AVAudioFormat {
        if let format = AVAudioFormat(standardFormatWithSampleRate: sampleRate, channels: AVAudioChannelCount(channels)) {
            return format
        }
        let tag = kAudioChannelLayoutTag_DiscreteInOrder | AudioChannelLayoutTag(channels)
        return AVAudioFormat(standardFormatWithSampleRate: sampleRate, channelLayout: AVAudioChannelLayout(layoutTag: tag)!)
    }
}
