import BLEMIDI
import Conformance
import Foundation
import MediaServer
import CoreMIDI
import SimCore
import VirtualDevices

/// MIDI over Bluetooth LE: which releases and hardware have it, the name a device advertises,
/// the GATT service and characteristic, the link's interval, packet size and bandwidth,
/// reconnection before iOS 16, and the BLE-MIDI packet format with the specification's worked
/// examples and the vectors of BlueZ (unit/test-midi.c), PipeWire (spa/plugins/bluez5/test-midi.c)
/// and bluez-alsa (test/test-ble-midi.c).
enum BLEMIDIChecks {
    typealias V = BLEMIDIVectors

    static var all: [BuiltInCheck] { systemChecks + linkChecks + codecChecks + peerVectorChecks }

    /// A keyboard paired on `bench` (ready at 500 ms) and an Apple-style Core MIDI app started
    /// before it, run to 1 s.
    static func pairedKeyboard(_ bench: MIDIBench) throws -> AppleStyleMIDIController {
        let app = AppleStyleMIDIController()
        _ = bench.inApp { app.start() }
        try bench.pairKeyboard()
        bench.run(until: .seconds(1))
        return app
    }

    // MARK: Releases, hardware, names, reconnection

    static var systemChecks: [BuiltInCheck] { [
        BuiltInCheck(["MIDI-BLE-IOS8-YOSEMITE"], "from iOS 8 (and on the Mac) a paired BLE keyboard sends to and receives from an app; on iOS 7 the radio finds and joins nothing") { p in
            let bench = try MIDIBench(platform: p.platform)
            let app = try pairedKeyboard(bench)
            try bench.radio.send(fromPeer: "BLE Keys", [0x90, 0x3C, 0x64])
            p.expect(bench.inApp { app.sendNoteOn(0x40, velocity: 0x7F, to: "BLE Keys") }, equals: noErr, "the app sends to the keyboard")
            bench.run(until: .seconds(2))
            p.expect(app.received.map(\.bytes), equals: [[0x90, 0x3C, 0x64]], "the app received the keyboard's note")
            p.expect(bench.lines(.blePeerReceived).map { $0.fields["bytes"] }, equals: [.string("90 40 7F")], "the keyboard received the app's note")

            let mac = try MIDIBench(platform: p.platform, profile: try DeviceProfile.load("mac"))
            let macApp = try pairedKeyboard(mac)
            try mac.radio.send(fromPeer: "BLE Keys", [0x90, 0x3C, 0x64])
            mac.run(until: .seconds(2))
            p.expect(macApp.received.map(\.bytes), equals: [[0x90, 0x3C, 0x64]], "a Mac app received the keyboard's note")

            let old = try MIDIBench(platform: .ios7)
            try old.radio.advertise(peripheral: "BLE Keys")
            p.expect(old.radio.scan(), equals: [], "iOS 7 finds no BLE-MIDI peripheral")
            p.expect(fails(with: .unavailable) { () throws(BLERadioError) in try old.radio.connect(peripheral: "BLE Keys") }, "iOS 7 cannot connect one")
            p.expect(fails(with: .unavailable) { () throws(BLERadioError) in try old.radio.advertiseDevice() }, "iOS 7 cannot advertise itself")
            p.expect(old.inApp { MIDIGetNumberOfDevices() }, equals: 0, "no MIDI device on iOS 7")
        },
        BuiltInCheck(["MIDI-BLE-SUPPORTED-HARDWARE"], "BLE-MIDI pairs on the iPhone 4S and later, the Retina iPad and later, every iPad mini and the 2012 Macs and some of 2011; not on the iPhone 4, the iPad 2 or a 2011 MacBook Pro or iMac") { p in
            let with = ["iPhone 4S", "iPhone 5", "iPad (3rd generation)", "iPad Air", "iPad mini", "iPad mini 2",
                        "MacBook Air (Mid 2011)", "Mac mini (Mid 2011)", "MacBook Pro (Mid 2012)", "iMac (Late 2012)"]
            let without = ["iPhone 4", "iPad 2", "MacBook Pro (Early 2011)", "iMac (Mid 2011)"]
            for model in with + without {
                var profile = try DeviceProfile.load(model.hasPrefix("iPhone") ? "iphone" : model.hasPrefix("iPad") ? "ipad" : "mac")
                profile.model = model
                let bench = try MIDIBench(platform: p.platform, profile: profile)
                try bench.pairKeyboard()
                bench.run(until: .seconds(1))
                let devices = bench.inApp { MIDIGetNumberOfDevices() }
                p.expect(devices, equals: with.contains(model) ? 1 : 0, "\(model): BLE-MIDI devices after pairing a keyboard")
            }
        },
        BuiltInCheck(["MIDI-BLE-ADVERTISED-NAME"], "an iPad Air advertises as \"iPad Air MIDI\" and an iPhone scanning finds that name; renamed by the user, it is found and connected as \"Stage iPad\"") { p in
            let clock = SimulationClock()
            var ipad = try DeviceProfile.load("ipad")
            ipad.model = "iPad Air"
            let tablet = AudioServer(profile: ipad, platform: p.platform, seed: 1, clock: clock)
            let phone = AudioServer(profile: try DeviceProfile.load("iphone"), platform: p.platform, seed: 2, clock: clock)
            let air = BLEAir()
            air.join(tablet.midi.radio, as: "Tablet")
            air.join(phone.midi.radio, as: "Phone")
            try tablet.midi.radio.advertiseDevice()
            p.expect(phone.midi.radio.scan(), equals: ["iPad Air MIDI"], "the name derived from the device")
            try tablet.midi.radio.advertiseDevice(as: "Stage iPad")
            p.expect(phone.midi.radio.scan(), equals: ["Stage iPad"], "the name the user chose")
            try phone.midi.radio.connect(peripheral: "Stage iPad")
            phone.run(until: HostTime(nanoseconds: 100_000_000))
            p.expect(phone.midi.radio.link(to: "Stage iPad")?.state, equals: .awaitingPairing, "connected under the new name, asking to pair")
        },
        BuiltInCheck(["MIDI-BLE-MANUAL-RECONNECT"], "before iOS 16 a paired keyboard switched off and on stays disconnected and its device offline until the user connects it, which needs no new pairing") { p in
            let bench = try MIDIBench(platform: p.platform)
            let app = try pairedKeyboard(bench)
            try bench.at(.seconds(2)) { try bench.radio.powerOff("BLE Keys") }
            try bench.at(.milliseconds(2_500)) { try bench.radio.powerOn("BLE Keys") }
            bench.run(until: .seconds(4))
            p.expect(bench.radio.link(to: "BLE Keys") == nil, "no link 1.5 s after the keyboard came back")
            p.expect(bench.lines(.bleReconnecting).isEmpty, "the system did not reconnect it")
            p.expect(bench.inApp { MIDIGetNumberOfSources() }, equals: 0, "its source left the list (device offline)")
            p.expect(fails(with: .notConnected("BLE Keys")) { () throws(BLERadioError) in try bench.radio.send(fromPeer: "BLE Keys", [0x90, 0x40, 0x64]) }, "nothing can flow")
            try bench.radio.connect(peripheral: "BLE Keys")
            bench.run(until: .seconds(5))
            p.expect(bench.radio.link(to: "BLE Keys")?.state, equals: .ready, "ready once the user connects")
            p.expect(bench.lines(.blePairingRequested).count, equals: 1, "pairing was asked once, at the first connection")
            try bench.radio.send(fromPeer: "BLE Keys", [0x90, 0x40, 0x64])
            bench.run(until: .seconds(6))
            p.expect(app.received.last?.bytes, equals: [0x90, 0x40, 0x64], "the keyboard plays the app again")
        },
        BuiltInCheck(["MIDI-BLE-MAC-APPS-READY"], "a Mac app written for Core MIDI, unchanged, sees a paired BLE keyboard appear, connects its source and plays with it both ways") { p in
            let bench = try MIDIBench(platform: p.platform, profile: try DeviceProfile.load("mac"))
            let app = try pairedKeyboard(bench)
            p.expect(app.notifications, equals: [.msgObjectAdded, .msgSetupChanged], "notifications")
            p.expect(app.addedObjects.map(\.name), equals: ["BLE Keys"], "the device added")
            p.expect(app.connectedSources.count, equals: 1, "the app connected the new source by itself")
            try bench.radio.send(fromPeer: "BLE Keys", [0x90, 0x3C, 0x64])
            p.expect(bench.inApp { app.sendNoteOn(0x40, velocity: 0x7F, to: "BLE Keys") }, equals: noErr, "MIDISend to the keyboard")
            bench.run(until: .seconds(2))
            p.expect(app.received.map(\.bytes), equals: [[0x90, 0x3C, 0x64]], "from the keyboard")
            p.expect(bench.lines(.blePeerReceived).map { $0.fields["bytes"] }, equals: [.string("90 40 7F")], "to the keyboard")
        },
    ] }

    /// Whether `body` throws `expected`.
    static func fails(with expected: BLERadioError, _ body: () throws(BLERadioError) -> Void) -> Bool {
        do { try body() } catch { return error == expected }
        return false
    }
}

// MARK: The link

extension BLEMIDIChecks {
    static var linkChecks: [BuiltInCheck] { [
        BuiltInCheck(["MIDI-BLE-GATT-UUIDS"], "the device advertises the MIDI service as a peripheral and a remote central connects; each link has one central and one peripheral") { p in
            let device = try MIDIBench(platform: p.platform)
            p.expect(fails(with: .deviceNotAdvertising) { () throws(BLERadioError) in try device.radio.acceptConnection(fromCentral: "Mac") },
                     "a central cannot connect before the device advertises")
            try device.radio.advertiseDevice(as: "iPhone MIDI")
            p.expect(device.lines(.bleAdvertising).first?.fields["service"], equals: .string("03B80E5A-EDE8-4B33-A751-6CE34EC4C700"), "the advertised service")
            try device.radio.acceptConnection(fromCentral: "Mac")
            p.expect(device.radio.link(to: "Mac")?.localRole, equals: .peripheral, "the device's role")
            p.expect(fails(with: .wrongRole("Mac", is: .central)) { () throws(BLERadioError) in try device.radio.advertise(peripheral: "Mac") },
                     "a central cannot be connected to as if it were a peripheral")
            try device.at(.milliseconds(100)) { try device.radio.answerPairing("Mac", accept: true) }
            device.run(until: .seconds(1))
            p.expect(device.inApp { MIDIGetNumberOfSources() }, equals: 1, "the central is a MIDI source")
            p.expect(device.lines(.bleReady).first?.fields["characteristic"], equals: .string("7772E5DB-3868-4112-A1A9-F2669D106BF3"), "the I/O characteristic")
        },
        BuiltInCheck(["MIDI-BLE-CHARACTERISTIC"], "the I/O characteristic is read, write without response and notify; the central's read is answered empty; a keyboard's MIDI comes as notifications and the device's goes as writes, and the other way round when the device is the peripheral") { p in
            p.expect(BLEMIDIService.characteristicProperties.rawValue, equals: 0x02 | 0x04 | 0x10, "properties (read, writeWithoutResponse, notify)")
            let bench = try MIDIBench(platform: p.platform)
            _ = try pairedKeyboard(bench)
            let link = try p.require(bench.radio.link(to: "BLE Keys"), "the keyboard's link")
            p.expect(link.characteristicRead, equals: [], "the central's read of the characteristic")
            try bench.radio.send(fromPeer: "BLE Keys", [0x90, 0x3C, 0x64])
            try bench.radio.send(toPeer: "BLE Keys", [0x90, 0x40, 0x7F])
            bench.run(until: .seconds(2))
            p.expect(link.notificationsCarried, equals: 1, "the keyboard's packet, a notification")
            p.expect(link.writesCarried, equals: 1, "the device's packet, a write without response")

            try bench.radio.advertiseDevice()
            try bench.radio.acceptConnection(fromCentral: "Mac")
            try bench.at(.milliseconds(2_100)) { try bench.radio.answerPairing("Mac", accept: true) }
            bench.run(until: .seconds(3))
            let central = try p.require(bench.radio.link(to: "Mac"), "the Mac's link")
            try bench.radio.send(fromPeer: "Mac", [0x90, 0x3C, 0x64])
            try bench.radio.send(toPeer: "Mac", [0x90, 0x40, 0x7F])
            bench.run(until: .seconds(4))
            p.expect(central.writesCarried, equals: 1, "the Mac's packet, a write without response")
            p.expect(central.notificationsCarried, equals: 1, "the device's packet, a notification")
        },
        BuiltInCheck(["MIDI-BLE-CONNECTION-INTERVAL"], "the interval is the peripheral's request clamped to 7.5…15 ms on the 1.25 ms grid") { p in
            let settings = BLELinkSettings()
            p.expect(settings.negotiatedInterval(requested: .milliseconds(20)), equals: .milliseconds(15), "20 ms asked")
            p.expect(settings.negotiatedInterval(requested: .milliseconds(8)), equals: .microseconds(8_750), "8 ms asked")
            p.expect(settings.negotiatedInterval(requested: .milliseconds(5)), equals: .microseconds(7_500), "5 ms asked")
            let device = try MIDIBench(platform: p.platform)
            try device.pairKeyboard(interval: .microseconds(11_250))
            device.run(until: .seconds(1))
            p.expect(device.radio.link(to: "BLE Keys")?.interval, equals: .microseconds(11_250), "the link's interval")
            p.expect(device.lines(.bleConnected).first?.fields["intervalUs"], equals: .int(11_250), "the traced interval")
        },
        BuiltInCheck(["MIDI-BLE-PACKET-SIZE"], "link packets are ATT_MTU − 3 bytes: 20 by default, 182 after an MTU exchange at 185, capped by the device") { p in
            p.expect(BLELinkSettings().payloadSize(peerATTMTU: 23), equals: 20, "ATT MTU 23")
            p.expect(BLELinkSettings().payloadSize(peerATTMTU: 185), equals: 182, "ATT MTU 185")
            p.expect(BLELinkSettings().payloadSize(peerATTMTU: 517), equals: 182, "ATT MTU 517, above the device's")
            let device = try MIDIBench(platform: p.platform)
            try device.pairKeyboard(attMTU: 185)
            device.run(until: .seconds(1))
            p.expect(device.radio.link(to: "BLE Keys")?.payloadSize, equals: 182, "the link's payload")
            p.expect(device.lines(.bleReady).first?.fields["attMTU"], equals: .int(185), "the traced ATT MTU")
        },
        BuiltInCheck(["MIDI-BLE-BANDWIDTH"], "a burst larger than one connection event spreads over later events in order; a DIN-rate stream (3125 bytes/s) keeps its latency bounded") { p in
            let device = try MIDIBench(seed: 4, platform: p.platform)
            let listener = MIDIListener(device)
            device.inApp { listener.start() }
            try device.pairKeyboard()
            try device.at(.seconds(1)) { device.inApp { listener.connectFirstSource() } }
            // 60 note-ons at once: 4 per 20-byte packet (timestamp + 3 bytes, header first), 4 packets per event.
            try device.at(.seconds(2)) {
                for note in 0..<60 { try device.radio.send(fromPeer: "BLE Keys", [0x90, UInt8(note), 100]) }
            }
            device.run(until: .seconds(3))
            p.expect(listener.messages.map { $0.bytes[1] }, equals: (0..<60).map(UInt8.init), "the burst, in order")
            let interval = try p.require(device.radio.link(to: "BLE Keys"), "the link").interval
            let arrivals = listener.messages.map(\.arrival)
            let events = Set(arrivals.map { ($0 - 2_000_000_000) / interval.nanoseconds })
            p.expect(events.count > 1, "one event cannot carry 60 messages of 20-byte packets")
            p.expect(arrivals == arrivals.sorted(), "arrivals in order")

            // One message every 960 µs for 2 s: 3125 bytes/s, DIN MIDI's full rate.
            listener.messages = []
            let start = Int64(4_000_000_000)
            for index in 0..<2_083 {
                try device.at(.nanoseconds(start + Int64(index) * 960_000)) {
                    try device.radio.send(fromPeer: "BLE Keys", [0xB0, 0x01, UInt8(index % 128)])
                }
            }
            device.run(until: .seconds(7))
            p.expect(listener.messages.count, equals: 2_083, "every message of the stream")
            let worst = listener.messages.enumerated().map { index, message in message.arrival - (start + Int64(index) * 960_000) }.max() ?? 0
            let settings = device.radio.settings
            p.expect(worst < interval.nanoseconds + settings.processingLatency.nanoseconds + settings.jitter.nanoseconds,
                     "worst latency \(worst) ns within an interval plus processing and jitter")
        },
    ] }
}

// MARK: The packet format

extension BLEMIDIChecks {
    static var codecChecks: [BuiltInCheck] { [
        BuiltInCheck(["MIDI-BLE-WORKED-EXAMPLES"], "the specification's examples decode as documented: running status with and without a timestamp, low-byte wrap, real-time between running-status messages and inside a SysEx, a 30-byte SysEx across a full 20-byte packet carrying the time of its F7") { p in
            let examples: [(String, [BLEMIDIMessage])] = [
                ("A4 B4 90 3C 7F", [V.message(4660, "90 3C 7F")]),
                ("A4 B4 90 3C 64 40 64 43 64", [V.message(4660, "90 3C 64"), V.message(4660, "90 40 64"), V.message(4660, "90 43 64")]),
                ("A4 B4 90 3C 64 B5 3C 00", [V.message(4660, "90 3C 64"), V.message(4661, "90 3C 00")]),
                ("A4 FF 90 3C 64 81 80 3C 00", [V.message(4735, "90 3C 64"), V.message(4737, "80 3C 00")]),
                ("A4 B4 90 3C 64 B5 F8 B6 40 64", [V.message(4660, "90 3C 64"), V.message(4661, "F8"), V.message(4662, "90 40 64")]),
                ("A4 B4 F0 01 02 B5 F8 03 04 B6 F7", [V.message(4661, "F8"), V.message(4662, "F0 01 02 03 04 F7")]),
                ("80 80 FC 85 F8", [V.message(0, "FC"), V.message(5, "F8")]),  // timestampHigh 0, as macOS sends
                ("80", []),  // a header alone carries nothing
            ]
            for (packet, expected) in examples {
                let result = V.decodeStream(packet)
                p.expect(result.errors.isEmpty, "\(packet): \(result.errors)")
                p.expect(result.messages, equals: expected, packet)
            }
            let sysEx = V.decodeStream("A4 B4 F0 01 02 03 04 05 06 07 08 09 0A 0B 0C 0D 0E 0F 10 11",
                                       "A4 12 13 14 15 16 17 18 19 1A 1B 1C B5 F7")
            p.expect(sysEx.messages, equals: [V.message(4661, V.countingSysEx(to: 0x1C))], "the SysEx across two packets")
        },
        BuiltInCheck(["MIDI-BLE-HEADER-BYTE"], "the header's six low bits are the top of every timestamp in its packet; anything but 10xxxxxx is rejected") { p in
            for high in UInt8(0)...0x3F {
                let result = V.decodeStream(BLEMIDIHex.string([0x80 | high, 0x85, 0xF8]))
                p.expect(result.messages, equals: [V.message(UInt16(high) << 7 | 5, "F8")], "header \(0x80 | high)")
            }
            for header: UInt8 in [0x00, 0x3F, 0x40, 0x7F, 0xC0, 0xFF] {
                p.expect(V.decodeStream(BLEMIDIHex.string([header, 0x85, 0xF8])).errors,
                         equals: [BLEMIDIError(packetIndex: 0, byteOffset: 0, rule: .invalidHeader)], "header \(header)")
            }
        },
        BuiltInCheck(["MIDI-BLE-REALTIME-DEINTERLEAVED"], "a real-time byte between a status byte and its data is rejected; inside a SysEx it is its own message, sent with its own timestamp and delivered before the SysEx") { p in
            p.expect(V.decodeStream("80 80 90 40 F8 7F").errors, equals: [BLEMIDIError(packetIndex: 0, byteOffset: 4, rule: .statusInsideMessage)], "F8 inside a note-on")
            p.expect(V.decodeStream("80 80 C0 F8").errors, equals: [BLEMIDIError(packetIndex: 0, byteOffset: 3, rule: .statusInsideMessage)], "F8 inside a program change")
            p.expect(V.decodeStream("80 80 F0 01 81 FE 02 82 F7").messages, equals: [V.message(1, "FE"), V.message(2, "F0 01 02 F7")], "FE inside a SysEx")
            let packets = V.encode([V.message(4662, "F0 01 02 F8 03 04 F7")], mtu: 20)
            p.expect(packets, equals: [V.bytes("A4 B6 F0 01 02 B6 F8 03 04 B6 F7")], "encoded: the F8 with its own timestamp")
            var decoder = BLEMIDIDecoder()
            p.expect(try decoder.decode(packets[0]), equals: [V.message(4662, "F8"), V.message(4662, "F0 01 02 03 04 F7")], "decoded back")
        },
        BuiltInCheck(["MIDI-BLE-PACKET-SIZE"], "the encoder never splits a message across packets and keeps each packet within the MTU (5, 6, 7 and 20 bytes)") { p in
            for mtu in [5, 6, 7, 20] {
                let messages = (0..<40).map { V.message(UInt16($0), $0 % 3 == 0 ? "C0 05" : "B0 07 64") }
                let packets = V.encode(messages, mtu: mtu)
                p.expect(packets.allSatisfy { $0.count <= mtu }, "MTU \(mtu): every packet fits")
                var decoder = BLEMIDIDecoder()
                p.expect(packets.allSatisfy { (try? decoder.decode($0)) != nil }, "MTU \(mtu): every packet decodes on its own")
            }
        },
        BuiltInCheck(["MIDI-BLE-ALL-MIDI-TYPES"], "2,000 seeded random streams of channel, System Common, real-time and SysEx messages (real-time inside SysEx, times across the wrap) at random MTUs decode to the same messages at the same 13-bit times") { p in
            for batch in UInt64(0)..<4 {
                var random = SplitMix64(seed: 20_261_122 &+ batch)
                for stream in 0..<500 {
                    let messages = V.randomStream(using: &random)
                    let mtu = Int.random(in: 5...128, using: &random)
                    let packets = V.encode(messages, mtu: mtu)
                    p.expect(packets.allSatisfy { $0.count <= mtu }, "stream \(stream) of batch \(batch): packets within MTU \(mtu)")
                    var decoder = BLEMIDIDecoder()
                    let decoded = try packets.flatMap { try decoder.decode($0) }
                    // Exact: the encoder only writes times the receiver reconstructs exactly (well inside 1 ms).
                    p.expect(decoded, equals: V.deliveryOrder(messages), "stream \(stream) of batch \(batch), MTU \(mtu)")
                    p.expect(!decoder.isInsideSysEx, "stream \(stream) of batch \(batch): no SysEx left open")
                }
            }
        },
    ] }
}

// MARK: Peer vectors

extension BLEMIDIChecks {
    /// PipeWire parser_1 / writer_1: running status, real-time inside a SysEx, a SysEx across packets, System Common.
    static let pipeWireMIDI1Packets = [
        "A4 B4 A0 01 02 03 04 B5 05 06 B6 F8 B7 F0 0A 0B 0C B8 FF 0D 0E B9 F7 C0 F0 10 11",
        "A4 12 C1 F7 C2 F1 13",
    ]
    static let pipeWireMIDI1Events = [
        V.message(0x1234, "A0 01 02"),
        V.message(0x1234, "A0 03 04"),  // running status
        V.message(0x1235, "A0 05 06"),  // running status with its own timestamp
        V.message(0x1236, "F8"),
        V.message(0x1238, "FF"),  // real-time inside the SysEx comes out before it
        V.message(0x1239, "F0 0A 0B 0C 0D 0E F7"),  // a SysEx carries the time of its end
        V.message(0x1241, "F0 10 11 12 F7"),  // continued from the previous packet
        V.message(0x1242, "F1 13"),
    ]
    /// PipeWire parser_2 / writer_2 / writer_3.
    static let pipeWireMIDI2Packets = ["A4 B4 A0 01 02 B3 A0 03 04", "B1 B3 A0 05 06"]
    static let pipeWireMIDI2Events = [
        V.message(0x1234, "A0 01 02"),
        V.message(0x12B3, "A0 03 04"),  // the low byte rolls over B4 -> B3: the high bits move on by one
        V.message(0x18B3, "A0 05 06"),  // the high bits jump in a new packet
    ]

    static var peerVectorChecks: [BuiltInCheck] { [
        BuiltInCheck(["MIDI-BLE-RUNNING-STATUS"], "BlueZ midi1: 8 messages, the misplaced running status of packet 1_5 rejected (no Note Off); bluez-alsa multiple_running_status: running status does not carry into the next packets") { p in
            let bluez = V.decodeStream(
                "a6 88 e8 00 40 88 b8 4a 3f 88 98 3e 0e",  // 1_1: three messages in one packet
                "a6 aa d8 71",  // 1_2
                "a6 b7 b8 4a 43",  // 1_3
                "a6 c4 e8 7e 3f 7d 3f c4 7c 3f",  // 1_4: running status without, then with, a timestamp
                "a6 d9 3e 00 88 3e 00"  // 1_5: "running status misplaced"
            )
            p.expect(bluez.messages, equals: [
                V.message(4872, "E8 00 40"), V.message(4872, "B8 4A 3F"), V.message(4872, "98 3E 0E"), V.message(4906, "D8 71"),
                V.message(4919, "B8 4A 43"), V.message(4932, "E8 7E 3F"), V.message(4932, "E8 7D 3F"), V.message(4932, "E8 7C 3F"),
            ], "BlueZ midi1 messages")
            // BlueZ's list ends with NOTEOFF ch 8 62 0, which its own reader never produces (running
            // status is per packet) and its harness never compares: the 88 is a timestamp, not a status.
            p.expect(bluez.errors, equals: [BLEMIDIError(packetIndex: 4, byteOffset: 2, rule: .runningStatusWithoutStatus)], "BlueZ 1_5")
            let alsa = V.decodeStream("80 81 90 40 7F", "80 82 41 7F", "80 42 7F")
            p.expect(alsa.messages, equals: [V.message(1, "90 40 7F")], "bluez-alsa: only the full message")
            p.expect(alsa.errors, equals: [
                BLEMIDIError(packetIndex: 1, byteOffset: 2, rule: .runningStatusWithoutStatus),
                BLEMIDIError(packetIndex: 2, byteOffset: 1, rule: .runningStatusWithoutStatus),
            ], "bluez-alsa: running status ends with its packet")
        },
        BuiltInCheck(["MIDI-BLE-SYSEX-CONTINUATION"], "BlueZ midi2: nine packets make five SysEx stamped with their F7; BlueZ midi5: a 1024-byte SysEx splits and rejoins at 100 random packet sizes; bluez-alsa multiple_system_exclusive_3: data after a timestamp inside a SysEx is rejected") { p in
            let midi2 = V.decodeStream(
                "a6 da f0 01 02 03 da f7",  // 2_1: in one packet
                "a6 da f0 01 02 03 04 05", "a6 06 07 08 09 0a db f7",  // 2_2, 2_3: across two
                "a6 da f0 01 02 03 04 05", "a6 06 07 08 09 0a 0b 0c",  // 2_4 … 2_7: across four
                "a6 0d 0e 0f 10 11 12 13", "a6 14 15 16 17 18 db f7",
                "a6 da f0 01 02 03 da f7 da f0", "a6 06 07 08 09 0a db f7"  // 2_8, 2_9: one ends, the next starts
            )
            p.expect(midi2.errors.isEmpty, "BlueZ midi2: \(midi2.errors)")
            p.expect(midi2.messages, equals: [
                V.message(4954, "F0 01 02 03 F7"), V.message(4955, V.countingSysEx(to: 0x0A)), V.message(4955, V.countingSysEx(to: 0x18)),
                V.message(4954, "F0 01 02 03 F7"), V.message(4955, "F0 06 07 08 09 0A F7"),
            ], "BlueZ midi2 messages")

            // midi5: BlueZ feeds a 1024-byte SysEx as four 256-byte ALSA events; our own seeded data bytes stand in for BlueZ's.
            var random = SplitMix64(seed: 5)
            let data = (0..<1022).map { _ in UInt8.random(in: 0...0x7F, using: &random) }
            let sysEx = [BLEMIDIMessage(timestamp: 300, bytes: [0xF0] + data + [0xF7])]
            for _ in 0..<100 {
                let mtu = Int.random(in: 5...511, using: &random)
                var decoder = BLEMIDIDecoder()
                let packets = V.encode(sysEx, mtu: mtu)
                p.expect(packets.allSatisfy { $0.count <= mtu }, "packet size \(mtu): every packet fits")
                p.expect(packets.count >= (1024 + 2) / mtu, "a 1024-byte SysEx fills at least that many \(mtu)-byte packets")
                p.expect(try packets.flatMap { try decoder.decode($0) }, equals: sysEx, "packet size \(mtu): rejoined")
            }

            // bluez-alsa reads `80 81 77 …` as more SysEx data; by the specification continuation data
            // follows the header or a real-time message, never a timestamp.
            let long = "80 81" + String(repeating: " 77", count: 510)
            let alsa = V.decodeStream("80 81 F0 01 02 03", long, "80 81 F7")
            p.expect(alsa.messages.isEmpty, "bluez-alsa multiple_system_exclusive_3: no SysEx")
            p.expect(alsa.errors, equals: [
                BLEMIDIError(packetIndex: 1, byteOffset: 2, rule: .nonRealTimeInsideSysEx),
                BLEMIDIError(packetIndex: 2, byteOffset: 2, rule: .endOfExclusiveWithoutStart),
            ], "bluez-alsa multiple_system_exclusive_3: errors")
        },
        BuiltInCheck(["MIDI-BLE-REALTIME-DEINTERLEAVED"], "PipeWire parser_1: running status, real-time inside a SysEx delivered before it, a SysEx across packets, System Common") { p in
            var decoder = BLEMIDIDecoder()
            let result = V.decodeStream(pipeWireMIDI1Packets, decoder: &decoder)
            p.expect(result.errors.isEmpty, "errors: \(result.errors)")
            p.expect(result.messages, equals: pipeWireMIDI1Events, "PipeWire parser_1 events")
        },
        BuiltInCheck(["MIDI-BLE-TIMESTAMP-WRAP"], "PipeWire parser_2: the timestamp low byte rolls over inside a packet; the high bits jump between packets") { p in
            var decoder = BLEMIDIDecoder()
            p.expect(V.decodeStream(pipeWireMIDI2Packets, decoder: &decoder).messages, equals: pipeWireMIDI2Events, "PipeWire parser_2 events")
        },
        BuiltInCheck(["MIDI-BLE-PACKET-SIZE"], "PipeWire writer_1 (ATT MTU 14: 11-byte packets), writer_2 (MTU 23 and 12), writer_3 (MTU 11, one message per packet); BlueZ midi3/midi4: messages survive 100 random packet sizes in 5…511") { p in
            p.expect(V.encode(pipeWireMIDI1Events, mtu: 11), equals: [
                V.bytes("A4 B4 A0 01 02 03 04 B5 A0 05 06"), V.bytes("A4 B6 F8 B8 FF B9 F0 0A 0B 0C 0D"),
                V.bytes("A4 0E B9 F7 C1 F0 10 11 12 C1 F7"), V.bytes("A4 C2 F1 13"),
            ], "PipeWire writer_1")
            for (mtu, expected) in [(20, ["A4 B4 A0 01 02 B3 A0 03 04", "B1 B3 A0 05 06"]), (9, ["A4 B4 A0 01 02 B3 A0 03 04", "B1 B3 A0 05 06"]),
                                    (8, ["A4 B4 A0 01 02", "A5 B3 A0 03 04", "B1 B3 A0 05 06"])] {
                let encoded = V.encode(pipeWireMIDI2Events, mtu: mtu)
                p.expect(encoded, equals: expected.map(V.bytes), "PipeWire writer at packet size \(mtu)")
                var decoder = BLEMIDIDecoder()
                p.expect(try encoded.flatMap { try decoder.decode($0) }, equals: pipeWireMIDI2Events, "decoded back at \(mtu)")
            }
            let midi3 = [V.message(100, "E8 00 40"), V.message(100, "B8 4A 3F"), V.message(100, "98 3E 0E"), V.message(101, "D8 71"),
                         V.message(102, "B8 4A 43"), V.message(103, "E8 7E 3F"), V.message(103, "E8 7D 3F"), V.message(103, "E8 7C 3F"),
                         V.message(104, "88 3E 00")]
            let midi4 = [V.message(200, "F0 01 02 03 F7"), V.message(201, V.countingSysEx(to: 0x0A)), V.message(202, V.countingSysEx(to: 0x18)),
                         V.message(203, "F0 01 02 03 F7"), V.message(203, "F0 06 07 08 09 0A F7")]
            for messages in [midi3, midi4] {
                var random = SplitMix64(seed: 3)
                for _ in 0..<100 {
                    let mtu = Int.random(in: 5...511, using: &random)
                    var decoder = BLEMIDIDecoder()
                    let packets = V.encode(messages, mtu: mtu)
                    p.expect(packets.allSatisfy { $0.count <= mtu }, "BlueZ: packet size \(mtu)")
                    p.expect(try packets.flatMap { try decoder.decode($0) }, equals: messages, "BlueZ round trip at packet size \(mtu)")
                }
            }
        },
    ] }
}
