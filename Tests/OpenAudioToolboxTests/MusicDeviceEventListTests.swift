@testable import Conformance
import Foundation
import OpenAudioToolbox
import OpenCoreMIDI
import Testing

/// AUSampler played through `MusicDeviceMIDIEventList`: MIDI 1.0 messages as Universal MIDI
/// Packets take effect at the call's sample offset, exactly as `MusicDeviceMIDIEvent` would.
@Suite("Music devices: MIDIEventList")
struct MusicDeviceEventListTests {
    typealias Sampler = MusicDeviceTests.Sampler

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

    @Test("MIDI-AU-EVENT-LIST: a note-on in a MIDIEventList sent with offset 100 sounds from frame 100 of the next render exactly, at 440 Hz")
    func noteOnAtOffset() throws {
        let sampler = try Sampler()
        #expect(Self.send([[Self.ump(0x90, 69, 127)]], to: sampler.unit, offset: 100) == 0)
        let first = try sampler.render()
        #expect(first[..<100].allSatisfy { $0 == 0 }, "nothing before the offset")
        #expect(first[100] != 0, "the note's first sample is the offset's frame")
        let held = try sampler.render(slices: 86)
        #expect(abs(MusicDeviceTests.frequency(held) - 440) <= 1.5, "\(MusicDeviceTests.frequency(held)) Hz")
    }

    @Test("MIDI-AU-EVENT-LIST: every message of every packet is delivered in order: a note-on then its note-off in the next packet is silent")
    func messagesKeepOrder() throws {
        let sampler = try Sampler()
        #expect(Self.send([[Self.ump(0x90, 69, 127), Self.ump(0xB0, 7, 100)], [Self.ump(0x80, 69, 0)]], to: sampler.unit, offset: 0) == 0)
        _ = try sampler.render(slices: 4)
        #expect(try sampler.render().allSatisfy { $0 == 0 }, "released at frame 0 and gone after its 30 ms release")
    }

    @Test("MIDI-AU-EVENT-LIST: General MIDI System On split over two SysEx7 packets (start, end) resets the sampler")
    func sysExAcrossPackets() throws {
        let sampler = try Sampler()
        try sampler.send(0x90, 69, 100)
        _ = try sampler.render(slices: 2)
        // F0 7E 7F 09 01 F7: bytes 7E 7F 09 in a start packet, 01 in an end packet.
        let start: [UInt32] = [0x3013_7E7F, 0x0900_0000], end: [UInt32] = [0x3031_0100, 0]
        #expect(Self.send([start, end], to: sampler.unit, offset: 0) == 0)
        _ = try sampler.render(slices: 3)
        #expect(try sampler.render().allSatisfy { $0 == 0 }, "released by the reset")
    }

    @Test("MIDI-THREE-BYTE-MESSAGE: an effect unit has no MIDI entry (badComponentSelector); a SysEx continuation without a start is kAudio_ParamError")
    func errors() throws {
        var description = AudioComponentDescription(componentType: kAudioUnitType_Effect, componentSubType: kAudioUnitSubType_Delay,
                                                    componentManufacturer: kAudioUnitManufacturer_Apple, componentFlags: 0, componentFlagsMask: 0)
        var instance: AudioUnit?
        try check(AudioComponentInstanceNew(try #require(AudioComponentFindNext(nil, &description)), &instance))
        let delay = try #require(instance)
        #expect(Self.send([[Self.ump(0x90, 60, 100)]], to: delay, offset: 0) == badComponentSelector)
        _ = AudioComponentInstanceDispose(delay)
        let sampler = try Sampler()
        #expect(Self.send([[0x3023_0102, 0x0300_0000]], to: sampler.unit, offset: 0) == kAudio_ParamError)
        #expect(Self.send([], to: sampler.unit, offset: 0) == 0, "an empty list is fine")
    }
}
