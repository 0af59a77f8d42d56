import Foundation
import OpenAVFAudio
import Testing

/// The engine's graph and pull rendering, offline (manual rendering mode): what a player node
/// schedules comes out of the output sample for sample, mixed, converted and tapped.
@Suite("AVAudioEngine graph, offline")
struct EngineGraphTests {
    static let stereo48 = AVAudioFormat(standardFormatWithSampleRate: 48_000, channels: 2)!

    static func offlineEngine(format: AVAudioFormat = stereo48, maximumFrames: AVAudioFrameCount = 1024) throws -> AVAudioEngine {
        let engine = AVAudioEngine()
        try engine.enableManualRenderingMode(.offline, format: format, maximumFrameCount: maximumFrames)
        return engine
    }

    @Test("ENGINE-LAZY-SINGLETONS: the main mixer is made on first use and connected to the output node")
    func lazyNodes() throws {
        let engine = AVAudioEngine()
        #expect(engine.attachedNodes.isEmpty)
        let mixer = engine.mainMixerNode
        #expect(engine.attachedNodes.count == 2)
        let point = try #require(engine.inputConnectionPoint(for: engine.outputNode, inputBus: 0))
        #expect(point.node === mixer && point.bus == 0)
        #expect(engine.outputConnectionPoints(for: mixer, outputBus: 0).map(\.node).first ?? nil === engine.outputNode)
        #expect(engine.musicSequence == nil && !engine.isRunning && !engine.isInManualRenderingMode)
        #expect(engine.manualRenderingFormat.sampleRate == 0 && engine.manualRenderingMaximumFrameCount == 0)
    }

    @Test("ENGINE-CONNECT-TO-MIXER-NEXT-BUS: connecting to a mixer takes its next free input bus; reconnecting a bus breaks the old connection")
    func mixerBuses() throws {
        let engine = AVAudioEngine()
        let (a, b, c) = (AVAudioPlayerNode(), AVAudioPlayerNode(), AVAudioPlayerNode())
        for node in [a, b, c] { engine.attach(node) }
        let mixer = engine.mainMixerNode
        engine.connect(a, to: mixer, format: nil)
        engine.connect(b, to: mixer, format: nil)
        #expect(engine.outputConnectionPoints(for: a, outputBus: 0).first?.bus == 0)
        #expect(engine.outputConnectionPoints(for: b, outputBus: 0).first?.bus == 1)
        #expect(mixer.nextAvailableInputBus == 2)
        engine.connect(c, to: mixer, fromBus: 0, toBus: 0, format: nil)
        #expect(engine.outputConnectionPoints(for: a, outputBus: 0).isEmpty)
        #expect(engine.inputConnectionPoint(for: mixer, inputBus: 0)?.node === c)
        #expect(mixer.nextAvailableInputBus == 2)
        engine.disconnectNodeOutput(c)
        #expect(mixer.nextAvailableInputBus == 0)
        engine.detach(b)
        #expect(!engine.attachedNodes.contains(b) && b.engine == nil && mixer.nextAvailableInputBus == 0)
        #expect(engine.inputConnectionPoint(for: mixer, inputBus: 1) == nil)
    }

    @Test("ENGINE-PLAYER-INITIALLY-PAUSED: a scheduled buffer plays sample for sample from play(); mono reaches both sides")
    func playerExact() throws {
        let engine = try Self.offlineEngine()
        let player = AVAudioPlayerNode()
        engine.attach(player)
        let tone = EngineSignals.tone(frequency: 440, seconds: 0.5)
        engine.connect(player, to: engine.mainMixerNode, format: tone.format)
        let consumed = CallLog<Int>()
        player.scheduleBuffer(tone) { consumed.append(1) }
        try engine.start()
        #expect(!player.isPlaying)
        let silent = try EngineSignals.renderOffline(engine, seconds: 0.1)
        #expect(EngineSignals.peak(EngineSignals.samples(silent, channel: 0)[...]) == 0)
        player.play()
        let out = try EngineSignals.renderOffline(engine, seconds: 1, chunk: 333)
        let input = EngineSignals.samples(tone, channel: 0)
        for channel in 0..<2 {
            let rendered = EngineSignals.samples(out, channel: channel)
            #expect(Array(rendered[0..<24_000]) == input)
            #expect(EngineSignals.peak(rendered[24_000...]) == 0)
        }
        #expect(consumed.values.count == 1)
        #expect(engine.manualRenderingSampleTime == 52_800)
        // 4,800 frames in 512s, then 48,000 in 333s: the last pull was the 48 frames from 52,752.
        #expect(player.lastRenderTime?.sampleTime == 52_752)
    }
}

extension EngineGraphTests {
    @Test("ENGINE-MIXER-ANY-INPUT-FORMAT: a 44.1 kHz player reaches a 48 kHz output through libsoxr at its volume and pan")
    func mixerConvertsAndPans() throws {
        let engine = try Self.offlineEngine()
        let player = AVAudioPlayerNode()
        engine.attach(player)
        let tone = EngineSignals.tone(frequency: 1000, seconds: 1, rate: 44_100)
        engine.connect(player, to: engine.mainMixerNode, format: tone.format)
        #expect(engine.mainMixerNode.inputFormat(forBus: 0).sampleRate == 44_100)
        #expect(engine.mainMixerNode.outputFormat(forBus: 0).sampleRate == 48_000)
        player.scheduleBuffer(tone, at: nil, options: .loops)
        player.volume = 0.5
        player.pan = -1
        try engine.start()
        player.play()
        let out = try EngineSignals.renderOffline(engine, seconds: 0.5)
        let left = EngineSignals.samples(out, channel: 0)[4_800...]
        let right = EngineSignals.samples(out, channel: 1)[4_800...]
        #expect(abs(EngineSignals.amplitude(left, frequency: 1000, rate: 48_000) - 0.25) < 0.005)
        #expect(EngineSignals.peak(right) == 0)
        #expect(EngineSignals.amplitude(left, frequency: 1102.5, rate: 48_000) < 0.01) // not played at the wrong rate
    }

    @Test("ENGINE-TAP-RECEIVES-RENDERED: a tap on the main mixer receives the mixed samples, with their node times")
    func tapGetsMix() throws {
        let engine = try Self.offlineEngine()
        let (low, high) = (AVAudioPlayerNode(), AVAudioPlayerNode())
        engine.attach(low)
        engine.attach(high)
        let format = AVAudioFormat(standardFormatWithSampleRate: 48_000, channels: 1)!
        engine.connect(low, to: engine.mainMixerNode, format: format)
        engine.connect(high, to: engine.mainMixerNode, format: format)
        low.scheduleBuffer(EngineSignals.tone(frequency: 440, amplitude: 0.25, seconds: 1), at: nil, options: .loops)
        high.scheduleBuffer(EngineSignals.tone(frequency: 1000, amplitude: 0.25, seconds: 1), at: nil, options: .loops)
        var tapped: [Float] = []
        var times: [Int64] = []
        engine.mainMixerNode.installTap(onBus: 0, bufferSize: 4096, format: nil) { buffer, time in
            #expect(buffer.format.channelCount == 2 && buffer.frameLength == 4096)
            tapped += EngineSignals.samples(buffer, channel: 0)
            times.append(time.sampleTime)
        }
        try engine.start()
        low.play()
        high.play()
        let out = try EngineSignals.renderOffline(engine, seconds: 1)
        #expect(times == (0..<11).map { Int64($0) * 4096 })
        #expect(tapped == Array(EngineSignals.samples(out, channel: 0)[..<tapped.count]))
        let mix = tapped[4096...]
        #expect(abs(EngineSignals.amplitude(mix, frequency: 440, rate: 48_000) - 0.25) < 0.005)
        #expect(abs(EngineSignals.amplitude(mix, frequency: 1000, rate: 48_000) - 0.25) < 0.005)
        engine.mainMixerNode.removeTap(onBus: 0)
        _ = try EngineSignals.renderOffline(engine, seconds: 0.2)
        #expect(times.count == 11)
    }

    @Test("ENGINE-SOURCE-NODE-RENDER-BLOCK: an AVAudioSourceNode's render block is pulled with the node's sample times")
    func sourceNode() throws {
        let engine = try Self.offlineEngine()
        var stamps: [Double] = []
        let format = AVAudioFormat(standardFormatWithSampleRate: 48_000, channels: 1)!
        let source = AVAudioSourceNode(format: format) { isSilence, timeStamp, frameCount, list in
            let buffers = UnsafeMutableAudioBufferListPointer(list)
            let data = buffers[0].mData!.assumingMemoryBound(to: Float.self)
            let start = timeStamp.pointee.mSampleTime
            for frame in 0..<Int(frameCount) {
                data[frame] = 0.5 * Float(sin(2 * Double.pi * 440 * (start + Double(frame)) / 48_000))
            }
            stamps.append(start)
            isSilence.pointee = false
            return 0
        }
        engine.attach(source)
        engine.connect(source, to: engine.mainMixerNode, format: format)
        try engine.start()
        let out = try EngineSignals.renderOffline(engine, seconds: 0.5, chunk: 480)
        #expect(stamps == (0..<50).map { Double($0 * 480) })
        let expected = EngineSignals.tone(frequency: 440, seconds: 0.5)
        let difference = zip(EngineSignals.samples(out, channel: 1), EngineSignals.samples(expected, channel: 0)).map { abs($0 - $1) }.max()!
        #expect(difference < 1e-5)
    }
}

extension EngineGraphTests {
    @Test("ENGINE-FAN-OUT: a split feeds two mixers from one render of its source; connections not listed are broken")
    func fanOut() throws {
        let engine = try Self.offlineEngine()
        let format = AVAudioFormat(standardFormatWithSampleRate: 48_000, channels: 1)!
        let calls = CallLog<Double>()
        let source = AVAudioSourceNode(format: format) { _, stamp, frames, list in
            let data = UnsafeMutableAudioBufferListPointer(list)[0].mData!.assumingMemoryBound(to: Float.self)
            for frame in 0..<Int(frames) { data[frame] = 0.25 }
            calls.append(stamp.pointee.mSampleTime)
            return 0
        }
        let (left, right) = (AVAudioMixerNode(), AVAudioMixerNode())
        for node in [source, left, right] as [AVAudioNode] { engine.attach(node) }
        engine.connect(left, to: engine.mainMixerNode, format: format)
        engine.connect(right, to: engine.mainMixerNode, format: format)
        left.pan = -1
        right.pan = 1
        right.volume = 0.5
        engine.connect(source, to: [AVAudioConnectionPoint(node: left, bus: 0), AVAudioConnectionPoint(node: right, bus: 0)],
                       fromBus: 0, format: format)
        #expect(engine.outputConnectionPoints(for: source, outputBus: 0).count == 2)
        try engine.start()
        let out = try EngineSignals.renderOffline(engine, seconds: 0.1, chunk: 480)
        #expect(calls.values == (0..<10).map { Double($0 * 480) })   // once per pass, not once per destination
        #expect(EngineSignals.samples(out, channel: 0).allSatisfy { $0 == 0.25 })
        #expect(EngineSignals.samples(out, channel: 1).allSatisfy { $0 == 0.125 })
        engine.connect(source, to: [AVAudioConnectionPoint(node: right, bus: 0)], fromBus: 0, format: format)
        #expect(engine.inputConnectionPoint(for: left, inputBus: 0) == nil)
        let after = try EngineSignals.renderOffline(engine, seconds: 0.01, chunk: 480)
        #expect(EngineSignals.samples(after, channel: 0).allSatisfy { $0 == 0 })
    }

    @Test("ENGINE-MIXING-ON-SOURCE: a player's volume and pan stay with it across disconnection and reconnection")
    func mixingSurvivesReconnection() throws {
        let engine = try Self.offlineEngine()
        let player = AVAudioPlayerNode()
        engine.attach(player)
        let format = AVAudioFormat(standardFormatWithSampleRate: 48_000, channels: 1)!
        engine.connect(player, to: engine.mainMixerNode, format: format)
        player.volume = 0.5
        player.pan = 1
        engine.disconnectNodeOutput(player)
        engine.connect(player, to: engine.mainMixerNode, format: format)
        let ones = AVAudioPCMBuffer(pcmFormat: format, frameCapacity: 4800)!
        ones.frameLength = 4800
        ones.floatChannelData![0].update(repeating: 1, count: 4800)
        player.scheduleBuffer(ones)
        try engine.start()
        player.play()
        let out = try EngineSignals.renderOffline(engine, seconds: 0.1)
        #expect(EngineSignals.samples(out, channel: 0).allSatisfy { $0 == 0 })
        #expect(EngineSignals.samples(out, channel: 1).allSatisfy { $0 == 0.5 })
        #expect(player.volume == 0.5 && player.pan == 1)
        player.volume = 3
        #expect(player.volume == 1)
    }

    @Test("ENGINE-TAP-RECEIVES-RENDERED: a second tap on a bus is refused; a tap format differing from a connected bus's is refused")
    func tapRules() throws {
        let engine = try Self.offlineEngine()
        let first = CallLog<Int>()
        let second = CallLog<Int>()
        engine.mainMixerNode.installTap(onBus: 0, bufferSize: 1024, format: nil) { _, _ in first.append(1) }
        engine.mainMixerNode.installTap(onBus: 0, bufferSize: 1024, format: nil) { _, _ in second.append(1) }
        let player = AVAudioPlayerNode()
        engine.attach(player)
        let mono = AVAudioFormat(standardFormatWithSampleRate: 48_000, channels: 1)!
        engine.connect(player, to: engine.mainMixerNode, format: mono)
        player.installTap(onBus: 0, bufferSize: 1024, format: AVAudioFormat(standardFormatWithSampleRate: 22_050, channels: 1)!) { _, _ in }
        #expect(player.outputFormat(forBus: 0).sampleRate == 48_000)
        try engine.start()
        _ = try EngineSignals.renderOffline(engine, seconds: 0.1)
        #expect(first.values.count == 4 && second.values.isEmpty)
    }
}
