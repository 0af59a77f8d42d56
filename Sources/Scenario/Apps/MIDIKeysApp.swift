import Foundation
import CoreMIDI
import MediaServer

/// A MIDI keyboard app (a controller with no sound of its own): through Core MIDI it plays A4
/// (440 Hz on a synth) at full velocity to every MIDI destination that is a device, such as a
/// Bluetooth LE link to another simulated device. Written only against Core MIDI: a client, an
/// output port, `MIDISend` with a `MIDIPacketList` stamped now.
///
/// Logs `sent` (`bytes`, `destination`) per destination, or `error` (`call`, `code`).
public final class MIDIKeysApp: ReferenceApp, @unchecked Sendable {
    override public class var defaultTone: Int? { nil }
    public static let commands = ["note-on", "note-off"]
    static let note: UInt8 = 69

    private var client: MIDIClientRef = 0
    private var outputPort: MIDIPortRef = 0
    /// The device the client was made on (`SynthApp.dispose`).
    private var clientBinding: AppBinding?

    deinit { SynthApp.dispose(client, on: clientBinding) }

    override public func didLaunch() {
        var status = MIDIClientCreateWithBlock("Keys" as CFString, &client) { _ in }
        guard status == noErr else { return log("error", ["call": "MIDIClientCreateWithBlock", "code": String(status)]) }
        clientBinding = AppContext.current
        status = MIDIOutputPortCreate(client, "Keys Out" as CFString, &outputPort)
        guard status == noErr else { return log("error", ["call": "MIDIOutputPortCreate", "code": String(status)]) }
    }

    override public func perform(_ command: String) {
        send(command == "note-on" ? [0x90, Self.note, 127] : [0x80, Self.note, 0])
    }

    /// Sends `bytes` now to each device destination (virtual destinations are other apps' inputs).
    private func send(_ bytes: [UInt8]) {
        for index in 0..<MIDIGetNumberOfDestinations() {
            let destination = MIDIGetDestination(index)
            var entity = MIDIEntityRef()
            guard MIDIEndpointGetEntity(destination, &entity) == noErr, entity != 0 else { continue }
            var packetList = MIDIPacketList()
            let packet = MIDIPacketListInit(&packetList)
            _ = MIDIPacketListAdd(&packetList, MemoryLayout<MIDIPacketList>.size, packet, 0, bytes.count, bytes)
            let status = MIDISend(outputPort, destination, &packetList)
            guard status == noErr else { log("error", ["call": "MIDISend", "code": String(status)]); continue }
            log("sent", ["bytes": bytes.map { String(format: "%02X", $0) }.joined(separator: " "), "destination": name(of: destination)])
        }
    }

    private func name(of object: MIDIObjectRef) -> String {
        var name: Unmanaged<CFString>?
        guard MIDIObjectGetStringProperty(object, kMIDIPropertyName, &name) == noErr, let name else { return "?" }
        return String(name.takeRetainedValue())
    }
}
