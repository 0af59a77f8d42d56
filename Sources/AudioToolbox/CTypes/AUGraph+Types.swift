import CoreAudioTypes

// AUGraph.h's types as the iOS SDK imports them into Swift, with the raw values of Apple's
// header (generated from it; the tests in Tests/ check a sample of each family against the header).

public struct AUNodeRenderCallback {
    public var destNode: AUNode
    public var destInputNumber: AudioUnitElement
    public var cback: AURenderCallbackStruct
    public init() { self.destNode = 0; self.destInputNumber = 0; self.cback = AURenderCallbackStruct() }
    public init(destNode: AUNode, destInputNumber: AudioUnitElement, cback: AURenderCallbackStruct) {
        self.destNode = destNode
        self.destInputNumber = destInputNumber
        self.cback = cback
    }
}

public struct AudioUnitNodeConnection {
    public var sourceNode: AUNode
    public var sourceOutputNumber: UInt32
    public var destNode: AUNode
    public var destInputNumber: UInt32
    public init() { self.sourceNode = 0; self.sourceOutputNumber = 0; self.destNode = 0; self.destInputNumber = 0 }
    public init(sourceNode: AUNode, sourceOutputNumber: UInt32, destNode: AUNode, destInputNumber: UInt32) {
        self.sourceNode = sourceNode
        self.sourceOutputNumber = sourceOutputNumber
        self.destNode = destNode
        self.destInputNumber = destInputNumber
    }
}

public typealias AUNodeConnection = AudioUnitNodeConnection
