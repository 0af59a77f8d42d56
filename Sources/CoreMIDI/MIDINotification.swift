/// The header every notification starts with; switch on `messageID`, then rebind the pointer
/// to the specific structure (`withMemoryRebound(to: MIDIObjectAddRemoveNotification.self …)`).
public struct MIDINotification {
    public var messageID: MIDINotificationMessageID
    public var messageSize: UInt32

    /// C's zero-initialised struct; 0 is no message ID, so this one says `msgSetupChanged` (1).
    public init() { self.init(messageID: .msgSetupChanged, messageSize: UInt32(MemoryLayout<MIDINotification>.size)) }

    public init(messageID: MIDINotificationMessageID, messageSize: UInt32) {
        self.messageID = messageID
        self.messageSize = messageSize
    }
}

/// `msgObjectAdded` / `msgObjectRemoved`.
public struct MIDIObjectAddRemoveNotification {
    public var messageID: MIDINotificationMessageID
    public var messageSize: UInt32
    public var parent: MIDIObjectRef
    public var parentType: MIDIObjectType
    public var child: MIDIObjectRef
    public var childType: MIDIObjectType

    public init() {
        self.init(messageID: .msgObjectAdded, messageSize: UInt32(MemoryLayout<MIDIObjectAddRemoveNotification>.size),
                  parent: 0, parentType: .other, child: 0, childType: .other)
    }

    public init(messageID: MIDINotificationMessageID, messageSize: UInt32, parent: MIDIObjectRef,
                parentType: MIDIObjectType, child: MIDIObjectRef, childType: MIDIObjectType) {
        self.messageID = messageID
        self.messageSize = messageSize
        self.parent = parent
        self.parentType = parentType
        self.child = child
        self.childType = childType
    }
}

/// `msgPropertyChanged`.
public struct MIDIObjectPropertyChangeNotification {
    public var messageID: MIDINotificationMessageID
    public var messageSize: UInt32
    public var object: MIDIObjectRef
    public var objectType: MIDIObjectType
    public var propertyName: Unmanaged<CFString>

    public init(messageID: MIDINotificationMessageID, messageSize: UInt32, object: MIDIObjectRef,
                objectType: MIDIObjectType, propertyName: Unmanaged<CFString>) {
        self.messageID = messageID
        self.messageSize = messageSize
        self.object = object
        self.objectType = objectType
        self.propertyName = propertyName
    }
}

/// `msgIOError`: a driver's device failed with `errorCode`.
public struct MIDIIOErrorNotification {
    public var messageID: MIDINotificationMessageID
    public var messageSize: UInt32
    public var driverDevice: MIDIDeviceRef
    public var errorCode: OSStatus

    public init() {
        self.init(messageID: .msgIOError, messageSize: UInt32(MemoryLayout<MIDIIOErrorNotification>.size), driverDevice: 0, errorCode: noErr)
    }

    public init(messageID: MIDINotificationMessageID, messageSize: UInt32, driverDevice: MIDIDeviceRef, errorCode: OSStatus) {
        self.messageID = messageID
        self.messageSize = messageSize
        self.driverDevice = driverDevice
        self.errorCode = errorCode
    }
}
