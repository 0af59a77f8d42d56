import Foundation
import OpenAudioToolbox
import OpenAVFAudio
import Soundcheck

/// AVAudioEngine's mixing: a 3D environment heard at the speaker's channels, a destination's own
/// volume, an effect node's Audio Unit.
enum EngineChecks {
    /// A mono 1 kHz tone at −6 dBFS, a second long, to loop.
    static func tone() -> AVAudioPCMBuffer {
        let format = AVAudioFormat(standardFormatWithSampleRate: 48_000, channels: 1)!
        let buffer = AVAudioPCMBuffer(pcmFormat: format, frameCapacity: 48_000)!
        buffer.frameLength = 48_000
        for frame in 0..<48_000 { buffer.floatChannelData![0][frame] = 0.5 * Float(sin(2 * Double.pi * 1_000 * Double(frame) / 48_000)) }
        return buffer
    }

    static let all: [BuiltInCheck] = [
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
    ]
}
