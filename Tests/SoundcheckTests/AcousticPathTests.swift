import AudioGraph
@testable import Conformance
import Foundation
import MediaServer
import AVFAudio
import SimCore
import Soundcheck
import Testing
import VirtualDevices
import VoiceProcessing

/// The device's acoustic path: what the built-in speaker (and, far quieter, the receiver) plays
/// reaches the built-in microphone after the profile's delay and attenuation, so apps recording
/// hear it; voice processing on the app's input cancels it.
@Suite("Acoustic path and echo cancellation on the device")
struct AcousticPathTests {
    /// A call app at `rate` with `options`, allowed to record, reading input.
    static func launchCaller(_ device: SimulatedDevice, options: AVAudioSession.CategoryOptions = [.defaultToSpeaker],
                             rate: Double? = nil) throws {
        try device.launch("Caller", backgroundAudio: true) {
            let session = AVAudioSession.sharedInstance()
            try session.setCategory(.playAndRecord, mode: .voiceChat, options: options)
            if let rate {
                try session.setPreferredSampleRate(rate)
                try session.setPreferredIOBufferDuration(0.02)
            }
            try session.setActive(true)
        }
        device.run(as: "Caller") { AVAudioApplication.requestRecordPermission { _ in } }
        device.answerRecordPermission("Caller", granted: true)
        device.startInput("Caller")
    }

    @Test("the speaker's tone reaches a recording app one IO buffer plus 2 ms later, 25 dB down")
    func speakerEcho() throws {
        let device = try SimulatedDevice(seed: 1)
        try Self.launchCaller(device)
        _ = device.advance(to: .milliseconds(100))
        device.play(.sine(frequency: 1000, amplitude: 0.5), as: "Caller")
        _ = device.advance(to: .seconds(1))
        let input = try #require(device.inputSink("Caller"))
        let amplitude = try #require(input.toneAmplitude(atFrequency: 1000, channel: 1, from: .milliseconds(200), to: .seconds(1)))
        #expect(abs(EchoMeasurement.decibels(Double(amplitude * amplitude) / 0.25) + 25) < 0.2)
        // The first echo sample lands one IO buffer (1,024 frames) plus 2 ms (96 frames at 48 kHz)
        // after the tone's first sample.
        let speaker = try #require(device.sink("Speaker")?.samples(channel: 1))
        let recorded = try #require(input.samples(channel: 1))
        let toneStart = try #require(speaker.firstIndex { $0 != 0 })
        #expect(recorded.firstIndex { $0 != 0 } == toneStart + 1_024 + 96)
    }

    /// An app rendering through a render client (as RemoteIO does) that plays a tone on the
    /// speaker and reads input hears its own tone come back in its input callback.
    @Test("a render client reading input hears its own speaker output as echo")
    func renderClientHearsEcho() throws {
        let device = try SimulatedDevice(seed: 4)
        try Self.launchCaller(device)
        let client = ToneAndTape(frames: 48_000)
        device.server.addRenderClient(app: AppID("Caller"), client, outputChannels: 1, input: true)
        _ = device.advance(to: .seconds(1))
        let tail = Array(client.tape[24_000..<48_000])
        let echo = (tail.map { Double($0 * $0) }.reduce(0, +) / Double(tail.count)).squareRoot()
        // The tone's RMS is 0.5/√2; 25 dB down.
        #expect(abs(EchoMeasurement.decibels(echo * echo / 0.125) + 25) < 0.5)
    }

    @Test("the receiver leaks 40 dB down; headphones do not leak at all")
    func receiverAndHeadphones() throws {
        let device = try SimulatedDevice(seed: 2)
        try Self.launchCaller(device, options: [])
        #expect(device.server.currentRoute(for: AppID("Caller")).outputs.map(\.uid) == ["Built-In Receiver"])
        device.play(.sine(frequency: 1000, amplitude: 0.5), as: "Caller")
        _ = device.advance(to: .seconds(1))
        try device.attach("wired-headset")
        _ = device.advance(to: .seconds(2))
        let input = try #require(device.inputSink("Caller"))
        let receiver = try #require(input.toneAmplitude(atFrequency: 1000, channel: 1, from: .milliseconds(200), to: .seconds(1)))
        #expect(abs(EchoMeasurement.decibels(Double(receiver * receiver) / 0.25) + 40) < 0.2)
        #expect(input.isSilent(channel: 1, from: .milliseconds(1100), to: .seconds(2)))
    }

    @Test("the profile's paths: spelled out for the phone, defaults for the tablet's speaker")
    func profileSetting() throws {
        let profile = try DeviceProfile.load("iphone")
        #expect(profile.acousticPaths == [
            AcousticPath(outputUID: "Built-In Receiver", delayMilliseconds: 1, attenuationDecibels: 40),
            AcousticPath(outputUID: "Speaker", delayMilliseconds: 2, attenuationDecibels: 25),
        ])
        #expect(try DeviceProfile.load("ipad").acousticPaths == [AcousticPath(outputUID: "Speaker", delayMilliseconds: 2, attenuationDecibels: 25)])
    }

    /// ERLE on the device with speech: a VoIP call at 16 kHz (20 ms IO buffers asked, 16 ms
    /// granted) on the speaker, its VoiceProcessingIO unit playing nothing itself, while another
    /// app plays speech-like sound (0–8 s) through the speaker; the microphone hears its echo and
    /// a near-end talker (6–10 s). The same call is recorded with processing bypassed and on; ERLE
    /// is the echo's power in the first recording over the residual's in the second, from 2 s to
    /// 6 s, and the talker alone (8.5–9.9 s) keeps its level within 10 dB.
    @Test("a VoiceProcessingIO call cancels another app's speech on the speaker by at least 20 dB and lets the near-end talker through")
    func otherAppsSpeechCancelled() throws {
        let off = try Self.recordCall(bypass: true)
        let on = try Self.recordCall(bypass: false)
        let window = (2 * 16_000)..<(6 * 16_000)
        #expect(EchoMeasurement.power(off, window) > 1e-5, "the other app's sound reached the microphone")
        let erle = EchoMeasurement.erle(before: off, after: on, range: window)
        print("device ERLE, another app's speech: \(erle) dB (echo \(EchoMeasurement.decibels(EchoMeasurement.power(off, window))) dBFS)")
        #expect(erle >= 20)
        let nearOnly = (8 * 16_000 + 8_000)..<(9 * 16_000 + 14_000)
        #expect(abs(EchoMeasurement.decibels(EchoMeasurement.power(on, nearOnly) / EchoMeasurement.power(off, nearOnly))) < 10)
    }

    /// A render client playing a 1 kHz sine at 0.5 and keeping what its input callback got.
    final class ToneAndTape: RenderClient {
        var tape: [Float]
        private var written = 0
        private var phase = 0

        init(frames: Int) { tape = [Float](repeating: 0, count: frames) }

        func render(_ cycle: RenderClientCycle) {
            let output = cycle.outputChannel(0)
            for index in 0..<cycle.frames {
                output[index] = 0.5 * Float(sin(2 * Double.pi * 1_000 * Double(phase) / 48_000))
                phase += 1
            }
            guard let input = cycle.input else { return }
            for index in 0..<cycle.frames where written < tape.count {
                tape[written] = input[index]
                written += 1
            }
        }
    }

    /// What the call's unit captured (16 kHz mono, from when it started) over 10 s.
    static func recordCall(bypass: Bool) throws -> [Float] {
        let device = try SimulatedDevice(seed: 3)
        // The other app's sound first; the call, mixing with it, goes active last and so sets the
        // route (speaker and built-in microphone).
        try device.launch("Podcast", backgroundAudio: true) {
            try AVAudioSession.sharedInstance().setCategory(.playback, options: [.mixWithOthers])
            try AVAudioSession.sharedInstance().setActive(true)
        }
        let call = try device.launch("Caller", backgroundAudio: true) { () throws -> RemoteIOApp in
            let session = try VoiceProcessingChecks.activateMixableCall()
            let call = try VoiceProcessingChecks.startCall(bypass: bypass, farEnd: 300, rate: session.sampleRate)
            call.toneAmplitude = 0
            return call
        }
        device.answerRecordPermission("Caller", granted: true)
        // 20 ms asked; the hardware runs power-of-two buffers, so 256 frames (16 ms).
        #expect(device.server.ioCycle?.frames == 256)
        let rate = SampleRate(framesPerSecond: 16_000)
        let far = SpeechLikeSignal.samples(frames: 8 * 16_000, sampleRate: 16_000, seed: 1)
        let near = [Float](repeating: 0, count: 6 * 16_000) + SpeechLikeSignal.samples(frames: 4 * 16_000, sampleRate: 16_000, seed: 2)
        device.play(.buffer(PCMBuffer(sampleRate: rate, channels: [far]), looping: false), as: "Podcast")
        device.attachInputSource("Built-In Microphone", .buffer(PCMBuffer(sampleRate: rate, channels: [near]), looping: false))
        _ = device.advance(to: .seconds(10))
        return call.captured
    }
}
