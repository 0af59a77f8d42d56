import MediaServer

/// Sends a packet list through an output port. Packets with future timestamps are scheduled;
/// 0 means now.
public func MIDISend(_ port: MIDIPortRef, _ dest: MIDIEndpointRef, _ pktlist: UnsafePointer<MIDIPacketList>) -> OSStatus {
    let messages = PacketListCoding.packets(pktlist).flatMap(timedMessages)
    return MIDIContext.call { server, _ throws(MIDIStatus) in try server.send(port: port, to: dest, messages) }
}

/// Sends an event list (MIDI 1.0 or 2.0 UMP) through an output port.
public func MIDISendEventList(_ port: MIDIPortRef, _ dest: MIDIEndpointRef, _ evtlist: UnsafePointer<MIDIEventList>) -> OSStatus {
    let messages = UMPTranslation.messages(EventListCoding.packets(evtlist))
    return MIDIContext.call { server, _ throws(MIDIStatus) in try server.send(port: port, to: dest, messages) }
}

/// Drops the messages sent to `dest` with time stamps still in the future (0: to every
/// destination). What has already left is not called back.
public func MIDIFlushOutput(_ dest: MIDIEndpointRef) -> OSStatus {
    MIDIContext.call { server, _ throws(MIDIStatus) in try server.flushOutput(dest) }
}

/// Stops and restarts MIDI I/O: every message still scheduled is dropped. Clients, ports and
/// connections stay as they were.
public func MIDIRestart() -> OSStatus {
    MIDIContext.call { server, _ throws(MIDIStatus) in server.restart() }
}

/// A virtual source the app owns emits a packet list to the ports connected to it.
public func MIDIReceived(_ src: MIDIEndpointRef, _ pktlist: UnsafePointer<MIDIPacketList>) -> OSStatus {
    let messages = PacketListCoding.packets(pktlist).flatMap(timedMessages)
    return MIDIContext.call { server, _ throws(MIDIStatus) in try server.emit(from: src, messages) }
}

public func MIDIReceivedEventList(_ src: MIDIEndpointRef, _ evtlist: UnsafePointer<MIDIEventList>) -> OSStatus {
    let messages = UMPTranslation.messages(EventListCoding.packets(evtlist))
    return MIDIContext.call { server, _ throws(MIDIStatus) in try server.emit(from: src, messages) }
}

/// A virtual source other apps can connect to.
public func MIDISourceCreateWithProtocol(_ client: MIDIClientRef, _ name: CFString, _ protocol: MIDIProtocolID,
                                         _ outSrc: UnsafeMutablePointer<MIDIEndpointRef>) -> OSStatus {
    MIDIContext.call { server, _ throws(MIDIStatus) in
        outSrc.pointee = try server.createVirtualSource(client: client, name: String(name))
    }
}

/// The older spelling of `MIDISourceCreateWithProtocol` (MIDI 1.0).
public func MIDISourceCreate(_ client: MIDIClientRef, _ name: CFString, _ outSrc: UnsafeMutablePointer<MIDIEndpointRef>) -> OSStatus {
    MIDISourceCreateWithProtocol(client, name, ._1_0, outSrc)
}

/// A virtual destination: what others send to it reaches `readBlock` (refCon nil; Apple's Swift
/// names the event-list block so too).
public func MIDIDestinationCreateWithProtocol(_ client: MIDIClientRef, _ name: CFString, _ protocol: MIDIProtocolID,
                                              _ outDest: UnsafeMutablePointer<MIDIEndpointRef>,
                                              _ readBlock: @escaping MIDIReceiveBlock) -> OSStatus {
    MIDIContext.call { server, binding throws(MIDIStatus) in
        let receive = MIDIContext.inApp(binding) { (messages: [MIDITimedMessage]) in
            EventListCoding.withEventList(`protocol`, EventListCoding.packets(messages, protocol: `protocol`)) { readBlock($0, nil) }
        }
        outDest.pointee = try server.createVirtualDestination(client: client, name: String(name), receive: receive)
    }
}

/// The older virtual destination, receiving packet lists.
public func MIDIDestinationCreateWithBlock(_ client: MIDIClientRef, _ name: CFString,
                                           _ outDest: UnsafeMutablePointer<MIDIEndpointRef>,
                                           _ readBlock: @escaping MIDIReadBlock) -> OSStatus {
    MIDIContext.call { server, binding throws(MIDIStatus) in
        let receive = MIDIContext.inApp(binding) { (messages: [MIDITimedMessage]) in
            PacketListCoding.withPacketList(messages.filter { !$0.bytes.isEmpty }.map { ($0.timeStamp, $0.bytes) }) { readBlock($0, nil) }
        }
        outDest.pointee = try server.createVirtualDestination(client: client, name: String(name), receive: receive)
    }
}

public func MIDIEndpointDispose(_ endpt: MIDIEndpointRef) -> OSStatus {
    MIDIContext.call { server, _ throws(MIDIStatus) in try server.disposeEndpoint(endpt) }
}

/// One server message per MIDI message: packets may hold several.
private func timedMessages(_ packet: (time: MIDITimeStamp, bytes: [UInt8])) -> [MIDITimedMessage] {
    MIDIMessageBytes.split(packet.bytes).map { MIDITimedMessage(timeStamp: packet.time, bytes: $0) }
}
