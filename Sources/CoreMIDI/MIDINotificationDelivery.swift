import Foundation
import MediaServer

/// Builds the notification structure a notify block reads, in memory laid out as the specific
/// structure so the block may rebind the header pointer to it.
enum MIDINotificationDelivery {
    static func deliver(_ notification: MIDISetupNotification, server: MIDIServer, to block: MIDINotifyBlock) {
        let id = MIDINotificationMessageID(rawValue: notification.messageID)!
        switch notification {
        case .setupChanged:
            var header = MIDINotification(messageID: id, messageSize: UInt32(MemoryLayout<MIDINotification>.size))
            block(&header)
        case let .objectAdded(parent, parentKind, child, childKind), let .objectRemoved(parent, parentKind, child, childKind):
            var body = MIDIObjectAddRemoveNotification(
                messageID: id, messageSize: UInt32(MemoryLayout<MIDIObjectAddRemoveNotification>.size),
                parent: parent, parentType: MIDIObjectType(rawValue: parentKind.rawValue)!,
                child: child, childType: MIDIObjectType(rawValue: childKind.rawValue)!)
            withUnsafePointer(to: &body) { pointer in
                pointer.withMemoryRebound(to: MIDINotification.self, capacity: 1) { block($0) }
            }
        case let .propertyChanged(object, kind, property):
            let name = Unmanaged.passRetained(NSString(string: property))
            defer { name.release() }
            var body = MIDIObjectPropertyChangeNotification(
                messageID: id, messageSize: UInt32(MemoryLayout<MIDIObjectPropertyChangeNotification>.size),
                object: object, objectType: MIDIObjectType(rawValue: kind.rawValue)!, propertyName: name)
            withUnsafePointer(to: &body) { pointer in
                pointer.withMemoryRebound(to: MIDINotification.self, capacity: 1) { block($0) }
            }
        }
    }
}
