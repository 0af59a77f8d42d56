@testable import BuiltInChecks
@testable import Conformance
import MediaServer
import CoreMIDI
import SimCore
import Testing
import VirtualDevices

/// The radio model: idle disconnect, the receiver's clock, determinism (negotiation, packet size,
/// bandwidth and roles are built-in checks, `BLEMIDIChecks`).
@Suite struct BLELinkTests {
    @Test("MIDI-BLE-IDLE-DISCONNECT: a link without traffic and unused by apps closes after the idle timeout; one an app uses stays up")
    func idleDisconnect() throws {
        let idle = try MIDIBench()
        try idle.pairKeyboard()
        idle.run(until: .minutes(10))
        let closed = try #require(idle.lines(.bleDisconnected).first)
        #expect(closed.fields["reason"] == .string("idle"))
        #expect(closed.time == HostTime(nanoseconds: 500_000_000) + BLELinkSettings().idleTimeout)

        let used = try MIDIBench()
        let listener = MIDIListener(used)
        used.inApp { listener.start() }
        try used.pairKeyboard()
        try used.at(.seconds(1)) { used.inApp { listener.connectFirstSource() } }
        used.run(until: .minutes(12))
        #expect(used.lines(.bleDisconnected).isEmpty)
        // Once the app lets go, the link closes within one more timeout.
        used.inApp { listener.disconnectFirstSource() }
        used.run(until: .minutes(23))
        #expect(used.lines(.bleDisconnected).map { $0.fields["reason"] } == [.string("idle")])
    }

    @Test("MIDI-BLE-RECEIVER-TIME: received messages are stamped with their sender's time, not their arrival: spaced as sent (50 ms) to the millisecond while arrivals wander with the connection events and jitter, and never after arrival")
    func senderTimeReconstructed() throws {
        let device = try MIDIBench(seed: 9)
        let listener = MIDIListener(device)
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
            let device = try MIDIBench(seed: seed)
            let listener = MIDIListener(device)
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
