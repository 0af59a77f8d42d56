import Foundation

/// Connections: one source bus to one destination bus (or to several, a split), never several
/// sources into one bus. Misuse is recorded as Apple's exception and changes nothing.
extension AVAudioEngine {
    /// Bus 0 to bus 0; to a mixer (or an environment node), to its `nextAvailableInputBus`.
    public func connect(_ node1: AVAudioNode, to node2: AVAudioNode, format: AVAudioFormat?) {
        let bus = (node2 as? MixingDestinationHost)?.nextAvailableInputBus ?? 0
        connect(node1, to: node2, fromBus: 0, toBus: bus, format: format)
    }

    /// Connects `node1`'s output `bus1` to `node2`'s input `bus2`, breaking what either bus was
    /// connected to. A format is set on the source's output bus; the destination takes it.
    public func connect(_ node1: AVAudioNode, to node2: AVAudioNode, fromBus bus1: AVAudioNodeBus,
                        toBus bus2: AVAudioNodeBus, format: AVAudioFormat?) {
        guard validate(source: node1, bus: bus1, format: format), validate(destination: node2, bus: bus2),
              validate(format ?? node1.outputFormats[bus1], into: node2) else { return }
        breakOutputs(of: node1, bus: bus1)
        link(node1, bus1, to: node2, bus2, format: format)
        graphChanged()
    }

    /// Connects `sourceNode`'s output `sourceBus` to every point in `destNodes`; connections of
    /// that bus not in the list are broken.
    public func connect(_ sourceNode: AVAudioNode, to destNodes: [AVAudioConnectionPoint],
                        fromBus sourceBus: AVAudioNodeBus, format: AVAudioFormat?) {
        guard validate(source: sourceNode, bus: sourceBus, format: format) else { return }
        var points: [(node: AVAudioNode, bus: Int)] = []
        for point in destNodes {
            guard let node = point.node else { continue }
            let bus = point.bus
            guard validate(destination: node, bus: bus), validate(format ?? sourceNode.outputFormats[sourceBus], into: node) else { return }
            points.append((node, bus))
        }
        breakOutputs(of: sourceNode, bus: sourceBus)
        for point in points { link(sourceNode, sourceBus, to: point.node, point.bus, format: format) }
        graphChanged()
    }

    public func disconnectNodeInput(_ node: AVAudioNode, bus: AVAudioNodeBus) {
        guard node.inputConnections.indices.contains(bus) else { return }
        node.inputConnections[bus] = nil
        graphChanged()
    }

    public func disconnectNodeInput(_ node: AVAudioNode) {
        for bus in node.inputConnections.indices { node.inputConnections[bus] = nil }
        graphChanged()
    }

    public func disconnectNodeOutput(_ node: AVAudioNode, bus: AVAudioNodeBus) {
        breakOutputs(of: node, bus: bus)
        graphChanged()
    }

    public func disconnectNodeOutput(_ node: AVAudioNode) {
        for bus in 0..<node.numberOfOutputs { breakOutputs(of: node, bus: bus) }
        graphChanged()
    }

    /// Where `node`'s output `bus` goes, in the order the destinations were attached.
    public func outputConnectionPoints(for node: AVAudioNode, outputBus bus: AVAudioNodeBus) -> [AVAudioConnectionPoint] {
        outputConnections(of: node, bus: bus).map { AVAudioConnectionPoint(node: $0.node, bus: $0.bus) }
    }

    /// What feeds `node`'s input `bus`, or nil.
    public func inputConnectionPoint(for node: AVAudioNode, inputBus bus: AVAudioNodeBus) -> AVAudioConnectionPoint? {
        node.inputNode(bus).map { AVAudioConnectionPoint(node: $0.node, bus: $0.bus) }
    }

    // MARK: Helpers

    func outputConnections(of node: AVAudioNode, bus: Int) -> [(node: AVAudioNode, bus: Int)] {
        var result: [(node: AVAudioNode, bus: Int)] = []
        for destination in nodes {
            for input in destination.inputConnections.indices {
                if let point = destination.inputConnections[input], point.node === node, point.bus == bus {
                    result.append((destination, input))
                }
            }
        }
        return result
    }

    func isOutputConnected(_ node: AVAudioNode, bus: Int) -> Bool { !outputConnections(of: node, bus: bus).isEmpty }

    private func breakOutputs(of node: AVAudioNode, bus: Int) {
        for connection in outputConnections(of: node, bus: bus) { connection.node.inputConnections[connection.bus] = nil }
    }

    private func link(_ source: AVAudioNode, _ sourceBus: Int, to destination: AVAudioNode, _ bus: Int, format: AVAudioFormat?) {
        (destination as? MixingDestinationHost)?.ensureInputBus(bus)
        if let format { source.outputFormats[sourceBus] = format }
        destination.inputConnections[bus] = AVAudioConnectionPoint(node: source, bus: sourceBus)
        destination.inputFormats[bus] = source.outputFormats[sourceBus]
    }

    private func validate(source: AVAudioNode, bus: Int, format: AVAudioFormat?) -> Bool {
        guard source.engine === self else { exception("connect: the source node is not attached to this engine"); return false }
        guard (0..<source.numberOfOutputs).contains(bus) else {
            exception("connect: output bus \(bus) does not exist (node has \(source.numberOfOutputs))"); return false
        }
        if let format, !(format.isPCM && format.commonFormat == .pcmFormatFloat32 && format.sampleRate > 0 && format.channelCount > 0) {
            exception("connect: a connection format must be float PCM with a rate and channels"); return false
        }
        return true
    }

    /// An environment node spatializes mono inputs and passes stereo through; it takes nothing
    /// wider (AVAudioMixing.h).
    private func validate(_ format: AVAudioFormat, into destination: AVAudioNode) -> Bool {
        guard destination is AVAudioEnvironmentNode, format.channelCount > 2 else { return true }
        exception("connect: an environment node takes mono or stereo inputs, not \(format.channelCount) channels")
        return false
    }

    private func validate(destination: AVAudioNode, bus: Int) -> Bool {
        guard destination.engine === self else {
            exception("connect: the destination node is not attached to this engine"); return false
        }
        guard bus >= 0, destination is MixingDestinationHost || bus < destination.numberOfInputs else {
            exception("connect: input bus \(bus) does not exist (node has \(destination.numberOfInputs))"); return false
        }
        return true
    }
}
