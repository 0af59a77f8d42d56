import Foundation
import MediaServer
import AVFAudio
import SimCore
import Soundcheck
import Testing
import VirtualDevices

/// The IO runs at the one hardware format: a new rate restarts it, and what plays carries on.
@Suite("IO follows the hardware rate")
struct IORateChangeTests {
    static let tone = AudioSource.sine(frequency: 440, amplitude: 0.5)
    /// A 440 Hz sine at 0.5 peak has an RMS of 0.5/√2.
    static let toneRMS = 0.5 / 2.0.squareRoot()

    static func hfpOutput(_ device: SimulatedDevice) throws -> String {
        try #require(device.server.device.ports(.output).first { $0.portType == .bluetoothHFP }?.uid)
    }

    static func launchCall(_ device: SimulatedDevice, preferring rate: Double? = 16_000) throws {
        try device.launch("Call", backgroundAudio: true) {
            let session = AVAudioSession.sharedInstance()
            try session.setCategory(.playAndRecord, mode: .voiceChat, options: [.allowBluetoothHFP])
            if let rate { try session.setPreferredSampleRate(rate) }
            try session.setActive(true)
        }
    }

    @Test("a VoIP call on a Bluetooth HFP headset renders at 16 kHz, and its tone is there")
    func voipOnHFP() throws {
        let device = try SimulatedDevice(seed: 11)
        try device.attach("bluetooth-hfp")
        try Self.launchCall(device)
        device.play(Self.tone, as: "Call")
        device.advance(to: .seconds(1))
        let sink = try #require(device.sink(try Self.hfpOutput(device)))
        #expect(sink.sampleRate == SampleRate(framesPerSecond: 16_000))
        #expect(device.server.ioSampleRate == SampleRate(framesPerSecond: 16_000))
        let frequency = try #require(sink.dominantFrequency(channel: 1, from: .milliseconds(100), to: .milliseconds(900)))
        #expect(abs(frequency - 440) < 0.5)
        let amplitude = try #require(sink.toneAmplitude(atFrequency: 440, channel: 1, from: .milliseconds(100), to: .milliseconds(900)))
        #expect(abs(amplitude - 0.5) < 0.01)
        #expect(device.events("audio.io.started").first?.fields["hz"] == .integer(16_000))
    }

    @Test("a USB interface with a session preferring 96 kHz renders at 96 kHz")
    func usbAt96k() throws {
        // The Mac's hardware runs at 96 kHz (the iPhone profile lists 48 and 44.1 kHz only).
        let device = try SimulatedDevice(profile: "mac", seed: 12)
        try device.attach("usb-interface:2x2@44100,48000,96000")
        try device.launch("DAW", backgroundAudio: true) {
            try AVAudioSession.sharedInstance().setCategory(.playback)
            try AVAudioSession.sharedInstance().setPreferredSampleRate(96_000)
            try AVAudioSession.sharedInstance().setActive(true)
        }
        let usb = try #require(device.server.currentRoute.outputs.first { $0.portType == .usbAudio }?.uid)
        device.play(Self.tone, as: "DAW")
        device.advance(to: .seconds(1))
        let sink = try #require(device.sink(usb))
        #expect(sink.sampleRate == SampleRate(framesPerSecond: 96_000))
        let level = try #require(sink.level(channel: 1, from: .milliseconds(100), to: .milliseconds(900)))
        #expect(abs(level.rms - Self.toneRMS) < 0.005)
        let frequency = try #require(sink.dominantFrequency(channel: 2, from: .milliseconds(100), to: .milliseconds(900)))
        #expect(abs(frequency - 440) < 0.5)
    }

    @Test("a rate change mid-playback restarts the IO; the tone goes on at the same frequency, level and phase")
    func rateChangeMidPlayback() throws {
        let device = try SimulatedDevice(profile: "mac", seed: 13)
        try device.attach("usb-interface:2x2@44100,48000,96000")
        try device.launch("DAW", backgroundAudio: true) {
            try AVAudioSession.sharedInstance().setCategory(.playback)
            try AVAudioSession.sharedInstance().setActive(true)
        }
        let usb = try #require(device.server.currentRoute.outputs.first { $0.portType == .usbAudio }?.uid)
        device.play(Self.tone, as: "DAW")
        device.advance(to: .seconds(1))
        #expect(device.server.ioSampleRate == .hz48000)
        try device.run(as: "DAW") { try AVAudioSession.sharedInstance().setPreferredSampleRate(96_000) }
        device.advance(to: .seconds(2))
        #expect(device.server.ioSampleRate == SampleRate(framesPerSecond: 96_000))
        #expect(device.events("audio.io.stopped").count == 1)
        let format = try #require(device.events("audio.io.format").first)
        #expect(format.fields["from"] == .integer(48_000) && format.fields["to"] == .integer(96_000))
        #expect(device.events("audio.io.started").map { $0.fields["hz"] } == [.integer(48_000), .integer(96_000)])

        let sink = try #require(device.sink(usb))
        for (from, to) in [(HostTime.milliseconds(200), HostTime.milliseconds(900)),
                           (.milliseconds(1_100), .milliseconds(1_900)), (.milliseconds(500), .milliseconds(1_500))] {
            let level = try #require(sink.level(channel: 1, from: from, to: to))
            #expect(abs(level.rms - Self.toneRMS) < 0.005, "RMS \(level.rms) from \(from) to \(to)")
            let frequency = try #require(sink.dominantFrequency(channel: 1, from: from, to: to))
            #expect(abs(frequency - 440) < 0.5, "\(frequency) Hz from \(from) to \(to)")
            let amplitude = try #require(sink.toneAmplitude(atFrequency: 440, channel: 1, from: from, to: to))
            #expect(abs(amplitude - 0.5) < 0.02)
        }
        // No jump at the restart: the first sample at 96 kHz continues the sine where 48 kHz left it.
        let clock = try #require(device.server.ioClock)
        let restart = try #require(clock.segments.last?.firstFrame)
        let samples = try #require(sink.samples(channel: 1))
        let maximumStep = 0.5 * 2 * Double.pi * 440 / 48_000
        #expect(abs(Double(samples[Int(restart)] - samples[Int(restart) - 1])) <= maximumStep)
        #expect(abs(Double(samples[Int(restart) + 1] - samples[Int(restart)])) <= maximumStep / 2 + 1e-4)
    }

    @Test("a player started before a rate change still ends on its exact time, and a timed recording still stops on time")
    func playerAndRecorderAcrossRestart() throws {
        let device = try SimulatedDevice(profile: "mac", seed: 14)
        try device.attach("usb-interface:2x2@44100,48000,96000")
        try device.launch("DAW", backgroundAudio: true) {
            try AVAudioSession.sharedInstance().setCategory(.playAndRecord)
            try AVAudioSession.sharedInstance().setActive(true)
        }
        device.answerRecordPermission("DAW", granted: true)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("io-rate-\(UUID().uuidString).caf")
        defer { try? FileManager.default.removeItem(at: url) }
        let player = try device.run(as: "DAW") { () throws -> AVAudioPlayer in
            let format = try #require(AVAudioFormat(standardFormatWithSampleRate: 44_100, channels: 1))
            let buffer = try #require(AVAudioPCMBuffer(pcmFormat: format, frameCapacity: 88_200))
            buffer.frameLength = 88_200
            for frame in 0..<88_200 { buffer.floatChannelData![0][frame] = 0.25 * Float(sin(2 * Double.pi * 440 * Double(frame) / 44_100)) }
            do {   // the file is complete once closed (when it goes out of scope)
                let file = try AVAudioFile(forWriting: url, settings: format.settings)
                try file.write(from: buffer)
            }
            return try AVAudioPlayer(contentsOf: url)
        }
        let recorderURL = url.deletingPathExtension().appendingPathExtension("rec.caf")
        defer { try? FileManager.default.removeItem(at: recorderURL) }
        let recorder = try device.run(as: "DAW") {
            try AVAudioRecorder(url: recorderURL, settings: [AVFormatIDKey: Int(kAudioFormatLinearPCM), AVSampleRateKey: 48_000.0,
                                                            AVNumberOfChannelsKey: 1])
        }
        device.advance(to: .milliseconds(100))
        device.run(as: "DAW") {
            #expect(player.play())                       // 2 s of file: ends at 2.1 s
            #expect(recorder.record(forDuration: 1.5))   // stops at 1.6 s
        }
        #expect(player.isPlaying && recorder.isRecording)
        device.advance(to: .milliseconds(700))
        try device.run(as: "DAW") { try AVAudioSession.sharedInstance().setPreferredSampleRate(96_000) }
        device.advance(to: .milliseconds(1_000))
        #expect(device.server.ioSampleRate == SampleRate(framesPerSecond: 96_000))
        #expect(abs(player.currentTime - 0.9) < 0.001, "played \(player.currentTime) s")
        device.advance(to: .milliseconds(1_599))
        #expect(recorder.isRecording)
        device.advance(to: .milliseconds(1_601))
        #expect(!recorder.isRecording)
        // 1.5 s at the file's 48 kHz, although 0.6 s of it was read at 48 kHz and 0.9 s at 96 kHz.
        device.advance(to: .milliseconds(1_700))
        let recorded = try AVAudioFile(forReading: recorderURL)
        #expect(abs(Int(recorded.length) - 72_000) <= 2, "\(recorded.length) frames")
        device.advance(to: .milliseconds(2_099))
        #expect(player.isPlaying)
        device.advance(to: .milliseconds(2_101))
        #expect(!player.isPlaying)
    }
}
