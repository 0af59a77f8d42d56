@testable import Conformance
import CRealtimeProbe
import Foundation
import AVFAudio
import AudioToolbox
import SimCore
import Soundcheck
import Testing

/// AVAudioUnitSampler played by MIDI: offline (the note starts at the first frame of the next
/// render), with loaded audio files, and on the simulated device at the speaker.
@Suite("AVAudioUnitSampler")
struct EngineSamplerTests {
    static func offlineSampler() throws -> (AVAudioEngine, AVAudioUnitSampler) {
        let engine = try EngineSignals.offlineEngine()
        let sampler = AVAudioUnitSampler()
        engine.attach(sampler)
        engine.connect(sampler, to: engine.mainMixerNode, format: EngineSignals.stereo48)
        try engine.start()
        return (engine, sampler)
    }

    static func frequency(_ samples: ArraySlice<Float>, rate: Double = 48_000) -> Double {
        var crossings = 0
        for index in samples.indices.dropFirst() where samples[index - 1] <= 0 && samples[index] > 0 { crossings += 1 }
        return Double(crossings) * rate / Double(samples.count)
    }

    @Test("MIDI-SAMPLER-NOTE: startNote sounds from the first frame of the next render at 440 Hz for note 69; stopNote silences it within the release")
    func noteOnAndOff() throws {
        let (engine, sampler) = try Self.offlineSampler()
        #expect(sampler.numberOfInputs == 0 && sampler.numberOfOutputs == 1)
        #expect(sampler.audioComponentDescription.componentSubType == kAudioUnitSubType_Sampler && sampler.name == "AUSampler")
        let before = try EngineSignals.renderOffline(engine, seconds: 512.0 / 48_000)
        #expect(EngineSignals.samples(before, channel: 0).allSatisfy { $0 == 0 })
        sampler.startNote(69, withVelocity: 127, onChannel: 0)
        let note = EngineSignals.samples(try EngineSignals.renderOffline(engine, seconds: 1), channel: 0)
        #expect(note[0] != 0, "the first frame of the render after startNote")
        #expect(abs(Self.frequency(note[...]) - 440) <= 1.5)
        sampler.stopNote(69, onChannel: 0)
        let after = EngineSignals.samples(try EngineSignals.renderOffline(engine, seconds: 0.1), channel: 0)
        #expect(after[1_440...].allSatisfy { $0 == 0 }, "silent once the 30 ms release is over")
    }

    @Test("rendering a sampler with MIDI between renders allocates nothing")
    func allocationFree() throws {
        let engine = AVAudioEngine()
        try engine.enableManualRenderingMode(.realtime, format: EngineSignals.stereo48, maximumFrameCount: 512)
        let sampler = AVAudioUnitSampler()
        engine.attach(sampler)
        engine.connect(sampler, to: engine.mainMixerNode, format: EngineSignals.stereo48)
        try engine.start()
        let block = engine.manualRenderingBlock
        let output = AVAudioPCMBuffer(pcmFormat: EngineSignals.stereo48, frameCapacity: 512)!
        let list = output.mutableAudioBufferList
        var status: OSStatus = 0
        for note in UInt8(48)..<60 { sampler.startNote(note, withVelocity: 90, onChannel: 0) }
        for _ in 0..<50 { _ = block(512, list, &status) }
        rt_probe_watch(pthread_self())
        for round in 0..<200 {
            let note = UInt8(60 + round % 24)
            sampler.startNote(note, withVelocity: 100, onChannel: 1)
            _ = block(512, list, &status)
            sampler.stopNote(note, onChannel: 1)
        }
        let allocations = rt_probe_stop().allocations
        #expect(allocations == 0)
        let left = UnsafeBufferPointer(start: output.floatChannelData![0], count: 512)
        #expect(EngineSignals.peak(Array(left)[...]) > 0.1)
    }

    @Test("AUSampler: queuing MusicDeviceMIDIEvents and rendering them at their offsets allocates nothing")
    func musicDeviceAllocationFree() throws {
        var description = AudioComponentDescription(componentType: kAudioUnitType_MusicDevice, componentSubType: kAudioUnitSubType_Sampler,
                                                    componentManufacturer: kAudioUnitManufacturer_Apple, componentFlags: 0, componentFlagsMask: 0)
        var instance: AudioUnit?
        #expect(AudioComponentInstanceNew(try #require(AudioComponentFindNext(nil, &description)), &instance) == 0)
        let unit = try #require(instance)
        defer { _ = AudioComponentInstanceDispose(unit) }
        #expect(AudioUnitInitialize(unit) == 0)
        let output = AVAudioPCMBuffer(pcmFormat: AVAudioFormat(standardFormatWithSampleRate: 44_100, channels: 2)!, frameCapacity: 512)!
        output.frameLength = 512
        let list = output.mutableAudioBufferList
        var stamp = AudioTimeStamp()
        var flags = AudioUnitRenderActionFlags()
        var statuses: OSStatus = 0
        func cycle(_ round: Int) {
            let note = UInt32(48 + round % 36)
            statuses |= MusicDeviceMIDIEvent(unit, 0x90, note, 100, UInt32(round * 7 % 512))
            statuses |= MusicDeviceMIDIEvent(unit, 0x80, UInt32(48 + (round + 30) % 36), 0, UInt32(round * 13 % 512))
            statuses |= AudioUnitRender(unit, &flags, &stamp, 0, 512, list)
            stamp.mSampleTime += 512
        }
        for round in 0..<50 { cycle(round) }
        rt_probe_watch(pthread_self())
        for round in 50..<250 { cycle(round) }
        let allocations = rt_probe_stop().allocations
        #expect(allocations == 0)
        #expect(statuses == 0)
        #expect(EngineSignals.peak(EngineSignals.samples(output, channel: 0)[...]) > 0.1)
    }

    @Test("MIDI-SAMPLER-NOTE: a sampler in an engine on the device: the note is heard at the speaker at 440 Hz, then stops")
    func onDevice() throws {
        let device = try SimulatedDevice(seed: 31)
        try EngineRenderingChecks.launch(device, "Synth")
        let (engine, sampler) = try device.run(as: "Synth") { () throws -> (AVAudioEngine, AVAudioUnitSampler) in
            let engine = AVAudioEngine()
            let sampler = AVAudioUnitSampler()
            engine.attach(sampler)
            engine.connect(sampler, to: engine.mainMixerNode, format: nil)
            try engine.start()
            return (engine, sampler)
        }
        #expect(engine.isRunning)
        device.advance(by: .milliseconds(500))
        let start = device.now
        device.run(as: "Synth") { sampler.startNote(69, withVelocity: 127, onChannel: 0) }
        device.advance(by: .seconds(1))
        device.run(as: "Synth") { sampler.stopNote(69, onChannel: 0) }
        let stop = device.now
        device.advance(by: .milliseconds(500))
        let speaker = try #require(device.sink("Speaker"))
        let silentBefore = try #require(speaker.level(channel: 1, from: start - .milliseconds(400), to: start))
        #expect(silentBefore.rms < 1e-6)
        let heard = try #require(speaker.dominantFrequency(channel: 1, from: start + .milliseconds(200), to: start + .milliseconds(900)))
        #expect(abs(heard - 440) <= 2)
        let during = try #require(speaker.level(channel: 1, from: start + .milliseconds(200), to: start + .milliseconds(900)))
        #expect(during.rms > 0.1)
        let silentAfter = try #require(speaker.level(channel: 1, from: stop + .milliseconds(200), to: stop + .milliseconds(500)))
        #expect(silentAfter.rms < 1e-6)
    }
}
