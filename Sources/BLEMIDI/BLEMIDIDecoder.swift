/// Turns BLE-MIDI packets (one GATT notification or write each) back into timestamped MIDI
/// messages.
///
/// Packets are decoded in order as one stream: only a System Exclusive message carries over from
/// one packet to the next. Everything else follows the packet format strictly: running status
/// ends with its packet and needs a full message before it in the same packet, every status byte
/// has a timestamp byte before it, real-time messages never sit between a status byte and its
/// data, and inside a SysEx a timestamp is followed only by F7 or a real-time status. A packet
/// that breaks a rule is rejected whole (no message from it, and any SysEx in progress is
/// dropped), so a damaged packet never produces a message its sender did not send.
public struct BLEMIDIDecoder: Sendable {
    /// The longest System Exclusive (F0 to F7) the decoder assembles before it gives up on it.
    public let maximumSysExLength: Int
    /// How many packets the decoder has seen: the index the next packet will have.
    public private(set) var packetIndex = 0
    /// Whether a System Exclusive started in an earlier packet still waits for its F7.
    public var isInsideSysEx: Bool { !sysEx.isEmpty }

    /// The SysEx being assembled, from its F0; empty when none is in progress.
    private var sysEx: [UInt8] = []

    public init(maximumSysExLength: Int = 65_536) {
        self.maximumSysExLength = max(2, maximumSysExLength)
        sysEx.reserveCapacity(min(self.maximumSysExLength, 512))
    }

    /// Decodes the next packet of the stream into messages, in the order a receiver delivers them.
    public mutating func decode(_ packet: [UInt8]) throws(BLEMIDIError) -> [BLEMIDIMessage] {
        var messages = BLEMIDIMessageList(reservingBytes: 2 * packet.count + sysEx.count + 2, messages: packet.count)
        try packet.withUnsafeBufferPointer { (buffer) throws(BLEMIDIError) in try decode(buffer, into: &messages) }
        return messages.messages
    }

    /// Decodes the next packet of the stream, appending its messages to `messages`: the
    /// allocation-free path (once `messages` and the SysEx buffer have grown to the stream's needs).
    /// On error `messages` is left as it was before the call.
    public mutating func decode(_ packet: UnsafeBufferPointer<UInt8>, into messages: inout BLEMIDIMessageList) throws(BLEMIDIError) {
        let index = packetIndex
        packetIndex += 1
        // A packet's worst case: every data byte a message of its own that running status gives a
        // status byte, plus the SysEx it may complete.
        messages.reserve(bytes: 2 * packet.count + sysEx.count + 2, messages: packet.count)
        // Messages are written past the list's end and become part of it only if the whole packet is good.
        var writer = messages.storage.writer
        do {
            try parse(packet, into: &writer)
            messages.storage.commit(writer)
        } catch {
            sysEx.removeAll(keepingCapacity: true)
            throw BLEMIDIError(packetIndex: index, byteOffset: error.offset, rule: error.rule)
        }
    }

    /// Forgets any SysEx in progress, as after a lost connection.
    public mutating func reset() {
        sysEx.removeAll(keepingCapacity: true)
    }

    private struct Fault: Error {
        let offset: Int
        let rule: BLEMIDIError.Rule
        init(_ offset: Int, _ rule: BLEMIDIError.Rule) { self.offset = offset; self.rule = rule }
    }

    /// What a packet's bytes mean so far: the running status and its clock.
    private struct PacketState {
        var clock: PacketClock
        /// The status of the latest full channel message in this packet; 0 when there is none.
        var runningStatus: UInt8 = 0
        /// A System Common or Real-Time message came after it, so the next running-status
        /// message must bring its own timestamp.
        var runningStatusNeedsTimestamp = false
    }

    private mutating func parse(_ packet: UnsafeBufferPointer<UInt8>, into messages: inout BLEMIDIMessageList.Writer) throws(Fault) {
        guard let header = packet.first else { throw Fault(0, .emptyPacket) }
        guard header & 0xC0 == 0x80 else { throw Fault(0, .invalidHeader) }
        var state = PacketState(clock: PacketClock(header: header))
        var offset = 1
        while offset < packet.count {
            let byte = packet[offset]
            if isInsideSysEx {
                offset = try continueSysEx(packet, at: offset, clock: &state.clock, into: &messages)
            } else if byte >= 0x80 {
                let time = state.clock.advance(timestampByte: byte)
                guard offset + 1 < packet.count else { throw Fault(offset, .missingMessageAfterTimestamp) }
                offset += 1
                if packet[offset] >= 0x80 {
                    offset = try startMessage(packet, at: offset, time: time, state: &state, into: &messages)
                } else {
                    offset = try runningStatusMessage(packet, at: offset, time: time, state: &state, into: &messages)
                }
            } else {
                guard !state.runningStatusNeedsTimestamp || state.runningStatus == 0 else {
                    throw Fault(offset, .runningStatusNeedsTimestamp)
                }
                offset = try runningStatusMessage(packet, at: offset, time: state.clock.time, state: &state, into: &messages)
            }
        }
    }

    /// A status byte at `offset`, right after its timestamp: reads its message.
    @inline(__always)
    private mutating func startMessage(_ packet: UnsafeBufferPointer<UInt8>, at offset: Int, time: UInt16,
                                       state: inout PacketState, into messages: inout BLEMIDIMessageList.Writer) throws(Fault) -> Int {
        let status = packet[offset]
        switch status {
        case 0xF0:
            sysEx.append(0xF0)
            state.runningStatus = 0
            return offset + 1
        case 0xF7: throw Fault(offset, .endOfExclusiveWithoutStart)
        case 0xF4, 0xF5: throw Fault(offset, .undefinedStatus)
        default: break
        }
        let end = try messageEnd(packet, status: status, dataStart: offset + 1, statusOffset: offset)
        Self.store(time, status: status, data: packet, from: offset + 1, to: end, into: &messages)
        if MIDIStatus.isChannelVoice(status) {
            state.runningStatus = status
            state.runningStatusNeedsTimestamp = false
        } else {
            state.runningStatusNeedsTimestamp = true
        }
        return end
    }

    /// A data byte at `offset` where a message starts: running status supplies the status byte.
    @inline(__always)
    private func runningStatusMessage(_ packet: UnsafeBufferPointer<UInt8>, at offset: Int, time: UInt16,
                                      state: inout PacketState, into messages: inout BLEMIDIMessageList.Writer) throws(Fault) -> Int {
        let status = state.runningStatus
        guard status != 0 else { throw Fault(offset, .runningStatusWithoutStatus) }
        let end = try messageEnd(packet, status: status, dataStart: offset, statusOffset: offset)
        Self.store(time, status: status, data: packet, from: offset, to: end, into: &messages)
        state.runningStatusNeedsTimestamp = false
        return end
    }

    /// Where the data bytes of a `status` message starting at `dataStart` end, after checking
    /// that they are all in this packet and all data bytes.
    @inline(__always)
    private func messageEnd(_ packet: UnsafeBufferPointer<UInt8>, status: UInt8, dataStart: Int, statusOffset: Int) throws(Fault) -> Int {
        guard let length = MIDIStatus.length(of: status) else { throw Fault(statusOffset, .undefinedStatus) }
        let end = dataStart + length - 1
        var offset = dataStart
        while offset < end {
            guard offset < packet.count else { throw Fault(statusOffset, .truncatedMessage) }
            guard packet[offset] < 0x80 else { throw Fault(offset, .statusInsideMessage) }
            offset += 1
        }
        return end
    }

    /// Stores `status` and `packet[start..<end]` as one message (room was reserved for the packet).
    @inline(__always)
    private static func store(_ time: UInt16, status: UInt8, data packet: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int,
                              into messages: inout BLEMIDIMessageList.Writer) {
        messages.append(byte: status)
        for offset in start..<end { messages.append(byte: packet[offset]) }
        messages.finishMessage(time)
    }

    /// Inside a SysEx: takes its data bytes up to the next timestamp, then the F7 that ends it or
    /// the real-time message that interrupts it.
    @inline(__always)
    private mutating func continueSysEx(_ packet: UnsafeBufferPointer<UInt8>, at start: Int, clock: inout PacketClock,
                                        into messages: inout BLEMIDIMessageList.Writer) throws(Fault) -> Int {
        var offset = start
        while offset < packet.count, packet[offset] < 0x80 {
            offset += 1
        }
        guard sysEx.count + (offset - start) < maximumSysExLength else { throw Fault(offset, .sysExTooLong) }
        sysEx.append(contentsOf: packet[start..<offset])
        guard offset < packet.count else { return offset }
        let time = clock.advance(timestampByte: packet[offset])
        guard offset + 1 < packet.count else { throw Fault(offset, .missingMessageAfterTimestamp) }
        let status = packet[offset + 1]
        if status == 0xF7 {
            sysEx.append(0xF7)
            for byte in sysEx { messages.append(byte: byte) }
            messages.finishMessage(time)
            sysEx.removeAll(keepingCapacity: true)
        } else if MIDIStatus.isRealTime(status) {
            Self.store(time, status: status, data: packet, from: offset + 2, to: offset + 2, into: &messages)
        } else {
            throw Fault(offset + 1, .nonRealTimeInsideSysEx)
        }
        return offset + 2
    }
}

/// A packet's timestamps: the header gives the high 6 bits, each timestamp byte the low 7, and a
/// low part smaller than the one before means the low part wrapped, so the high part moves on by
/// one (the sender never transmits that increment).
struct PacketClock {
    private var high: UInt8
    private var lastLow: UInt8 = 0
    /// The latest timestamp in the packet; before the first timestamp byte, the header's time.
    private(set) var time: UInt16

    init(header: UInt8) {
        high = header & 0x3F
        time = BLEMIDITime.compose(high: high, low: 0)
    }

    @inline(__always)
    mutating func advance(timestampByte: UInt8) -> UInt16 {
        let low = timestampByte & 0x7F
        if low < lastLow { high = (high &+ 1) & 0x3F }
        lastLow = low
        time = BLEMIDITime.compose(high: high, low: low)
        return time
    }
}
