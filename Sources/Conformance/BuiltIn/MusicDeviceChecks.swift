import Foundation
import AVFAudio
import AudioToolbox

/// Music devices played by MIDI: AUSampler through `MusicDeviceMIDIEvent` (the sample offset)
/// and `AVAudioUnitSampler` in an offline engine.
enum MusicDeviceChecks {
    /// AUSampler, initialized, rendering 512-frame slices of 44.1 kHz stereo float.
    final class Sampler {
        let unit: AudioUnit
        private let list = AudioBufferList.allocate(maximumBuffers: 2)
        private var time = 0.0

        init(_ p: CheckProbe) throws {
            var description = AudioComponentDescription(componentType: kAudioUnitType_MusicDevice, componentSubType: kAudioUnitSubType_Sampler,
                                                        componentManufacturer: kAudioUnitManufacturer_Apple, componentFlags: 0,
                                                        componentFlagsMask: 0)
            let component = try p.require(AudioComponentFindNext(nil, &description), "AUSampler")
            var instance: AudioUnit?
            _ = AudioComponentInstanceNew(component, &instance)
            unit = try p.require(instance, "AUSampler instance")
            _ = AudioUnitInitialize(unit)
        }

        deinit {
            _ = AudioComponentInstanceDispose(unit)
            free(list.unsafeMutablePointer)
        }

        /// One slice of channel 0 (empty if the render failed).
        func render() -> [Float] {
            for index in 0..<2 { list[index] = AudioBuffer(mNumberChannels: 1, mDataByteSize: 512 * 4, mData: nil) }
            var stamp = AudioTimeStamp()
            stamp.mSampleTime = time
            stamp.mFlags = .sampleTimeValid
            time += 512
            guard AudioUnitRender(unit, nil, &stamp, 0, 512, list.unsafeMutablePointer) == 0 else { return [] }
            return Array(UnsafeBufferPointer(start: list[0].mData!.assumingMemoryBound(to: Float.self), count: 512))
        }
    }

    /// Positive-going zero crossings per second.
    static func frequency(_ samples: [Float], rate: Double) -> Double {
        var crossings = 0
        for index in samples.indices.dropFirst() where samples[index - 1] <= 0 && samples[index] > 0 { crossings += 1 }
        return Double(crossings) * rate / Double(max(1, samples.count))
    }

    static var all: [BuiltInCheck] { [
        BuiltInCheck(["MIDI-AU-SAMPLE-OFFSET", "MIDI-THREE-BYTE-MESSAGE"],
                     "a note-on sent to AUSampler with offset 100 sounds from frame 100 of the next render, at 440 Hz for note 69") { p in
            let sampler = try Sampler(p)
            p.expect(MusicDeviceMIDIEvent(sampler.unit, 0x90, 69, 127, 100), equals: 0, "MusicDeviceMIDIEvent")
            let slice = sampler.render()
            p.expect(slice.count, equals: 512, "rendered frames")
            p.expect(slice.prefix(100).allSatisfy { $0 == 0 }, "silent before frame 100")
            p.expect(slice.count == 512 && slice[100] != 0, "sounding at frame 100")
            let held = (0..<86).flatMap { _ in sampler.render() }
            p.expect(abs(frequency(held, rate: 44_100) - 440) <= 1.5, "note 69 at \(frequency(held, rate: 44_100)) Hz")
        },
        BuiltInCheck(["MIDI-AU-SYSEX"], "General MIDI System On through MusicDeviceSysEx releases AUSampler's held note") { p in
            let sampler = try Sampler(p)
            _ = MusicDeviceMIDIEvent(sampler.unit, 0x90, 60, 100, 0)
            p.expect(sampler.render().contains { $0 != 0 }, "the note sounds")
            let reset: [UInt8] = [0xF0, 0x7E, 0x7F, 0x09, 0x01, 0xF7]
            p.expect(MusicDeviceSysEx(sampler.unit, reset, UInt32(reset.count)), equals: 0, "MusicDeviceSysEx")
            for _ in 0..<4 { _ = sampler.render() }
            p.expect(sampler.render().allSatisfy { $0 == 0 }, "silent after the reset's release")
        },
        BuiltInCheck(["MIDI-SAMPLER-NOTE"], "an AVAudioUnitSampler in an offline engine sounds note 69 at 440 Hz from the render after startNote until stopNote") { p in
            let format = try p.require(AVAudioFormat(standardFormatWithSampleRate: 48_000, channels: 2), "format")
            let engine = AVAudioEngine()
            try engine.enableManualRenderingMode(.offline, format: format, maximumFrameCount: 4_800)
            let sampler = AVAudioUnitSampler()
            engine.attach(sampler)
            engine.connect(sampler, to: engine.mainMixerNode, format: format)
            try engine.start()
            let buffer = try p.require(AVAudioPCMBuffer(pcmFormat: format, frameCapacity: 4_800), "buffer")
            func render() throws -> [Float] {
                _ = try engine.renderOffline(4_800, to: buffer)
                return Array(UnsafeBufferPointer(start: buffer.floatChannelData![0], count: Int(buffer.frameLength)))
            }
            p.expect(try render().allSatisfy { $0 == 0 }, "silent before the note")
            sampler.startNote(69, withVelocity: 127, onChannel: 0)
            let note = try (0..<10).flatMap { _ in try render() }
            p.expect(note.first.map { $0 != 0 } ?? false, "sounding from the first frame")
            p.expect(abs(frequency(note, rate: 48_000) - 440) <= 1.5, "note 69 at \(frequency(note, rate: 48_000)) Hz")
            sampler.stopNote(69, onChannel: 0)
            _ = try render()
            p.expect(try render().allSatisfy { $0 == 0 }, "silent 100 ms after stopNote")
        },
    ] }
}
