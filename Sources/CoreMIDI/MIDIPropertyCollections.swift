import Foundation
import MediaServer

// Data and dictionary properties, removal, and an object's whole property list. The server keeps
// a dictionary as its property-list serialisation, so any property-list dictionary round-trips.

public func MIDIObjectGetDataProperty(_ obj: MIDIObjectRef, _ propertyID: CFString,
                                      _ outData: UnsafeMutablePointer<Unmanaged<CFData>?>) -> OSStatus {
    MIDIContext.call { server, _ throws(MIDIStatus) in
        guard case let .data(bytes) = try server.property(obj, String(propertyID)) else { throw .wrongPropertyType }
        outData.pointee = Unmanaged.passRetained(NSData(data: Data(bytes)))
    }
}

public func MIDIObjectSetDataProperty(_ obj: MIDIObjectRef, _ propertyID: CFString, _ data: CFData) -> OSStatus {
    MIDIContext.call { server, _ throws(MIDIStatus) in try server.setProperty(obj, String(propertyID), .data([UInt8](data as Data))) }
}

public func MIDIObjectGetDictionaryProperty(_ obj: MIDIObjectRef, _ propertyID: CFString,
                                            _ outDict: UnsafeMutablePointer<Unmanaged<CFDictionary>?>) -> OSStatus {
    MIDIContext.call { server, _ throws(MIDIStatus) in
        guard case let .dictionary(bytes) = try server.property(obj, String(propertyID)),
              let dictionary = PropertyCoding.dictionary(bytes) else { throw .wrongPropertyType }
        outDict.pointee = Unmanaged.passRetained(dictionary)
    }
}

/// A dictionary that is no property list (it holds a non-plist value) is refused with
/// `kMIDIWrongPropertyType`.
public func MIDIObjectSetDictionaryProperty(_ obj: MIDIObjectRef, _ propertyID: CFString, _ dict: CFDictionary) -> OSStatus {
    MIDIContext.call { server, _ throws(MIDIStatus) in
        guard let bytes = PropertyCoding.bytes(dict) else { throw .wrongPropertyType }
        try server.setProperty(obj, String(propertyID), .dictionary(bytes))
    }
}

/// Removes a property the object has; `kMIDIUnknownProperty` when it has none by that name.
public func MIDIObjectRemoveProperty(_ obj: MIDIObjectRef, _ propertyID: CFString) -> OSStatus {
    MIDIContext.call { server, _ throws(MIDIStatus) in try server.removeProperty(obj, String(propertyID)) }
}

/// The object's properties as a dictionary. With `deep`, a device's dictionary also lists its
/// entities under "entities", and each entity its endpoints under "sources" and "destinations",
/// each with its own properties.
public func MIDIObjectGetProperties(_ obj: MIDIObjectRef, _ outProperties: UnsafeMutablePointer<Unmanaged<CFPropertyList>?>,
                                    _ deep: Bool) -> OSStatus {
    MIDIContext.call { server, _ throws(MIDIStatus) in
        let dictionary = try PropertyCoding.dictionary(of: obj, server: server, deep: deep)
        outProperties.pointee = Unmanaged.passRetained(dictionary as AnyObject)
    }
}

enum PropertyCoding {
    static func bytes(_ dictionary: NSDictionary) -> [UInt8]? {
        (try? PropertyListSerialization.data(fromPropertyList: dictionary, format: .binary, options: 0)).map { [UInt8]($0) }
    }

    static func dictionary(_ bytes: [UInt8]) -> NSDictionary? {
        (try? PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)) as? NSDictionary
    }

    static func dictionary(of object: UInt32, server: MIDIServer, deep: Bool) throws(MIDIStatus) -> NSDictionary {
        let result = NSMutableDictionary()
        for (name, value) in try server.allProperties(object) {
            switch value {
            case let .string(text): result[name] = NSString(string: text)
            case let .integer(number): result[name] = NSNumber(value: number)
            case let .data(bytes): result[name] = NSData(data: Data(bytes))
            case let .dictionary(bytes): result[name] = dictionary(bytes)
            }
        }
        guard deep else { return result }
        func children(_ refs: [UInt32]) throws(MIDIStatus) -> NSArray {
            var list: [NSDictionary] = []
            for ref in refs { list.append(try dictionary(of: ref, server: server, deep: true)) }
            return NSArray(array: list)
        }
        switch server.kind(of: object) {
        case .device: result["entities"] = try children(server.entities(of: object))
        case .entity:
            result["sources"] = try children(server.sources(of: object))
            result["destinations"] = try children(server.destinations(of: object))
        default: break
        }
        return result
    }
}
