import MediaServer
import SimCore
import VirtualDevices

/// A simulated iPhone with one app, for driving Core MIDI code the way the scenario runner does.
final class MIDITestDevice {
    let server: AudioServer
    let app = AppID("MIDIApp")
    var binding: AppBinding { AppBinding(server: server, app: app) }

    init(seed: UInt64 = 1, platform: PlatformProfile = .default) throws {
        server = AudioServer(profile: try DeviceProfile.load("iphone"), platform: platform, seed: seed)
        server.register(app)
    }

    var radio: BLERadio { server.midi.radio }

    /// Runs app code now, in the app's context.
    func inApp<T>(_ body: () throws -> T) rethrows -> T { try AppContext.run(as: binding, body) }

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

    func lines(_ kind: String) -> [TraceEvent] { server.trace.events.filter { $0.kind == kind } }
}
