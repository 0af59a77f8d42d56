import CoreAudioTypes

// AUGraph.h. A dead or foreign graph handle is kAudio_ParamError; a node the graph does not
// have is kAUGraphErr_NodeNotFound (−10860).

func withGraph(_ graph: AUGraph, _ body: (AudioUnitGraph) throws(AUError) -> Void) -> OSStatus {
    guard let instance = ObjectHandle.resolve(graph, as: AudioUnitGraph.self) else { return kAudio_ParamError }
    return status { () throws(AUError) in try body(instance) }
}

public func NewAUGraph(_ outGraph: UnsafeMutablePointer<AUGraph?>) -> OSStatus {
    outGraph.pointee = ObjectHandle.make(for: AudioUnitGraph())
    return 0
}

/// Closes the graph (disposing its units) and frees it.
public func DisposeAUGraph(_ inGraph: AUGraph) -> OSStatus {
    let result = withGraph(inGraph) { graph in graph.close() }
    if result == 0 { _ = ObjectHandle.dispose(inGraph) }
    return result
}

public func AUGraphAddNode(_ inGraph: AUGraph, _ inDescription: UnsafePointer<AudioComponentDescription>,
                           _ outNode: UnsafeMutablePointer<AUNode>) -> OSStatus {
    withGraph(inGraph) { graph throws(AUError) in outNode.pointee = try graph.add(inDescription.pointee) }
}

public func AUGraphRemoveNode(_ inGraph: AUGraph, _ inNode: AUNode) -> OSStatus {
    withGraph(inGraph) { graph throws(AUError) in try graph.remove(inNode) }
}

public func AUGraphGetNodeCount(_ inGraph: AUGraph, _ outNumberOfNodes: UnsafeMutablePointer<UInt32>) -> OSStatus {
    withGraph(inGraph) { graph in outNumberOfNodes.pointee = UInt32(graph.nodes.count) }
}

public func AUGraphGetIndNode(_ inGraph: AUGraph, _ inIndex: UInt32, _ outNode: UnsafeMutablePointer<AUNode>) -> OSStatus {
    withGraph(inGraph) { graph throws(AUError) in
        guard Int(inIndex) < graph.nodes.count else { throw AUError(kAUGraphErr_NodeNotFound) }
        outNode.pointee = graph.nodes[Int(inIndex)].id
    }
}

/// The node's description and, once the graph is open, its audio unit (nil before).
public func AUGraphNodeInfo(_ inGraph: AUGraph, _ inNode: AUNode, _ outDescription: UnsafeMutablePointer<AudioComponentDescription>?,
                            _ outAudioUnit: UnsafeMutablePointer<AudioUnit?>?) -> OSStatus {
    withGraph(inGraph) { graph throws(AUError) in
        let node = graph.nodes[try graph.index(of: inNode)]
        outDescription?.pointee = node.description
        outAudioUnit?.pointee = node.unit
    }
}

public func AUGraphOpen(_ inGraph: AUGraph) -> OSStatus { withGraph(inGraph) { graph throws(AUError) in try graph.open() } }
public func AUGraphClose(_ inGraph: AUGraph) -> OSStatus { withGraph(inGraph) { graph in graph.close() } }
public func AUGraphInitialize(_ inGraph: AUGraph) -> OSStatus { withGraph(inGraph) { graph throws(AUError) in try graph.initialize() } }
public func AUGraphUninitialize(_ inGraph: AUGraph) -> OSStatus { withGraph(inGraph) { graph in graph.uninitialize() } }
public func AUGraphStart(_ inGraph: AUGraph) -> OSStatus { withGraph(inGraph) { graph throws(AUError) in try graph.start() } }
public func AUGraphStop(_ inGraph: AUGraph) -> OSStatus { withGraph(inGraph) { graph in graph.stop() } }

public func AUGraphConnectNodeInput(_ inGraph: AUGraph, _ inSourceNode: AUNode, _ inSourceOutputNumber: UInt32,
                                    _ inDestNode: AUNode, _ inDestInputNumber: UInt32) -> OSStatus {
    withGraph(inGraph) { graph throws(AUError) in
        try graph.connect(.init(source: inSourceNode, sourceBus: inSourceOutputNumber, destination: inDestNode,
                                destinationBus: inDestInputNumber))
    }
}

public func AUGraphSetNodeInputCallback(_ inGraph: AUGraph, _ inDestNode: AUNode, _ inDestInputNumber: UInt32,
                                        _ inInputCallback: UnsafePointer<AURenderCallbackStruct>) -> OSStatus {
    withGraph(inGraph) { graph throws(AUError) in
        try graph.setCallback(.init(node: inDestNode, bus: inDestInputNumber, callback: inInputCallback.pointee))
    }
}

public func AUGraphDisconnectNodeInput(_ inGraph: AUGraph, _ inDestNode: AUNode, _ inDestInputNumber: UInt32) -> OSStatus {
    withGraph(inGraph) { graph throws(AUError) in try graph.disconnect(inDestNode, inDestInputNumber) }
}

public func AUGraphClearConnections(_ inGraph: AUGraph) -> OSStatus {
    withGraph(inGraph) { graph in
        graph.connections.removeAll()
        graph.callbacks.removeAll()
    }
}

/// Applies edits made since `AUGraphInitialize` (synchronously here); `outIsUpdated` says so.
public func AUGraphUpdate(_ inGraph: AUGraph, _ outIsUpdated: UnsafeMutablePointer<DarwinBoolean>?) -> OSStatus {
    withGraph(inGraph) { graph throws(AUError) in
        if graph.isInitialized { try graph.applyInteractions() }
        outIsUpdated?.pointee = true
    }
}

public func AUGraphIsOpen(_ inGraph: AUGraph, _ outIsOpen: UnsafeMutablePointer<DarwinBoolean>) -> OSStatus {
    withGraph(inGraph) { graph in outIsOpen.pointee = DarwinBoolean(graph.isOpen) }
}

public func AUGraphIsInitialized(_ inGraph: AUGraph, _ outIsInitialized: UnsafeMutablePointer<DarwinBoolean>) -> OSStatus {
    withGraph(inGraph) { graph in outIsInitialized.pointee = DarwinBoolean(graph.isInitialized) }
}

/// Whether the graph's output unit runs (false once an interruption stopped it).
public func AUGraphIsRunning(_ inGraph: AUGraph, _ outIsRunning: UnsafeMutablePointer<DarwinBoolean>) -> OSStatus {
    withGraph(inGraph) { graph in
        let running = graph.outputNode?.unit.flatMap { AudioUnitHandle.resolve($0) as? RemoteIOUnit }?.isRunning ?? false
        outIsRunning.pointee = DarwinBoolean(graph.isRunning && running)
    }
}

/// Render notifications around each render of the graph: on its output unit.
public func AUGraphAddRenderNotify(_ inGraph: AUGraph, _ inCallback: @escaping AURenderCallback,
                                   _ inRefCon: UnsafeMutableRawPointer?) -> OSStatus {
    withGraph(inGraph) { graph throws(AUError) in
        guard let unit = graph.outputNode?.unit else { throw AUError(kAUGraphErr_OutputNodeErr) }
        let status = AudioUnitAddRenderNotify(unit, inCallback, inRefCon)
        guard status == 0 else { throw AUError(status) }
    }
}

public func AUGraphRemoveRenderNotify(_ inGraph: AUGraph, _ inCallback: @escaping AURenderCallback,
                                      _ inRefCon: UnsafeMutableRawPointer?) -> OSStatus {
    withGraph(inGraph) { graph throws(AUError) in
        guard let unit = graph.outputNode?.unit else { throw AUError(kAUGraphErr_OutputNodeErr) }
        let status = AudioUnitRemoveRenderNotify(unit, inCallback, inRefCon)
        guard status == 0 else { throw AUError(status) }
    }
}
