import Foundation
import AudioToolbox
import AVFAudio
import SimCore
import Soundcheck

/// AVAudioEngine's mixing: a 3D environment heard at the speaker's channels (mono sources placed,
/// stereo passed through, wider refused), a destination's own volume, an effect node's Audio Unit,
/// connections described by formats, the C structures inside the Objective-C classes, and
/// AVAudioTime's extrapolation. AUGraph, the engine's predecessor, is in `EngineChecks+Graph.swift`.
enum EngineChecks {
    /// A mono 1 kHz tone at −6 dBFS, a second long, to loop.
    static func tone() -> AVAudioPCMBuffer {
        let format = AVAudioFormat(standardFormatWithSampleRate: 48_000, channels: 1)!
        let buffer = AVAudioPCMBuffer(pcmFormat: format, frameCapacity: 48_000)!
        buffer.frameLength = 48_000
        for frame in 0..<48_000 { buffer.floatChannelData![0][frame] = 0.5 * Float(sin(2 * Double.pi * 1_000 * Double(frame) / 48_000)) }
        return buffer
    }

    static var all: [BuiltInCheck] { mixing + [environmentInputs] + formats + graph }

    static var mixing: [BuiltInCheck] { [
        BuiltInCheck(["ENGINE-ENVIRONMENT-NODE"], "a mono player left of the listener in an environment node plays on the speaker's left channel, moved to the right on its right, and far away quieter") { p in
            let device = try p.device()
            let (engine, player) = try device.launch("Game", backgroundAudio: true) { () throws -> (AVAudioEngine, AVAudioPlayerNode) in
                try AVAudioSession.sharedInstance().setCategory(.playback)
                try AVAudioSession.sharedInstance().setActive(true)
                let engine = AVAudioEngine()
                let environment = AVAudioEnvironmentNode()
                let player = AVAudioPlayerNode()
                engine.attach(environment)
                engine.attach(player)
                engine.connect(environment, to: engine.mainMixerNode, format: engine.outputNode.outputFormat(forBus: 0))
                engine.connect(player, to: environment, format: Self.tone().format)
                player.scheduleBuffer(Self.tone(), at: nil, options: .loops)
                player.position = AVAudio3DPoint(x: -1, y: 0, z: 0)
                try engine.start()
                player.play()
                return (engine, player)
            }
            _ = device.advance(by: .milliseconds(500))
            p.expect(engine.isRunning, "the engine runs")
            p.expect(device.peakDBFS("Speaker", channel: 1) > -7 && device.peakDBFS("Speaker", channel: 2) < -60, "left of the listener: left channel only")
            device.run(as: "Game") { player.position = AVAudio3DPoint(x: 1, y: 0, z: 0) }
            _ = device.advance(by: .milliseconds(500))
            p.expect(device.peakDBFS("Speaker", channel: 2) > -7 && device.peakDBFS("Speaker", channel: 1) < -60, "right of the listener: right channel only")
            device.run(as: "Game") { player.position = AVAudio3DPoint(x: 10, y: 0, z: 0) }
            _ = device.advance(by: .milliseconds(500))
            let far = device.peakDBFS("Speaker", channel: 2)
            p.expect(far < -24 && far > -28, "10 m away, inverse model: 20·log10(1/10) = −20 dB below −6 dBFS (\(far))")
        },
        BuiltInCheck(["ENGINE-MIXING-DESTINATION"], "a player's destination on a mixer bus plays at its own volume until the player's volume is set again") { p in
            let device = try p.device()
            let (engine, player, submix) = try device.launch("Game", backgroundAudio: true) { () throws -> (AVAudioEngine, AVAudioPlayerNode, AVAudioMixerNode) in
                try AVAudioSession.sharedInstance().setCategory(.playback)
                try AVAudioSession.sharedInstance().setActive(true)
                let engine = AVAudioEngine()
                let submix = AVAudioMixerNode()
                let player = AVAudioPlayerNode()
                engine.attach(submix)
                engine.attach(player)
                engine.connect(submix, to: engine.mainMixerNode, format: nil)
                engine.connect(player, to: submix, format: Self.tone().format)
                player.scheduleBuffer(Self.tone(), at: nil, options: .loops)
                try engine.start()
                player.play()
                return (engine, player, submix)
            }
            _ = device.advance(by: .milliseconds(300))
            p.expect(engine.isRunning && device.peakDBFS("Speaker") > -7, "the tone plays at −6 dBFS")
            device.run(as: "Game") { player.destination(forMixer: submix, bus: 0)?.volume = 0.1 }
            _ = device.advance(by: .milliseconds(300))
            let own = device.peakDBFS("Speaker")
            p.expect(own < -25 && own > -27, "the destination's volume 0.1: −26 dBFS (\(own))")
            device.run(as: "Game") { player.volume = 0.9 }
            _ = device.advance(by: .milliseconds(300))
            let source = device.peakDBFS("Speaker")
            p.expect(source > -8 && source < -6.5, "the player's own volume (0.9) set afterwards overrides it: −6.9 dBFS (\(source))")
        },
        BuiltInCheck(["ENGINE-AVAUDIOUNIT-AUDIOUNIT"], "an EQ node's audioUnit takes parameters through the C API and shares its bypass with the node and auAudioUnit") { p in
            let equalizer = AVAudioUnitEQ(numberOfBands: 2)
            p.expect(AudioUnitSetParameter(equalizer.audioUnit, 4001, kAudioUnitScope_Global, 0, -7, 0), equals: 0, "AudioUnitSetParameter")
            p.expect(equalizer.bands[1].gain, equals: -7, "the node's band 1 gain")
            p.expect(equalizer.auAudioUnit.componentName ?? "", equals: "Apple: AUNBandEQ", "componentName")
            equalizer.auAudioUnit.shouldBypassEffect = true
            p.expect(equalizer.bypass, "shouldBypassEffect bypasses the node")
            equalizer.bypass = false
            var value: UInt32 = 1
            var size: UInt32 = 4
            _ = AudioUnitGetProperty(equalizer.audioUnit, kAudioUnitProperty_BypassEffect, kAudioUnitScope_Global, 0, &value, &size)
            p.expect(value, equals: 0, "the node's bypass is the unit's kAudioUnitProperty_BypassEffect")
        },
    ] }
}

extension EngineChecks {
    /// The environment node's inputs: a mono source is placed, a stereo one passes through
    /// wherever it is, a four-channel one is refused.
    static var environmentInputs: BuiltInCheck { BuiltInCheck(["ENGINE-ENVIRONMENT-MONO-ONLY"],
                                                "right of the listener a mono player plays on the right channel only, a stereo one passes through on its own channels, and a four-channel connection is refused") { p in
        let device = try p.device()
        let stereo = try p.require(AVAudioFormat(standardFormatWithSampleRate: 48_000, channels: 2), "stereo format")
        let quad = AVAudioFormat(standardFormatWithSampleRate: 48_000, channelLayout: AVAudioChannelLayout(layoutTag: kAudioChannelLayoutTag_Quadraphonic)!)
        let (engine, environment, mono, wide) = try device.launch("Game", backgroundAudio: true) {
            () throws -> (AVAudioEngine, AVAudioEnvironmentNode, AVAudioPlayerNode, AVAudioPlayerNode) in
            try AVAudioSession.sharedInstance().setCategory(.playback)
            try AVAudioSession.sharedInstance().setActive(true)
            let engine = AVAudioEngine()
            let environment = AVAudioEnvironmentNode()
            let mono = AVAudioPlayerNode()
            let pair = AVAudioPlayerNode()
            let wide = AVAudioPlayerNode()
            [environment, mono, pair, wide].forEach(engine.attach)
            engine.connect(environment, to: engine.mainMixerNode, format: stereo)
            engine.connect(mono, to: environment, format: Self.tone().format)
            engine.connect(pair, to: environment, format: stereo)
            engine.connect(wide, to: environment, format: quad)
            // The stereo player's tone is on its left channel only; both players stand to the right.
            let left = AVAudioPCMBuffer(pcmFormat: stereo, frameCapacity: 48_000)!
            left.frameLength = 48_000
            for frame in 0..<48_000 {
                left.floatChannelData![0][frame] = 0.5 * Float(sin(2 * Double.pi * 1_000 * Double(frame) / 48_000))
                left.floatChannelData![1][frame] = 0
            }
            mono.position = AVAudio3DPoint(x: 1, y: 0, z: 0)
            pair.position = AVAudio3DPoint(x: 1, y: 0, z: 0)
            pair.scheduleBuffer(left, at: nil, options: .loops)
            try engine.start()
            pair.play()
            return (engine, environment, mono, wide)
        }
        let buses = 0..<environment.numberOfInputs
        p.expect(buses.allSatisfy { engine.inputConnectionPoint(for: environment, inputBus: $0)?.node !== wide }, "the four-channel player is not connected")
        let refused = device.events("engine.exception", app: "Game").compactMap { event -> String? in
            guard case let .string(reason)? = event.fields["reason"] else { return nil }
            return reason
        }
        p.expect(refused.contains { $0.contains("mono or stereo") && $0.contains("4 channels") }, "the four-channel connection raised Apple's exception: \(refused)")
        _ = device.advance(by: .milliseconds(300))
        p.expect(device.peakDBFS("Speaker", channel: 1) > -7 && device.peakDBFS("Speaker", channel: 2) < -60,
                 "stereo passes through: its left channel stays left though it stands right (\(device.peakDBFS("Speaker", channel: 1)), \(device.peakDBFS("Speaker", channel: 2)))")
        device.run(as: "Game") {
            mono.scheduleBuffer(Self.tone(), at: nil, options: .loops)
            mono.play()
        }
        _ = device.advance(by: .milliseconds(300))
        let right = device.peakDBFS("Speaker", channel: 2)
        p.expect(right > -7, "the mono player right of the listener is placed on the right channel (\(right))")
    } }
}

extension EngineChecks {
    static var formats: [BuiltInCheck] { [
        BuiltInCheck(["ENGINE-NODE-FORMATS"], "a player connected to the mixer with a 22.05 kHz mono format has that format on both ends, and its 1 kHz buffer at that rate renders at 1 kHz from the 48 kHz output") { p in
            let output = try p.require(AVAudioFormat(standardFormatWithSampleRate: 48_000, channels: 2), "output format")
            let connection = try p.require(AVAudioFormat(standardFormatWithSampleRate: 22_050, channels: 1), "connection format")
            let engine = AVAudioEngine()
            try engine.enableManualRenderingMode(.offline, format: output, maximumFrameCount: 4_800)
            let player = AVAudioPlayerNode()
            engine.attach(player)
            engine.connect(player, to: engine.mainMixerNode, format: connection)
            p.expect(player.outputFormat(forBus: 0) == connection, "the player's output bus: \(player.outputFormat(forBus: 0))")
            p.expect(engine.mainMixerNode.inputFormat(forBus: 0) == connection, "the mixer's input bus: \(engine.mainMixerNode.inputFormat(forBus: 0))")
            let tone = try p.require(AVAudioPCMBuffer(pcmFormat: connection, frameCapacity: 22_050), "tone")
            tone.frameLength = 22_050
            for frame in 0..<22_050 { tone.floatChannelData![0][frame] = 0.5 * Float(sin(2 * Double.pi * 1_000 * Double(frame) / 22_050)) }
            player.scheduleBuffer(tone, at: nil, options: .loops)
            try engine.start()
            player.play()
            let buffer = try p.require(AVAudioPCMBuffer(pcmFormat: output, frameCapacity: 4_800), "buffer")
            var rendered: [Float] = []
            for _ in 0..<5 {
                _ = try engine.renderOffline(4_800, to: buffer)
                rendered += UnsafeBufferPointer(start: buffer.floatChannelData![0], count: Int(buffer.frameLength))
            }
            let steady = Array(rendered.dropFirst(4_800))
            let frequency = MusicDeviceChecks.frequency(steady, rate: 48_000)
            p.expect(abs(frequency - 1_000) < 2, "the tone converted from the connection's rate plays at \(frequency) Hz")
            p.expect(abs((steady.map(abs).max() ?? 0) - 0.5) < 0.02, "at its level: peak \(steady.map(abs).max() ?? 0)")
        },
        BuiltInCheck(["ENGINE-C-STRUCTS-EXTRACTABLE"], "an AVAudioFormat's AudioStreamBasicDescription sets a mixer unit's formats, AudioUnitRender fills an AVAudioPCMBuffer's AudioBufferList at an AVAudioTime's AudioTimeStamp, and the C structures read back as equal objects") { p in
            let format = try p.require(AVAudioFormat(standardFormatWithSampleRate: 44_100, channels: 1), "format")
            var description = AudioComponentDescription(componentType: kAudioUnitType_Mixer, componentSubType: kAudioUnitSubType_MultiChannelMixer,
                                                        componentManufacturer: kAudioUnitManufacturer_Apple, componentFlags: 0, componentFlagsMask: 0)
            var instance: AudioUnit?
            _ = AudioComponentInstanceNew(try p.require(AudioComponentFindNext(nil, &description), "the mixer"), &instance)
            let mixer = try p.require(instance, "mixer instance")
            defer { _ = AudioComponentInstanceDispose(mixer) }
            let size = UInt32(MemoryLayout<AudioStreamBasicDescription>.size)
            for scope in [kAudioUnitScope_Input, kAudioUnitScope_Output] {
                p.expect(AudioUnitSetProperty(mixer, kAudioUnitProperty_StreamFormat, scope, 0, format.streamDescription, size), equals: 0,
                         "StreamFormat from streamDescription on scope \(scope)")
            }
            // The source: every sample is its own sample time / 100,000, so the time stamp shows too.
            var callback = AURenderCallbackStruct(inputProc: { _, _, timeStamp, _, frames, ioData in
                let samples = UnsafeMutableAudioBufferListPointer(ioData!)[0].mData!.assumingMemoryBound(to: Float.self)
                for frame in 0..<Int(frames) { samples[frame] = Float(timeStamp.pointee.mSampleTime + Double(frame)) / 100_000 }
                return 0
            }, inputProcRefCon: nil)
            p.expect(withUnsafeMutablePointer(to: &callback) {
                AudioUnitSetProperty(mixer, kAudioUnitProperty_SetRenderCallback, kAudioUnitScope_Input, 0, $0, UInt32(MemoryLayout<AURenderCallbackStruct>.size))
            }, equals: 0, "render callback")
            p.expect(AudioUnitInitialize(mixer), equals: 0, "AudioUnitInitialize")
            let buffer = try p.require(AVAudioPCMBuffer(pcmFormat: format, frameCapacity: 512), "buffer")
            buffer.frameLength = 512
            var stamp = AVAudioTime(sampleTime: 1_000, atRate: 44_100).audioTimeStamp
            var flags = AudioUnitRenderActionFlags()
            p.expect(AudioUnitRender(mixer, &flags, &stamp, 0, 512, buffer.mutableAudioBufferList), equals: 0, "AudioUnitRender into the buffer's list")
            let samples = buffer.floatChannelData![0]
            p.expect(abs(samples[0] - 0.01) < 1e-6 && abs(samples[511] - 0.01511) < 1e-6,
                     "the buffer holds the source's samples from sample time 1000: \(samples[0]) … \(samples[511])")
            var read = AudioStreamBasicDescription()
            var readSize = size
            _ = AudioUnitGetProperty(mixer, kAudioUnitProperty_StreamFormat, kAudioUnitScope_Output, 0, &read, &readSize)
            p.expect(AVAudioFormat(streamDescription: &read) == format, "the unit's format read back as an AVAudioFormat equals the original")
            let layout = AVAudioChannelLayout(layoutTag: kAudioChannelLayoutTag_Quadraphonic)!
            p.expect(AVAudioChannelLayout(layout: layout.layout) == layout, "an AVAudioChannelLayout remade from its AudioChannelLayout is equal")
        },
        BuiltInCheck(["ENGINE-TIME-EXTRAPOLATE"], "a sample time extrapolated from an anchor with both times valid gains the host time a second later; a time stamp with host time only gains the sample time; an anchor with one time valid gives nil") { p in
            let anchor = AVAudioTime(hostTime: 1_000_000_000, sampleTime: 48_000, atRate: 48_000)
            let later = try p.require(AVAudioTime(sampleTime: 96_000, atRate: 48_000).extrapolateTime(fromAnchor: anchor), "extrapolated sample time")
            p.expect(later.isHostTimeValid && later.isSampleTimeValid, "both times valid")
            p.expect(later.hostTime, equals: AVAudioTime.hostTime(forSeconds: 2), "host time one second after the anchor's")
            var stamp = AudioTimeStamp()
            stamp.mHostTime = AVAudioTime.hostTime(forSeconds: 1.5)
            stamp.mFlags = .hostTimeValid
            let host = try p.require(AVAudioTime(audioTimeStamp: &stamp, sampleRate: 48_000).extrapolateTime(fromAnchor: anchor), "extrapolated host time")
            p.expect(host.sampleTime, equals: 72_000, "sample time half a second after the anchor's")
            p.expect(AVAudioTime(sampleTime: 96_000, atRate: 48_000).extrapolateTime(fromAnchor: AVAudioTime(hostTime: 1_000_000_000)) == nil,
                     "an anchor with host time only gives nil")
            p.expect(AVAudioTime(sampleTime: 96_000, atRate: 48_000).extrapolateTime(fromAnchor: AVAudioTime(sampleTime: 48_000, atRate: 48_000)) == nil,
                     "an anchor with sample time only gives nil")
        },
        BuiltInCheck(["ENGINE-INTRODUCED"], "an engine plays an AVAudioFile and an AVAudioPCMBuffer through connections described by AVAudioFormats: both tones reach the speaker") { p in
            let folder = try FileChecks.uniqueScratch("engine-introduced")
            defer { try? FileManager.default.removeItem(at: folder) }
            let url = folder.appendingPathComponent("a440.caf")
            let file = try AVAudioFile(forWriting: url, settings: FileChecks.settings(rate: 48_000, channels: 1, bits: 32)
                                       .merging([AVLinearPCMIsFloatKey: true]) { $1 })
            let a440 = try p.require(AVAudioPCMBuffer(pcmFormat: file.processingFormat, frameCapacity: 48_000), "file buffer")
            a440.frameLength = 48_000
            for frame in 0..<48_000 { a440.floatChannelData![0][frame] = 0.25 * Float(sin(2 * Double.pi * 440 * Double(frame) / 48_000)) }
            try file.write(from: a440)
            file.close()
            let device = try p.device()
            // The app keeps its engine, as an app must.
            let engine = try device.launch("Game", backgroundAudio: true) { () throws -> AVAudioEngine in
                try AVAudioSession.sharedInstance().setCategory(.playback)
                try AVAudioSession.sharedInstance().setActive(true)
                let engine = AVAudioEngine()
                let filePlayer = AVAudioPlayerNode()
                let bufferPlayer = AVAudioPlayerNode()
                engine.attach(filePlayer)
                engine.attach(bufferPlayer)
                let reading = try AVAudioFile(forReading: url)
                engine.connect(bufferPlayer, to: engine.mainMixerNode, format: Self.tone().format)
                engine.connect(filePlayer, to: engine.mainMixerNode, format: reading.processingFormat)
                filePlayer.scheduleFile(reading, at: nil)
                bufferPlayer.scheduleBuffer(Self.tone(), at: nil, options: .loops)
                try engine.start()
                filePlayer.play()
                bufferPlayer.play()
                return engine
            }
            _ = device.advance(by: .milliseconds(400))
            let speaker = try p.require(device.sink("Speaker"), "the speaker")
            let from = device.now - HostDuration.milliseconds(300)
            let file440 = speaker.toneAmplitude(atFrequency: 440, channel: 1, from: from, to: device.now) ?? 0
            let buffer1k = speaker.toneAmplitude(atFrequency: 1_000, channel: 1, from: from, to: device.now) ?? 0
            p.expect(abs(file440 - 0.25) < 0.02, "the file's 440 Hz at 0.25: \(file440)")
            p.expect(abs(buffer1k - 0.5) < 0.02, "the buffer's 1 kHz at 0.5: \(buffer1k)")
            p.expect(engine.isRunning, "the engine runs")
        },
    ] }
}
