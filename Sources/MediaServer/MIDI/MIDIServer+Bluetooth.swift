import SimCore
import VirtualDevices

/// A paired BLE-MIDI link appears as an ordinary MIDI device with one source and one
/// destination ("appears as an ordinary MIDI device", Core Audio, WWDC 2014 session 501); when
/// the link drops the device goes offline, and comes back online when the peer reconnects.
extension MIDIServer: BLERadioHost {
    public func record(_ kind: String, _ fields: [String: TraceValue]) { server.record(named: kind, fields) }

    public func schedule(_ label: String, at time: HostTime, _ body: @escaping () -> Void) {
        try? server.schedule(label, at: max(time, now), body)
    }

    public func linkReady(_ link: BLELink) {
        if let device = device(ofPeer: link.peer) {
            setOffline(device, false)
        } else {
            _ = addDevice(name: link.peer, manufacturer: "Bluetooth", peer: link.peer)
        }
    }

    public func linkClosed(_ link: BLELink, reason: String) {
        guard let device = device(ofPeer: link.peer) else { return }
        setOffline(device, true)
    }

    public func received(_ message: [UInt8], on link: BLELink, at time: HostTime) {
        guard let device = device(ofPeer: link.peer), let entity = entities(of: device).first,
              let source = sources(of: entity).first else { return }
        try? emit(from: source, [MIDITimedMessage(timeStamp: UInt64(time.nanoseconds), bytes: message)])
    }

    public func isInUse(_ link: BLELink) -> Bool {
        guard let device = device(ofPeer: link.peer) else { return false }
        return entities(of: device).flatMap { sources(of: $0) }.contains { isConnected($0) }
    }
}
