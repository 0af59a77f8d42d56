import SimCore

/// How a wired or networked MIDI device reaches the simulated device: the studio of the 2014
/// talk ("several USB MIDI devices", "break out boxes that are connected by a 5-pin DIN to
/// legacy equipment", "a network session"), all of which Core MIDI lists as ordinary devices.
public enum MIDIWire: String, Sendable {
    /// A class-compliant USB MIDI device (a controller keyboard, a pad).
    case usb
    /// A USB interface whose 5-pin DIN ports reach a legacy instrument.
    case din
    /// A MIDI network session (the network driver, RTP-MIDI).
    case network

    /// DIN MIDI runs at 31 250 baud and sends ten bits a byte (start, eight data, stop): 320 µs a
    /// byte, 3125 bytes a second.
    public static let dinByteTime = HostDuration.microseconds(320)

    /// How long `count` bytes take to cross. USB and the network carry MIDI far faster than any
    /// player sends it, so only the DIN cable's rate is modelled; they deliver at once.
    public func duration(bytes count: Int) -> HostDuration {
        self == .din ? .nanoseconds(Self.dinByteTime.nanoseconds * Int64(count)) : .zero
    }
}

extension MIDIServer {
    /// Plugs in a wired device (or joins a network session): Core MIDI gains a device with one
    /// source and one destination (clients hear `msgObjectAdded` and `msgSetupChanged`).
    @discardableResult
    public func plugWiredDevice(_ wire: MIDIWire, name: String, manufacturer: String) -> UInt32 {
        let device = addDevice(name: name, manufacturer: manufacturer, peer: nil)
        devices[device]?.wire = wire
        return device
    }

    /// The instrument on the other end plays `message` now: it reaches the device's source once
    /// its last byte has crossed the wire, behind whatever the wire is still carrying, stamped
    /// with that arrival time.
    public func wiredDeviceSends(_ device: UInt32, _ message: [UInt8]) {
        guard let wire = devices[device]?.wire, let source = entities(of: device).first.flatMap({ sources(of: $0).first }) else { return }
        let arrival = max(now, devices[device]?.inboundFreeAt ?? now) + wire.duration(bytes: message.count)
        devices[device]?.inboundFreeAt = arrival
        schedule("midi.wire", at: arrival) { [weak self] in
            try? self?.emit(from: source, [MIDITimedMessage(timeStamp: UInt64(arrival.nanoseconds), bytes: message)])
        }
    }

    /// An app's message to a wired device's destination leaves at its time stamp and reaches the
    /// instrument once its last byte has crossed (`midi.wire-received`).
    func sendToWire(_ device: UInt32, destination: UInt32, _ messages: [MIDITimedMessage]) {
        guard let wire = devices[device]?.wire else { return }
        let name = stringProperty(device, MIDIPropertyName.name) ?? ""
        for message in messages {
            let due = max(now, HostTime(nanoseconds: Int64(clamping: message.timeStamp)))
            let arrival = max(due, devices[device]?.outboundFreeAt ?? due) + wire.duration(bytes: message.bytes.count)
            devices[device]?.outboundFreeAt = arrival
            scheduleOutput("midi.wire", to: destination, due: due, at: arrival) { [weak self] in
                self?.server.record(.midiWireReceived, ["device": .string(name), "bytes": .string(Self.hex(message.bytes))])
            }
        }
    }

    func wiredDevice(ofEntity entity: UInt32) -> UInt32? {
        guard let device = entities[entity]?.device, devices[device]?.wire != nil else { return nil }
        return device
    }

    /// `90 3C 64`: bytes as trace lines write them.
    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { byte in (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true) }.joined(separator: " ")
    }
}
