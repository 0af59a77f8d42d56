import MediaServer
import CoreMIDI
import SimCore
import VirtualDevices

/// A BLE-MIDI keyboard playing on all 16 channels for a simulated stretch, received by an app
/// through a Core MIDI input port: the radio's connection events, the BLE-MIDI codec both ways,
/// the MIDI server's delivery and the packet lists the app reads.
///
/// Every channel plays a note each half second (note-on, note-off a quarter second later), the
/// channels staggered evenly: 64 messages per simulated second, 230,400 in an hour.
public enum BLEMIDIStream {
    public struct Result: Sendable {
        public let messagesSent: Int
        public let messagesReceived: Int
        /// The largest gap between a key press and its Core MIDI timestamp.
        public let worstLatency: HostDuration
    }

    /// One message per step: 16 channels × 2 messages per half second.
    static let step = HostDuration.nanoseconds(500_000_000 / 32)

    public static func run(minutes: Int64, seed: UInt64 = 1) throws -> Result {
        let server = AudioServer(profile: try DeviceProfile.load("iphone"), seed: seed)
        let app = AppID("Listener")
        server.register(app)
        let receiver = Receiver()
        AppContext.run(as: AppBinding(server: server, app: app)) { receiver.start() }
        let radio = server.midi.radio
        try server.schedule("advertise", at: HostTime(nanoseconds: 10_000_000)) { try? radio.advertise(peripheral: "Keys") }
        try server.schedule("connect", at: HostTime(nanoseconds: 20_000_000)) { try? radio.connect(peripheral: "Keys") }
        try server.schedule("pair", at: HostTime(nanoseconds: 100_000_000)) {
            try? radio.answerPairing("Keys", accept: true)
            AppContext.run(as: AppBinding(server: server, app: app)) { receiver.connect() }
        }
        let player = Player(server: server, radio: radio, receiver: receiver)
        let end = HostTime(nanoseconds: HostDuration.minutes(minutes).nanoseconds)
        try server.schedule("stream", at: HostTime(nanoseconds: 1_000_000_000)) { player.play(until: end) }
        server.run(until: end + .seconds(1), eventBudget: Int.max)
        return Result(messagesSent: player.sent, messagesReceived: receiver.count,
                      worstLatency: .nanoseconds(receiver.worstLatency))
    }

    /// The keyboard: one message per step, from a self-rescheduling action.
    final class Player {
        let server: AudioServer
        let radio: BLERadio
        let receiver: Receiver
        var sent = 0

        init(server: AudioServer, radio: BLERadio, receiver: Receiver) {
            self.server = server
            self.radio = radio
            self.receiver = receiver
        }

        func play(until end: HostTime) {
            let index = sent
            let channel = UInt8(index / 2 % 16), on = index % 2 == 0
            let note = UInt8(36 + (index / 32) % 48)
            try? radio.send(fromPeer: "Keys", [(on ? 0x90 : 0x80) | channel, note, on ? 100 : 0])
            receiver.pressed(at: server.now)
            sent += 1
            let next = server.now + BLEMIDIStream.step
            guard next < end else { return }
            try? server.schedule("stream", at: next) { [self] in play(until: end) }
        }
    }

    /// The app: counts what its input port receives and how late it is.
    final class Receiver {
        var client = MIDIClientRef()
        var port = MIDIPortRef()
        var count = 0
        var worstLatency: Int64 = 0
        private var presses: [Int64] = []
        private var nextPress = 0

        func start() {
            _ = MIDIClientCreateWithBlock("Listener" as CFString, &client, nil)
            _ = MIDIInputPortCreateWithBlock(client, "In" as CFString, &port) { [self] list, _ in
                for packet in list.unsafeSequence() { received(packet.pointee.timeStamp, messages: Int(packet.pointee.length) / 3) }
            }
        }

        func connect() { _ = MIDIPortConnectSource(port, MIDIGetSource(0), nil) }

        func pressed(at time: HostTime) { presses.append(time.nanoseconds) }

        private func received(_ time: MIDITimeStamp, messages: Int) {
            for _ in 0..<messages where nextPress < presses.count {
                worstLatency = max(worstLatency, Int64(time) - presses[nextPress])
                nextPress += 1
            }
            count += messages
        }
    }
}
