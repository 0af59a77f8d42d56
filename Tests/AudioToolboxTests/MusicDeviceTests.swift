@testable import Conformance
import Foundation
import AudioToolbox
import Testing

/// AUSampler played through `MusicDeviceMIDIEvent`, rendered offline in 512-frame slices: the
/// sample offset of each event decides the exact frame it takes effect on.
@Suite("Music devices")
struct MusicDeviceTests {
    final class Sampler {
        let unit: AudioUnit
        let list = AudioBufferList.allocate(maximumBuffers: 2)
        var time = 0.0

        init() throws {
            var description = AudioComponentDescription(componentType: kAudioUnitType_MusicDevice, componentSubType: kAudioUnitSubType_Sampler,
                                                        componentManufacturer: kAudioUnitManufacturer_Apple, componentFlags: 0,
                                                        componentFlagsMask: 0)
            let component = try #require(AudioComponentFindNext(nil, &description))
            var instance: AudioUnit?
            try check(AudioComponentInstanceNew(component, &instance))
            unit = try #require(instance)
            try check(AudioUnitInitialize(unit))
        }

        deinit {
            _ = AudioComponentInstanceDispose(unit)
            free(list.unsafeMutablePointer)
        }

        func send(_ status: UInt32, _ data1: UInt32, _ data2: UInt32, at offset: UInt32 = 0) throws {
            try check(MusicDeviceMIDIEvent(unit, status, data1, data2, offset))
        }

        /// Renders one slice of `frames`; channel `channel`.
        func render(_ frames: UInt32 = 512, channel: Int = 0) throws -> [Float] {
            for index in 0..<2 { list[index] = AudioBuffer(mNumberChannels: 1, mDataByteSize: frames * 4, mData: nil) }
            var timeStamp = AudioTimeStamp()
            timeStamp.mSampleTime = time
            timeStamp.mFlags = .sampleTimeValid
            try check(AudioUnitRender(unit, nil, &timeStamp, 0, frames, list.unsafeMutablePointer))
            time += Double(frames)
            return Array(UnsafeBufferPointer(start: list[channel].mData!.assumingMemoryBound(to: Float.self), count: Int(frames)))
        }

        func render(slices: Int) throws -> [Float] {
            try (0..<slices).flatMap { _ in try render() }
        }
    }

    /// Positive-going zero crossings per second.
    static func frequency(_ samples: [Float], rate: Double = 44_100) -> Double {
        var crossings = 0
        for index in 1..<samples.count where samples[index - 1] <= 0 && samples[index] > 0 { crossings += 1 }
        return Double(crossings) * rate / Double(samples.count)
    }

    @Test("AUSampler is found as Apple's music device, with no input bus and one output")
    func registered() throws {
        let sampler = try Sampler()
        var count: UInt32 = 9
        var size: UInt32 = 4
        try check(AudioUnitGetProperty(sampler.unit, kAudioUnitProperty_ElementCount, kAudioUnitScope_Input, 0, &count, &size))
        #expect(count == 0)
        try check(AudioUnitGetProperty(sampler.unit, kAudioUnitProperty_ElementCount, kAudioUnitScope_Output, 0, &count, &size))
        #expect(count == 1)
        #expect(EffectUnitTests.name(kAudioUnitSubType_Sampler, kAudioUnitType_MusicDevice) == "Apple: AUSampler")
    }

    @Test("MIDI-AU-SAMPLE-OFFSET: a note-on sent with offset 100 sounds from frame 100 of the next render exactly, at 440 Hz for note 69")
    func noteOnAtOffset() throws {
        let sampler = try Sampler()
        #expect(try sampler.render().allSatisfy { $0 == 0 }, "silent before any note")
        try sampler.send(0x90, 69, 127, at: 100)
        let first = try sampler.render()
        #expect(first[..<100].allSatisfy { $0 == 0 }, "nothing before the offset")
        #expect(first[100] != 0, "the note's first sample is the offset's frame")
        let held = try sampler.render(slices: 86)
        #expect(abs(Self.frequency(held) - 440) <= 1.5, "\(Self.frequency(held)) Hz")
        #expect(abs(toneAmplitude(held[...], frequency: 440, rate: 44_100) - 100.0 / 127) < 0.01, "velocity 127 at the default volume 100")
    }

    @Test("MIDI-AU-SAMPLE-OFFSET: a note-off sent with offset 37 starts the release at frame 37; the note is silent 30 ms later")
    func noteOffAtOffset() throws {
        let (held, released) = (try Sampler(), try Sampler())
        for sampler in [held, released] {
            try sampler.send(0x90, 69, 100)
            _ = try sampler.render(slices: 4)
        }
        try released.send(0x80, 69, 0, at: 37)
        let (reference, slice) = (try held.render(), try released.render())
        #expect(reference[..<37] == slice[..<37], "unchanged before the offset")
        #expect(reference[37] != slice[37] && abs(slice[37]) < abs(reference[37]), "turned down from the offset's frame on")
        let tail = try released.render(slices: 3)
        let releaseEnd: Int = 1_323 - 512 + 37 + 1   // 30 ms at 44.1 kHz from frame 37 of the slice before
        #expect(tail[releaseEnd...].allSatisfy { $0 == 0 }, "a 30 ms release, then exact silence")
        #expect(try held.render(slices: 3).contains { $0 != 0 }, "the held note still sounds")
    }

    @Test("events with equal offsets keep call order: on-then-off is silent, off-then-on sounds")
    func equalOffsetsKeepOrder() throws {
        let onOff = try Sampler()
        try onOff.send(0x90, 60, 100, at: 10)
        try onOff.send(0x80, 60, 0, at: 10)
        #expect(try onOff.render(slices: 2).allSatisfy { abs($0) < 0.001 })
        let offOn = try Sampler()
        try offOn.send(0x80, 60, 0, at: 10)
        try offOn.send(0x90, 60, 100, at: 10)
        let slice = try offOn.render()
        #expect(slice[..<10].allSatisfy { $0 == 0 } && slice[10] != 0)
    }

    @Test("events sent out of offset order are applied in offset order; an offset past the render lands on its last frame")
    func offsetsSortedAndClamped() throws {
        let sampler = try Sampler()
        try sampler.send(0x90, 72, 100, at: 300)
        try sampler.send(0x90, 60, 100, at: 200)
        try sampler.send(0x90, 64, 100, at: 5_000)
        let slice = try sampler.render()
        #expect(slice[..<200].allSatisfy { $0 == 0 } && slice[200] != 0)
        let solo = try Sampler()
        try solo.send(0x90, 64, 100, at: 5_000)
        let late = try solo.render()
        #expect(late[..<511].allSatisfy { $0 == 0 } && late[511] != 0, "clamped to frame 511, not deferred")
    }

    @Test("pitch bend up by the full range raises note 69 two semitones (493.9 Hz); controller 7 at 0 silences it")
    func bendAndVolume() throws {
        let sampler = try Sampler()
        try sampler.send(0xE0, 0x7F, 0x7F)
        try sampler.send(0x90, 69, 100)
        let bent = try sampler.render(slices: 86)
        #expect(abs(Self.frequency(bent) - 440 * pow(2, (16_383.0 - 8_192) / 8_192 * 2 / 12)) <= 1.5)
        try sampler.send(0xB0, 7, 0)
        _ = try sampler.render()
        #expect(try sampler.render().allSatisfy { $0 == 0 })
    }

    @Test("MIDI-THREE-BYTE-MESSAGE: MusicDeviceMIDIEvent takes status, two data bytes and an offset; an effect unit has no MIDI entry (badComponentSelector); a bad status or data byte is kAudio_ParamError; a disposed unit too")
    func errors() throws {
        var description = AudioComponentDescription(componentType: kAudioUnitType_Effect, componentSubType: kAudioUnitSubType_Delay,
                                                    componentManufacturer: kAudioUnitManufacturer_Apple, componentFlags: 0, componentFlagsMask: 0)
        var instance: AudioUnit?
        try check(AudioComponentInstanceNew(try #require(AudioComponentFindNext(nil, &description)), &instance))
        let delay = try #require(instance)
        #expect(MusicDeviceMIDIEvent(delay, 0x90, 60, 100, 0) == badComponentSelector)
        #expect(badComponentSelector == -2_147_450_879)
        let sysEx: [UInt8] = [0xF0, 0x7E, 0x7F, 0x09, 0x01, 0xF7]
        #expect(MusicDeviceSysEx(delay, sysEx, UInt32(sysEx.count)) == badComponentSelector)
        _ = AudioComponentInstanceDispose(delay)

        let sampler = try Sampler()
        #expect(MusicDeviceMIDIEvent(sampler.unit, 0x3C, 60, 100, 0) == kAudio_ParamError, "no status bit")
        #expect(MusicDeviceMIDIEvent(sampler.unit, 0x90, 0x80, 100, 0) == kAudio_ParamError, "data byte above 0x7F")
        #expect(MusicDeviceSysEx(sampler.unit, sysEx, UInt32(sysEx.count)) == 0)
        #expect(MusicDeviceSysEx(sampler.unit, sysEx, 5) == kAudio_ParamError, "no F7")
        let spare = try Sampler()
        let handle = spare.unit
        _ = AudioComponentInstanceDispose(handle)
        #expect(MusicDeviceMIDIEvent(handle, 0x90, 60, 100, 0) == kAudio_ParamError)
    }

    @Test("MIDI-AU-SYSEX: MusicDeviceSysEx with General MIDI System On releases the held note from the start of the next render")
    func sysExReachesTheSampler() throws {
        let sampler = try Sampler()
        try sampler.send(0x90, 69, 100)
        try sampler.send(0xB0, 7, 20)
        _ = try sampler.render(slices: 2)
        let reset: [UInt8] = [0xF0, 0x7E, 0x7F, 0x09, 0x01, 0xF7]
        try check(MusicDeviceSysEx(sampler.unit, reset, UInt32(reset.count)))
        _ = try sampler.render(slices: 3)
        #expect(try sampler.render().allSatisfy { $0 == 0 }, "released by the reset")
        try sampler.send(0x90, 69, 127)
        let level = toneAmplitude(try sampler.render(slices: 8)[512...], frequency: 440, rate: 44_100)
        #expect(abs(level - 100.0 / 127) < 0.02, "volume back to its default 100, not the 20 set before")
    }

    @Test("a full event queue refuses the next event (kAudioUnitErr_CannotDoInCurrentContext) until a render drains it")
    func queueCapacity() throws {
        let sampler = try Sampler()
        for index in 0..<1_024 { try sampler.send(0xB0, 1, UInt32(index % 128)) }
        #expect(MusicDeviceMIDIEvent(sampler.unit, 0xB0, 1, 0, 0) == kAudioUnitErr_CannotDoInCurrentContext)
        _ = try sampler.render()
        #expect(MusicDeviceMIDIEvent(sampler.unit, 0xB0, 1, 0, 0) == 0)
    }
}
