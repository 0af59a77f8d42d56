import Foundation
import Glibc

/// A minimal AirPlay 1 (RAOP) sender: uncompressed L16 44.1 kHz stereo, unencrypted, to one
/// receiver (an AirPort Express, an Apple TV in AirPlay 1 mode, shairport-sync).
///
/// `connect` runs the RTSP session (OPTIONS, ANNOUNCE with an L16 SDP, SETUP naming our control
/// and timing ports, RECORD, SET_PARAMETER volume); from SETUP on, a service thread answers the
/// receiver's timing requests (it plays nothing until one exchange has completed) and resends
/// packets it reports missing. `send` cuts the audio into RTP packets of 352 frames, paced to real
/// time (at most `lead` ahead), with a sync packet on the control port every second telling the
/// receiver which frame plays now; the receiver plays each frame 2 s after that. `drain` waits
/// until the receiver has played everything sent, `flush` drops what it has not played yet, and
/// `close` ends the session (TEARDOWN).
public final class RAOPSender: @unchecked Sendable {
    public let host: String
    public let port: UInt16
    /// How far ahead of real time audio is sent (the receiver buffers about 8 s).
    public var lead = 0.5
    /// Volume in dB sent at connect: 0 (full) down to −30; −144 mutes.
    public var volume = 0.0
    /// Frames sent so far (whole packets).
    public private(set) var framesSent: Int64 = 0

    private var rtsp: RTSPConnection?
    private var uri = ""
    private var session: String?
    private var audioAddress = sockaddr_in()
    private var controlAddress = sockaddr_in()
    private var service: RAOPService?
    private var sequence = UInt16.random(in: 0...UInt16.max)
    private var timestamp = UInt32.random(in: 0...UInt32.max)
    private let ssrc = UInt32.random(in: 0...UInt32.max)
    private var pending: [Int16] = []
    /// When the stream (re)started: frame `startTimestamp` plays, by our clock, at `startTime`.
    private var startTime = 0.0
    private var startTimestamp: UInt32 = 0
    private var streamFrames: Int64 = 0
    private var restart = true
    private var lastSync = -Double.infinity

    public init(host: String, port: UInt16) {
        self.host = host
        self.port = port
    }

    deinit { try? close() }

    // MARK: Session

    public func connect() throws(RAOPError) {
        let address = try resolveIPv4(host, port: port, step: "connect")
        let rtsp = try RTSPConnection(to: address)
        self.rtsp = rtsp
        let sessionID = UInt32.random(in: 1...UInt32.max)
        uri = "rtsp://\(rtsp.localAddress)/\(sessionID)"
        try rtsp.request("OPTIONS", uri: "*")
        let sdp = ["v=0", "o=iTunes \(sessionID) 0 IN IP4 \(rtsp.localAddress)", "s=iTunes", "c=IN IP4 \(dottedQuad(address))",
                   "t=0 0", "m=audio 0 RTP/AVP 96", "a=rtpmap:96 L16/44100/2"].joined(separator: "\r\n") + "\r\n"
        try rtsp.request("ANNOUNCE", uri: uri, body: sdp, contentType: "application/sdp")
        // The receiver asks for the time as soon as SETUP makes its session: answer from before.
        let service = try RAOPService(local: rtsp.local, receiver: address)
        self.service = service
        service.start()
        let setup = try rtsp.request("SETUP", uri: uri, headers: [
            ("Transport", "RTP/AVP/UDP;unicast;interleaved=0-1;mode=record;control_port=\(service.control.localPort);timing_port=\(service.timing.localPort)"),
        ])
        try readTransport(setup, receiver: address)
        service.controlTarget = controlAddress
        try rtsp.request("RECORD", uri: uri, headers: sessionHeader + [("Range", "npt=0-"), ("RTP-Info", rtpInfo)])
        try setVolume(volume)
        // Audio and syncs before the first timing exchange are ignored by receivers: wait for it.
        let deadline = monotonicSeconds() + 3
        while !service.hasAnsweredTiming && monotonicSeconds() < deadline { usleep(10_000) }
    }

    /// SET_PARAMETER volume, in dB (0 full, −30 quietest, −144 mute).
    public func setVolume(_ decibels: Double) throws(RAOPError) {
        let rtsp = try connected("SET_PARAMETER")
        try rtsp.request("SET_PARAMETER", uri: uri, headers: sessionHeader,
                         body: "volume: \(String(format: "%.6f", decibels))\r\n", contentType: "text/parameters")
    }

    private func readTransport(_ response: RTSPResponse, receiver: sockaddr_in) throws(RAOPError) {
        session = response.header("Session")
        let fields = (response.header("Transport") ?? "").split(separator: ";")
        func portField(_ name: String) -> UInt16? {
            fields.first { $0.hasPrefix("\(name)=") }.flatMap { UInt16($0.dropFirst(name.count + 1)) }
        }
        guard let server = portField("server_port"), let control = portField("control_port") else {
            throw RAOPError(step: "SETUP", status: response.status,
                            "the receiver's Transport names no server_port and control_port: '\(response.header("Transport") ?? "")'")
        }
        audioAddress = receiver
        audioAddress.sin_port = server.bigEndian
        controlAddress = receiver
        controlAddress.sin_port = control.bigEndian
    }

    private var sessionHeader: [(String, String)] { session.map { [("Session", $0)] } ?? [] }
    private var rtpInfo: String { "seq=\(sequence);rtptime=\(timestamp)" }

    private func connected(_ step: String) throws(RAOPError) -> RTSPConnection {
        guard let rtsp else { throw RAOPError(step: step, "not connected (call connect first)") }
        return rtsp
    }

    // MARK: Streaming

    /// Streams interleaved 44.1 kHz stereo samples (L, R, L, R …); a partial packet waits for
    /// the next call (or `drain`). Blocks to stay at most `lead` ahead of real time.
    public func send(interleaved samples: UnsafeBufferPointer<Int16>) throws(RAOPError) {
        _ = try connected("send")
        pending += samples
        let packetSamples = RAOPPackets.framesPerPacket * 2
        var offset = 0
        while pending.count - offset >= packetSamples {
            try pending[offset..<(offset + packetSamples)].withUnsafeBufferPointer { packet throws(RAOPError) in try sendPacket(packet) }
            offset += packetSamples
        }
        pending.removeFirst(offset)
    }

    /// Sends what is left (padded with silence to a whole packet), then waits, still sending
    /// syncs, until the receiver has played it all (its 2 s latency plus `margin` seconds).
    public func drain(margin: Double = 0.75) throws(RAOPError) {
        if !pending.isEmpty {
            let silence = [Int16](repeating: 0, count: RAOPPackets.framesPerPacket * 2 - pending.count % (RAOPPackets.framesPerPacket * 2))
            try silence.withUnsafeBufferPointer { padding throws(RAOPError) in try send(interleaved: padding) }
        }
        let end = startTime + Double(streamFrames) / Double(RAOPPackets.sampleRate) + 2 + margin
        while monotonicSeconds() < end {
            try syncIfDue()
            try checkService()
            usleep(20_000)
        }
    }

    /// Drops everything the receiver has not played yet (FLUSH); the next `send` starts a new
    /// stretch of the stream, played 2 s after it is sent.
    public func flush() throws(RAOPError) {
        let rtsp = try connected("FLUSH")
        try rtsp.request("FLUSH", uri: uri, headers: sessionHeader + [("RTP-Info", rtpInfo)])
        pending.removeAll()
        restart = true
    }

    /// Ends the session (TEARDOWN) and closes the sockets. Idempotent.
    public func close() throws(RAOPError) {
        guard let rtsp else { return }
        self.rtsp = nil
        service?.stop()
        service = nil
        try rtsp.request("TEARDOWN", uri: uri, headers: sessionHeader)
    }

    private func sendPacket(_ samples: UnsafeBufferPointer<Int16>) throws(RAOPError) {
        guard let service else { throw RAOPError(step: "send", "not connected (call connect first)") }
        try checkService()
        if restart {
            startTime = monotonicSeconds()
            startTimestamp = timestamp
            streamFrames = 0
            lastSync = -Double.infinity
        }
        // Pace: this packet's first frame plays (by our clock) at startTime + streamFrames / rate.
        let due = startTime + Double(streamFrames) / Double(RAOPPackets.sampleRate) - lead
        while monotonicSeconds() < due {
            try syncIfDue()
            usleep(UInt32(max(1_000, min(20_000, (due - monotonicSeconds()) * 1e6))))
        }
        try syncIfDue()
        let packet = RAOPPackets.audio(sequence: sequence, timestamp: timestamp, ssrc: ssrc, marker: restart, samples: samples)
        restart = false
        guard service.control.send(packet, to: audioAddress) else {
            throw RAOPError(step: "send", "the audio packet \(sequence) could not be sent: \(errnoText())")
        }
        service.keep(packet, sequence: sequence)
        sequence &+= 1
        timestamp &+= UInt32(RAOPPackets.framesPerPacket)
        streamFrames += Int64(RAOPPackets.framesPerPacket)
        framesSent += Int64(RAOPPackets.framesPerPacket)
    }

    /// A sync packet once a second: the frame that plays now by our clock, and the NTP time. A
    /// receiver that went away is noticed here too: UDP to it goes on "succeeding", so without
    /// this a long file would stream to nothing until the TEARDOWN at its end failed.
    private func syncIfDue() throws(RAOPError) {
        let now = monotonicSeconds()
        guard now - lastSync >= 1, let service else { return }
        if let rtsp, rtsp.peerHasClosed {
            throw RAOPError(step: "send", "the receiver closed the connection while playing (it exited or restarted), "
                            + "after \(framesSent) frames (\(framesSent / Int64(RAOPPackets.sampleRate)) s)")
        }
        let elapsed = max(0, now - startTime)
        let playing = startTimestamp &+ UInt32(truncatingIfNeeded: Int64(elapsed * Double(RAOPPackets.sampleRate)))
        let packet = RAOPPackets.sync(first: lastSync == -Double.infinity, nowTimestamp: playing, ntp: NTPTime.now())
        guard service.control.send(packet, to: controlAddress) else {
            throw RAOPError(step: "send", "the sync packet could not be sent: \(errnoText())")
        }
        lastSync = now
    }

    private func checkService() throws(RAOPError) {
        if let failure = service?.failure { throw failure }
    }
}
