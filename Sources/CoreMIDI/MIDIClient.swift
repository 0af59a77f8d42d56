import MediaServer

/// Creates a client of the MIDI server; `notifyBlock` hears setup changes (objects added,
/// removed, properties changed, `msgSetupChanged` after each).
public func MIDIClientCreateWithBlock(_ name: CFString, _ outClient: UnsafeMutablePointer<MIDIClientRef>,
                                      _ notifyBlock: MIDINotifyBlock?) -> OSStatus {
    MIDIContext.call { server, binding throws(MIDIStatus) in
        let notify = notifyBlock.map { block in
            MIDIContext.inApp(binding) { (notification: MIDISetupNotification) in
                MIDINotificationDelivery.deliver(notification, server: server, to: block)
            }
        }
        outClient.pointee = server.createClient(app: binding.app, name: String(name), notify: notify)
    }
}

public func MIDIClientDispose(_ client: MIDIClientRef) -> OSStatus {
    MIDIContext.call { server, _ throws(MIDIStatus) in try server.disposeClient(client) }
}

/// An input port that receives MIDI 1.0 bytes in packet lists (the older API).
public func MIDIInputPortCreateWithBlock(_ client: MIDIClientRef, _ portName: CFString,
                                         _ outPort: UnsafeMutablePointer<MIDIPortRef>,
                                         _ readBlock: @escaping MIDIReadBlock) -> OSStatus {
    MIDIContext.call { server, binding throws(MIDIStatus) in
        let receive = MIDIContext.inApp(binding) { (messages: [MIDITimedMessage], refCon: UnsafeMutableRawPointer?) in
            PacketListCoding.withPacketList(messages.filter { !$0.bytes.isEmpty }.map { ($0.timeStamp, $0.bytes) }) { readBlock($0, refCon) }
        }
        outPort.pointee = try server.createInputPort(client: client, name: String(portName), receive: receive)
    }
}

/// An input port that receives event lists in `protocol` (Core MIDI converts between MIDI 1.0
/// and 2.0 as needed).
public func MIDIInputPortCreateWithProtocol(_ client: MIDIClientRef, _ portName: CFString, _ protocol: MIDIProtocolID,
                                            _ outPort: UnsafeMutablePointer<MIDIPortRef>,
                                            _ receiveBlock: @escaping MIDIReceiveBlock) -> OSStatus {
    MIDIContext.call { server, binding throws(MIDIStatus) in
        let receive = MIDIContext.inApp(binding) { (messages: [MIDITimedMessage], refCon: UnsafeMutableRawPointer?) in
            EventListCoding.withEventList(`protocol`, EventListCoding.packets(messages, protocol: `protocol`)) { receiveBlock($0, refCon) }
        }
        outPort.pointee = try server.createInputPort(client: client, name: String(portName), receive: receive)
    }
}

public func MIDIOutputPortCreate(_ client: MIDIClientRef, _ portName: CFString,
                                 _ outPort: UnsafeMutablePointer<MIDIPortRef>) -> OSStatus {
    MIDIContext.call { server, _ throws(MIDIStatus) in
        outPort.pointee = try server.createOutputPort(client: client, name: String(portName))
    }
}

public func MIDIPortDispose(_ port: MIDIPortRef) -> OSStatus {
    MIDIContext.call { server, _ throws(MIDIStatus) in try server.disposePort(port) }
}

/// Starts delivering what `source` emits to the input port; `connRefCon` comes back with each list.
public func MIDIPortConnectSource(_ port: MIDIPortRef, _ source: MIDIEndpointRef,
                                  _ connRefCon: UnsafeMutableRawPointer?) -> OSStatus {
    MIDIContext.call { server, _ throws(MIDIStatus) in try server.connect(port: port, source: source, refCon: connRefCon) }
}

public func MIDIPortDisconnectSource(_ port: MIDIPortRef, _ source: MIDIEndpointRef) -> OSStatus {
    MIDIContext.call { server, _ throws(MIDIStatus) in try server.disconnect(port: port, source: source) }
}
