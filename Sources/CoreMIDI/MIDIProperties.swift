import Foundation
import MediaServer

public func MIDIObjectGetStringProperty(_ obj: MIDIObjectRef, _ propertyID: CFString,
                                        _ str: UnsafeMutablePointer<Unmanaged<CFString>?>) -> OSStatus {
    MIDIContext.call { server, _ throws(MIDIStatus) in
        guard case let .string(value) = try server.property(obj, String(propertyID)) else { throw .wrongPropertyType }
        str.pointee = Unmanaged.passRetained(NSString(string: value))
    }
}

public func MIDIObjectGetIntegerProperty(_ obj: MIDIObjectRef, _ propertyID: CFString,
                                         _ outValue: UnsafeMutablePointer<Int32>) -> OSStatus {
    MIDIContext.call { server, _ throws(MIDIStatus) in
        guard case let .integer(value) = try server.property(obj, String(propertyID)) else { throw .wrongPropertyType }
        outValue.pointee = value
    }
}

public func MIDIObjectSetStringProperty(_ obj: MIDIObjectRef, _ propertyID: CFString, _ str: CFString) -> OSStatus {
    MIDIContext.call { server, _ throws(MIDIStatus) in try server.setProperty(obj, String(propertyID), .string(String(str))) }
}

public func MIDIObjectSetIntegerProperty(_ obj: MIDIObjectRef, _ propertyID: CFString, _ value: Int32) -> OSStatus {
    MIDIContext.call { server, _ throws(MIDIStatus) in try server.setProperty(obj, String(propertyID), .integer(value)) }
}
