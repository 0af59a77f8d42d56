import CRealtimeProbe
import Foundation
import JACKBackend
import MediaServer
import CoreMIDI
import Scenario
import SimCore
import Testing

extension JACKServerTests {
    /// Core MIDI out to JACK: an app's virtual destination and another app's virtual source are
    /// JACK MIDI output ports of `soundcheck`; what the keys app sends to the destination (and
    /// emits from its source) reaches a second JACK client with its bytes, on the JACK frame of
    /// each message's time stamp — the IO frame the device's audio plays at that time.
    @Suite("JACK MIDI out")
    struct JACKMIDIOutputTests {
        static let scenario = """
            scenario: jack-hears-core-midi
            description: A keys app plays to a sampler's virtual destination and from its own virtual source; JACK hears both.
            seed: 5
            duration: 2s
            exhaustive: false
            apps:
              Synth: { model: synth }
              Sampler: { model: virtual-sampler }
              Keys: { model: virtual-keys }
            steps:
              - { at: 0s, do: launch, app: Synth }
              - { at: 0s, do: launch, app: Sampler }
              - { at: 0s, do: launch, app: Keys }
              - { at: 1s, do: play, app: Keys }
            """

        @Test("messages sent to a virtual destination and from a virtual source leave JACK with their bytes on their frames")
        func virtualEndpointsReachJACK() throws {
            let server = try DummyJACKServer()
            let received = ReceivedCount()
            var registry = ScenarioAppRegistry.standard
            registry.register(ScenarioAppModel(name: "virtual-sampler") { _, _ in VirtualSampler(received) })
            registry.register(ScenarioAppModel(name: "virtual-keys", commands: ["play"]) { _, _ in VirtualKeys() })
            let scenario = try Scenario.parse(Self.scenario, file: "jack-hears-core-midi.yaml", registry: registry)
            let monitor = try JACKMIDIReceiver(client: JACKClient(name: "monitor", server: server.name))
            let client = try JACKClient(name: "soundcheck", server: server.name)
            let playback = try JACKPlayback(client: client, freewheel: true, midi: true)
            defer { playback.close() }
            playback.onMIDIPortRegistered = { name in try? monitor.connect(from: "soundcheck:\(name)") }
            try client.activate()
            rt_probe_watch(client.processThread)
            let result = try ScenarioRunner(registry: registry).run(scenario, backend: playback)
            playback.finish(throughFrame: 2 * 48_000)
            let counts = rt_probe_stop()

            #expect(playback.failure == nil, "\(playback.failure?.description ?? "")")
            #expect(result.failures.isEmpty, "\(result.failureReport)")
            #expect(playback.midiOutputPorts == ["Sampler In (destination)", "Keys Out (source)"])
            #expect(playback.midiMessagesDropped == 0)
            #expect(counts.allocations == 0 && counts.locks == 0 && counts.writes == 0, "\(counts)")
            #expect(received.count == 4, "the sampler still gets what was sent to it")
            // IO frame F plays at JACK frame start + F. The keys play at 1 s (IO frame 48 000, a
            // cycle boundary at 64 frames); time stamps 0.5, 1.234567 and 2 ms later are IO frames
            // 48 024, 48 059 and 48 096: offsets 24, 59 and 32 in their cycles.
            let start = playback.stats.startFrame
            let expected: [(Int64, [UInt8])] = [
                (48_000, [0x90, 0x3C, 0x64]),
                (48_024, [0xC0, 0x05]),
                (48_059, [0x80, 0x3C, 0x00]),
                (48_059, [0xB0, 0x07, 0x64]),
                (48_096, [0xF0, 0x7E, 0x7F, 0x06, 0x01, 0xF7]),
            ]
            let heard = monitor.messages
            #expect(heard == expected.map { JACKMIDIReceiver.Message(frame: start &+ UInt32($0.0), bytes: $0.1) },
                    "heard \(heard.map { "\($0.frame &- start): \($0.bytes)" })")
        }
    }
}

/// How many messages the sampler's virtual destination received.
final class ReceivedCount: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func add(_ count: Int) { lock.withLock { value += count } }
    var count: Int { lock.withLock { value } }
}

/// A sampler app: a virtual destination "Sampler In" that counts the messages reaching it.
/// Written against Core MIDI only.
final class VirtualSampler: ScenarioApp {
    var isPlaying: Bool { false }
    private var client = MIDIClientRef()
    private var destination = MIDIEndpointRef()

    init(_ received: ReceivedCount) {
        _ = MIDIClientCreateWithBlock("Sampler" as CFString, &client) { _ in }
        _ = MIDIDestinationCreateWithBlock(client, "Sampler In" as CFString, &destination) { list, _ in
            for packet in list.unsafeSequence() { received.add(MIDIMessageCounter.count(packet)) }
        }
    }

    func perform(_ command: String) {}
}

/// A keys app with a virtual source "Keys Out": on `play` it sends to "Sampler In" a note-on
/// now, a note-off with a volume change 1.234567 ms later (one packet) and a SysEx 2 ms later,
/// and emits a program change from its source 0.5 ms later. Written against Core MIDI only
/// (the clock is the simulated host's, as `mach_absolute_time` would be).
final class VirtualKeys: ScenarioApp {
    var isPlaying: Bool { false }
    private var client = MIDIClientRef()
    private var outputPort = MIDIPortRef()
    private var source = MIDIEndpointRef()

    init() {
        _ = MIDIClientCreateWithBlock("Keys" as CFString, &client) { _ in }
        _ = MIDIOutputPortCreate(client, "Keys Output" as CFString, &outputPort)
        _ = MIDISourceCreate(client, "Keys Out" as CFString, &source)
    }

    func perform(_ command: String) {
        guard let now = AppContext.current?.server.now.nanoseconds else { return }
        let host = MIDITimeStamp(now)
        let sampler = (0..<MIDIGetNumberOfDestinations()).map(MIDIGetDestination).first { name(of: $0) == "Sampler In" } ?? 0
        withPacketList([(0, [0x90, 0x3C, 0x64]), (host + 1_234_567, [0x80, 0x3C, 0x00, 0xB0, 0x07, 0x64]),
                        (host + 2_000_000, [0xF0, 0x7E, 0x7F, 0x06, 0x01, 0xF7])]) { _ = MIDISend(outputPort, sampler, $0) }
        withPacketList([(host + 500_000, [0xC0, 0x05])]) { _ = MIDIReceived(source, $0) }
    }

    private func withPacketList(_ packets: [(MIDITimeStamp, [UInt8])], _ body: (UnsafePointer<MIDIPacketList>) -> Void) {
        let size = 1024
        let raw = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 8)
        defer { raw.deallocate() }
        let list = raw.bindMemory(to: MIDIPacketList.self, capacity: 1)
        var packet = MIDIPacketListInit(list)
        for (time, bytes) in packets { packet = MIDIPacketListAdd(list, size, packet, time, bytes.count, bytes) }
        body(list)
    }

    private func name(of object: MIDIObjectRef) -> String {
        var name: Unmanaged<CFString>?
        guard MIDIObjectGetStringProperty(object, kMIDIPropertyName, &name) == noErr, let name else { return "" }
        return String(name.takeRetainedValue())
    }
}

/// Messages in a packet: one per status byte (running status is not used here).
enum MIDIMessageCounter {
    static func count(_ packet: UnsafePointer<MIDIPacket>) -> Int {
        let length = Int(packet.pointee.length)
        return withUnsafeBytes(of: packet.pointee.data) { data in data.prefix(length).filter { $0 >= 0x80 && $0 != 0xF7 }.count }
    }
}
