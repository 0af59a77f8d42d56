import CJACK
import CJACKProcess

/// A JACK client of ours that records its input ports by JACK frame: the second arm of the
/// two-arm test, and a way to check what another client really played.
public final class JACKCapture: @unchecked Sendable {
    public let client: JACKClient
    public private(set) var portNames: [String] = []
    let capture: OpaquePointer

    /// An active capture client with no ports yet, keeping up to `seconds` of audio per port.
    public init(client: JACKClient, seconds: Int) throws(JACKError) {
        self.client = client
        guard let capture = sc_capture_create(client.handle, Int64(seconds) * Int64(client.sampleRate)) else {
            throw JACKError("cannot record \(seconds) s")
        }
        self.capture = capture
        guard sc_capture_install(capture) == 0 else { throw JACKError("JACK refused the process callbacks of \(client.name)") }
        try client.activate()
    }

    /// Adds an input port `name` recording from now on, connected from `source` when given.
    public func addPort(_ name: String, from source: String? = nil) throws(JACKError) {
        guard portNames.count < Int(SC_MAX_PORTS) else { throw JACKError("a capture client records at most \(SC_MAX_PORTS) ports") }
        sc_capture_add_port(capture, Int32(portNames.count), try client.registerPort(name, isInput: true))
        portNames.append(name)
        if let source { try client.connect(source, to: "\(client.name):\(name)") }
    }

    deinit {
        client.close()
        sc_capture_destroy(capture)
    }

    /// Starts recording at the next cycle.
    public func arm() { sc_capture_arm(capture) }

    /// Its callbacks and timing; `lateCycles` counts cycles past the end of the window, and
    /// `skippedCycles` the times the window moved to a jump of JACK's frame clock (an xrun, the
    /// switch into freewheel) while everything recorded was silence.
    public var stats: JACKStats {
        var raw = sc_stats()
        sc_capture_stats(capture, &raw)
        return JACKStats(raw)
    }

    /// The JACK frame the recording starts at, and how many frames it spans so far.
    public var origin: UInt32 { sc_capture_origin(capture) }
    public var frameCount: Int { Int(sc_capture_frames(capture)) }

    /// Port `name`'s samples from JACK frame `first` on, `count` frames, nil where no callback
    /// recorded the frame (an xrun's gap) or outside the recording.
    public func samples(port name: String, fromJACKFrame first: UInt32, count: Int) -> [Float?] {
        guard let slot = portNames.firstIndex(of: name), let samples = sc_capture_samples(capture, Int32(slot)) else {
            return Array(repeating: nil, count: count)
        }
        let covered = sc_capture_covered(capture)!
        let start = Int(first &- origin), recorded = frameCount
        return (0..<count).map { index in
            let at = start + index
            return at >= 0 && at < recorded && covered[at] != 0 ? samples[at] : nil
        }
    }
}
