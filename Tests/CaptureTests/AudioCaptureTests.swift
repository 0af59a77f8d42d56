import AVFoundation
import Foundation
import SimCore
import Soundcheck
import Testing

/// AVCaptureSession capturing audio: the route's microphone reaches the audio data output's
/// delegate as sample buffers, one per IO cycle; record permission and calls act on it as on
/// any input.
@Suite("Capture: AVCaptureSession audio")
struct AudioCaptureTests {
    /// An app with record permission answered `granted` that captures from 0 s; a 440 Hz tone
    /// of amplitude 0.25 plays into the built-in microphone.
    private func capturing(granted: Bool, seed: UInt64 = 11) throws -> (SimulatedDevice, AudioCaptureApp) {
        let device = try SimulatedDevice(seed: seed)
        device.attachInputSource("Built-In Microphone", .sine(frequency: 440, amplitude: 0.25))
        let app = try device.launch("Memo") { AudioCaptureApp() }
        try device.run(as: "Memo") {
            #expect(AVCaptureDevice.authorizationStatus(for: .audio) == .notDetermined)
            AVCaptureDevice.requestAccess(for: .audio) { _ in }
        }
        device.answerRecordPermission("Memo", granted: granted)
        device.advance(by: .milliseconds(10))
        try device.run(as: "Memo") {
            try app.configure()
            app.session.startRunning()
        }
        return (device, app)
    }

    @Test("CAPTURE-AUDIO-BUFFERS: the delegate receives 16-bit sample buffers, one IO buffer each, carrying the microphone's tone")
    func toneReachesDelegate() throws {
        let (device, app) = try capturing(granted: true)
        device.run(as: "Memo") {
            #expect(AVCaptureDevice.authorizationStatus(for: .audio) == .authorized)
            #expect(app.session.isRunning)
            #expect(AVAudioSession.sharedInstance().category == .playAndRecord, "the session configured the app's category")
        }
        let connection: AVCaptureConnection = try #require(app.output.connection(with: .audio))
        #expect(connection.isActive && connection.isEnabled)
        device.advance(by: .seconds(1))
        #expect(app.bitsPerChannel == 16)
        #expect(app.sampleRate == 48_000)
        #expect(app.bufferFrames.count > 10)
        let hardware = device.server.currentHardware.ioBufferFrames
        #expect(app.bufferFrames.dropLast().allSatisfy { $0 == hardware })
        // Consecutive buffers are contiguous in time: each starts where the previous one ended.
        let steps = zip(app.presentationTimes, app.presentationTimes.dropFirst()).map { ($1 - $0).seconds }
        #expect(steps.allSatisfy { abs($0 - Double(hardware) / 48_000) < 1e-6 })
        #expect(abs(app.toneAmplitude(440, from: 0.2, to: 0.9) - 0.25) < 0.01)
        // The connection's channel meters what the delegate got (AVCaptureAudioChannel, dBFS).
        let channel: AVCaptureAudioChannel = try #require(connection.audioChannels.first)
        #expect(app.levels.last?.average == channel.averagePowerLevel && app.levels.last?.peak == channel.peakHoldLevel)
        let level = try #require(app.levels.last)
        // A sine of amplitude 0.25: RMS 0.177 (−15.1 dBFS), peak 0.25 (−12.0 dBFS).
        #expect(abs(level.average - -15.05) < 0.3)
        #expect(abs(level.peak - -12.04) < 0.3)
        device.run(as: "Memo") { app.session.stopRunning() }
        #expect(!connection.isActive)
        let delivered = app.bufferFrames.count
        device.advance(by: .milliseconds(500))
        #expect(app.bufferFrames.count <= delivered + 1, "nothing arrives after stopRunning")
        #expect(!app.session.isRunning)
    }

    @Test("CAPTURE-PERMISSION-SILENCE: denied record permission: the session runs and captures silence")
    func deniedGivesSilence() throws {
        let (device, app) = try capturing(granted: false)
        device.run(as: "Memo") { #expect(AVCaptureDevice.authorizationStatus(for: .audio) == .denied) }
        device.advance(by: .seconds(1))
        #expect(app.bufferFrames.count > 10, "buffers still arrive")
        #expect(app.peak(from: 0, to: 1) == 0)
        #expect(app.levels.last?.average == -160)
    }

    @Test("CAPTURE-INTERRUPTED-BY-CALL: a call interrupts capture with audioDeviceInUseByAnotherClient; it resumes by itself when the call ends")
    func callInterrupts() throws {
        let (device, app) = try capturing(granted: true)
        device.advance(by: .seconds(1))
        try device.perform(.incomingCall(caller: "Mum"))
        device.advance(by: .milliseconds(100))
        #expect(app.events == ["interrupted audioDeviceInUseByAnotherClient"])
        #expect(app.session.isInterrupted && !app.session.isRunning)
        let during = app.bufferFrames.count
        device.advance(by: .seconds(1))
        #expect(app.bufferFrames.count == during, "no audio while the call lasts")
        try device.perform(.declineCall)
        device.advance(by: .seconds(1))
        #expect(app.events == ["interrupted audioDeviceInUseByAnotherClient", "interruption ended"])
        #expect(app.session.isRunning && !app.session.isInterrupted)
        #expect(app.bufferFrames.count > during + 10, "capture resumed")
        let resumed = Double(app.samples.count) / app.sampleRate
        #expect(abs(app.toneAmplitude(440, from: resumed - 0.8, to: resumed) - 0.25) < 0.01)
    }

    @Test("CAPTURE-CONFIGURES-APP-SESSION: without automatic configuration a playback category cannot record: the start fails with a runtime error ('!rec')")
    func unconfiguredPlaybackSession() throws {
        let device = try SimulatedDevice(seed: 13)
        let app = try device.launch("Memo") { () throws -> AudioCaptureApp in
            try AVAudioSession.sharedInstance().setCategory(.playback)
            return AudioCaptureApp()
        }
        device.answerRecordPermission("Memo", granted: true)
        try device.run(as: "Memo") {
            try app.configure()
            app.session.automaticallyConfiguresApplicationAudioSession = false
            app.session.startRunning()
            #expect(!app.session.isRunning)
            #expect(AVAudioSession.sharedInstance().category == .playback, "left as the app set it")
        }
        device.advance(by: .milliseconds(200))
        #expect(app.events == ["runtime error 561145187"])
        #expect(app.bufferFrames.isEmpty)
    }

    @Test("CAPTURE-RESET-RUNTIME-ERROR: a media-services reset stops capture with a runtime error, AVError.mediaServicesWereReset")
    func mediaServicesReset() throws {
        let (device, app) = try capturing(granted: true, seed: 14)
        device.advance(by: .milliseconds(500))
        try device.perform(.mediaServerCrash(restartDelay: .milliseconds(200)))
        device.advance(by: .milliseconds(100))
        #expect(app.events == ["runtime error -11819"])
        #expect(!app.session.isRunning)
        let delivered = app.bufferFrames.count
        device.advance(by: .milliseconds(500))
        #expect(app.bufferFrames.count == delivered)
    }

    @Test("the capture types' raw values are Apple's")
    func rawValues() {
        #expect(AVMediaType.audio.rawValue == "soun")
        #expect(AVMediaType(rawValue: "soun") == .audio)
        #expect([AVAuthorizationStatus.notDetermined, .restricted, .denied, .authorized].map(\.rawValue) == [0, 1, 2, 3])
        #expect(AVAuthorizationStatus(rawValue: 3) == .authorized)
        let reasons: [AVCaptureSession.InterruptionReason] = [.videoDeviceNotAvailableInBackground, .audioDeviceInUseByAnotherClient,
            .videoDeviceInUseByAnotherClient, .videoDeviceNotAvailableWithMultipleForegroundApps, .videoDeviceNotAvailableDueToSystemPressure]
        #expect(reasons.map(\.rawValue) == [1, 2, 3, 4, 5])
        #expect(AVCaptureSession.InterruptionReason(rawValue: 2) == .audioDeviceInUseByAnotherClient)
    }

    @Test("inputs, outputs and connections: one audio connection, added once, gone with its output")
    func configuration() throws {
        let device = try SimulatedDevice(seed: 12)
        try device.launch("Memo") {
            let session = AVCaptureSession()
            let microphone = try #require(AVCaptureDevice.default(for: .audio))
            #expect(microphone.hasMediaType(.audio))
            #expect(microphone.localizedName == "iPhone Microphone")
            #expect(microphone.uniqueID == "com.apple.avfoundation.avcapturedevice.built-in_audio:0")
            let input = try AVCaptureDeviceInput(device: microphone)
            #expect(input.device === microphone)
            let port: AVCaptureInput.Port = try #require(input.ports.first)
            #expect(input.ports.count == 1 && port.mediaType == .audio && port.input === input && port.isEnabled)
            let output = AVCaptureAudioDataOutput()
            #expect(session.canAddInput(input) && session.canAddOutput(output))
            session.addInput(input)
            session.addOutput(output)
            #expect(!session.canAddInput(input) && !session.canAddOutput(output))
            #expect(session.inputs.count == 1 && session.outputs.count == 1)
            #expect(session.connections.count == 1)
            let connection: AVCaptureConnection = try #require(output.connection(with: .audio))
            let base: AVCaptureOutput = output
            #expect(base.connections.count == 1 && connection.isEnabled && !connection.isActive, "inactive until the session runs")
            #expect(connection.audioChannels.count == 1)
            #expect(output.sampleBufferDelegate == nil && output.sampleBufferCallbackQueue == nil)
            #expect(session.usesApplicationAudioSession && session.automaticallyConfiguresApplicationAudioSession)
            session.removeOutput(output)
            #expect(session.connections.isEmpty && output.connections.isEmpty)
            session.removeInput(input)
            #expect(session.inputs.isEmpty && session.outputs.isEmpty)
        }
    }
}
