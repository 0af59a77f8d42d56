import Foundation
import MediaServer

/// `AVAudioSessionRouteDescription`: the ports a route uses, inputs and outputs.
open class AVAudioSessionRouteDescription: NSObject, @unchecked Sendable {
    public let inputs: [AVAudioSessionPortDescription]
    public let outputs: [AVAudioSessionPortDescription]

    /// `binding`: the app whose session read the route, so port choices reach its session.
    init(_ route: AudioRoute, binding: AppBinding?) {
        inputs = route.inputs.map { AVAudioSessionPortDescription($0, binding: binding) }
        outputs = route.outputs.map { AVAudioSessionPortDescription($0, binding: binding) }
    }

    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? AVAudioSessionRouteDescription else { return false }
        return inputs == other.inputs && outputs == other.outputs
    }

    public override var hash: Int { outputs.first?.hash ?? 0 }

    public override var description: String {
        "<AVAudioSessionRouteDescription: inputs = \(inputs); outputs = \(outputs)>"
    }
}
