import MediaServer
import OpenCoreMIDI
import SimCore
import Testing
import VirtualDevices

/// The radio model: negotiation, bandwidth and latency at connection events, idle disconnect,
/// roles, determinism.
@Suite struct BLELinkTests {
    /// Messages an app received from the keyboard, with their timestamps.
    final class Listener {
        var messages: [(time: MIDITimeStamp, arrival: Int64, bytes: [UInt8])] = []
        var port = MIDIPortRef()
        var client = MIDIClientRef()
        let device: MIDITestDevice

        init(_ device: MIDITestDevice) { self.device = device }

        func start() {
            _ = MIDIClientCreateWithBlock("Listener" as CFString, &client, nil)
            _ = MIDIInputPortCreateWithBlock(client, "In" as CFString, &port) { [self] list, _ in
                for packet in list.unsafeSequence() {
                    let length = Int(packet.pointee.length)
                    messages.append((packet.pointee.timeStamp, device.server.now.nanoseconds, withUnsafeBytes(of: packet.pointee.data) { Array($0.prefix(length)) }))
                }
            }
        }

        func connectFirstSource() { _ = MIDIPortConnectSource(port, MIDIGetSource(0), nil) }
        func disconnectFirstSource() { _ = MIDIPortDisconnectSource(port, MIDIGetSource(0)) }
    }

    @Test("MIDI-BLE-CONNECTION-INTERVAL: the interval is the peripheral's request clamped to 7.5…15 ms on the 1.25 ms grid")
    func intervalNegotiation() throws {
        let settings = BLELinkSettings()
        #expect(settings.negotiatedInterval(requested: .milliseconds(20)) == .milliseconds(15))
        #expect(settings.negotiatedInterval(requested: .milliseconds(8)) == .microseconds(8_750))
        #expect(settings.negotiatedInterval(requested: .milliseconds(5)) == .microseconds(7_500))
        let device = try MIDITestDevice()
        try device.pairKeyboard(interval: .microseconds(11_250))
        device.run(until: .seconds(1))
        #expect(device.radio.link(to: "BLE Keys")?.interval == .microseconds(11_250))
        #expect(device.lines("ble.connected").first?.fields["intervalUs"] == .int(11_250))
    }

    @Test("MIDI-BLE-PACKET-SIZE: packets are ATT_MTU − 3 bytes: 20 by default, 182 after an MTU exchange at 185, capped by the device")
    func packetSizeFollowsTheMTU() throws {
        #expect(BLELinkSettings().payloadSize(peerATTMTU: 23) == 20)
        #expect(BLELinkSettings().payloadSize(peerATTMTU: 185) == 182)
        #expect(BLELinkSettings().payloadSize(peerATTMTU: 517) == 182)
        let device = try MIDITestDevice()
        try device.pairKeyboard(attMTU: 185)
        device.run(until: .seconds(1))
        #expect(device.radio.link(to: "BLE Keys")?.payloadSize == 182)
        #expect(device.lines("ble.ready").first?.fields["attMTU"] == .int(185))
    }

    @Test("MIDI-BLE-BANDWIDTH: a burst larger than one connection event spreads over later events in order; a DIN-rate stream (3125 bytes/s) keeps its latency bounded")
    func bandwidthAndBurst() throws {
        let device = try MIDITestDevice(seed: 4)
        let listener = Listener(device)
        device.inApp { listener.start() }
        try device.pairKeyboard()
        try device.at(.seconds(1)) { device.inApp { listener.connectFirstSource() } }
        // 60 note-ons at once: 4 per 20-byte packet (timestamp + 3 bytes, header first), 4 packets per event.
        try device.at(.seconds(2)) {
            for note in 0..<60 { try device.radio.send(fromPeer: "BLE Keys", [0x90, UInt8(note), 100]) }
        }
        device.run(until: .seconds(3))
        #expect(listener.messages.map { $0.bytes[1] } == (0..<60).map(UInt8.init))
        let interval = try #require(device.radio.link(to: "BLE Keys")).interval
        let arrivals = listener.messages.map(\.arrival)
        let events = Set(arrivals.map { ($0 - 2_000_000_000) / interval.nanoseconds })
        #expect(events.count > 1, "one event cannot carry 60 messages of 20-byte packets")
        #expect(arrivals == arrivals.sorted())

        // One message every 960 µs for 2 s: 3125 bytes/s, DIN MIDI's full rate.
        listener.messages = []
        let start = Int64(4_000_000_000)
        for index in 0..<2_083 {
            try device.at(.nanoseconds(start + Int64(index) * 960_000)) {
                try device.radio.send(fromPeer: "BLE Keys", [0xB0, 0x01, UInt8(index % 128)])
            }
        }
        device.run(until: .seconds(7))
        #expect(listener.messages.count == 2_083)
        let worst = listener.messages.enumerated().map { index, message in message.arrival - (start + Int64(index) * 960_000) }.max() ?? 0
        let settings = device.radio.settings
        #expect(worst < interval.nanoseconds + settings.processingLatency.nanoseconds + settings.jitter.nanoseconds)
    }

    @Test("MIDI-BLE-IDLE-DISCONNECT: a link without traffic and unused by apps closes after the idle timeout; one an app uses stays up")
    func idleDisconnect() throws {
        let idle = try MIDITestDevice()
        try idle.pairKeyboard()
        idle.run(until: .minutes(10))
        let closed = try #require(idle.lines("ble.disconnected").first)
        #expect(closed.fields["reason"] == .string("idle"))
        #expect(closed.time == HostTime(nanoseconds: 500_000_000) + BLELinkSettings().idleTimeout)

        let used = try MIDITestDevice()
        let listener = Listener(used)
        used.inApp { listener.start() }
        try used.pairKeyboard()
        try used.at(.seconds(1)) { used.inApp { listener.connectFirstSource() } }
        used.run(until: .minutes(12))
        #expect(used.lines("ble.disconnected").isEmpty)
        // Once the app lets go, the link closes within one more timeout.
        used.inApp { listener.disconnectFirstSource() }
        used.run(until: .minutes(23))
        #expect(used.lines("ble.disconnected").map { $0.fields["reason"] } == [.string("idle")])
    }

    @Test("MIDI-BLE-GATT-UUIDS: the device advertises the MIDI service as a peripheral and a remote central connects; each link has one central and one peripheral")
    func deviceAsPeripheral() throws {
        let device = try MIDITestDevice()
        #expect(throws: BLERadioError.deviceNotAdvertising) { try device.radio.acceptConnection(fromCentral: "Mac") }
        device.radio.advertiseDevice(as: "iPhone MIDI")
        #expect(device.lines("ble.advertising").first?.fields["service"] == .string(BLEMIDIService.serviceUUID))
        try device.radio.acceptConnection(fromCentral: "Mac")
        #expect(device.radio.link(to: "Mac")?.localRole == .peripheral)
        // A central cannot be connected to as if it were a peripheral.
        #expect(throws: BLERadioError.wrongRole("Mac", is: .central)) { try device.radio.advertise(peripheral: "Mac") }
        try device.at(.milliseconds(100)) { try device.radio.answerPairing("Mac", accept: true) }
        device.run(until: .seconds(1))
        #expect(device.inApp { MIDIGetNumberOfSources() } == 1)
        #expect(device.lines("ble.ready").first?.fields["characteristic"] == .string(BLEMIDIService.characteristicUUID))
    }

    @Test("MIDI-BLE-RECEIVER-TIME: received messages are stamped with their sender's time, not their arrival: spaced as sent (50 ms) to the millisecond while arrivals wander with the connection events and jitter, and never after arrival")
    func senderTimeReconstructed() throws {
        let device = try MIDITestDevice(seed: 9)
        let listener = Listener(device)
        device.inApp { listener.start() }
        try device.pairKeyboard()
        try device.at(.seconds(1)) { device.inApp { listener.connectFirstSource() } }
        for index in 0..<200 {
            try device.at(.milliseconds(2_000 + 50 * Int64(index))) { try device.radio.send(fromPeer: "BLE Keys", [0x90, 60, 1]) }
        }
        device.run(until: .seconds(13))
        #expect(listener.messages.count == 200, "200 notes over 10 s: the 13-bit clock wraps once on the way")
        let stamps = listener.messages.map { Int64($0.time) }
        let arrivals = listener.messages.map(\.arrival)
        let stampSteps = zip(stamps.dropFirst(), stamps).map { $0 - $1 }
        let arrivalSteps = zip(arrivals.dropFirst(), arrivals).map { $0 - $1 }
        // The clock offset settles on the fastest packet within the first few; from then on:
        #expect(stampSteps.dropFirst(10).allSatisfy { abs($0 - 50_000_000) < 1_000_000 }, "\(stampSteps.dropFirst(10).min()!)…\(stampSteps.dropFirst(10).max()!) ns")
        #expect(arrivalSteps.contains { abs($0 - 50_000_000) > 2_000_000 }, "arrivals jitter by whole milliseconds")
        #expect(zip(stamps, arrivals).allSatisfy { $0 <= $1 })
    }

    @Test("Same seed, same link timing; another seed moves the jitter")
    func jitterIsSeeded() throws {
        func arrivals(seed: UInt64) throws -> [Int64] {
            let device = try MIDITestDevice(seed: seed)
            let listener = Listener(device)
            device.inApp { listener.start() }
            try device.pairKeyboard()
            try device.at(.seconds(1)) { device.inApp { listener.connectFirstSource() } }
            for index in 0..<20 {
                try device.at(.milliseconds(2_000 + 50 * Int64(index))) { try device.radio.send(fromPeer: "BLE Keys", [0x90, 60, 1]) }
            }
            device.run(until: .seconds(4))
            return listener.messages.map(\.arrival)
        }
        let first = try arrivals(seed: 1)
        #expect(first.count == 20)
        #expect(try arrivals(seed: 1) == first)
        #expect(try arrivals(seed: 2) != first)
    }
}
