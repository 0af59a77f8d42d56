import Conformance
import Foundation
import MediaServer
import AVFAudio
@_spi(Soundcheck) import AudioToolbox
import CoreMIDI
import SimCore
import VirtualDevices

/// Core MIDI on the simulated device: the studio's USB, DIN and network devices and the DIN
/// cable's rate, the lengths Core MIDI cuts a packet's bytes at, host-time stamps, and MIDI into
/// instruments (`MusicDeviceMIDIEventList`, `AVAudioUnitSampler`).
enum CoreMIDIChecks {
    /// A studio plugged into `bench`: a USB controller, a USB interface whose DIN port reaches a
    /// legacy synth, and a network session.
    static func studio(_ bench: MIDIBench) -> (usb: UInt32, din: UInt32, network: UInt32) {
        let midi = bench.midi
        return (midi.plugWiredDevice(.usb, name: "USB Keys", manufacturer: "Keys Maker"),
                midi.plugWiredDevice(.din, name: "DIN Synth", manufacturer: "Interface Maker"),
                midi.plugWiredDevice(.network, name: "Network Session 1", manufacturer: "Apple Inc."))
    }

    /// `bytes` as trace lines write them (`90 3C 64`).
    static func hex(_ bytes: [UInt8]) -> TraceValue { .string(BLERadio.hex(bytes)) }

    static var all: [BuiltInCheck] { studioChecks + [hostTime] + instrumentChecks }

    static var studioChecks: [BuiltInCheck] { [
        BuiltInCheck(["MIDI-STUDIO-SOURCES"], "a studio on an iPhone and on a Mac: a USB controller, a DIN interface to a legacy synth and a network session are three sources an app plays from and three destinations it plays to") { p in
            for profile in ["iphone", "mac"] {
                let bench = try MIDIBench(platform: p.platform, profile: try DeviceProfile.load(profile))
                let app = AppleStyleMIDIController()
                p.expect(bench.inApp { app.start() }, equals: noErr, "\(profile): the app's Core MIDI set-up")
                let (usb, din, network) = studio(bench)
                bench.run(until: .milliseconds(10))
                p.expect(bench.inApp { app.sourceNames() }, equals: ["USB Keys", "DIN Synth", "Network Session 1"], "\(profile): sources")
                p.expect(app.connectedSources.count, equals: 3, "\(profile): sources the app connected on setup-changed")
                for (note, device) in zip([60, 61, 62] as [UInt8], [usb, din, network]) { bench.midi.wiredDeviceSends(device, [0x90, note, 100]) }
                bench.run(until: .milliseconds(20))
                // USB and the network deliver at once; the DIN cable takes 960 µs for three bytes.
                p.expect(app.received.map(\.bytes), equals: [[0x90, 60, 100], [0x90, 62, 100], [0x90, 61, 100]], "\(profile): notes heard")
                for name in ["USB Keys", "DIN Synth", "Network Session 1"] {
                    p.expect(bench.inApp { app.sendNoteOn(0x40, velocity: 0x7F, to: name) }, equals: noErr, "\(profile): MIDISend to \(name)")
                }
                bench.run(until: .milliseconds(30))
                p.expect(bench.lines(.midiWireReceived).map { $0.fields["device"] },
                         equals: [.string("USB Keys"), .string("Network Session 1"), .string("DIN Synth")], "\(profile): devices that received the app's note")
            }
        },
        BuiltInCheck(["MIDI-CORE-MIDI-FOR-HARDWARE"], "through Core MIDI alone an app hears a USB keyboard, plays to a network session and trades notes with another app that does not use Inter-App Audio") { p in
            let bench = try MIDIBench(platform: p.platform)
            var drumsHeard: [[UInt8]] = []
            var drumSource = MIDIEndpointRef()
            bench.inApp("Drums") {
                var client = MIDIClientRef(), destination = MIDIEndpointRef()
                _ = MIDIClientCreateWithBlock("Drums" as CFString, &client, nil)
                _ = MIDISourceCreate(client, "Drums Out" as CFString, &drumSource)
                _ = MIDIDestinationCreateWithBlock(client, "Drums In" as CFString, &destination) { list, _ in
                    for packet in list.unsafeSequence() {
                        drumsHeard.append(withUnsafeBytes(of: packet.pointee.data) { Array($0.prefix(Int(packet.pointee.length))) })
                    }
                }
            }
            let app = AppleStyleMIDIController()
            _ = bench.inApp { app.start() }
            let keys = bench.midi.plugWiredDevice(.usb, name: "USB Keys", manufacturer: "Keys Maker")
            bench.midi.plugWiredDevice(.network, name: "Network Session 1", manufacturer: "Apple Inc.")
            bench.run(until: .milliseconds(10))
            p.expect(bench.inApp { app.sourceNames() }, equals: ["USB Keys", "Network Session 1", "Drums Out"], "sources")
            bench.midi.wiredDeviceSends(keys, [0x90, 0x3C, 0x64])
            bench.run(until: .milliseconds(15))
            bench.inApp("Drums") {
                var list = MIDIPacketList()
                let bytes: [UInt8] = [0x99, 0x24, 0x7F]
                _ = MIDIPacketListAdd(&list, MemoryLayout<MIDIPacketList>.size, MIDIPacketListInit(&list), 0, bytes.count, bytes)
                p.expect(MIDIReceived(drumSource, &list), equals: noErr, "MIDIReceived on the other app's virtual source")
            }
            bench.run(until: .milliseconds(20))
            p.expect(app.received.map(\.bytes), equals: [[0x90, 0x3C, 0x64], [0x99, 0x24, 0x7F]], "from the USB keyboard, then from the other app")
            p.expect(bench.inApp { app.sendNoteOn(0x40, velocity: 0x7F, to: "Network Session 1") }, equals: noErr, "to the network session")
            p.expect(bench.inApp { app.sendNoteOn(0x26, velocity: 0x7F, to: "Drums In") }, equals: noErr, "to the other app")
            bench.run(until: .milliseconds(30))
            p.expect(bench.lines(.midiWireReceived).map { $0.fields["bytes"] }, equals: [hex([0x90, 0x40, 0x7F])], "the network session received")
            p.expect(drumsHeard, equals: [[0x90, 0x26, 0x7F]], "the other app's virtual destination received")
        },
        BuiltInCheck(["MIDI-BANDWIDTH-DIN"], "a DIN cable carries 3125 bytes a second: 3125 clock bytes sent at once arrive 320 µs apart, the last after exactly 1 s, and three-byte notes 960 µs apart; USB carries the same burst at once") { p in
            let bench = try MIDIBench(platform: p.platform)
            let listener = MIDIListener(bench)
            bench.inApp { listener.start() }
            let (usb, din, _) = studio(bench)
            bench.inApp { listener.connectFirstSource() }  // USB Keys
            for _ in 0..<3_125 { bench.midi.wiredDeviceSends(usb, [0xF8]) }
            bench.run(until: .milliseconds(1))
            p.expect(listener.messages.count, equals: 3_125, "USB: the whole burst at once")
            listener.messages = []
            bench.inApp {
                listener.disconnectFirstSource()
                _ = MIDIPortConnectSource(listener.port, MIDIGetSource(1), nil)  // DIN Synth
            }
            let start = bench.server.now.nanoseconds
            for _ in 0..<3_125 { bench.midi.wiredDeviceSends(din, [0xF8]) }
            bench.run(until: .seconds(2))
            let arrivals = listener.messages.map { Int64($0.time) - start }
            p.expect(arrivals.count, equals: 3_125, "DIN: every clock byte")
            p.expect(arrivals.first, equals: 320_000, "the first byte after 320 µs")
            p.expect(arrivals.last, equals: 1_000_000_000, "the last byte after 1 s")
            listener.messages = []
            let notes = bench.server.now.nanoseconds
            for note in 0..<10 { bench.midi.wiredDeviceSends(din, [0x90, UInt8(60 + note), 100]) }
            bench.run(until: .seconds(3))
            p.expect(listener.messages.map { Int64($0.time) - notes }, equals: (1...10).map { Int64($0) * 960_000 }, "notes every 960 µs")
        },
        BuiltInCheck(["MIDI-SYSTEM-MESSAGE-LENGTHS"], "one packet of every message kind sent to a DIN synth arrives cut at the right lengths, each after its own bytes at 320 µs a byte: 8n–Bn, En three bytes, Cn, Dn, F1, F3 two, F2 three, F6 and real-time one") { p in
            let bench = try MIDIBench(platform: p.platform)
            let app = AppleStyleMIDIController()
            _ = bench.inApp { app.start() }
            bench.midi.plugWiredDevice(.din, name: "DIN Synth", manufacturer: "Interface Maker")
            bench.run(until: .milliseconds(10))
            let messages: [[UInt8]] = [[0x80, 0x3C, 0x00], [0x91, 0x3C, 0x64], [0xA2, 0x3C, 0x10], [0xB3, 0x07, 0x64], [0xC4, 0x05],
                                       [0xD5, 0x20], [0xE6, 0x00, 0x40], [0xF1, 0x01], [0xF2, 0x10, 0x20], [0xF3, 0x05], [0xF6],
                                       [0xF8], [0xFA], [0xFB], [0xFC], [0xFE], [0xFF]]
            let bytes = messages.flatMap { $0 }
            let start = bench.server.now
            bench.inApp {
                var list = MIDIPacketList()
                _ = MIDIPacketListAdd(&list, MemoryLayout<MIDIPacketList>.size, MIDIPacketListInit(&list), 0, bytes.count, bytes)
                p.expect(MIDISend(app.outputPort, MIDIGetDestination(0), &list), equals: noErr, "MIDISend of one packet")
            }
            bench.run(until: .milliseconds(40))
            let received = bench.lines(.midiWireReceived)
            p.expect(received.map { $0.fields["bytes"] }, equals: messages.map(hex), "the synth's messages")
            var sent = 0
            let expected = messages.map { message -> Int64 in
                sent += message.count
                return Int64(sent) * MIDIWire.dinByteTime.nanoseconds
            }
            p.expect(received.map { $0.time.nanoseconds - start.nanoseconds }, equals: expected, "each message once its last byte crossed")
        },
    ] }

    static var hostTime: BuiltInCheck { BuiltInCheck(["MIDI-TIMESTAMP-HOST-TIME"], "an app's timestamp 0 reaches a USB device now and a future host time exactly then; a two-note packet stamped for a DIN synth starts its first byte at that time") { p in
        let bench = try MIDIBench(platform: p.platform)
        let app = AppleStyleMIDIController()
        _ = bench.inApp { app.start() }
        let (_, din, _) = studio(bench)
        bench.run(until: .seconds(1))
        p.expect(bench.inApp { app.sendNoteOn(0x40, velocity: 0x7F, to: "USB Keys") }, equals: noErr, "send now")
        p.expect(bench.inApp { app.sendNoteOn(0x43, velocity: 0x7F, to: "USB Keys", at: 3_000_000_000) }, equals: noErr, "send at 3 s")
        bench.inApp {
            var list = MIDIPacketList()
            let notes: [UInt8] = [0x90, 0x3C, 0x64, 0x90, 0x40, 0x64]
            _ = MIDIPacketListAdd(&list, MemoryLayout<MIDIPacketList>.size, MIDIPacketListInit(&list), 4_000_000_000, notes.count, notes)
            p.expect(MIDISend(app.outputPort, bench.midi.destinations(of: bench.midi.entities(of: din)[0])[0], &list), equals: noErr, "send at 4 s")
        }
        bench.run(until: .seconds(5))
        let received = bench.lines(.midiWireReceived)
        p.expect(received.map { $0.fields["bytes"] }, equals: [hex([0x90, 0x40, 0x7F]), hex([0x90, 0x43, 0x7F]), hex([0x90, 0x3C, 0x64]), hex([0x90, 0x40, 0x64])],
                 "what the devices received")
        p.expect(received.map(\.time.nanoseconds), equals: [1_000_000_000, 3_000_000_000, 4_000_960_000, 4_001_920_000],
                 "0 is now, a host time is when it goes, and a packet's time is its first byte's")
    } }
}

// MARK: MIDI into instruments

extension CoreMIDIChecks {
    /// Builds a MIDI 1.0 event list of `packets` (each one packet's words) and sends it.
    static func send(_ packets: [[UInt32]], to unit: AudioUnit, offset: UInt32) -> OSStatus {
        let size = 1_024
        let raw = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 8)
        defer { raw.deallocate() }
        let list = raw.bindMemory(to: MIDIEventList.self, capacity: 1)
        var packet = MIDIEventListInit(list, ._1_0)
        for (index, words) in packets.enumerated() {
            packet = words.withUnsafeBufferPointer { MIDIEventListAdd(list, size, packet, MIDITimeStamp(index), $0.count, $0.baseAddress!) }
        }
        return MusicDeviceMIDIEventList(unit, offset, list)
    }

    /// A MIDI 1.0 channel voice message as a type 2 Universal MIDI Packet, group 0.
    static func ump(_ status: UInt8, _ data1: UInt8, _ data2: UInt8) -> UInt32 {
        0x2000_0000 | UInt32(status) << 16 | UInt32(data1) << 8 | UInt32(data2)
    }

    /// An `AVAudioUnitSampler` in an offline 48 kHz stereo engine, and a renderer of channel 0.
    final class OfflineSampler {
        let engine = AVAudioEngine()
        let sampler = AVAudioUnitSampler()
        private let buffer: AVAudioPCMBuffer

        init(_ p: CheckProbe) throws {
            let format = try p.require(AVAudioFormat(standardFormatWithSampleRate: 48_000, channels: 2), "format")
            try engine.enableManualRenderingMode(.offline, format: format, maximumFrameCount: 4_800)
            engine.attach(sampler)
            engine.connect(sampler, to: engine.mainMixerNode, format: format)
            try engine.start()
            buffer = try p.require(AVAudioPCMBuffer(pcmFormat: format, frameCapacity: 4_800), "buffer")
        }

        /// `seconds` of channel 0, in 100 ms renders.
        func render(seconds: Double) throws -> [Float] {
            try (0..<Int((seconds * 10).rounded())).flatMap { _ -> [Float] in
                _ = try engine.renderOffline(4_800, to: buffer)
                return Array(UnsafeBufferPointer(start: buffer.floatChannelData![0], count: Int(buffer.frameLength)))
            }
        }
    }

    static var instrumentChecks: [BuiltInCheck] { [
        BuiltInCheck(["MIDI-AU-EVENT-LIST"], "MusicDeviceMIDIEventList: a note-on at offset 100 sounds from frame 100 at 440 Hz; messages keep their order across packets; a SysEx split over two SysEx7 packets resets; an effect has no MIDI entry and a stray continuation is a parameter error") { p in
            let sampler = try MusicDeviceChecks.Sampler(p)
            p.expect(send([[ump(0x90, 69, 127)]], to: sampler.unit, offset: 100), equals: 0, "a note-on at offset 100")
            let first = sampler.render()
            try p.require(first.count == 512, "a rendered slice")
            p.expect(first[..<100].allSatisfy { $0 == 0 }, "nothing before the offset")
            p.expect(first[100] != 0, "the note's first sample is the offset's frame")
            let held = (0..<86).flatMap { _ in sampler.render() }
            p.expect(abs(MusicDeviceChecks.frequency(held, rate: 44_100) - 440) <= 1.5, "note 69 at \(MusicDeviceChecks.frequency(held, rate: 44_100)) Hz")

            let ordered = try MusicDeviceChecks.Sampler(p)
            p.expect(send([[ump(0x90, 69, 127), ump(0xB0, 7, 100)], [ump(0x80, 69, 0)]], to: ordered.unit, offset: 0), equals: 0, "note-on, controller, then note-off")
            for _ in 0..<4 { _ = ordered.render() }
            p.expect(ordered.render().allSatisfy { $0 == 0 }, "the note-off of the second packet came after the note-on: silent after the release")

            let reset = try MusicDeviceChecks.Sampler(p)
            _ = MusicDeviceMIDIEvent(reset.unit, 0x90, 69, 100, 0)
            _ = reset.render()
            p.expect(reset.render().contains { $0 != 0 }, "the note sounds before the reset")
            // F0 7E 7F 09 01 F7: bytes 7E 7F 09 in a start packet, 01 in an end packet.
            p.expect(send([[0x3013_7E7F, 0x0900_0000], [0x3031_0100, 0]], to: reset.unit, offset: 0), equals: 0, "General MIDI System On in two SysEx7 packets")
            for _ in 0..<3 { _ = reset.render() }
            p.expect(reset.render().allSatisfy { $0 == 0 }, "released by the reset")

            var description = AudioComponentDescription(componentType: kAudioUnitType_Effect, componentSubType: kAudioUnitSubType_Delay,
                                                        componentManufacturer: kAudioUnitManufacturer_Apple, componentFlags: 0, componentFlagsMask: 0)
            var instance: AudioUnit?
            _ = AudioComponentInstanceNew(try p.require(AudioComponentFindNext(nil, &description), "the delay effect"), &instance)
            let delay = try p.require(instance, "a delay instance")
            p.expect(send([[ump(0x90, 60, 100)]], to: delay, offset: 0), equals: badComponentSelector, "an effect unit has no MIDI entry")
            _ = AudioComponentInstanceDispose(delay)
            p.expect(send([[0x3023_0102, 0x0300_0000]], to: sampler.unit, offset: 0), equals: kAudio_ParamError, "a SysEx continuation without a start")
            p.expect(send([], to: sampler.unit, offset: 0), equals: 0, "an empty list")
        },
        BuiltInCheck(["MIDI-AU-SAMPLE-OFFSET"], "in an engine, a note scheduled through the sampler's auAudioUnit.scheduleMIDIEventBlock at sample time 7000 starts on frame 7000 of the output, one at AUEventSampleTimeImmediate + 300 on frame 300 of the next render; an effect has no such block") { p in
            let noteOn: [UInt8] = [0x90, 69, 127]
            let timed = try OfflineSampler(p)
            p.expect(try timed.render(seconds: 0.1).allSatisfy { $0 == 0 }, "frames 0 ..< 4800 silent before the note")
            let schedule = try p.require(timed.sampler.auAudioUnit.scheduleMIDIEventBlock, "the sampler's scheduleMIDIEventBlock")
            schedule(7_000, 0, noteOn.count, noteOn)
            let second = try timed.render(seconds: 0.1)  // frames 4800 ..< 9600
            p.expect(second[..<2_200].allSatisfy { $0 == 0 }, "silent before sample time 7000")
            p.expect(second.count == 4_800 && second[2_200] != 0, "sounding from sample time 7000 (frame 2200 of the render)")
            let pitch = MusicDeviceChecks.frequency(try timed.render(seconds: 0.5), rate: 48_000)
            p.expect(abs(pitch - 440) <= 1.5, "note 69 at \(pitch) Hz")

            let immediate = try OfflineSampler(p)
            _ = try immediate.render(seconds: 0.1)
            let block = try p.require(immediate.sampler.auAudioUnit.scheduleMIDIEventBlock, "the second sampler's block")
            block(AUEventSampleTimeImmediate + 300, 0, noteOn.count, noteOn)
            let cycle = try immediate.render(seconds: 0.1)
            p.expect(cycle[..<300].allSatisfy { $0 == 0 }, "silent before offset 300 of the next render")
            p.expect(cycle.count == 4_800 && cycle[300] != 0, "sounding from offset 300")
            p.expect(AVAudioUnitDelay().auAudioUnit.scheduleMIDIEventBlock == nil, "an effect takes no MIDI")
        },
        BuiltInCheck(["MIDI-SAMPLER-CONTROLLERS"], "an AVAudioUnitSampler takes pitch bend (two semitones up: 493.9 Hz), raw MIDI events, program changes and controller 7 (volume 0: silent)") { p in
            let offline = try OfflineSampler(p)
            offline.sampler.sendPitchBend(16_383, onChannel: 2)
            offline.sampler.sendMIDIEvent(0x92, data1: 69, data2: 100)
            let bent = try offline.render(seconds: 1)
            let pitch = MusicDeviceChecks.frequency(bent, rate: 48_000)
            p.expect(abs(pitch - 493.8) <= 1.5, "two semitones up: \(pitch) Hz")
            offline.sampler.sendProgramChange(5, bankMSB: 121, bankLSB: 0, onChannel: 2)
            offline.sampler.sendController(7, withValue: 0, onChannel: 2)
            _ = try offline.render(seconds: 0.1)
            p.expect(try offline.render(seconds: 0.1).allSatisfy { $0 == 0 }, "controller 7 at 0 silences the note")
        },
        BuiltInCheck(["MIDI-SAMPLER-AUDIO-FILES"], "an AVAudioUnitSampler with a 220 Hz recording loaded plays key 60 at 220 Hz and key 72 at 440 Hz; an .sf2 instrument throws kAudioUnitErr_UnknownFileType") { p in
            let url = try FileChecks.uniqueScratch("sampler").appendingPathComponent("tone.wav")
            let format = try p.require(AVAudioFormat(standardFormatWithSampleRate: 44_100, channels: 1), "format")
            let tone = try p.require(AVAudioPCMBuffer(pcmFormat: format, frameCapacity: 88_200), "tone buffer")
            tone.frameLength = 88_200
            for frame in 0..<88_200 { tone.floatChannelData![0][frame] = 0.5 * Float(sin(2 * Double.pi * 220 * Double(frame) / 44_100)) }
            do {
                let file = try AVAudioFile(forWriting: url, settings: format.settings)
                try file.write(from: tone)
            }
            let offline = try OfflineSampler(p)
            try offline.sampler.loadAudioFiles(at: [url])
            offline.sampler.startNote(60, withVelocity: 127, onChannel: 0)
            let root = MusicDeviceChecks.frequency(try offline.render(seconds: 0.5), rate: 48_000)
            p.expect(abs(root - 220) <= 2.5, "key 60 plays the recording as recorded: \(root) Hz")
            offline.sampler.stopNote(60, onChannel: 0)
            offline.sampler.startNote(72, withVelocity: 127, onChannel: 0)
            _ = try offline.render(seconds: 0.1)
            let octave = MusicDeviceChecks.frequency(try offline.render(seconds: 0.5), rate: 48_000)
            p.expect(abs(octave - 440) <= 2.5, "key 72 an octave up: \(octave) Hz")
            do {
                try offline.sampler.loadInstrument(at: URL(fileURLWithPath: "/tmp/piano.sf2"))
                p.expect(false, "loading an .sf2 did not throw")
            } catch {
                p.expect((error as NSError).code, equals: Int(kAudioUnitErr_UnknownFileType), "the .sf2's error code")
            }
        },
    ] }
}
