// Builders for UMP stream messages (type F) and flex data messages (type D), four words each, as
// MIDIMessages.h declares them. Layouts (UMP specification M2-104-UM v1.1):
//
//   stream:    word0 [0xF][format: 2 bits][status: 10 bits] [16 bits of data] | words 1–3: data
//   flex data: word0 [0xD][group][format: 2][address: 2][channel] [status bank] [status] | words 1–3: data
//
// Stream messages belong to no group: they talk about the endpoint itself (what it is, its name,
// which protocol to use, its function blocks). Text (names, product instance IDs) travels 14
// bytes a packet, 13 in a function block name after the block number; longer text is split
// start / continuing / end, and each builder makes one packet of it.

/// The general form.
public func MIDI2StreamMessage(_ format: UMPStreamMessageFormat, _ status: UMPStreamMessageStatus, _ data1: UInt16,
                               _ data2: UInt32, _ data3: UInt32, _ data4: UInt32) -> MIDIMessage_128 {
    MIDIMessage_128(word0: 0xF << 28 | UInt32(format.rawValue & 0x3) << 26 | (status.rawValue & 0x3FF) << 16 | UInt32(data1),
                    word1: data2, word2: data3, word3: data4)
}

/// A stream message whose payload is `length` bytes (at most 14) from the word0's low half on.
public func MIDI2StreamMessageFromData(_ format: UMPStreamMessageFormat, _ status: UMPStreamMessageStatus,
                                       _ data: UnsafePointer<UInt8>!, _ length: Int) -> MIDIMessage_128 {
    var bytes = [UInt8](repeating: 0, count: 14)
    for index in 0..<(data == nil ? 0 : min(max(length, 0), 14)) { bytes[index] = data[index] }
    return MIDI2StreamMessage(format, status, UInt16(bytes[0]) << 8 | UInt16(bytes[1]),
                              StreamWords.word(bytes, 2), StreamWords.word(bytes, 6), StreamWords.word(bytes, 10))
}

/// Asks an endpoint to describe itself; the flags choose which notifications it should send back.
public func MIDI2EndpointDiscoveryMessage(_ versionMajor: UInt8, _ versionMinor: UInt8, _ endpointInfoRequest: Bool,
                                          _ deviceIdentityRequest: Bool, _ endpointNameRequest: Bool,
                                          _ productInstanceIDRequest: Bool, _ streamConfigurationRequest: Bool) -> MIDIMessage_128 {
    let filter = StreamWords.bits([endpointInfoRequest, deviceIdentityRequest, endpointNameRequest, productInstanceIDRequest,
                                   streamConfigurationRequest])
    return MIDI2StreamMessage(.complete, .endpointDiscovery, UInt16(versionMajor) << 8 | UInt16(versionMinor), filter, 0, 0)
}

/// word1: S (static function blocks) at bit 31, the number of function blocks in bits 30–24,
/// M2 and M1 at bits 9 and 8, RxJR and TxJR at bits 1 and 0.
public func MIDI2EndpointInfoNotificationMessage(_ versionMajor: UInt8, _ versionMinor: UInt8, _ staticFunctionBlocks: Bool,
                                                 _ numberOfFunctionBlocks: UInt8, _ m1: Bool, _ m2: Bool,
                                                 _ receiveJRTimestamp: Bool, _ transmitJRTimestamp: Bool) -> MIDIMessage_128 {
    let word1 = StreamWords.bits([staticFunctionBlocks]) << 31 | UInt32(numberOfFunctionBlocks & 0x7F) << 24
        | StreamWords.bits([m1, m2]) << 8 | StreamWords.bits([transmitJRTimestamp, receiveJRTimestamp])
    return MIDI2StreamMessage(.complete, .endpointInfoNotification, UInt16(versionMajor) << 8 | UInt16(versionMinor), word1, 0, 0)
}

/// word1: the three manufacturer ID bytes; word2: family and model, each LSB first as 7-bit
/// bytes; word3: the revision level as four 7-bit bytes, least significant first.
public func MIDI2EndpointDeviceIdentityNotificationMessage(_ deviceManufacturer1: MIDIUInteger7, _ deviceManufacturer2: MIDIUInteger7,
                                                           _ deviceManufacturer3: MIDIUInteger7, _ deviceFamily: MIDIUInteger14,
                                                           _ deviceFamilyModel: MIDIUInteger14,
                                                           _ revisionLevel: MIDIUInteger28) -> MIDIMessage_128 {
    let manufacturer: [UInt8] = [0, deviceManufacturer1, deviceManufacturer2, deviceManufacturer3]
    let family = [deviceFamily & 0x7F, deviceFamily >> 7 & 0x7F, deviceFamilyModel & 0x7F, deviceFamilyModel >> 7 & 0x7F].map { UInt8($0) }
    let revision = (0..<4).map { UInt8(truncatingIfNeeded: revisionLevel >> UInt32(7 * $0) & 0x7F) }
    let word1 = StreamWords.word(manufacturer.map { $0 & 0x7F }, 0)
    let word2 = StreamWords.word(family, 0), word3 = StreamWords.word(revision, 0)
    return MIDI2StreamMessage(.complete, .deviceIdentityNotification, 0, word1, word2, word3)
}

public func MIDI2EndpointNameNotificationMessage(_ format: UMPStreamMessageFormat, _ data: UnsafePointer<CChar>!,
                                                 _ length: Int) -> MIDIMessage_128 {
    StreamWords.text(format, .endpointNameNotification, data, length)
}

public func MIDI2EndpointProductInstanceIDNotificationMessage(_ format: UMPStreamMessageFormat, _ data: UnsafePointer<CChar>!,
                                                              _ length: Int) -> MIDIMessage_128 {
    StreamWords.text(format, .productInstanceIDNotification, data, length)
}

/// `protocol` is 0x01 for MIDI 1.0, 0x02 for MIDI 2.0; RxJR and TxJR at bits 1 and 0.
public func MIDI2StreamConfigurationRequestMessage(_ protocol: UInt8, _ receiveJRTimestamp: Bool,
                                                   _ transmitJRTimestamp: Bool) -> MIDIMessage_128 {
    MIDI2StreamMessage(.complete, .streamConfigurationRequest,
                       UInt16(`protocol`) << 8 | UInt16(StreamWords.bits([transmitJRTimestamp, receiveJRTimestamp])), 0, 0, 0)
}

public func MIDI2StreamConfigurationNotificationMessage(_ protocol: UInt8, _ receiveJRTimestamp: Bool,
                                                        _ transmitJRTimestamp: Bool) -> MIDIMessage_128 {
    MIDI2StreamMessage(.complete, .streamConfigurationNotification,
                       UInt16(`protocol`) << 8 | UInt16(StreamWords.bits([transmitJRTimestamp, receiveJRTimestamp])), 0, 0, 0)
}

/// Asks for one function block (0xFF: all of them); the flags ask for its info and its name.
public func MIDI2FunctionBlockDiscoveryMessage(_ functionBlockNumber: UInt8, _ infoRequest: Bool, _ nameRequest: Bool) -> MIDIMessage_128 {
    MIDI2StreamMessage(.complete, .functionBlockDiscovery,
                       UInt16(functionBlockNumber) << 8 | UInt16(StreamWords.bits([infoRequest, nameRequest])), 0, 0, 0)
}

/// word0's data: active at bit 15, block number in bits 14–8, UI hint in 5–4, MIDI 1.0 in 3–2,
/// direction in 1–0; word1: first group, groups spanned, MIDI-CI version, SysEx8 streams.
public func MIDI2FunctionBlockInfoNotificationMessage(_ active: Bool, _ blockNumber: MIDIUInteger7, _ UIHint: MIDIUMPFunctionBlockUIHint,
                                                      _ MIDI1: MIDIUMPFunctionBlockMIDI1Info, _ direction: MIDIUMPFunctionBlockDirection,
                                                      _ firstGroup: UInt8, _ numberOfGroupsSpanned: UInt8, _ CIVersion: UInt8,
                                                      _ maxSysex8Streams: UInt8) -> MIDIMessage_128 {
    let data1 = UInt16(StreamWords.bits([active])) << 15 | UInt16(blockNumber & 0x7F) << 8
        | UInt16(UIHint.rawValue & 0x3) << 4 | UInt16(MIDI1.rawValue & 0x3) << 2 | UInt16(direction.rawValue & 0x3)
    let word1 = UInt32(firstGroup) << 24 | UInt32(numberOfGroupsSpanned) << 16 | UInt32(CIVersion) << 8 | UInt32(maxSysex8Streams)
    return MIDI2StreamMessage(.complete, .functionBlockInfoNotification, data1, word1, 0, 0)
}

/// The block number, then up to 13 bytes of its name.
public func MIDI2FunctionBlockNameNotificationMessage(_ format: UMPStreamMessageFormat, _ blockNumber: UInt8,
                                                      _ data: UnsafePointer<CChar>!, _ length: Int) -> MIDIMessage_128 {
    var bytes = [blockNumber]
    for index in 0..<(data == nil ? 0 : min(max(length, 0), 13)) { bytes.append(UInt8(bitPattern: data[index])) }
    return bytes.withUnsafeBufferPointer { MIDI2StreamMessageFromData(format, .functionBlockNameNotification, $0.baseAddress, $0.count) }
}

/// Marks where a clip of a MIDI Clip File starts and ends.
public func MIDI2StartOfClipMessage() -> MIDIMessage_128 { MIDI2StreamMessage(.complete, .startOfClip, 0, 0, 0, 0) }
public func MIDI2EndOfClipMessage() -> MIDIMessage_128 { MIDI2StreamMessage(.complete, .endOfClip, 0, 0, 0, 0) }

/// A flex data message (metadata and performance text: tempo, key, lyrics …).
public func MIDI2FlexDataMessage(_ group: MIDIUInteger4, _ format: MIDIUInteger2, _ address: MIDIUInteger2, _ channel: MIDIUInteger4,
                                 _ statusBank: UInt8, _ status: UInt8, _ data1: UInt32, _ data2: UInt32, _ data3: UInt32) -> MIDIMessage_128 {
    let word0 = UInt32(MIDIMessageType.flexData.rawValue) << 28 | UInt32(group & 0xF) << 24 | UInt32(format & 0x3) << 22
        | UInt32(address & 0x3) << 20 | UInt32(channel & 0xF) << 16 | UInt32(statusBank) << 8 | UInt32(status)
    return MIDIMessage_128(word0: word0, word1: data1, word2: data2, word3: data3)
}

enum StreamWords {
    /// Flags as bits, the first at bit 0.
    static func bits(_ flags: [Bool]) -> UInt32 {
        flags.enumerated().reduce(0) { $0 | ($1.element ? 1 << UInt32($1.offset) : 0) }
    }

    static func word(_ bytes: [UInt8], _ start: Int) -> UInt32 {
        bytes[start..<(start + 4)].reduce(0) { $0 << 8 | UInt32($1) }
    }

    static func text(_ format: UMPStreamMessageFormat, _ status: UMPStreamMessageStatus, _ data: UnsafePointer<CChar>!,
                     _ length: Int) -> MIDIMessage_128 {
        guard let data else { return MIDI2StreamMessageFromData(format, status, nil, 0) }
        return data.withMemoryRebound(to: UInt8.self, capacity: max(length, 0)) { MIDI2StreamMessageFromData(format, status, $0, length) }
    }
}
