import CoreAudioTypes

public typealias AUGraph = OpaquePointer
public typealias AUNode = Int32

/// An AUGraph (deprecated by Apple in favour of AVAudioEngine, still what many apps ship): nodes
/// (components, instantiated by `AUGraphOpen`), connections and input callbacks (applied by
/// `AUGraphInitialize`, and by `AUGraphUpdate` on a running graph), and one output node that
/// `AUGraphStart` starts.
final class AudioUnitGraph {
    struct Node {
        let id: AUNode
        let description: AudioComponentDescription
        var unit: AudioUnit?
    }

    struct Connection: Equatable {
        let source: AUNode
        let sourceBus: UInt32
        let destination: AUNode
        let destinationBus: UInt32
    }

    struct InputCallback {
        let node: AUNode
        let bus: UInt32
        let callback: AURenderCallbackStruct
    }

    var nodes: [Node] = []
    var connections: [Connection] = []
    var callbacks: [InputCallback] = []
    var isOpen = false
    var isInitialized = false
    var isRunning = false
    private var nextID: AUNode = 1

    func index(of node: AUNode) throws(AUError) -> Int {
        guard let index = nodes.firstIndex(where: { $0.id == node }) else { throw AUError(kAUGraphErr_NodeNotFound) }
        return index
    }

    var outputNode: Node? { nodes.first { $0.description.componentType == kAudioUnitType_Output } }

    func add(_ description: AudioComponentDescription) throws(AUError) -> AUNode {
        var search = description
        guard let component = AudioComponentFindNext(nil, &search) else { throw AUError(kAUGraphErr_InvalidAudioUnit) }
        if description.componentType == kAudioUnitType_Output, outputNode != nil { throw AUError(kAUGraphErr_OutputNodeErr) }
        var node = Node(id: nextID, description: description, unit: nil)
        nextID += 1
        if isOpen { node.unit = try instantiate(component) }
        nodes.append(node)
        return node.id
    }

    func remove(_ node: AUNode) throws(AUError) {
        let index = try index(of: node)
        if let unit = nodes[index].unit { _ = AudioComponentInstanceDispose(unit) }
        nodes.remove(at: index)
        connections.removeAll { $0.source == node || $0.destination == node }
        callbacks.removeAll { $0.node == node }
    }

    func open() throws(AUError) {
        guard !isOpen else { return }
        for index in nodes.indices where nodes[index].unit == nil {
            var search = nodes[index].description
            guard let component = AudioComponentFindNext(nil, &search) else { throw AUError(kAUGraphErr_InvalidAudioUnit) }
            nodes[index].unit = try instantiate(component)
        }
        isOpen = true
    }

    private func instantiate(_ component: AudioComponent) throws(AUError) -> AudioUnit {
        var unit: AudioUnit?
        let status = AudioComponentInstanceNew(component, &unit)
        guard status == 0, let unit else { throw AUError(status) }
        return unit
    }

    func connect(_ connection: Connection) throws(AUError) {
        _ = try index(of: connection.source)
        _ = try index(of: connection.destination)
        guard connection.source != connection.destination else { throw AUError(kAUGraphErr_InvalidConnection) }
        // One source per input: a new connection or callback replaces the old.
        connections.removeAll { $0.destination == connection.destination && $0.destinationBus == connection.destinationBus }
        callbacks.removeAll { $0.node == connection.destination && $0.bus == connection.destinationBus }
        connections.append(connection)
    }

    func setCallback(_ callback: InputCallback) throws(AUError) {
        _ = try index(of: callback.node)
        connections.removeAll { $0.destination == callback.node && $0.destinationBus == callback.bus }
        callbacks.removeAll { $0.node == callback.node && $0.bus == callback.bus }
        callbacks.append(callback)
    }

    func disconnect(_ node: AUNode, _ bus: UInt32) throws(AUError) {
        _ = try index(of: node)
        connections.removeAll { $0.destination == node && $0.destinationBus == bus }
        callbacks.removeAll { $0.node == node && $0.bus == bus }
    }

    /// Opens if needed, applies every connection and callback, initializes every unit.
    func initialize() throws(AUError) {
        guard !isInitialized else { return }
        try open()
        try applyInteractions()
        for node in nodes {
            guard let unit = node.unit else { continue }
            let status = AudioUnitInitialize(unit)
            guard status == 0 else { throw AUError(status) }
        }
        isInitialized = true
    }

    /// Sets each destination's MakeConnection or SetRenderCallback property, sources first, so a
    /// format a connection brings is in place before the unit it feeds passes it on.
    func applyInteractions() throws(AUError) {
        for connection in orderedConnections() {
            let source = nodes[try index(of: connection.source)].unit
            let destination = nodes[try index(of: connection.destination)].unit
            guard let destination else { continue }
            var value = AudioUnitConnection(sourceAudioUnit: source, sourceOutputNumber: connection.sourceBus,
                                            destInputNumber: connection.destinationBus)
            let status = withUnsafeMutablePointer(to: &value) {
                AudioUnitSetProperty(destination, kAudioUnitProperty_MakeConnection, kAudioUnitScope_Input,
                                     connection.destinationBus, $0, UInt32(MemoryLayout<AudioUnitConnection>.size))
            }
            guard status == 0 else { throw AUError(status == kAudioUnitErr_FormatNotSupported ? status : kAUGraphErr_InvalidConnection) }
        }
        for entry in callbacks {
            guard let unit = nodes[try index(of: entry.node)].unit else { continue }
            var callback = entry.callback
            let status = withUnsafeMutablePointer(to: &callback) {
                AudioUnitSetProperty(unit, kAudioUnitProperty_SetRenderCallback, kAudioUnitScope_Input, entry.bus, $0,
                                     UInt32(MemoryLayout<AURenderCallbackStruct>.size))
            }
            guard status == 0 else { throw AUError(status) }
        }
    }

    /// Connections whose source has no connection into it first, and so on down the graph.
    private func orderedConnections() -> [Connection] {
        var remaining = connections
        var ordered: [Connection] = []
        var placed = Set<AUNode>(nodes.map(\.id).filter { node in !connections.contains { $0.destination == node } })
        while !remaining.isEmpty {
            guard let next = remaining.firstIndex(where: { placed.contains($0.source) }) else {
                ordered += remaining   // a cycle: the units will refuse it
                break
            }
            let connection = remaining.remove(at: next)
            ordered.append(connection)
            if !remaining.contains(where: { $0.destination == connection.destination }) { placed.insert(connection.destination) }
        }
        return ordered
    }

    func uninitialize() {
        stop()
        for node in nodes { if let unit = node.unit { _ = AudioUnitUninitialize(unit) } }
        isInitialized = false
    }

    func start() throws(AUError) {
        guard isInitialized else { throw .uninitialized }
        guard let unit = outputNode?.unit else { throw AUError(kAUGraphErr_OutputNodeErr) }
        let status = AudioOutputUnitStart(unit)
        guard status == 0 else { throw AUError(status) }
        isRunning = true
    }

    func stop() {
        guard isRunning, let unit = outputNode?.unit else { return }
        _ = AudioOutputUnitStop(unit)
        isRunning = false
    }

    func close() {
        uninitialize()
        for index in nodes.indices {
            if let unit = nodes[index].unit { _ = AudioComponentInstanceDispose(unit) }
            nodes[index].unit = nil
        }
        isOpen = false
    }
}
