@testable import Conformance
import Foundation
@testable import AVFAudio
import Testing

/// The environment node's reverb, listener orientation, obstruction and occlusion, measured in
/// what it renders.
@Suite("AVAudioEnvironmentNode: reverb and orientation")
struct EngineEnvironmentTests {
    /// A mono 1 kHz burst (0.1 s at 0.5) ahead of the listener, rendered offline for `seconds`
    /// through an environment node set up by `configure`.
    static func burst(seconds: Double = 1, _ configure: (AVAudioEnvironmentNode, AVAudioPlayerNode) -> Void) throws -> AVAudioPCMBuffer {
        let engine = try EngineSignals.offlineEngine()
        let environment = AVAudioEnvironmentNode()
        engine.attach(environment)
        engine.connect(environment, to: engine.mainMixerNode, format: EngineSignals.stereo48)
        let player = AVAudioPlayerNode()
        let tone = EngineSignals.tone(frequency: 1_000, seconds: 0.1)
        engine.attach(player)
        engine.connect(player, to: environment, format: tone.format)
        player.scheduleBuffer(tone, at: nil)
        player.position = AVAudio3DPoint(x: 0, y: 0, z: -1)
        configure(environment, player)
        try engine.start()
        player.play()
        return try EngineSignals.renderOffline(engine, seconds: seconds)
    }

    static func rms(_ buffer: AVAudioPCMBuffer, channel: Int = 0, from: Double, to: Double) -> Double {
        let samples = EngineSignals.samples(buffer, channel: channel)[Int(from * 48_000)..<Int(to * 48_000)]
        return (samples.reduce(0) { $0 + Double($1) * Double($1) } / Double(samples.count)).squareRoot()
    }

    @Test("ENGINE-ENVIRONMENT-NODE: with the reverb on, a source's reverbBlend sends it to a tail that outlasts it and decays, longer in a cathedral than in a small room; off (the default), there is no tail")
    func reverbTail() throws {
        let dry = try Self.burst { _, player in player.reverbBlend = 0.5 }
        let wet = try Self.burst { environment, player in
            #expect(!environment.reverbParameters.enable && environment.reverbParameters.level == 0)
            environment.reverbParameters.enable = true
            player.reverbBlend = 0.5
        }
        #expect(Self.rms(dry, from: 0.2, to: 0.4) < 1e-6, "no reverb, nothing after the burst")
        let early = Self.rms(wet, from: 0.15, to: 0.35), late = Self.rms(wet, from: 0.6, to: 0.8)
        #expect(early > 0.005, "a tail after the burst: \(early)")
        #expect(late < early / 2, "that decays: \(early) → \(late)")
        func lateTail(_ preset: AVAudioUnitReverbPreset) throws -> Double {
            Self.rms(try Self.burst { environment, player in
                environment.reverbParameters.enable = true
                environment.reverbParameters.loadFactoryReverbPreset(preset)
                player.reverbBlend = 0.5
            }, from: 0.6, to: 0.8)
        }
        #expect(try lateTail(.smallRoom) < lateTail(.cathedral) / 2)
        // Half the source goes to the reverb: with the reverb's output at −40 dB, the direct
        // sound during the burst is half the dry one.
        let halved = try Self.burst { environment, player in
            environment.reverbParameters.enable = true
            environment.reverbParameters.level = -40
            player.reverbBlend = 0.5
        }
        let ratio = Self.rms(halved, from: 0.02, to: 0.08) / Self.rms(dry, from: 0.02, to: 0.08)
        #expect(abs(ratio - 0.5) < 0.02, "\(ratio)")
    }

    @Test("ENGINE-ENVIRONMENT-NODE: the reverb's level scales its output (+6 dB doubles the tail); its filter, switched on as a low-pass at 200 Hz, takes the 1 kHz tail down")
    func reverbLevelAndFilter() throws {
        func tail(_ configure: @escaping (AVAudioEnvironmentReverbParameters) -> Void) throws -> Double {
            Self.rms(try Self.burst { environment, player in
                environment.reverbParameters.enable = true
                player.reverbBlend = 1
                configure(environment.reverbParameters)
            }, from: 0.15, to: 0.35)
        }
        let unity = try tail { _ in }
        let louder = try tail { $0.level = 6.0206 }
        #expect(abs(louder / unity - 2) < 0.01, "\(unity) → \(louder)")
        let filtered = try tail { reverb in
            reverb.filterParameters.filterType = .lowPass
            reverb.filterParameters.frequency = 200
            reverb.filterParameters.bypass = false
        }
        #expect(filtered < unity / 4, "\(unity) → \(filtered)")
    }

    @Test("ENGINE-ENVIRONMENT-NODE: obstruction attenuates only the direct path, occlusion the direct path and the reverb")
    func obstructionAndOcclusion() throws {
        func levels(_ configure: @escaping (AVAudioPlayerNode) -> Void) throws -> (direct: Double, tail: Double) {
            // The reverb's output 40 dB down, so during the burst the direct sound dominates.
            let buffer = try Self.burst { environment, player in
                environment.reverbParameters.enable = true
                environment.reverbParameters.level = -40
                player.reverbBlend = 0.3
                configure(player)
            }
            return (Self.rms(buffer, from: 0.02, to: 0.08), Self.rms(buffer, from: 0.2, to: 0.4))
        }
        let open = try levels { _ in }
        let obstructed = try levels { $0.obstruction = -40 }
        let occluded = try levels { $0.occlusion = -40 }
        #expect(obstructed.direct < open.direct / 5 && abs(obstructed.tail / open.tail - 1) < 0.01)
        #expect(occluded.direct < open.direct / 50 && abs(occluded.tail / open.tail - 0.01) < 0.001)
    }

    @Test("ENGINE-ENVIRONMENT-NODE: turning the listener moves what it hears: yaw 90° puts a source ahead on the left; roll 90° (right ear down) puts a source above on the left; pitch keeps left and right")
    func orientation() throws {
        func levels(at position: AVAudio3DPoint, _ orientation: AVAudio3DAngularOrientation) throws -> (left: Double, right: Double) {
            let buffer = try Self.burst(seconds: 0.1) { environment, player in
                player.position = position
                environment.listenerAngularOrientation = orientation
            }
            let left = EngineSignals.samples(buffer, channel: 0)[960...], right = EngineSignals.samples(buffer, channel: 1)[960...]
            return (EngineSignals.amplitude(left, frequency: 1_000, rate: 48_000), EngineSignals.amplitude(right, frequency: 1_000, rate: 48_000))
        }
        let turned = try levels(at: AVAudio3DPoint(x: 0, y: 0, z: -1), AVAudio3DAngularOrientation(yaw: 90, pitch: 0, roll: 0))
        #expect(turned.left > 0.49 && turned.right < 0.001, "\(turned)")
        let above = try levels(at: AVAudio3DPoint(x: 0, y: 1, z: 0), AVAudio3DAngularOrientation(yaw: 0, pitch: 0, roll: 0))
        #expect(abs(above.left - above.right) < 0.001, "above an upright listener: the middle \(above)")
        let rolled = try levels(at: AVAudio3DPoint(x: 0, y: 1, z: 0), AVAudio3DAngularOrientation(yaw: 0, pitch: 0, roll: 90))
        #expect(rolled.left > 0.49 && rolled.right < 0.001, "\(rolled)")
        let pitched = try levels(at: AVAudio3DPoint(x: 1, y: 0, z: 0), AVAudio3DAngularOrientation(yaw: 0, pitch: 60, roll: 0))
        #expect(pitched.right > 0.49 && pitched.left < 0.001, "\(pitched)")
    }

    @Test("ENGINE-ENVIRONMENT-NODE: the listener's angular and vector orientations are one setting: each reads back what the other set")
    func orientationsAgree() {
        let environment = AVAudioEnvironmentNode()
        #expect(environment.listenerVectorOrientation.forward == AVAudio3DVector(x: 0, y: 0, z: -1))
        environment.listenerVectorOrientation = AVAudio3DVectorOrientation(forward: AVAudio3DVector(x: 2, y: 0, z: 0),
                                                                            up: AVAudio3DVector(x: 0, y: 1, z: 0))
        let angles = environment.listenerAngularOrientation
        #expect(abs(angles.yaw - 90) < 1e-3 && abs(angles.pitch) < 1e-3 && abs(angles.roll) < 1e-3, "\(angles)")
        environment.listenerAngularOrientation = AVAudio3DAngularOrientation(yaw: 30, pitch: 20, roll: 10)
        let vectors = environment.listenerVectorOrientation
        environment.listenerVectorOrientation = vectors
        let back = environment.listenerAngularOrientation
        #expect(abs(back.yaw - 30) < 1e-3 && abs(back.pitch - 20) < 1e-3 && abs(back.roll - 10) < 1e-3, "\(back)")
    }
}
