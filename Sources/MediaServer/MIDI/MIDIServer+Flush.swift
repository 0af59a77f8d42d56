import SimCore

/// Output an app has scheduled for later (`MIDISend` with a future time stamp) and the calls that
/// take it back. Core MIDI holds such messages until their time; `MIDIFlushOutput` drops the
/// ones still held for a destination, and `MIDIRestart`, which stops and restarts MIDI I/O,
/// drops them all. A message whose time has come has left: on a DIN cable its bytes still
/// finish crossing, and the time the cable was booked for stays booked.
extension MIDIServer {
    /// Schedules `body` (the delivery) at `time`, held as output to `destination` due at `due`.
    func scheduleOutput(_ label: String, to destination: UInt32, due: HostTime, at time: HostTime,
                        _ body: @escaping () -> Void) {
        let id = nextOutputID
        nextOutputID += 1
        pendingOutput[id] = PendingOutput(destination: destination, due: due)
        schedule(label, at: time) { [weak self] in
            guard let self, self.pendingOutput.removeValue(forKey: id) != nil else { return }
            body()
        }
    }

    /// Messages still held for `destination` (0: for every destination).
    public func heldOutputCount(_ destination: UInt32 = 0) -> Int {
        pendingOutput.values.filter { (destination == 0 || $0.destination == destination) && $0.due > now }.count
    }

    /// `MIDIFlushOutput`: drops what is held for `destination`, or for every destination when it is 0.
    public func flushOutput(_ destination: UInt32) throws(MIDIStatus) {
        if destination != 0 {
            guard let endpoint = endpoints[destination] else { throw .unknownEndpoint }
            guard endpoint.kind == .destination else { throw .wrongEndpointType }
        }
        let dropped = pendingOutput.filter { (destination == 0 || $0.value.destination == destination) && $0.value.due > now }
        for id in dropped.keys.sorted() { pendingOutput[id] = nil }
        server.record(.midiFlush, ["destination": .integer(destination), "dropped": .integer(UInt32(dropped.count))])
    }

    /// `MIDIRestart`: MIDI I/O stops and starts again; nothing scheduled survives it.
    public func restart() {
        let dropped = pendingOutput.filter { $0.value.due > now }.count
        pendingOutput.removeAll()
        server.record(.midiRestart, ["dropped": .integer(UInt32(dropped))])
    }
}

struct PendingOutput {
    let destination: UInt32
    let due: HostTime
}
