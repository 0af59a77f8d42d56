import AirPlayRAOP
import Foundation
import Glibc
import Testing

/// The real AirPlay 1 sender against a real receiver: Debian's shairport-sync on the loopback
/// interface, writing what it plays to a file. What comes out must be what was sent, sample for
/// sample, once aligned (the receiver adds its own lead-in of silence, and plays the first nine
/// packets after a flush as silence).
@Suite("RAOP loopback", .serialized,
       .enabled(if: ShairportReceiver.installed, "shairport-sync or dbus-daemon is not installed (Tools/bootstrap installs them); the AirPlay sender cannot be checked against a receiver"))
struct RAOPLoopbackTests {
    static let sampleRate = 44_100

    /// Seconds of stereo noise from a fixed seed: no stretch of it repeats, so alignment is unambiguous.
    static func signal(seconds: Int) -> [Int16] {
        var state: UInt32 = 0x2545_F491
        return (0..<(seconds * sampleRate * 2)).map { _ in
            state ^= state << 13
            state ^= state >> 17
            state ^= state << 5
            return Int16(truncatingIfNeeded: Int32(bitPattern: state) >> 17)
        }
    }

    @Test("a streamed signal comes out of shairport-sync sample-exact, and a second sender is refused with 453")
    func loopbackIsSampleExact() throws {
        let receiver = try ShairportReceiver()
        // Listening on 127.0.0.1 and ::1 only: nothing the test starts is reachable from the network.
        let listening = ShairportReceiver.listeningAddresses(port: receiver.port)
        let loopback = ["0100007F", "00000000000000000000000001000000"]
        #expect(!listening.isEmpty && listening.allSatisfy(loopback.contains), "shairport-sync listens on \(listening)")
        let sent = Self.signal(seconds: 4)
        let sender = RAOPSender(host: "127.0.0.1", port: receiver.port)
        try sender.connect()

        // While one sender plays, the receiver refuses another (allow_session_interruption: no).
        let intruder = RAOPSender(host: "127.0.0.1", port: receiver.port)
        #expect {
            try intruder.connect()
        } throws: { error in
            (error as? RAOPError)?.status == 453
        }

        let chunk = Self.sampleRate / 10 * 2
        for start in stride(from: 0, to: sent.count, by: chunk) {
            try sent[start..<min(sent.count, start + chunk)].withUnsafeBufferPointer { try sender.send(interleaved: $0) }
        }
        try sender.drain()
        try sender.close()

        let played = receiver.played()
        let frames = sent.count / 2
        #expect(played.count / 2 > frames, "the receiver played \(played.count / 2) frames of \(frames)\n\(receiver.logText.suffix(2000))")
        // Align on a stretch one second in, then walk back from the end: every frame up to the
        // last one sent must match, from near the start on.
        let probe = Array(sent[(Self.sampleRate * 2)..<(Self.sampleRate * 2 + 128)])
        guard let at = Self.find(probe, in: played) else {
            Issue.record("the signal is not in the receiver's output (\(played.count / 2) frames)\n\(receiver.logText.suffix(2000))")
            return
        }
        let offset = at - Self.sampleRate * 2
        var first = frames
        while first > 0, offset + 2 * (first - 1) >= 0, offset + 2 * first <= played.count,
              played[offset + 2 * (first - 1)] == sent[2 * (first - 1)], played[offset + 2 * (first - 1) + 1] == sent[2 * (first - 1) + 1] {
            first -= 1
        }
        // shairport-sync 3.3.8 plays the first nine packets after a flush (RECORD flushes too) as
        // silence of the same length, by design (player.c: `play_number_after_flush < 10`): so the
        // first 9 × 352 frames come out as silence (its dither: 0 or −1) in exactly their place,
        // and every frame after them exactly.
        let receiverMutes = 352 * 9
        #expect(first == receiverMutes, "frames \(first)… of \(frames) came out exactly; expected all from \(receiverMutes) on")
        let muted = (0..<min(first, receiverMutes)).filter { offset + 2 * $0 >= 0 }.map { (played[offset + 2 * $0], played[offset + 2 * $0 + 1]) }
        #expect(muted.allSatisfy { abs(Int($0.0)) <= 1 && abs(Int($0.1)) <= 1 }, "the receiver's first nine packets are silence")
        print("RAOP loopback: frames \(first)..<\(frames) of \(frames) came out sample-exact, \(offset / 2) frames into the output")
    }

    @Test("FLUSH drops what the receiver has not played yet, and the stream goes on exactly after it")
    func flushDropsUnplayedAudio() throws {
        let receiver = try ShairportReceiver()
        let sender = RAOPSender(host: "127.0.0.1", port: receiver.port)
        try sender.connect()
        let dropped = Self.signal(seconds: 1)
        try dropped.withUnsafeBufferPointer { try sender.send(interleaved: $0) }
        // Sent up to half a second ahead and played 2 s after: none of it has played yet.
        try sender.flush()
        let kept = Array(Self.signal(seconds: 3).suffix(2 * Self.sampleRate * 2))
        try kept.withUnsafeBufferPointer { try sender.send(interleaved: $0) }
        try sender.drain()
        try sender.close()

        let played = receiver.played()
        let droppedProbe = Array(dropped[(Self.sampleRate)..<(Self.sampleRate + 128)])
        #expect(Self.find(droppedProbe, in: played) == nil, "audio sent before the FLUSH was played")
        let probe = Array(kept[(Self.sampleRate * 2)..<(Self.sampleRate * 2 + 128)])
        let at = try #require(Self.find(probe, in: played), "the audio sent after the FLUSH is not in the output\n\(receiver.logText.suffix(2000))")
        let offset = at - Self.sampleRate * 2
        let frames = kept.count / 2
        let tail = (Self.sampleRate / 2)..<frames
        let exact = tail.filter { offset + 2 * $0 + 1 < played.count && played[offset + 2 * $0] == kept[2 * $0] && played[offset + 2 * $0 + 1] == kept[2 * $0 + 1] }
        #expect(exact.count == tail.count, "\(exact.count) of the \(tail.count) frames from 0.5 s after the FLUSH on came out exactly")
    }

    @Test("shairport-sync exiting mid-stream ends the stream within seconds, with an error that says so")
    func receiverExits() throws {
        let receiver = try ShairportReceiver()
        let sender = RAOPSender(host: "127.0.0.1", port: receiver.port)
        try sender.connect()
        let second = Self.signal(seconds: 1)
        try second.withUnsafeBufferPointer { try sender.send(interleaved: $0) }
        receiver.stop()
        let clock = ContinuousClock()
        let stopped = clock.now
        let error = #expect(throws: RAOPError.self) {
            for _ in 0..<10 { try second.withUnsafeBufferPointer { try sender.send(interleaved: $0) } }
        }
        #expect(error?.step == "send")
        #expect(error?.message.hasPrefix("the receiver closed the connection while playing") == true, "\(String(describing: error))")
        #expect(clock.now - stopped < .seconds(4), "noticed after \(clock.now - stopped)")
    }

    @Test("no receiver at the port: the error names the connect step")
    func refusedConnection() throws {
        let port = try Self.closedPort()
        #expect {
            try RAOPSender(host: "127.0.0.1", port: port).connect()
        } throws: { error in
            let error = error as? RAOPError
            return error?.step == "connect" && error?.description.contains("127.0.0.1:\(port)") == true
        }
    }

    @Test("a receiver that hangs up: the error names the RTSP step it happened in")
    func closedSocket() throws {
        let listener = try HangingUpListener()
        #expect {
            try RAOPSender(host: "127.0.0.1", port: listener.port).connect()
        } throws: { error in
            let error = error as? RAOPError
            return error?.step == "OPTIONS" && error?.description.contains("closed the connection") == true
        }
    }

    static func find(_ needle: [Int16], in haystack: [Int16]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        var index = 0
        while index + needle.count <= haystack.count {
            if haystack[index] == needle[0] && haystack[index + 1] == needle[1] && Array(haystack[index..<(index + needle.count)]) == needle {
                return index
            }
            index += 2
        }
        return nil
    }

    /// A port nothing listens on (bound, then released).
    static func closedPort() throws -> UInt16 {
        let listener = try HangingUpListener()
        let port = listener.port
        listener.close()
        return port
    }
}

/// A TCP listener on the loopback that accepts one connection and closes it at once.
final class HangingUpListener: @unchecked Sendable {
    let descriptor: Int32
    let port: UInt16

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.descriptor = descriptor
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ok = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && listen(descriptor, 1) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard ok else { throw ShairportReceiver.StartError(description: "cannot listen on the loopback") }
        port = UInt16(bigEndian: address.sin_port)
        Thread.detachNewThread {
            let connection = accept(descriptor, nil, nil)
            if connection >= 0 { Glibc.close(connection) }
        }
    }

    func close() { shutdown(descriptor, Int32(SHUT_RDWR)); Glibc.close(descriptor) }
}
