/// Carries the simulated device's MIDI traffic out of the simulation, as it happens: a real
/// audio server's MIDI ports (`--backend jack`), where other programs hear what the apps play.
///
/// It sees every MIDI source (devices' and apps' virtual ones) and every virtual destination.
/// Told on the simulation thread; it must not call back into the MIDI server.
public protocol MIDITrafficTap: AnyObject {
    /// A source or a virtual destination appeared (`kind` says which), named `name`.
    func endpointAppeared(_ endpoint: UInt32, kind: MIDIObjectKind, name: String)
    /// A virtual endpoint was disposed of (a device's endpoints go offline, never away).
    func endpointDisappeared(_ endpoint: UInt32)
    /// Now, a source emitted `messages` or an app sent them to a virtual destination; each is
    /// meant for its time stamp (a past one: now).
    func endpoint(_ endpoint: UInt32, carried messages: [MIDITimedMessage])
}

extension MIDIServer {
    /// Hands the traffic to `tap` from now on, after telling it about the endpoints that exist.
    public func tapTraffic(_ tap: any MIDITrafficTap) {
        self.tap = tap
        for source in deviceOrder.flatMap({ entities(of: $0) }).flatMap({ sources(of: $0) }) {
            tap.endpointAppeared(source, kind: .source, name: stringProperty(source, MIDIPropertyName.name) ?? "")
        }
        for endpoint in virtualEndpoints {
            guard let kind = kind(of: endpoint) else { continue }
            tap.endpointAppeared(endpoint, kind: kind, name: stringProperty(endpoint, MIDIPropertyName.name) ?? "")
        }
    }
}
