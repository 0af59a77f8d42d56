import CJACK
import CJACKProcess
import Foundation

/// A client of a running JACK server. It never starts a server (a missing one is an error, not a
/// surprise daemon), takes exactly the name it asks for, and closes itself when released.
public final class JACKClient: @unchecked Sendable {
    let handle: OpaquePointer
    public let name: String
    /// The server asked for (nil: `$JACK_DEFAULT_SERVER`, else JACK's "default").
    public let serverName: String?

    /// How long opening may take before the server is declared unresponsive.
    public static let openTimeout: Duration = .seconds(10)

    public init(name: String, server: String? = nil) throws(JACKError) {
        self.name = name
        serverName = server
        let opened = Self.open(name: name, server: server)
        guard let handle = opened.handle else { throw Self.openError(opened.status, name: name, server: server) }
        self.handle = handle
    }

    private var isClosed = false
    private var registered: [OpaquePointer] = []

    deinit { close() }

    /// How long leaving may take. Closing waits for the server's answer, and a dummy server on a
    /// loaded 2-core machine was seen never to give it: a test run hung 20 minutes inside
    /// `jack_client_close`. After this the close goes on, on its own thread, and the caller
    /// carries on; what the client held goes when the server does.
    public static let closeTimeout: Duration = .seconds(10)

    /// Leaves the server: our callbacks stop and our ports go away. Idempotent.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        final class Handle: @unchecked Sendable {
            let client: OpaquePointer
            let ports: [OpaquePointer]
            init(_ client: OpaquePointer, _ ports: [OpaquePointer]) { (self.client, self.ports) = (client, ports) }
        }
        let closing = Handle(handle, registered)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            // jackd 1.9.21 keeps ports registered while it freewheeled in the graph after their
            // client closes (the next run's ports then clash); unregistering them first removes them.
            for port in closing.ports { jack_port_unregister(closing.client, port) }
            jack_client_close(closing.client)
            done.signal()
        }
        _ = done.wait(timeout: .now() + Double(Self.closeTimeout.components.seconds))
    }

    /// The server's sample rate in hertz and its frames per period.
    public var sampleRate: Int { Int(jack_get_sample_rate(handle)) }
    public var periodFrames: Int { Int(jack_get_buffer_size(handle)) }

    /// The server name as people and `JACK_DEFAULT_SERVER` spell it.
    public var serverDisplayName: String {
        serverName ?? ProcessInfo.processInfo.environment["JACK_DEFAULT_SERVER"] ?? "default"
    }

    /// Registers an audio (or `type`) port `name` (short name; the full name is "client:name").
    func registerPort(_ short: String, isInput: Bool, type: String = JACK_DEFAULT_AUDIO_TYPE) throws(JACKError) -> OpaquePointer {
        let flags = UInt(isInput ? JackPortIsInput.rawValue : JackPortIsOutput.rawValue)
        // A client of this name that just closed may leave its ports in the graph for a few
        // cycles (the server drops them at a cycle boundary): give them a moment to go.
        var waited = 0
        while jack_port_by_name(handle, "\(name):\(short)") != nil && waited < 200 {
            usleep(10_000)
            waited += 1
        }
        guard let port = jack_port_register(handle, short, type, flags, 0) else {
            if jack_port_by_name(handle, "\(name):\(short)") != nil {
                throw JACKError("the JACK port \(name):\(short) already exists (a port-name clash); the run stops")
            }
            throw JACKError("JACK refused to register the port \(name):\(short) (name too long, or the server is out of ports)")
        }
        registered.append(port)
        return port
    }

    /// The thread JACK runs our process callback on (valid once active).
    public var processThread: pthread_t { jack_client_thread_id(handle) }

    public func activate() throws(JACKError) {
        guard jack_activate(handle) == 0 else { throw JACKError("JACK refused to activate the client \(name)") }
    }

    public func deactivate() { if !isClosed { jack_deactivate(handle) } }

    /// Full names of the ports matching a regular expression (nil: all) with these flags.
    public func ports(matching pattern: String? = nil, flags: JackPortFlags) -> [String] {
        guard let list = jack_get_ports(handle, pattern, JACK_DEFAULT_AUDIO_TYPE, UInt(flags.rawValue)) else { return [] }
        defer { jack_free(UnsafeMutableRawPointer(mutating: list)) }
        var names: [String] = []
        var index = 0
        while let entry = list[index] {
            names.append(String(cString: entry))
            index += 1
        }
        return names
    }

    /// The server's physical playback ports (what a device's outputs play to) and capture ports.
    public var physicalPlaybackPorts: [String] { ports(flags: JackPortFlags(JackPortIsPhysical.rawValue | JackPortIsInput.rawValue)) }
    public var physicalCapturePorts: [String] { ports(flags: JackPortFlags(JackPortIsPhysical.rawValue | JackPortIsOutput.rawValue)) }

    /// The first alias of a port (ALSA ports carry the card's name there), if any.
    public func alias(of port: String) -> String? {
        guard let handlePort = jack_port_by_name(handle, port) else { return nil }
        let size = Int(jack_port_name_size())
        let first = UnsafeMutablePointer<CChar>.allocate(capacity: size), second = UnsafeMutablePointer<CChar>.allocate(capacity: size)
        defer { first.deallocate(); second.deallocate() }
        first[0] = 0
        second[0] = 0
        var aliases: [UnsafeMutablePointer<CChar>?] = [first, second]
        let count = aliases.withUnsafeMutableBufferPointer { jack_port_get_aliases(handlePort, $0.baseAddress) }
        return count > 0 ? String(cString: first) : nil
    }

    public func connect(_ source: String, to destination: String) throws(JACKError) {
        let status = jack_connect(handle, source, destination)
        guard status == 0 || status == EEXIST else { throw JACKError("JACK could not connect \(source) to \(destination)") }
    }

    public func setFreewheel(_ on: Bool) throws(JACKError) {
        guard jack_set_freewheel(handle, on ? 1 : 0) == 0 else { throw JACKError("JACK refused to \(on ? "start" : "stop") freewheeling") }
    }

    // MARK: Opening

    /// Opens on another thread so that a server that accepts the socket but never answers is
    /// reported after `openTimeout` instead of hanging the run.
    private static func open(name: String, server: String?) -> (handle: OpaquePointer?, status: UInt32) {
        final class Box: @unchecked Sendable {
            var handle: OpaquePointer?
            var status: UInt32 = 0
        }
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            var status = jack_status_t(0)
            box.handle = sc_client_open(name, server, &status)
            box.status = status.rawValue
            done.signal()
        }
        let seconds = Double(openTimeout.components.seconds)
        guard done.wait(timeout: .now() + seconds) == .success else {
            return (nil, JackServerError.rawValue | 0x8000_0000)
        }
        return (box.handle, box.status)
    }

    private static func serverAnswers(_ server: String?) -> Bool {
        let probe = open(name: "soundcheck-probe-\(ProcessInfo.processInfo.processIdentifier)", server: server)
        guard let handle = probe.handle else { return false }
        jack_client_close(handle)
        return true
    }

    private static func openError(_ status: UInt32, name: String, server: String?) -> JACKError {
        let serverText = server.map { "the JACK server '\($0)'" }
            ?? ProcessInfo.processInfo.environment["JACK_DEFAULT_SERVER"].map { "the JACK server '\($0)' (JACK_DEFAULT_SERVER)" }
            ?? "the default JACK server"
        if status & 0x8000_0000 != 0 {
            return JACKError("\(serverText) did not answer within \(openTimeout.components.seconds) s")
        }
        // jackd2 answers a taken name with JackServerError alone: a second client under a
        // unique name tells a name clash from a missing server.
        if status & JackNameNotUnique.rawValue != 0 || (status & JackServerError.rawValue != 0 && serverAnswers(server)) {
            return JACKError("a JACK client named '\(name)' is already connected to \(serverText): pass --client-name")
        }
        if status & (JackServerFailed.rawValue | JackServerError.rawValue) != 0 {
            return JACKError("\(serverText) is not running (start one with `Tools/jack start`, or `jackd -d alsa` for real hardware)")
        }
        if status & JackVersionError.rawValue != 0 {
            return JACKError("\(serverText) speaks another protocol version than this libjack \(JACKLibrary.version)")
        }
        return JACKError("\(serverText) refused the client '\(name)' (jack_status_t 0x\(String(status, radix: 16)))")
    }
}
