@testable import Conformance
import Foundation
import MediaServer
import AVFAudio
import OpenAL
import SimCore
import Soundcheck
import Testing
import VirtualDevices

/// OpenAL Soft behind Apple's API on the simulated device: positions pan and attenuate at the
/// speaker's channels, and the context rules of an interruption (WWDC 2010 session 412).
@Suite("OpenAL")
struct OpenALTests {
    static func launch(_ device: SimulatedDevice, _ game: PositionalGame, at x: ALfloat) throws {
        #expect(try OpenALChecks.launch(device, game, at: x) == AL_NO_ERROR)
    }

    static func rms(_ device: SimulatedDevice, channel: Int, _ from: Int64, _ to: Int64) throws -> Double {
        try #require(device.sink("Speaker")?.level(channel: channel, from: .milliseconds(from), to: .milliseconds(to))).rms
    }

    @Test("OPENAL-GAME-AUDIO: a source moving from left to right is louder on the left, then on the right speaker channel, and quieter farther away")
    func positionPansAndAttenuates() throws {
        let device = try SimulatedDevice(seed: 1)
        let game = PositionalGame()
        try Self.launch(device, game, at: -1)
        device.advance(to: .seconds(1))
        device.run(as: "Game") { game.move(to: 1) }
        device.advance(to: .seconds(2))
        device.run(as: "Game") { game.move(to: 4) }
        device.advance(to: .seconds(3))
        let leftThenRight = (try Self.rms(device, channel: 1, 200, 900), try Self.rms(device, channel: 2, 200, 900))
        let rightThenLeft = (try Self.rms(device, channel: 1, 1200, 1900), try Self.rms(device, channel: 2, 1200, 1900))
        #expect(leftThenRight.0 > 2 * leftThenRight.1, "at x = −1: left \(leftThenRight.0), right \(leftThenRight.1)")
        #expect(rightThenLeft.1 > 2 * rightThenLeft.0, "at x = +1: left \(rightThenLeft.0), right \(rightThenLeft.1)")
        // Inverse distance, clamped, reference distance 1: a quarter of the gain at distance 4.
        let far = try Self.rms(device, channel: 2, 2200, 2900)
        #expect(abs(far / rightThenLeft.1 - 0.25) < 0.03, "at x = +4: \(far) vs \(rightThenLeft.1) at x = +1")
        let frequency = try #require(device.sink("Speaker")?.dominantFrequency(channel: 1, from: .milliseconds(200), to: .milliseconds(900)))
        #expect(abs(frequency - 1000) < 2)
    }

    @Test("SESSION-INTERRUPT-OPENAL-RESTORE: the source is silent during a call and heard again after reactivation and alcMakeContextCurrent")
    func contextRestoredAfterInterruption() throws {
        let device = try SimulatedDevice(seed: 2)
        let game = PositionalGame()
        try Self.launch(device, game, at: 0)
        device.advance(to: .seconds(1))
        try device.perform(.incomingCall(caller: "Mum"))
        device.advance(to: .seconds(2))
        try device.perform(.declineCall)
        device.advance(to: .seconds(3))
        #expect(try Self.rms(device, channel: 1, 200, 900) > 0.05)
        #expect(try Self.rms(device, channel: 1, 1200, 1900) < 0.0001)
        #expect(try Self.rms(device, channel: 1, 2200, 2900) > 0.05)
        #expect(device.events("openal.context.keptThroughInterruption").isEmpty)
    }

    @Test("SESSION-INTERRUPT-OPENAL-CONTEXT: a game that keeps its context current through the interruption stays silent after it, and the trace says why")
    func keptContextStaysSilent() throws {
        let device = try SimulatedDevice(seed: 3)
        let game = PositionalGame()
        game.keepsContextThroughInterruption = true
        try Self.launch(device, game, at: 0)
        device.advance(to: .seconds(1))
        try device.perform(.incomingCall(caller: "Mum"))
        device.advance(to: .seconds(2))
        try device.perform(.declineCall)
        device.advance(to: .seconds(3))
        #expect(try Self.rms(device, channel: 1, 200, 900) > 0.05)
        #expect(try Self.rms(device, channel: 1, 2200, 2900) < 0.0001)
        #expect(device.events("openal.context.keptThroughInterruption", app: "Game").count == 1)
        // Recovering properly — no context, then the context — brings the sound back.
        device.run(as: "Game") {
            _ = alcMakeContextCurrent(nil)
            _ = alcMakeContextCurrent(game.context)
        }
        device.advance(to: .seconds(4))
        #expect(try Self.rms(device, channel: 1, 3200, 3900) > 0.05)
    }
}
