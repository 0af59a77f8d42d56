import BLEMIDI
import Testing

/// The receiver's side of the timestamps: messages placed on the host clock keep their sender's
/// spacing instead of the link's jitter, across the 8.192 s wrap and long silences.
@Suite("BLE-MIDI clock reconstruction")
struct BLEMIDIClockReconstructorTests {
    static let millisecond: UInt64 = 1_000_000

    @Test("messages of one packet sit before its arrival by their timestamp distance, across the 13-bit wrap")
    func withinPacket() {
        var clock = BLEMIDIClockReconstructor()
        clock.receivePacket(arrival: 100 * Self.millisecond, latestTimestamp: 3)
        #expect(clock.hostTime(of: 3) == 100 * Self.millisecond)
        #expect(clock.hostTime(of: 8190) == 95 * Self.millisecond)  // 8190 -> 8191 -> 0 … 3 is 5 ms
    }

    @Test("with 2…12 ms of transit jitter and a sender clock 100 ppm slow, reconstructed times stay within 2 ms of a steady latency for 60 s")
    func jitterAndDrift() {
        var clock = BLEMIDIClockReconstructor()
        var errors: [Int64] = []
        // A packet every 15 ms of host time carrying messages sent 10 ms and 0 ms before it left.
        for packet in 0..<4000 {
            let sendHost = UInt64(1_000 + packet * 15) * Self.millisecond
            let senderTime = { (host: UInt64) -> UInt16 in UInt16((host / 1000 * 9999 / 10_000 / 1000 + 7000) % 8192) }
            let jitter = UInt64(2 + (packet * 7919) % 11) * Self.millisecond
            let latest = senderTime(sendHost)
            clock.receivePacket(arrival: sendHost + jitter, latestTimestamp: latest)
            #expect(clock.hostTime(of: latest) <= sendHost + jitter, "never after the packet's arrival")
            if packet >= 100 {
                errors.append(Int64(clock.hostTime(of: senderTime(sendHost - 10 * Self.millisecond))) - Int64(sendHost - 10 * Self.millisecond))
                errors.append(Int64(clock.hostTime(of: latest)) - Int64(sendHost))
            }
        }
        let spread = errors.max()! - errors.min()!
        #expect(spread <= 2 * Int64(Self.millisecond), "reconstruction error spread \(spread) ns against 10 ms of arrival jitter")
        #expect(errors.allSatisfy { $0 >= 0 && $0 <= 5 * Int64(Self.millisecond) }, "about the 2 ms minimum transit, never in the past of the send")
    }

    @Test("after 20 s of silence (more than two wraps) the sender time is unwrapped by the host time that passed")
    func longSilence() {
        var clock = BLEMIDIClockReconstructor()
        clock.receivePacket(arrival: 1_000 * Self.millisecond, latestTimestamp: 100)
        clock.receivePacket(arrival: 21_000 * Self.millisecond + 500_000, latestTimestamp: UInt16((100 + 20_000) % 8192))
        let placed = Int64(clock.hostTime(of: UInt16((100 + 20_000) % 8192)))
        // 0.5 ms more transit than the first packet; a wrong unwrap would be 8192 ms off.
        #expect(abs(placed - 21_000 * Int64(Self.millisecond)) <= Int64(Self.millisecond), "placed at \(placed) ns")
    }
}
