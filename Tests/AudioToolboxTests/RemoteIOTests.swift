@testable import Conformance
import Foundation
import MediaServer
import AudioToolbox
import AVFAudio
import CoreAudioTypes
import SimCore
import Soundcheck
import Testing
import VirtualDevices

/// RemoteIO on the simulated device: the device's IO cycle pulls the app's render callback,
/// hands it the microphone through the input callback, and tells listeners about the hardware.
@Suite("RemoteIO")
struct RemoteIOTests {
    @Test("with a 3 ms IO buffer at 48 kHz the callback runs once per cycle with 128 frames and gapless sample times")
    func oncePerCycleWithGaplessTimes() throws {
        let device = try SimulatedDevice(seed: 2)
        let app = RemoteIOApp()
        try device.launch("Synth", backgroundAudio: true) {
            let session = AVAudioSession.sharedInstance()
            try session.setCategory(.playback)
            try session.setPreferredSampleRate(48_000)
            try session.setPreferredIOBufferDuration(0.003)
            try session.setActive(true)
            try app.make()
            try app.setRenderCallback()
            try app.initializeAndStart()
        }
        #expect(device.server.currentHardware.ioBufferFrames == 128)
        device.advance(to: .seconds(1))
        #expect(app.renderCalls.count >= 370)
        #expect(app.renderCalls.allSatisfy { $0.frames == 128 })
        let times = app.renderCalls.map(\.sampleTime)
        #expect(times.first == 0)
        #expect(zip(times, times.dropFirst()).allSatisfy { $1 - $0 == 128 })
        // One call per IO cycle: the calls cover the frames from the unit's first cycle to the
        // cycle the IO renders next, exactly.
        let speaker = try #require(device.sink("Speaker"))
        let first = try #require(speaker.samples(channel: 1)?.firstIndex { $0 != 0 }) - 1
        let next = try #require(device.server.ioCycle?.start)
        #expect(Int64(app.renderCalls.count) * 128 == next - Int64(first))
        let worst = try #require(RemoteIOApp.idealSineDeviation(speaker, amplitude: 0.5, frequency: 1000, until: Int(next)))
        #expect(worst < 1e-4, "largest deviation from the ideal sine: \(worst)")
    }

    @Test("SESSION-PERMISSION-SILENCE: without record permission the RemoteIO input callback renders silence")
    func inputWithoutPermission() throws {
        let device = try SimulatedDevice(seed: 4)
        device.attachInputSource("Built-In Microphone", .sine(frequency: 440, amplitude: 0.25))
        let app = try RemoteIOChecks.launch(device, "Recorder", category: .playAndRecord) { app in
            try app.enableInput()
            try app.initializeAndStart()
        }
        device.advance(to: .seconds(1))
        #expect(app.captured.count > 40_000)
        #expect(app.captured.allSatisfy { $0 == 0 })
    }

    @Test("an incoming call stops the unit: IsRunning listeners hear it, the callback is no longer called")
    func interruptionStopsTheUnit() throws {
        let device = try SimulatedDevice(seed: 7)
        let app = try RemoteIOChecks.launch(device, "Synth") { app in
            try app.setRenderCallback()
            try app.listen(kAudioOutputUnitProperty_IsRunning)
            try app.initializeAndStart()
        }
        #expect(app.listenerCalls.map(\.property) == [kAudioOutputUnitProperty_IsRunning])
        device.advance(to: .seconds(1))
        try device.perform(.incomingCall(caller: "Mum"))
        device.advance(to: .milliseconds(1100))
        let calls = app.renderCalls.count
        device.advance(to: .seconds(2))
        #expect(app.renderCalls.count == calls)
        #expect(app.listenerCalls.count == 2)
        var running: UInt32 = 1
        var size = UInt32(4)
        #expect(AudioUnitGetProperty(app.unit!, kAudioOutputUnitProperty_IsRunning, kAudioUnitScope_Global, 0, &running, &size) == 0)
        #expect(running == 0)
        let speaker = try #require(device.sink("Speaker"))
        #expect(speaker.isSilent(channel: 1, from: .milliseconds(1100), to: .seconds(2)))
    }

    @Test("SESSION-ACTIVATE-ERR-BACKGROUND-AT-IO-START: AudioOutputUnitStart from the background without the audio mode returns cannotStartPlaying ('!pla')")
    func startFromBackgroundFails() throws {
        let device = try SimulatedDevice(seed: 8)
        let app = RemoteIOApp()
        try device.launch("Game", backgroundAudio: false) {
            try AVAudioSession.sharedInstance().setCategory(.playback, options: [.mixWithOthers])
            try AVAudioSession.sharedInstance().setActive(true)
            try app.make()
            try app.setRenderCallback()
            try check(AudioUnitInitialize(app.unit!))
        }
        try device.perform(.background(app: "Game"))
        device.run(as: "Game") {
            #expect(AudioOutputUnitStart(app.unit!) == 561_015_905)
        }
        device.advance(to: .milliseconds(500))
        #expect(app.renderCalls.isEmpty)
        var running: UInt32 = 1
        var size = UInt32(4)
        #expect(AudioUnitGetProperty(app.unit!, kAudioOutputUnitProperty_IsRunning, kAudioUnitScope_Global, 0, &running, &size) == 0)
        #expect(running == 0)
        try device.perform(.foreground(app: "Game"))
        device.run(as: "Game") { #expect(AudioOutputUnitStart(app.unit!) == 0) }
        device.advance(to: .seconds(1))
        #expect(!app.renderCalls.isEmpty)
    }

    @Test("the input callback gets the microphone of the same IO cycle, sample for sample (input taps render before render clients)")
    func inputWithoutLatency() throws {
        let device = try SimulatedDevice(seed: 9)
        device.attachInputSource("Built-In Microphone", .sine(frequency: 440, amplitude: 0.25))
        let app = try RemoteIOChecks.launch(device, "Tuner", category: .playAndRecord) { app in
            var zero: UInt32 = 0
            try check(AudioUnitSetProperty(app.unit!, kAudioOutputUnitProperty_StartTimestampsAtZero, kAudioUnitScope_Global, 0, &zero, 4))
            try app.enableInput()
            try app.initializeAndStart()
            AVAudioApplication.requestRecordPermission { _ in }
        }
        device.answerRecordPermission("Tuner", granted: true)
        device.advance(to: .milliseconds(500))
        // With StartTimestampsAtZero off, sample times are the device's frame count, the clock the
        // microphone's tone started on (frame 0).
        let first = try #require(app.inputTimes.first)
        #expect(first.truncatingRemainder(dividingBy: 1024) == 0)
        // Silence until the granted permission reaches the mix at a cycle boundary, then the tone.
        let heard = try #require(app.captured.firstIndex { $0 != 0 })
        #expect(heard % 1024 == 0 && heard <= 2048)
        #expect(app.captured.count > 20_000)
        var worst: Float = 0
        for (index, sample) in app.captured.enumerated() where index >= heard {
            let ideal = 0.25 * Float(sin(2 * Double.pi * 440 * (first + Double(index)) / 48_000))
            worst = max(worst, abs(sample - ideal))
        }
        #expect(worst < 1e-4, "largest deviation from the microphone's tone: \(worst)")
    }

    @Test("a RemoteIO app's output is mixed under the session policy: ducked by a duckOthers app, silenced by the silent switch when ambient")
    func policyApplies() throws {
        let device = try SimulatedDevice(seed: 10)
        // Maps first, so the game is the app in the foreground (ambient audio is foreground-only).
        try device.launch("Maps", backgroundAudio: true) {
            try AVAudioSession.sharedInstance().setCategory(.playback, mode: .voicePrompt, options: [.duckOthers])
        }
        let game = try RemoteIOChecks.launch(device, "Game", category: .ambient) { app in
            try app.setRenderCallback()
            try app.initializeAndStart()
        }
        device.advance(to: .seconds(1))
        try device.run(as: "Maps") { try AVAudioSession.sharedInstance().setActive(true) }
        device.advance(to: .seconds(2))
        try device.run(as: "Maps") { try AVAudioSession.sharedInstance().setActive(false) }
        try device.perform(.ringerSwitch(silent: true))
        device.advance(to: .seconds(3))
        let speaker = try #require(device.sink("Speaker"))
        let full = try #require(speaker.level(channel: 1, from: .milliseconds(100), to: .milliseconds(900)))
        let ducked = try #require(speaker.level(channel: 1, from: .milliseconds(1100), to: .milliseconds(1900)))
        #expect(abs((ducked.rmsDBFS - full.rmsDBFS) - -20) < 0.1, "\(full) \(ducked)")
        #expect(speaker.isSilent(channel: 1, from: .milliseconds(2100), to: .seconds(3)))
        #expect(!game.renderCalls.isEmpty, "the callback is still called while silenced")
    }
}

/// An app's players and I/O units share one I/O count: stopping its last player while its
/// RemoteIO still runs does not tell the system that the app's I/O stopped.
@Suite("One I/O count per app")
struct SharedIOCountTests {
    @Test("a player stopping while the app's RemoteIO runs leaves the app's I/O running (deactivating is isBusy)")
    func playerAndUnitShareTheCount() throws {
        let device = try SimulatedDevice(seed: 3)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("soundcheck-shared-io-\(getpid()).wav")
        defer { try? FileManager.default.removeItem(at: url) }
        let file = try AVAudioFile(forWriting: url, settings: [AVFormatIDKey: kAudioFormatLinearPCM, AVSampleRateKey: 48_000.0,
                                                               AVNumberOfChannelsKey: 1, AVLinearPCMBitDepthKey: 16])
        let buffer = try #require(AVAudioPCMBuffer(pcmFormat: file.processingFormat, frameCapacity: 48_000))
        buffer.frameLength = 48_000
        try file.write(from: buffer)
        var player: AVAudioPlayer?
        let unit = try RemoteIOChecks.launch(device, "Synth") { app in
            try app.setRenderCallback()
            try app.initializeAndStart()
            player = try AVAudioPlayer(contentsOf: url)
        }
        device.run(as: "Synth") { _ = player?.play() }
        device.advance(by: .milliseconds(200))
        device.run(as: "Synth") { player?.stop() }
        let code = device.run(as: "Synth") { () -> Int? in
            do { try AVAudioSession.sharedInstance().setActive(false) } catch { return (error as NSError).code }
            return nil
        }
        #expect(code == AVAudioSession.ErrorCode.isBusy.rawValue, "the RemoteIO unit still runs I/O")
        withExtendedLifetime(unit) {}
    }
}
