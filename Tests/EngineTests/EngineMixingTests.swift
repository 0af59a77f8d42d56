@testable import Conformance
import Foundation
import MediaServer
import AudioToolbox
@testable import AVFAudio
import SimCore
import Soundcheck
import Testing

/// Per-destination mixing, the 3D environment, and the Audio Unit behind an effect node.
@Suite("AVAudioEngine mixing destinations, environment node, audio units")
struct EngineMixingTests {
    /// A looping mono 1 kHz tone at 0.5 on a player connected to `destination`, rendered offline.
    static func player(in engine: AVAudioEngine, to destination: AVAudioNode, format: AVAudioFormat? = nil) -> AVAudioPlayerNode {
        let player = AVAudioPlayerNode()
        let tone = EngineSignals.tone(frequency: 1_000, seconds: 1)
        engine.attach(player)
        engine.connect(player, to: destination, format: format ?? tone.format)
        player.scheduleBuffer(tone, at: nil, options: .loops)
        return player
    }

    static func level(_ buffer: AVAudioPCMBuffer, channel: Int) -> Double {
        EngineSignals.amplitude(EngineSignals.samples(buffer, channel: channel)[4_800...], frequency: 1_000, rate: 48_000)
    }

    @Test("ENGINE-MIXING-DESTINATION: a destination's volume changes only that mixer bus; the source's own volume set later overrides it; reconnecting forgets it")
    func destinationVolume() throws {
        let engine = try EngineSignals.offlineEngine()
        let submix = AVAudioMixerNode()
        engine.attach(submix)
        engine.connect(submix, to: engine.mainMixerNode, format: EngineSignals.stereo48)
        let player = Self.player(in: engine, to: submix)
        try engine.start()
        player.play()
        #expect(player.destination(forMixer: engine.mainMixerNode, bus: 0) == nil)   // not fed directly
        let destination = try #require(player.destination(forMixer: submix, bus: 0))
        #expect(destination.connectionPoint.node === submix && destination.connectionPoint.bus == 0)
        #expect(abs(Self.level(try EngineSignals.renderOffline(engine, seconds: 0.2), channel: 0) - 0.5) < 0.01)
        destination.volume = 0.25
        #expect(destination.volume == 0.25 && player.volume == 1)
        #expect(abs(Self.level(try EngineSignals.renderOffline(engine, seconds: 0.2), channel: 0) - 0.125) < 0.01)
        player.volume = 0.8
        #expect(destination.volume == 0.8)
        #expect(abs(Self.level(try EngineSignals.renderOffline(engine, seconds: 0.2), channel: 0) - 0.4) < 0.01)
        destination.pan = -1
        let panned = try EngineSignals.renderOffline(engine, seconds: 0.2)
        #expect(Self.level(panned, channel: 1) < 0.001 && abs(Self.level(panned, channel: 0) - 0.4) < 0.01)
        engine.disconnectNodeOutput(player)
        engine.connect(player, to: submix, format: EngineSignals.tone(frequency: 1_000, seconds: 0.01).format)
        let again = try #require(player.destination(forMixer: submix, bus: 0))
        #expect(again.pan == 0 && again.volume == 0.8)
    }

    @Test("ENGINE-ENVIRONMENT-NODE: a mono source left of the listener is heard on the left, right of it on the right, ahead in the middle, and quieter with distance (inverse model)")
    func environmentPanning() throws {
        func levels(at position: AVAudio3DPoint, listener: AVAudio3DPoint = AVAudio3DPoint(), yaw: Float = 0) throws -> (left: Double, right: Double) {
            let engine = try EngineSignals.offlineEngine()
            let environment = AVAudioEnvironmentNode()
            engine.attach(environment)
            engine.connect(environment, to: engine.mainMixerNode, format: EngineSignals.stereo48)
            let player = Self.player(in: engine, to: environment)
            player.position = position
            environment.listenerPosition = listener
            environment.listenerAngularOrientation = AVAudio3DAngularOrientation(yaw: yaw, pitch: 0, roll: 0)
            try engine.start()
            player.play()
            let buffer = try EngineSignals.renderOffline(engine, seconds: 0.2)
            return (Self.level(buffer, channel: 0), Self.level(buffer, channel: 1))
        }
        let left = try levels(at: AVAudio3DPoint(x: -1, y: 0, z: 0))
        #expect(abs(left.left - 0.5) < 0.01 && left.right < 0.001)
        let right = try levels(at: AVAudio3DPoint(x: 1, y: 0, z: 0))
        #expect(abs(right.right - 0.5) < 0.01 && right.left < 0.001)
        let ahead = try levels(at: AVAudio3DPoint(x: 0, y: 0, z: -1))
        #expect(abs(ahead.left - 0.5 * 0.7071) < 0.01 && abs(ahead.right - ahead.left) < 0.001)
        let far = try levels(at: AVAudio3DPoint(x: 0, y: 0, z: -4))    // 1 / (1 + 1·(4 − 1)) = 0.25
        #expect(abs(far.left - 0.25 * 0.5 * 0.7071) < 0.005)
        // The listener turned 90° to the right: a source ahead of the room is now on the left.
        let turned = try levels(at: AVAudio3DPoint(x: 0, y: 0, z: -1), yaw: 90)
        #expect(turned.left > 0.49 && turned.right < 0.001)
        // The listener moved to the source's right: the source is on the left.
        let moved = try levels(at: AVAudio3DPoint(x: 0, y: 0, z: 0), listener: AVAudio3DPoint(x: 2, y: 0, z: 0))
        #expect(moved.left > 0.2 && moved.right < 0.001)
    }

    @Test("ENGINE-ENVIRONMENT-NODE: on the device, a mono game sound placed left of the listener plays on the speaker's left channel, then moved to the right, on its right channel")
    func environmentOnTheSpeaker() throws {
        let device = try SimulatedDevice(seed: 41)
        try EngineRenderingChecks.launch(device)
        let (engine, player, start) = try device.run(as: "Game") { () throws -> (AVAudioEngine, AVAudioPlayerNode, HostTime) in
            let engine = AVAudioEngine()
            let environment = AVAudioEnvironmentNode()
            engine.attach(environment)
            engine.connect(environment, to: engine.mainMixerNode, format: engine.outputNode.outputFormat(forBus: 0))
            let player = Self.player(in: engine, to: environment)
            player.position = AVAudio3DPoint(x: -1, y: 0, z: 0)
            try engine.start()
            player.play()
            return (engine, player, device.now)
        }
        device.advance(by: .seconds(1))
        try device.run(as: "Game") { player.position = AVAudio3DPoint(x: 1, y: 0, z: 0) }
        let moved = device.now
        device.advance(by: .seconds(1))
        #expect(engine.isRunning)
        let speaker = try #require(device.sink("Speaker"))
        let first = (speaker.toneAmplitude(atFrequency: 1_000, channel: 1, from: start + .milliseconds(200), to: start + .milliseconds(900)) ?? -1,
                     speaker.toneAmplitude(atFrequency: 1_000, channel: 2, from: start + .milliseconds(200), to: start + .milliseconds(900)) ?? -1)
        let second = (speaker.toneAmplitude(atFrequency: 1_000, channel: 1, from: moved + .milliseconds(200), to: moved + .milliseconds(900)) ?? -1,
                      speaker.toneAmplitude(atFrequency: 1_000, channel: 2, from: moved + .milliseconds(200), to: moved + .milliseconds(900)) ?? -1)
        #expect(abs(first.0 - 0.5) < 0.02 && first.1 < 0.001, "\(first) \(second)")
        #expect(abs(second.1 - 0.5) < 0.02 && second.0 < 0.001)
    }

    @Test("ENGINE-AVAUDIOUNIT-AUDIOUNIT: an effect node's audioUnit is its AUNBandEQ: parameters set through the C API are the node's, and bypass is one switch for the node, the unit and auAudioUnit")
    func effectNodeAudioUnit() throws {
        let equalizer = AVAudioUnitEQ(numberOfBands: 2)
        let unit = equalizer.audioUnit
        #expect(AudioUnitSetParameter(unit, NBandEQGain(band: 1), kAudioUnitScope_Global, 0, -7, 0) == 0)
        #expect(equalizer.bands[1].gain == -7)
        equalizer.bands[0].frequency = 250
        var value: AudioUnitParameterValue = 0
        #expect(AudioUnitGetParameter(unit, 3000, kAudioUnitScope_Global, 0, &value) == 0 && value == 250)
        let au = equalizer.auAudioUnit
        #expect(au.componentName == "Apple: AUNBandEQ" && au.audioUnitName == "AUNBandEQ" && au.manufacturerName == "Apple")
        #expect(au.componentDescription.componentSubType == equalizer.audioComponentDescription.componentSubType)
        #expect(!au.shouldBypassEffect)
        au.shouldBypassEffect = true
        #expect(equalizer.bypass)
        equalizer.bypass = false
        #expect(!au.shouldBypassEffect)
        let engine = AVAudioEngine()
        #expect(!engine.isAutoShutdownEnabled)
        engine.isAutoShutdownEnabled = true
        #expect(engine.isAutoShutdownEnabled)
    }

    private func NBandEQGain(band: UInt32) -> AudioUnitParameterID { 4000 + band }
}
