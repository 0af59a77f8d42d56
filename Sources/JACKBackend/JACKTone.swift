import CJACK
import CJACKProcess

/// A JACK client playing a sine on one output port: a known signal to connect to another
/// client's input (a device's microphone port) to check that it arrives, where and how loud.
public final class JACKTone: @unchecked Sendable {
    public let client: JACKClient
    /// The full name of the tone's output port ("client:out").
    public let portName: String
    private let tone: OpaquePointer

    /// An active client `client` playing `frequency` Hz at peak `amplitude` on its port `out`.
    public init(client: JACKClient, frequency: Double, amplitude: Float) throws(JACKError) {
        self.client = client
        let port = try client.registerPort("out", isInput: false)
        portName = "\(client.name):out"
        guard let tone = sc_tone_create(client.handle, port, frequency, amplitude) else { throw JACKError("out of memory for a tone") }
        self.tone = tone
        guard sc_tone_install(tone) == 0 else { throw JACKError("JACK refused the process callbacks of \(client.name)") }
        try client.activate()
    }

    deinit {
        client.close()
        sc_tone_destroy(tone)
    }

    /// Connects the tone to another client's input port (full name).
    public func connect(to destination: String) throws(JACKError) { try client.connect(portName, to: destination) }

    public var stats: JACKStats {
        var raw = sc_stats()
        sc_tone_stats(tone, &raw)
        return JACKStats(raw)
    }
}
