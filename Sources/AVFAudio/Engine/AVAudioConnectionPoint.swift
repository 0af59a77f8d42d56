import Foundation

/// `AVAudioConnectionPoint`: a node and one of its buses, as the end of a connection.
open class AVAudioConnectionPoint: NSObject, @unchecked Sendable {
    public private(set) weak var node: AVAudioNode?
    public let bus: AVAudioNodeBus

    public init(node: AVAudioNode, bus: AVAudioNodeBus) {
        self.node = node
        self.bus = bus
    }

    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? AVAudioConnectionPoint else { return false }
        return other.node === node && other.bus == bus
    }

    public override var hash: Int {
        var hasher = Hasher()
        hasher.combine(node.map(ObjectIdentifier.init))
        hasher.combine(bus)
        return hasher.finalize()
    }
}
