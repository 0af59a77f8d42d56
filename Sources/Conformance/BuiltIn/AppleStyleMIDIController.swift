// Written for Apple's Core MIDI: the only change from the code an iOS app ships is the import
// (`import CoreMIDI` → `import CoreMIDI`). Everything below is Apple's API as apps call it.
import CoreMIDI

/// A typical app-side MIDI controller: one client with a notify block, an input port on every
/// source (reconnecting on setup changes), an output port that plays notes to destinations.
final class AppleStyleMIDIController {
    private(set) var client = MIDIClientRef()
    private(set) var inputPort = MIDIPortRef()
    private(set) var outputPort = MIDIPortRef()
    private(set) var connectedSources: [MIDIEndpointRef] = []
    /// What arrived: (timestamp, bytes) per packet.
    private(set) var received: [(timeStamp: MIDITimeStamp, bytes: [UInt8])] = []
    /// Notifications heard, by message ID, and the names of objects added.
    private(set) var notifications: [MIDINotificationMessageID] = []
    private(set) var addedObjects: [(type: MIDIObjectType, name: String)] = []
    private(set) var lastStatus: OSStatus = noErr

    func start() -> OSStatus {
        var status = MIDIClientCreateWithBlock("Controller" as CFString, &client) { [weak self] notification in
            self?.handle(notification)
        }
        guard status == noErr else { return status }
        status = MIDIInputPortCreateWithBlock(client, "Input" as CFString, &inputPort) { [weak self] packetList, _ in
            self?.read(packetList)
        }
        guard status == noErr else { return status }
        status = MIDIOutputPortCreate(client, "Output" as CFString, &outputPort)
        guard status == noErr else { return status }
        connectAllSources()
        return noErr
    }

    func sourceNames() -> [String] {
        (0..<MIDIGetNumberOfSources()).map { name(of: MIDIGetSource($0)) }
    }

    func destinationNames() -> [String] {
        (0..<MIDIGetNumberOfDestinations()).map { name(of: MIDIGetDestination($0)) }
    }

    /// Plays a note-on to the destination named `destinationName`, at `time` (0: now).
    func sendNoteOn(_ note: UInt8, velocity: UInt8, to destinationName: String, at time: MIDITimeStamp = 0) -> OSStatus {
        guard let index = destinationNames().firstIndex(of: destinationName) else { return kMIDIUnknownEndpoint }
        let destination = MIDIGetDestination(index)
        var packetList = MIDIPacketList()
        let bytes: [UInt8] = [0x90, note, velocity]
        var packet = MIDIPacketListInit(&packetList)
        packet = MIDIPacketListAdd(&packetList, MemoryLayout<MIDIPacketList>.size, packet, time, bytes.count, bytes)
        return MIDISend(outputPort, destination, &packetList)
    }

    private func connectAllSources() {
        for index in 0..<MIDIGetNumberOfSources() {
            let source = MIDIGetSource(index)
            if connectedSources.contains(source) { continue }
            lastStatus = MIDIPortConnectSource(inputPort, source, nil)
            if lastStatus == noErr { connectedSources.append(source) }
        }
    }

    private func handle(_ notification: UnsafePointer<MIDINotification>) {
        let message = notification.pointee.messageID
        notifications.append(message)
        switch message {
        case .msgObjectAdded:
            notification.withMemoryRebound(to: MIDIObjectAddRemoveNotification.self, capacity: 1) { added in
                addedObjects.append((added.pointee.childType, name(of: added.pointee.child)))
            }
        case .msgSetupChanged:
            connectAllSources()
        default:
            break
        }
    }

    private func read(_ packetList: UnsafePointer<MIDIPacketList>) {
        for packet in packetList.unsafeSequence() {
            let length = Int(packet.pointee.length)
            let bytes = withUnsafeBytes(of: packet.pointee.data) { Array($0.prefix(length)) }
            received.append((packet.pointee.timeStamp, bytes))
        }
    }

    private func name(of object: MIDIObjectRef) -> String {
        var name: Unmanaged<CFString>?
        guard MIDIObjectGetStringProperty(object, kMIDIPropertyName, &name) == noErr, let name else { return "" }
        return name.takeRetainedValue() as String
    }
}
