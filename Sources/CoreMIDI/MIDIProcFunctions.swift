import Foundation

/// The C-callback forms of client, input-port and virtual-destination creation (MIDIServices.h,
/// deprecated for the block forms): each wraps its block form, passing the refCons the C API
/// passes: the port's or destination's `refCon` as the read proc's first, and the source
/// connection's refCon (from `MIDIPortConnectSource`) as its second; a destination has none.
public func MIDIClientCreate(_ name: CFString, _ notifyProc: MIDINotifyProc?, _ notifyRefCon: UnsafeMutableRawPointer?,
                             _ outClient: UnsafeMutablePointer<MIDIClientRef>) -> OSStatus {
    MIDIClientCreateWithBlock(name, outClient, notifyProc.map { proc in { notification in proc(notification, notifyRefCon) } })
}

public func MIDIInputPortCreate(_ client: MIDIClientRef, _ portName: CFString, _ readProc: @escaping MIDIReadProc,
                                _ refCon: UnsafeMutableRawPointer?, _ outPort: UnsafeMutablePointer<MIDIPortRef>) -> OSStatus {
    MIDIInputPortCreateWithBlock(client, portName, outPort) { list, sourceRefCon in readProc(list, refCon, sourceRefCon) }
}

public func MIDIDestinationCreate(_ client: MIDIClientRef, _ name: CFString, _ readProc: @escaping MIDIReadProc,
                                  _ refCon: UnsafeMutableRawPointer?, _ outDest: UnsafeMutablePointer<MIDIEndpointRef>) -> OSStatus {
    MIDIDestinationCreateWithBlock(client, name, outDest) { list, _ in readProc(list, refCon, nil) }
}

/// External devices are the ones a user draws in Audio MIDI Setup on a Mac; the simulated setup has none.
public func MIDIGetNumberOfExternalDevices() -> Int { 0 }

/// 0 (no device) for every index, as for an index past the count.
public func MIDIGetExternalDevice(_ deviceIndex0: Int) -> MIDIDeviceRef { 0 }
