/// The RTP packets of an AirPlay 1 stream (all fields big-endian).
enum RAOPPackets {
    static let framesPerPacket = 352
    static let sampleRate = 44_100
    /// The latency the sync packets announce; receivers add 11,025 frames to it (2 s in all).
    static let syncLatency: UInt32 = 77_175

    /// An audio packet: RTP header (payload type 96, the marker on the first after RECORD or
    /// FLUSH) and L16 stereo samples, big-endian.
    static func audio(sequence: UInt16, timestamp: UInt32, ssrc: UInt32, marker: Bool,
                      samples: UnsafeBufferPointer<Int16>) -> [UInt8] {
        var packet: [UInt8] = [0x80, marker ? 0xE0 : 0x60]
        packet.reserveCapacity(12 + samples.count * 2)
        packet.appendBigEndian(sequence)
        packet.appendBigEndian(timestamp)
        packet.appendBigEndian(ssrc)
        for sample in samples { packet.appendBigEndian(sample) }
        return packet
    }

    /// A sync packet (control port): the frame playing now, and when (NTP), so the receiver can
    /// place every frame; the first after RECORD or FLUSH carries the extension bit.
    static func sync(first: Bool, nowTimestamp: UInt32, ntp: UInt64) -> [UInt8] {
        var packet: [UInt8] = [first ? 0x90 : 0x80, 0xD4, 0x00, 0x07]
        packet.appendBigEndian(nowTimestamp &- syncLatency)
        packet.appendBigEndian(ntp)
        packet.appendBigEndian(nowTimestamp)
        return packet
    }

    /// The answer to a receiver's timing request (payload type 82): its transmit time as our
    /// origin, and when we received and sent.
    static func timingReply(to request: [UInt8], received: UInt64) -> [UInt8]? {
        guard request.count >= 32, request[1] & 0x7F == 0x52 else { return nil }
        var reply: [UInt8] = [0x80, 0xD3, 0x00, 0x07, 0, 0, 0, 0]
        reply += request[24..<32]
        reply.appendBigEndian(received)
        reply.appendBigEndian(NTPTime.now())
        return reply
    }

    /// A receiver's request to resend `count` packets from `first` (payload type 85), if it is one.
    static func resendRequest(_ packet: [UInt8]) -> (first: UInt16, count: UInt16)? {
        guard packet.count >= 8, packet[1] & 0x7F == 0x55 else { return nil }
        return (packet.bigEndian(at: 4, as: UInt16.self), packet.bigEndian(at: 6, as: UInt16.self))
    }

    /// A resent audio packet, wrapped for the control port (payload type 86).
    static func resend(_ audio: [UInt8]) -> [UInt8] { [0x80, 0xD6, 0x00, 0x01] + audio }
}
