import Conformance
import MediaServer
import CoreMIDI
import SimCore
import VirtualDevices

/// A simulated device with MIDI apps, for driving Core MIDI code the way the scenario runner
/// does: app code runs in an app's context, peers act on the simulation clock.
final class MIDIBench {
    let server: AudioServer
    let app = AppID("MIDIApp")
    var binding: AppBinding { AppBinding(server: server, app: app) }

    init(seed: UInt64 = 1, platform: PlatformProfile = .default, profile: DeviceProfile? = nil) throws {
        server = AudioServer(profile: try profile ?? DeviceProfile.load("iphone"), platform: platform, seed: seed)
        server.register(app)
    }

    var radio: BLERadio { server.midi.radio }
    var midi: MIDIServer { server.midi }

    /// Runs app code now, in the app's context.
    func inApp<T>(_ body: () throws -> T) rethrows -> T { try AppContext.run(as: binding, body) }

    /// Runs code of another app (registered on first use) now.
    func inApp<T>(_ name: String, _ body: () throws -> T) rethrows -> T {
        let other = AppID(name)
        if other != app, !registered.contains(name) {
            server.register(other)
            registered.append(name)
        }
        return try AppContext.run(as: AppBinding(server: server, app: other), body)
    }
    private var registered: [String] = []

    func run(until time: HostDuration) { server.run(until: HostTime(nanoseconds: time.nanoseconds)) }

    /// At `time`, runs `body` (a peer's action) on the simulation clock.
    func at(_ time: HostDuration, _ body: @escaping () throws -> Void) throws {
        try server.schedule("test", at: HostTime(nanoseconds: time.nanoseconds)) { try? body() }
    }

    /// A keyboard advertises at 100 ms, is connected at 200 ms and paired at 500 ms (ready then).
    func pairKeyboard(_ name: String = "BLE Keys", attMTU: Int? = nil, interval: HostDuration? = nil) throws {
        try at(.milliseconds(100)) { try self.radio.advertise(peripheral: name, requestedInterval: interval, attMTU: attMTU) }
        try at(.milliseconds(200)) { try self.radio.connect(peripheral: name) }
        try at(.milliseconds(500)) { try self.radio.answerPairing(name, accept: true) }
    }

    /// The lines of one kind (`.midiWireReceived`), as written.
    func lines(_ kind: TraceKind) -> [TraceEvent] { server.trace.events.filter { TraceKind(rawValue: $0.kind) == kind } }
}

/// An app's input port on the first source: each message it received, with its timestamp and
/// when it arrived on the simulation clock.
final class MIDIListener {
    var messages: [(time: MIDITimeStamp, arrival: Int64, bytes: [UInt8])] = []
    var port = MIDIPortRef()
    var client = MIDIClientRef()
    let device: MIDIBench

    init(_ device: MIDIBench) { self.device = device }

    func start() {
        _ = MIDIClientCreateWithBlock("Listener" as CFString, &client, nil)
        _ = MIDIInputPortCreateWithBlock(client, "In" as CFString, &port) { [self] list, _ in
            for packet in list.unsafeSequence() {
                let length = Int(packet.pointee.length)
                messages.append((packet.pointee.timeStamp, device.server.now.nanoseconds,
                                 withUnsafeBytes(of: packet.pointee.data) { Array($0.prefix(length)) }))
            }
        }
    }

    func connectFirstSource() { _ = MIDIPortConnectSource(port, MIDIGetSource(0), nil) }
    func disconnectFirstSource() { _ = MIDIPortDisconnectSource(port, MIDIGetSource(0)) }
}
