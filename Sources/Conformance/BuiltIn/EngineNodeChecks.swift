import Foundation
import AVFAudio

/// AVAudioEngine's graph, rendered offline so every frame is known: the lazily made main mixer,
/// its input buses, fan-out, format conversion into the mixer, mixing settings that stay with the
/// source, and taps.
enum EngineNodeChecks {
    static var all: [BuiltInCheck] { [
        BuiltInCheck(["ENGINE-LAZY-SINGLETONS"], "the main mixer is made on first use and connected to the output node") { p in
            let engine = AVAudioEngine()
            p.expect(engine.attachedNodes.isEmpty, "a new engine has no nodes attached")
            let mixer = engine.mainMixerNode
            p.expect(engine.attachedNodes.count, equals: 2, "nodes attached once mainMixerNode is read (mixer and output)")
            let point = try p.require(engine.inputConnectionPoint(for: engine.outputNode, inputBus: 0), "the output node's input connection")
            p.expect(point.node === mixer && point.bus == 0, "the output node's input is the main mixer's bus 0")
            p.expect(engine.outputConnectionPoints(for: mixer, outputBus: 0).map(\.node).first ?? nil === engine.outputNode, "the mixer feeds the output node")
            p.expect(engine.musicSequence == nil && !engine.isRunning && !engine.isInManualRenderingMode, "no sequence, not running, not in manual rendering")
            p.expect(engine.manualRenderingFormat.sampleRate == 0 && engine.manualRenderingMaximumFrameCount == 0, "no manual rendering format yet")
        },
        BuiltInCheck(["ENGINE-CONNECT-TO-MIXER-NEXT-BUS"], "connecting to a mixer takes its next free input bus; reconnecting a bus breaks the old connection") { p in
            let engine = AVAudioEngine()
            let (a, b, c) = (AVAudioPlayerNode(), AVAudioPlayerNode(), AVAudioPlayerNode())
            for node in [a, b, c] { engine.attach(node) }
            let mixer = engine.mainMixerNode
            engine.connect(a, to: mixer, format: nil)
            engine.connect(b, to: mixer, format: nil)
            p.expect(engine.outputConnectionPoints(for: a, outputBus: 0).first?.bus, equals: 0, "the first player's mixer bus")
            p.expect(engine.outputConnectionPoints(for: b, outputBus: 0).first?.bus, equals: 1, "the second player's mixer bus")
            p.expect(mixer.nextAvailableInputBus, equals: 2, "nextAvailableInputBus after two connections")
            engine.connect(c, to: mixer, fromBus: 0, toBus: 0, format: nil)
            p.expect(engine.outputConnectionPoints(for: a, outputBus: 0).isEmpty, "connecting bus 0 again breaks the first player's connection")
            p.expect(engine.inputConnectionPoint(for: mixer, inputBus: 0)?.node === c, "bus 0 is the third player's")
            p.expect(mixer.nextAvailableInputBus, equals: 2, "nextAvailableInputBus after replacing bus 0")
            engine.disconnectNodeOutput(c)
            p.expect(mixer.nextAvailableInputBus, equals: 0, "nextAvailableInputBus once bus 0 is free again")
            engine.detach(b)
            p.expect(!engine.attachedNodes.contains(b) && b.engine == nil && mixer.nextAvailableInputBus == 0, "a detached node leaves the engine")
            p.expect(engine.inputConnectionPoint(for: mixer, inputBus: 1) == nil, "detaching breaks the node's connections")
        },
        BuiltInCheck(["ENGINE-MIXER-ANY-INPUT-FORMAT"], "a 44.1 kHz player reaches a 48 kHz output through the mixer's conversion at its volume and pan") { p in
            let engine = try EngineSignals.offlineEngine()
            let player = AVAudioPlayerNode()
            engine.attach(player)
            let tone = EngineSignals.tone(frequency: 1000, seconds: 1, rate: 44_100)
            engine.connect(player, to: engine.mainMixerNode, format: tone.format)
            p.expect(engine.mainMixerNode.inputFormat(forBus: 0).sampleRate, equals: 44_100, "the mixer's input rate")
            p.expect(engine.mainMixerNode.outputFormat(forBus: 0).sampleRate, equals: 48_000, "the mixer's output rate")
            player.scheduleBuffer(tone, at: nil, options: .loops)
            player.volume = 0.5
            player.pan = -1
            try engine.start()
            player.play()
            let out = try EngineSignals.renderOffline(engine, seconds: 0.5)
            let left = EngineSignals.samples(out, channel: 0)[4_800...]
            let right = EngineSignals.samples(out, channel: 1)[4_800...]
            let level = EngineSignals.amplitude(left, frequency: 1000, rate: 48_000)
            p.expect(abs(level - 0.25) < 0.005, "1 kHz on the left at volume 0.5: 0.25 (\(level))")
            p.expect(EngineSignals.peak(right), equals: 0, "panned hard left: the right channel's peak")
            p.expect(EngineSignals.amplitude(left, frequency: 1102.5, rate: 48_000) < 0.01, "not played at the wrong rate (1,102.5 Hz)")
        },
        BuiltInCheck(["ENGINE-TAP-RECEIVES-RENDERED"], "a tap on the main mixer receives the mixed samples in 4,096-frame blocks with their node times, until it is removed") { p in
            let engine = try EngineSignals.offlineEngine()
            let (low, high) = (AVAudioPlayerNode(), AVAudioPlayerNode())
            engine.attach(low)
            engine.attach(high)
            engine.connect(low, to: engine.mainMixerNode, format: EngineSignals.mono48)
            engine.connect(high, to: engine.mainMixerNode, format: EngineSignals.mono48)
            low.scheduleBuffer(EngineSignals.tone(frequency: 440, amplitude: 0.25, seconds: 1), at: nil, options: .loops)
            high.scheduleBuffer(EngineSignals.tone(frequency: 1000, amplitude: 0.25, seconds: 1), at: nil, options: .loops)
            let blocks = CallLog<(channels: AVAudioChannelCount, frames: AVAudioFrameCount, samples: [Float], time: Int64)>()
            engine.mainMixerNode.installTap(onBus: 0, bufferSize: 4096, format: nil) { buffer, time in
                blocks.append((buffer.format.channelCount, buffer.frameLength, EngineSignals.samples(buffer, channel: 0), time.sampleTime))
            }
            try engine.start()
            low.play()
            high.play()
            let out = try EngineSignals.renderOffline(engine, seconds: 1)
            p.expect(blocks.values.allSatisfy { $0.channels == 2 && $0.frames == 4096 }, "each tap block is stereo and 4,096 frames")
            p.expect(blocks.values.map(\.time), equals: (0..<11).map { Int64($0) * 4096 }, "the tap blocks' sample times")
            let tapped = blocks.values.flatMap(\.samples)
            p.expect(tapped == Array(EngineSignals.samples(out, channel: 0)[..<tapped.count]), "the tap gets exactly what the mixer rendered")
            let mix = tapped[4096...]
            p.expect(abs(EngineSignals.amplitude(mix, frequency: 440, rate: 48_000) - 0.25) < 0.005, "the 440 Hz player is in the mix at 0.25")
            p.expect(abs(EngineSignals.amplitude(mix, frequency: 1000, rate: 48_000) - 0.25) < 0.005, "the 1 kHz player is in the mix at 0.25")
            engine.mainMixerNode.removeTap(onBus: 0)
            _ = try EngineSignals.renderOffline(engine, seconds: 0.2)
            p.expect(blocks.values.count, equals: 11, "tap blocks after removeTap")
        },
        BuiltInCheck(["ENGINE-TAP-RECEIVES-RENDERED"], "a second tap on a bus is refused; a tap format differing from a connected bus's is refused") { p in
            let engine = try EngineSignals.offlineEngine()
            let first = CallLog<Int>()
            let second = CallLog<Int>()
            engine.mainMixerNode.installTap(onBus: 0, bufferSize: 1024, format: nil) { _, _ in first.append(1) }
            engine.mainMixerNode.installTap(onBus: 0, bufferSize: 1024, format: nil) { _, _ in second.append(1) }
            let player = AVAudioPlayerNode()
            engine.attach(player)
            engine.connect(player, to: engine.mainMixerNode, format: EngineSignals.mono48)
            player.installTap(onBus: 0, bufferSize: 1024, format: AVAudioFormat(standardFormatWithSampleRate: 22_050, channels: 1)!) { _, _ in }
            p.expect(player.outputFormat(forBus: 0).sampleRate, equals: 48_000, "the player's output rate after a 22.05 kHz tap was refused")
            try engine.start()
            _ = try EngineSignals.renderOffline(engine, seconds: 0.1)
            p.expect(first.values.count, equals: 4, "blocks the first tap got in 0.1 s")
            p.expect(second.values.count, equals: 0, "blocks the refused second tap got")
        },
        BuiltInCheck(["ENGINE-FAN-OUT"], "a split feeds two mixers from one render of its source; connections not listed are broken") { p in
            let engine = try EngineSignals.offlineEngine()
            let format = EngineSignals.mono48
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
            p.expect(engine.outputConnectionPoints(for: source, outputBus: 0).count, equals: 2, "the source's connection points")
            try engine.start()
            let out = try EngineSignals.renderOffline(engine, seconds: 0.1, chunk: 480)
            p.expect(calls.values, equals: (0..<10).map { Double($0 * 480) }, "the source is rendered once per pass, not once per destination")
            p.expect(EngineSignals.samples(out, channel: 0).allSatisfy { $0 == 0.25 }, "the left mixer's copy: 0.25 on the left")
            p.expect(EngineSignals.samples(out, channel: 1).allSatisfy { $0 == 0.125 }, "the right mixer's copy at volume 0.5: 0.125 on the right")
            engine.connect(source, to: [AVAudioConnectionPoint(node: right, bus: 0)], fromBus: 0, format: format)
            p.expect(engine.inputConnectionPoint(for: left, inputBus: 0) == nil, "the connection to the left mixer, not listed again, is broken")
            let after = try EngineSignals.renderOffline(engine, seconds: 0.01, chunk: 480)
            p.expect(EngineSignals.samples(after, channel: 0).allSatisfy { $0 == 0 }, "the left channel is silent afterwards")
        },
        BuiltInCheck(["ENGINE-MIXING-ON-SOURCE"], "a player's volume and pan stay with it across disconnection and reconnection") { p in
            let engine = try EngineSignals.offlineEngine()
            let player = AVAudioPlayerNode()
            engine.attach(player)
            engine.connect(player, to: engine.mainMixerNode, format: EngineSignals.mono48)
            player.volume = 0.5
            player.pan = 1
            engine.disconnectNodeOutput(player)
            engine.connect(player, to: engine.mainMixerNode, format: EngineSignals.mono48)
            player.scheduleBuffer(EngineSignals.constant(1, frames: 4800))
            try engine.start()
            player.play()
            let out = try EngineSignals.renderOffline(engine, seconds: 0.1)
            p.expect(EngineSignals.samples(out, channel: 0).allSatisfy { $0 == 0 }, "panned right after reconnection: the left channel is silent")
            p.expect(EngineSignals.samples(out, channel: 1).allSatisfy { $0 == 0.5 }, "volume 0.5 after reconnection: the right channel is 0.5")
            p.expect(player.volume == 0.5 && player.pan == 1, "the player still reads volume 0.5 and pan 1")
            player.volume = 3
            p.expect(player.volume, equals: 1, "a volume of 3 is clamped to")
        },
    ] }
}
