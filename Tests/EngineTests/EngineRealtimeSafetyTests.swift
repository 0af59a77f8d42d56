@testable import Conformance
import AudioGraph
import CRealtimeProbe
import Foundation
@testable import AVFAudio
import Soundcheck
import Testing

/// The render path allocates nothing in steady state: counted with the allocation counter
/// (glibc's allocation calls interposed for the test binary, counted per thread).
/// Serialized: the probe watches one thread at a time for the whole process.
@Suite("AVAudioEngine render path allocations", .serialized)
struct EngineRealtimeSafetyTests {
    @Test("ENGINE-REALTIME-SAFE-GOAL: the realtime manual rendering block allocates nothing once the graph is warm")
    func manualBlockAllocatesNothing() throws {
        let engine = AVAudioEngine()
        try engine.enableManualRenderingMode(.realtime, format: EngineSignals.stereo48, maximumFrameCount: 512)
        let player = AVAudioPlayerNode()
        let format = AVAudioFormat(standardFormatWithSampleRate: 48_000, channels: 1)!
        let source = AVAudioSourceNode(format: format) { _, _, frameCount, list in
            let data = UnsafeMutableAudioBufferListPointer(list)[0].mData!.assumingMemoryBound(to: Float.self)
            for frame in 0..<Int(frameCount) { data[frame] = 0.1 }
            return 0
        }
        engine.attach(player)
        engine.attach(source)
        let tone = EngineSignals.tone(frequency: 440, seconds: 1, rate: 44_100, channels: 2)
        engine.connect(player, to: engine.mainMixerNode, format: tone.format)   // converted 44.1 → 48 kHz
        engine.connect(source, to: engine.mainMixerNode, format: format)
        player.scheduleBuffer(tone, at: nil, options: .loops)
        try engine.start()
        player.play()
        let block = engine.manualRenderingBlock
        let output = AVAudioPCMBuffer(pcmFormat: EngineSignals.stereo48, frameCapacity: 512)!
        let list = output.mutableAudioBufferList
        var status: OSStatus = 0
        for _ in 0..<200 { _ = block(512, list, &status) }
        rt_probe_watch(pthread_self())
        var statuses = 0
        for _ in 0..<400 { statuses += block(512, list, &status).rawValue }
        let allocations = rt_probe_stop().allocations
        #expect(allocations == 0)
        #expect(statuses == 0)
        let left = Array(UnsafeBufferPointer(start: output.floatChannelData![0], count: 512))
        #expect(EngineSignals.peak(left[...]) > 0.3)   // the tone and the source are both there
    }

    @Test("the allocation counter sees an allocation")
    func counterCounts() {
        rt_probe_watch(pthread_self())
        let array = [Int](repeating: 1, count: Int.random(in: 100...200))
        let allocations = rt_probe_stop().allocations
        #expect(allocations >= 1 && array.count >= 100)
    }
}

extension EngineRealtimeSafetyTests {
    @Test("ENGINE-REALTIME-SAFE-GOAL: the EQ and reverb kernels process without allocating, in this (debug) build too")
    func effectKernelsAllocateNothing() {
        let frames = 256
        let channels = UnsafeMutablePointer<UnsafeMutablePointer<Float>>.allocate(capacity: 2)
        channels[0] = .allocate(capacity: frames)
        channels[1] = .allocate(capacity: frames)
        defer { channels[0].deallocate(); channels[1].deallocate(); channels.deallocate() }
        let equalizer = NBandEQKernel(bandCount: 4)
        equalizer.prepare(sampleRate: 48_000, channelCount: 2, maximumFrames: frames)
        for band in 0..<UInt32(4) { equalizer.setParameter(NBandEQKernel.bypassBand + band, 0) }
        equalizer.setParameter(NBandEQKernel.globalGain, -3)
        let reverb = Reverb2Kernel()
        reverb.prepare(sampleRate: 48_000, channelCount: 2, maximumFrames: frames)
        reverb.setParameter(Reverb2Kernel.dryWetMix, 50)
        func run(_ kernel: InPlaceEffectKernel, blocks: Int) -> Int64 {
            for frame in 0..<frames { channels[0][frame] = Float(frame % 64) / 64; channels[1][frame] = channels[0][frame] }
            for _ in 0..<8 { kernel.process(channels, frameCount: frames) }
            rt_probe_watch(pthread_self())
            for _ in 0..<blocks { kernel.process(channels, frameCount: frames) }
            let counts = rt_probe_stop()
            return counts.allocations + counts.locks
        }
        #expect(run(equalizer, blocks: 100) == 0)
        #expect(run(reverb, blocks: 100) == 0)
        // A parameter change mid-stream (a glide and a crossfade) allocates nothing either.
        equalizer.setParameter(NBandEQKernel.frequency + 1, 2_000)
        equalizer.setParameter(NBandEQKernel.filterType + 2, Float(NBandEQFilterType.highShelf.rawValue))
        #expect(run(equalizer, blocks: 100) == 0)
    }
}

extension EngineRealtimeSafetyTests {
    @Test("ENGINE-REALTIME-SAFE-GOAL: the engine's device render (one IO buffer) through EQ and reverb allocates and locks nothing in steady state")
    func deviceRenderAllocatesNothing() throws {
        let device = try SimulatedDevice(seed: 27)
        try EngineRenderingChecks.launch(device)
        let engine = try device.run(as: "Game") { () throws -> AVAudioEngine in
            let engine = AVAudioEngine()
            let player = AVAudioPlayerNode()
            let reverb = AVAudioUnitReverb()
            let equalizer = AVAudioUnitEQ(numberOfBands: 2)
            for node in [player, reverb, equalizer] as [AVAudioNode] { engine.attach(node) }
            let tone = EngineSignals.tone(frequency: 440, seconds: 1, rate: 44_100)
            engine.connect(player, to: equalizer, format: tone.format)
            engine.connect(equalizer, to: reverb, format: tone.format)
            engine.connect(reverb, to: engine.mainMixerNode, format: tone.format)
            // Both bands on and the reverb wet, so the kernels run on every cycle: the player,
            // libsoxr conversion, both effects, the mixer and the IO copy are all counted.
            for (band, frequency) in zip(equalizer.bands, [200, 3_000] as [Float]) {
                band.frequency = frequency
                band.gain = 6
                band.bypass = false
            }
            reverb.wetDryMix = 50
            player.scheduleBuffer(tone, at: nil, options: .loops)
            try engine.start()
            player.play()
            return engine
        }
        device.advance(by: .seconds(1))
        let output = AVAudioPCMBuffer(pcmFormat: engine.outputNode.outputFormat(forBus: 0), frameCapacity: 1024)!
        var stamp = AudioTimeStamp()
        stamp.mFlags = [.sampleTimeValid, .hostTimeValid]
        let list = output.mutableAudioBufferList
        for _ in 0..<50 { _ = engine.renderDeviceCycle(1024, timeStamp: &stamp, into: list) }
        rt_probe_watch(pthread_self())
        for cycle in 0..<200 {
            stamp.mSampleTime = Double(cycle * 1024)
            _ = engine.renderDeviceCycle(1024, timeStamp: &stamp, into: list)
        }
        let counts = rt_probe_stop()
        #expect(counts.allocations == 0)
        #expect(counts.locks == 0)
        output.frameLength = 1024
        #expect(EngineSignals.peak(EngineSignals.samples(output, channel: 0)[...]) > 0.1)
    }
}

extension EngineRealtimeSafetyTests {
    @Test("ENGINE-REALTIME-SAFE-GOAL: an environment node with its reverb on renders without allocating or locking")
    func environmentReverbAllocatesNothing() throws {
        let engine = AVAudioEngine()
        try engine.enableManualRenderingMode(.realtime, format: EngineSignals.stereo48, maximumFrameCount: 512)
        let environment = AVAudioEnvironmentNode()
        let player = AVAudioPlayerNode()
        engine.attach(environment)
        engine.attach(player)
        engine.connect(environment, to: engine.mainMixerNode, format: EngineSignals.stereo48)
        let tone = EngineSignals.tone(frequency: 440, seconds: 1, rate: 48_000, channels: 1)
        engine.connect(player, to: environment, format: tone.format)
        environment.reverbParameters.enable = true
        environment.reverbParameters.filterParameters.bypass = false
        player.reverbBlend = 0.5
        player.position = AVAudio3DPoint(x: -1, y: 0, z: -1)
        player.scheduleBuffer(tone, at: nil, options: .loops)
        try engine.start()
        player.play()
        let block = engine.manualRenderingBlock
        let output = AVAudioPCMBuffer(pcmFormat: EngineSignals.stereo48, frameCapacity: 512)!
        var status: OSStatus = 0
        for _ in 0..<50 { _ = block(512, output.mutableAudioBufferList, &status) }
        rt_probe_watch(pthread_self())
        for _ in 0..<200 { _ = block(512, output.mutableAudioBufferList, &status) }
        let counts = rt_probe_stop()
        #expect(counts.allocations == 0 && counts.locks == 0, "\(counts.allocations) allocations, \(counts.locks) locks")
        output.frameLength = 512
        #expect(EngineSignals.peak(EngineSignals.samples(output, channel: 0)[...]) > 0.1)
    }

    /// The benchmark's chain (Benchmarks/Sources/EngineWorkloads/EngineChain.swift), counted with
    /// the probe in this debug build: 32 looping mono players, each through its own four-band EQ,
    /// into a submix at 1/32, through a medium-hall reverb at 50 % wet, pulled with renderOffline.
    @Test("ENGINE-REALTIME-SAFE-GOAL: 32 player nodes through their EQs and a reverb, rendered offline, allocate and lock nothing per render cycle")
    func benchmarkChainAllocatesNothing() throws {
        let stereo = EngineSignals.stereo48
        let mono = AVAudioFormat(standardFormatWithSampleRate: 48_000, channels: 1)!
        let engine = AVAudioEngine()
        try engine.enableManualRenderingMode(.offline, format: stereo, maximumFrameCount: 256)
        let submix = AVAudioMixerNode()
        let reverb = AVAudioUnitReverb()
        reverb.loadFactoryPreset(.mediumHall)
        reverb.wetDryMix = 50
        engine.attach(submix)
        engine.attach(reverb)
        engine.connect(submix, to: reverb, format: stereo)
        engine.connect(reverb, to: engine.mainMixerNode, format: stereo)
        let players = (0..<32).map { voice -> AVAudioPlayerNode in
            let player = AVAudioPlayerNode()
            let equalizer = AVAudioUnitEQ(numberOfBands: 4)
            for (band, frequency) in zip(equalizer.bands, [120, 800, 2_500, 8_000] as [Float]) {
                band.filterType = .parametric
                band.frequency = frequency
                band.bandwidth = 1
                band.gain = 3
                band.bypass = false
            }
            engine.attach(player)
            engine.attach(equalizer)
            engine.connect(player, to: equalizer, format: mono)
            engine.connect(equalizer, to: submix, format: mono)
            player.volume = 1 / 32
            player.scheduleBuffer(EngineSignals.tone(frequency: 110 * Double(voice + 1), amplitude: 0.25, seconds: 1), at: nil, options: .loops)
            return player
        }
        try engine.start()
        for player in players { player.play() }
        let output = AVAudioPCMBuffer(pcmFormat: stereo, frameCapacity: 256)!
        for _ in 0..<50 { _ = try engine.renderOffline(256, to: output) }
        let cycles = 400
        var successes = 0
        rt_probe_watch(pthread_self())
        for _ in 0..<cycles where try engine.renderOffline(256, to: output) == .success { successes += 1 }
        let counts = rt_probe_stop()
        #expect(successes == cycles)
        #expect(counts.allocations == 0 && counts.locks == 0, "\(counts.allocations) allocations, \(counts.locks) locks in \(cycles) cycles")
        #expect(EngineSignals.peak(EngineSignals.samples(output, channel: 0)[...]) > 0.01)
    }
}
