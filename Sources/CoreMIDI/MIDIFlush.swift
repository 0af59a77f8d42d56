import MediaServer

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
