import Conformance
import Foundation
import AudioToolbox
import AVFAudio
import Soundcheck

/// How an engine renders: manual rendering's rules, status codes and input block; on the device,
/// pulled by the IO cycle (equal to the offline render, tapped, fed by the microphone), started,
/// paused and stopped, and refused by the session.
enum EngineRenderingChecks {
    /// The NSError code `body` throws, or nil when it does not throw.
    static func errorCode(_ body: () throws -> Void) -> Int? {
        do { try body(); return nil } catch { return (error as NSError).code }
    }

    /// Launches `name` with an active session of `category`.
    static func launch(_ device: SimulatedDevice, _ name: String = "Game", category: AVAudioSession.Category = .playback) throws {
        try device.launch(name, backgroundAudio: true) {
            try AVAudioSession.sharedInstance().setCategory(category)
            try AVAudioSession.sharedInstance().setActive(true)
        }
    }

    /// Starts, as the app `name`, an engine whose player loops a 1 s 440 Hz tone into the main mixer.
    static func startLoopingTone(_ device: SimulatedDevice, as name: String = "Game") throws -> (AVAudioEngine, AVAudioPlayerNode) {
        try device.run(as: name) {
            let engine = AVAudioEngine()
            let player = AVAudioPlayerNode()
            engine.attach(player)
            let tone = EngineSignals.tone(frequency: 440, seconds: 1)
            engine.connect(player, to: engine.mainMixerNode, format: tone.format)
            player.scheduleBuffer(tone, at: nil, options: .loops)
            try engine.start()
            player.play()
            return (engine, player)
        }
    }

    static var all: [BuiltInCheck] { manualRendering + onTheDevice }

    static var manualRendering: [BuiltInCheck] { [
        BuiltInCheck(["ENGINE-MANUAL-RENDERING-STOPPED"], "manual rendering is switched on only while stopped (−80801); each mode's calls check their mode (−80800, −80802, −50)") { p in
            let engine = try EngineSignals.offlineEngine()
            _ = engine.mainMixerNode
            let buffer = AVAudioPCMBuffer(pcmFormat: engine.manualRenderingFormat, frameCapacity: 1024)!
            p.expect(errorCode { _ = try engine.renderOffline(256, to: buffer) }, equals: -80802, "renderOffline before start()")
            try engine.start()
            p.expect(errorCode { try engine.enableManualRenderingMode(.realtime, format: engine.manualRenderingFormat, maximumFrameCount: 256) },
                     equals: -80801, "enableManualRenderingMode on a running engine")
            let status = try engine.renderOffline(256, to: buffer)
            p.expect(status, equals: .success, "renderOffline while running")
            p.expect(buffer.frameLength == 256 && engine.manualRenderingSampleTime == 256, "256 frames rendered, sample time 256")
            p.expect(errorCode { _ = try engine.renderOffline(2048, to: buffer) }, equals: -50, "renderOffline of more than the buffer holds")
            engine.reset()
            p.expect(engine.manualRenderingSampleTime, equals: 0, "manualRenderingSampleTime after reset()")
            engine.stop()
            try engine.enableManualRenderingMode(.realtime, format: engine.manualRenderingFormat, maximumFrameCount: 256)
            try engine.start()
            p.expect(errorCode { _ = try engine.renderOffline(256, to: buffer) }, equals: -80800, "renderOffline in realtime mode")
            let block = engine.manualRenderingBlock
            var blockStatus: OSStatus = 1
            p.expect(block(256, buffer.mutableAudioBufferList, &blockStatus) == .success && blockStatus == 0, "the realtime block renders 256 frames")
            p.expect(block(512, buffer.mutableAudioBufferList, &blockStatus), equals: .error, "the block asked for more than maximumFrameCount")
            engine.disableManualRenderingMode()
            p.expect(!engine.isInManualRenderingMode && !engine.isRunning, "disableManualRenderingMode stops the engine")
        },
        BuiltInCheck(["ENGINE-MANUAL-RENDERING-STOPPED"], "a graph built before manual rendering renders in the manual format (32 kHz mono); the output node converts the rest") { p in
            let engine = AVAudioEngine()
            let player = AVAudioPlayerNode()
            engine.attach(player)
            let tone = EngineSignals.tone(frequency: 1000, seconds: 1, rate: 48_000)
            engine.connect(player, to: engine.mainMixerNode, format: tone.format)
            let format = AVAudioFormat(standardFormatWithSampleRate: 32_000, channels: 1)!
            try engine.enableManualRenderingMode(.offline, format: format, maximumFrameCount: 4096)
            p.expect(engine.mainMixerNode.outputFormat(forBus: 0).sampleRate, equals: 32_000, "the main mixer's output rate")
            p.expect(engine.outputNode.outputFormat(forBus: 0).channelCount, equals: 1, "the output node's channels")
            player.scheduleBuffer(tone, at: nil, options: .loops)
            try engine.start()
            player.play()
            let out = EngineSignals.samples(try EngineSignals.renderOffline(engine, seconds: 0.5), channel: 0)
            let level = EngineSignals.amplitude(out[3_200...], frequency: 1000, rate: 32_000)
            p.expect(abs(level - 0.5) < 0.01, "the 48 kHz player's 1 kHz tone at 0.5 in the 32 kHz render (\(level))")
        },
        BuiltInCheck(["ENGINE-MANUAL-RENDERING-RAW-VALUES"], "the input node plays what the app's input block gives; too little is insufficientDataFromInputNode (1); the statuses' raw values") { p in
            let engine = try EngineSignals.offlineEngine()
            let format = EngineSignals.mono48
            let source = EngineSignals.tone(frequency: 500, seconds: 0.25)
            let slice = AVAudioPCMBuffer(pcmFormat: format, frameCapacity: 1024)!
            let offset = CallLog<Int>()
            let accepted = engine.inputNode.setManualRenderingInputPCMFormat(format) { frames in
                let done = offset.values.reduce(0, +)
                let count = min(Int(frames), Int(source.frameLength) - done)
                guard count > 0 else { return nil }
                slice.frameLength = AVAudioFrameCount(count)
                slice.floatChannelData![0].update(from: source.floatChannelData![0] + done, count: count)
                offset.append(count)
                return slice.audioBufferList
            }
            p.expect(accepted, "setManualRenderingInputPCMFormat accepts a mono 48 kHz format")
            engine.connect(engine.inputNode, to: engine.mainMixerNode, format: format)
            try engine.start()
            let buffer = AVAudioPCMBuffer(pcmFormat: engine.manualRenderingFormat, frameCapacity: 1000)!
            var rendered: [Float] = []
            var statuses: [AVAudioEngineManualRenderingStatus] = []
            for _ in 0..<13 {
                statuses.append(try engine.renderOffline(1000, to: buffer))
                rendered += EngineSignals.samples(buffer, channel: 0)
            }
            p.expect(statuses.prefix(12).allSatisfy { $0 == .success }, "12 renders of 1,000 frames succeed on 12,000 input frames")
            p.expect(statuses.last, equals: .insufficientDataFromInputNode, "the 13th render's status")
            p.expect(Array(rendered[..<12_000]) == EngineSignals.samples(source, channel: 0), "the render is the input block's samples")
            p.expect(AVAudioEngineManualRenderingStatus.insufficientDataFromInputNode.rawValue, equals: 1, "insufficientDataFromInputNode")
            p.expect(AVAudioEngineManualRenderingStatus.cannotDoInCurrentContext.rawValue, equals: 2, "cannotDoInCurrentContext")
            p.expect(AVAudioEngineManualRenderingStatus.error.rawValue, equals: -1, "error")
        },
        BuiltInCheck(["ENGINE-VOICE-PROCESSING-BOTH-NODES"], "voice processing enabled on the output node is enabled on the input node; not in manual rendering (−80800), not while running (−10849)") { p in
            let engine = AVAudioEngine()
            p.expect(!engine.inputNode.isVoiceProcessingEnabled, "off by default")
            p.expect(!engine.inputNode.isVoiceProcessingAGCEnabled && !engine.inputNode.isVoiceProcessingBypassed, "its switches read false while it is off")
            try engine.outputNode.setVoiceProcessingEnabled(true)
            p.expect(engine.inputNode.isVoiceProcessingEnabled && engine.outputNode.isVoiceProcessingEnabled, "enabled on both nodes")
            p.expect(engine.inputNode.isVoiceProcessingAGCEnabled, "AGC is on by default")
            engine.inputNode.isVoiceProcessingInputMuted = true
            engine.inputNode.isVoiceProcessingBypassed = true
            p.expect(engine.inputNode.isVoiceProcessingInputMuted && engine.inputNode.isVoiceProcessingBypassed, "mute and bypass read back")
            try engine.inputNode.setVoiceProcessingEnabled(false)
            p.expect(!engine.outputNode.isVoiceProcessingEnabled && !engine.inputNode.isVoiceProcessingInputMuted, "disabled on both nodes, mute reads false")
            try engine.enableManualRenderingMode(.offline, format: EngineSignals.stereo48, maximumFrameCount: 512)
            p.expect(errorCode { try engine.inputNode.setVoiceProcessingEnabled(true) }, equals: -80800, "enabling it in manual rendering mode")
            engine.disableManualRenderingMode()

            let device = try p.device()
            try launch(device, "Call", category: .playAndRecord)
            let code = try device.run(as: "Call") { () throws -> Int? in
                let engine = AVAudioEngine()
                _ = engine.mainMixerNode
                try engine.start()
                defer { engine.stop() }
                return errorCode { try engine.inputNode.setVoiceProcessingEnabled(true) }
            }
            p.expect(code, equals: -10849, "enabling it on a running engine")
        },
    ] }

    static var onTheDevice: [BuiltInCheck] { [
        BuiltInCheck(["ENGINE-VOICE-PROCESSING-BOTH-NODES"], "with voice processing the IO nodes sit on a VoiceProcessingIO unit that gets the node's switches") { p in
            let device = try p.device()
            try device.launch("Call", backgroundAudio: true) {
                try AVAudioSession.sharedInstance().setCategory(.playAndRecord, mode: .voiceChat)
                try AVAudioSession.sharedInstance().setActive(true)
            }
            device.answerRecordPermission("Call", granted: true)
            let engine = try device.run(as: "Call") { () throws -> AVAudioEngine in
                let engine = AVAudioEngine()
                try engine.inputNode.setVoiceProcessingEnabled(true)
                engine.connect(engine.inputNode, to: engine.mainMixerNode, format: engine.inputNode.outputFormat(forBus: 0))
                engine.mainMixerNode.outputVolume = 0
                try engine.start()
                engine.inputNode.isVoiceProcessingInputMuted = true
                return engine
            }
            _ = device.advance(by: .milliseconds(200))
            p.expect(engine.isRunning, "the engine runs")
            let unit = try p.require(engine.outputNode.audioUnit, "the output node's audioUnit")
            var description = AudioComponentDescription()
            let component = AudioComponentInstanceGetComponent(unit)
            p.expect(AudioComponentGetDescription(component, &description), equals: 0, "AudioComponentGetDescription")
            p.expect(description.componentSubType, equals: kAudioUnitSubType_VoiceProcessingIO, "the IO unit's subtype")
            var muted: UInt32 = 0
            var size = UInt32(MemoryLayout<UInt32>.size)
            p.expect(AudioUnitGetProperty(unit, kAUVoiceIOProperty_MuteOutput, kAudioUnitScope_Global, 0, &muted, &size), equals: 0, "reading kAUVoiceIOProperty_MuteOutput")
            p.expect(muted, equals: 1, "the input node's mute is the unit's kAUVoiceIOProperty_MuteOutput")
        },
        BuiltInCheck(["ENGINE-TAP-RECEIVES-RENDERED"], "on the device a tap on the main mixer gets what the speaker plays, stamped with the IO cycle's host time") { p in
            let device = try p.device()
            try launch(device)
            let tapped = CallLog<(samples: [Float], time: AVAudioTime)>()
            let engine = try device.run(as: "Game") { () throws -> AVAudioEngine in
                let engine = AVAudioEngine()
                let player = AVAudioPlayerNode()
                engine.attach(player)
                let tone = EngineSignals.tone(frequency: 1000, seconds: 1)
                engine.connect(player, to: engine.mainMixerNode, format: tone.format)
                player.scheduleBuffer(tone, at: nil, options: .loops)
                engine.mainMixerNode.installTap(onBus: 0, bufferSize: 4800, format: nil) { buffer, time in
                    tapped.append((EngineSignals.samples(buffer, channel: 0), time))
                }
                try engine.start()
                player.play()
                return engine
            }
            _ = device.advance(by: .seconds(1))
            p.expect(engine.isRunning, "the engine runs")
            try p.require(tapped.values.count >= 8, "at least 8 tap blocks in a second (\(tapped.values.count))")
            let speaker = try p.require(device.sink("Speaker")?.samples(channel: 1), "the speaker's samples")
            let rate = engine.outputNode.outputFormat(forBus: 0).sampleRate
            for entry in tapped.values.prefix(8) {
                p.expect(entry.time.isHostTimeValid && entry.time.isSampleTimeValid, "the tap's time has host and sample time")
                let frame = Int((Double(entry.time.hostTime) * rate / 1e9).rounded())
                let matches = frame + entry.samples.count <= speaker.count && Array(speaker[frame..<frame + entry.samples.count]) == entry.samples
                p.expect(matches, "tap block at \(entry.time) is what the speaker played from frame \(frame)")
            }
        },
        BuiltInCheck(["ENGINE-MANUAL-EQUALS-DEVICE"], "a graph (44.1 kHz player through a reverb) rendered offline equals what the device pulled, sample for sample") { p in
            func build(_ engine: AVAudioEngine) {
                let player = AVAudioPlayerNode()
                let reverb = AVAudioUnitReverb()
                engine.attach(player)
                engine.attach(reverb)
                // 44.1 kHz into a 48 kHz output: the mixer's conversion is part of the comparison.
                let tone = EngineSignals.tone(frequency: 523, amplitude: 0.3, seconds: 0.5, rate: 44_100)
                tone.floatChannelData![0][0] = 0.3   // a first sample that is not 0 marks the start
                engine.connect(player, to: reverb, format: tone.format)
                engine.connect(reverb, to: engine.mainMixerNode, format: tone.format)
                reverb.loadFactoryPreset(.mediumRoom)
                reverb.wetDryMix = 40
                player.scheduleBuffer(tone)
                player.play()
            }
            let device = try p.device()
            try launch(device)
            let live = try device.run(as: "Game") { () throws -> AVAudioEngine in
                let engine = AVAudioEngine()
                build(engine)
                try engine.start()
                return engine
            }
            _ = device.advance(by: .seconds(2))
            let rate = live.outputNode.outputFormat(forBus: 0).sampleRate
            let speaker = try p.require(device.sink("Speaker")?.samples(channel: 1), "the speaker's samples")
            let first = try p.require(speaker.firstIndex { $0 != 0 }, "a sound at the speaker")
            let offline = AVAudioEngine()
            try offline.enableManualRenderingMode(.offline, format: AVAudioFormat(standardFormatWithSampleRate: rate, channels: 2)!,
                                                  maximumFrameCount: 4096)
            build(offline)
            try offline.start()
            let rendered = EngineSignals.samples(try EngineSignals.renderOffline(offline, seconds: 1, chunk: 1000), channel: 0)
            p.expect(rendered[0] != 0, "the offline render starts with the marked first sample")
            try p.require(first + rendered.count <= speaker.count, "the speaker has a second from the first sound")
            p.expect(Array(speaker[first..<first + rendered.count]) == rendered, "the speaker's second equals the offline render sample for sample")
        },
        BuiltInCheck(["ENGINE-START-SESSION-ERRORS"], "start() from the background without the audio background mode fails with cannotStartPlaying") { p in
            let device = try p.device()
            try device.launch("Game", backgroundAudio: false) {
                try AVAudioSession.sharedInstance().setCategory(.playback)
            }
            try device.perform(.background(app: "Game"))
            let code = device.run(as: "Game") { () -> Int? in
                let engine = AVAudioEngine()
                _ = engine.mainMixerNode
                return errorCode { try engine.start() }
            }
            p.expect(code, equals: AVAudioSession.ErrorCode.cannotStartPlaying.rawValue, "start()'s error code")
        },
        BuiltInCheck(["ENGINE-SINK-NODE-RECEIVES-INPUT"], "the input node brings the microphone into the graph: a sink node and a tap hear its 440 Hz tone") { p in
            let device = try p.device()
            try launch(device, "Memo", category: .playAndRecord)
            device.attachInputSource("Built-In Microphone", .sine(frequency: 440, amplitude: 0.5))
            device.answerRecordPermission("Memo", granted: true)
            let received = CallLog<[Float]>()
            let tapped = CallLog<[Float]>()
            let engine = try device.run(as: "Memo") { () throws -> AVAudioEngine in
                let engine = AVAudioEngine()
                let input = engine.inputNode
                let format = input.outputFormat(forBus: 0)
                let sink = AVAudioSinkNode { _, frames, list in
                    let buffer = UnsafeMutableAudioBufferListPointer(UnsafeMutablePointer(mutating: list))[0]
                    received.append(Array(UnsafeBufferPointer(start: buffer.mData!.assumingMemoryBound(to: Float.self), count: Int(frames))))
                    return 0
                }
                engine.attach(sink)
                engine.connect(input, to: sink, format: format)
                input.installTap(onBus: 0, bufferSize: 4800, format: nil) { buffer, _ in tapped.append(EngineSignals.samples(buffer, channel: 0)) }
                try engine.start()
                return engine
            }
            _ = device.advance(by: .seconds(1))
            p.expect(engine.isRunning && engine.inputNode.outputFormat(forBus: 0).sampleRate == 48_000, "the engine runs with 48 kHz input")
            let heard = received.values.flatMap { $0 }
            try p.require(heard.count > 40_000, "the sink node got over 40,000 frames in a second (\(heard.count))")
            let level = EngineSignals.amplitude(heard[4_800...], frequency: 440, rate: 48_000)
            p.expect(abs(level - 0.5) < 0.02, "the sink node hears the microphone's 440 Hz at 0.5 (\(level))")
            let tap = tapped.values.flatMap { $0 }
            p.expect(Array(tap.prefix(20_000)) == Array(heard.prefix(20_000)), "the input node's tap gets the same samples")
        },
        BuiltInCheck(["ENGINE-START-PREPARES"], "pause keeps node time and playing players; stop starts node time again and pauses the players") { p in
            let device = try p.device()
            try launch(device)
            let (engine, player) = try startLoopingTone(device)
            _ = device.advance(by: .milliseconds(500))
            let before = try p.require(player.lastRenderTime, "lastRenderTime while running").sampleTime
            engine.pause()
            p.expect(!engine.isRunning && player.isPlaying && player.lastRenderTime == nil, "paused: not running, the player still playing, no render time")
            _ = device.advance(by: .milliseconds(500))
            try device.run(as: "Game") { try engine.start() }
            _ = device.advance(by: .milliseconds(100))
            let resumed = try p.require(player.lastRenderTime, "lastRenderTime after resuming").sampleTime
            p.expect(resumed > before, "node time goes on after pause (\(resumed) after \(before))")
            engine.stop()
            p.expect(!player.isPlaying, "stop() pauses the players")
            try device.run(as: "Game") { try engine.start() }
            _ = device.advance(by: .milliseconds(100))
            let restarted = try p.require(player.lastRenderTime, "lastRenderTime after stop and start").sampleTime
            p.expect(restarted < before, "node time starts again after stop (\(restarted), was \(before))")
        },
    ] }
}
