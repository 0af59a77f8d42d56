import Foundation
import MediaServer
import OpenAVFAudio
import SimCore
import Soundcheck
import Testing
import VirtualDevices

/// AVAudioRecorder through the harness: recorded files are read back with AVAudioFile.
@Suite("AVAudioRecorder through the media server")
struct RecorderTests {
    static func recordingURL(_ name: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("soundcheck-recorder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent("\(name).wav")
    }

    static func settings(rate: Double = 48_000, channels: Int = 1) -> [String: Any] {
        [AVFormatIDKey: kAudioFormatLinearPCM, AVSampleRateKey: rate, AVNumberOfChannelsKey: channels,
         AVLinearPCMBitDepthKey: 32, AVLinearPCMIsFloatKey: true]
    }

    static func launchRecorderApp(_ device: SimulatedDevice, _ name: String = "Memo") throws {
        try device.launch(name, backgroundAudio: true) {
            try AVAudioSession.sharedInstance().setCategory(.playAndRecord)
            try AVAudioSession.sharedInstance().setActive(true)
        }
    }

    /// The file's first channel, read back with AVAudioFile.
    static func readBack(_ url: URL) throws -> (samples: [Float], rate: Double, channels: Int) {
        let file = try AVAudioFile(forReading: url)
        let frames = AVAudioFrameCount(file.length)
        let buffer = try #require(AVAudioPCMBuffer(pcmFormat: file.processingFormat, frameCapacity: max(frames, 1)))
        try file.read(into: buffer)
        let data = try #require(buffer.floatChannelData)
        return (Array(UnsafeBufferPointer(start: data[0], count: Int(buffer.frameLength))),
                file.processingFormat.sampleRate, Int(file.processingFormat.channelCount))
    }

    /// Amplitude of a sine at `frequency` in `samples` (single-bin DFT over whole periods).
    static func toneAmplitude(_ samples: ArraySlice<Float>, frequency: Double, rate: Double) -> Double {
        var re = 0.0, im = 0.0
        for (index, sample) in samples.enumerated() {
            let phase = 2 * Double.pi * frequency * Double(index) / rate
            re += Double(sample) * cos(phase)
            im += Double(sample) * sin(phase)
        }
        return 2 * (re * re + im * im).squareRoot() / Double(samples.count)
    }

    final class Log: AVAudioRecorderDelegate {
        var finishes: [(time: HostTime, successfully: Bool)] = []
        let device: SimulatedDevice
        init(_ device: SimulatedDevice) { self.device = device }
        func audioRecorderDidFinishRecording(_ recorder: AVAudioRecorder, successfully flag: Bool) {
            finishes.append((device.now, flag))
        }
    }

    @Test("SESSION-PERMISSION-SILENCE: a recorder captures a USB input tone, and only silence before record permission is granted")
    func usbToneAfterPermission() throws {
        let device = try SimulatedDevice(seed: 31)
        try device.attach("usb-interface:2x2")
        try Self.launchRecorderApp(device)
        let usb = try device.run(as: "Memo") {
            try #require(AVAudioSession.sharedInstance().availableInputs?.first { $0.portType == .usbAudio })
        }
        try device.run(as: "Memo") { try AVAudioSession.sharedInstance().setPreferredInput(usb) }
        device.attachInputSource(usb.uid, .sine(frequency: 1000, amplitude: 0.25))
        let url = try Self.recordingURL("usb")
        let recorder = try device.run(as: "Memo") { try AVAudioRecorder(url: url, settings: Self.settings()) }
        #expect(device.run(as: "Memo") { recorder.record() })
        #expect(recorder.isRecording)
        device.advance(to: .seconds(1))
        device.answerRecordPermission("Memo", granted: true)
        device.advance(to: .seconds(2))
        #expect(abs(recorder.currentTime - 2) < 0.001)
        device.run(as: "Memo") { recorder.stop() }
        #expect(!recorder.isRecording)
        device.advance(to: .milliseconds(2100))
        let (samples, rate, _) = try Self.readBack(url)
        #expect(rate == 48_000 && samples.count == 96_000, "\(samples.count) frames")
        try #require(samples.count == 96_000)
        #expect(samples[..<47_000].allSatisfy { $0 == 0 })
        let tone = Self.toneAmplitude(samples[49_000..<95_000], frequency: 1000, rate: 48_000)
        #expect(abs(tone - 0.25) < 0.01, "tone \(tone)")
    }

    @Test("RECORDER-RECORD-UNTIL-STOP-OR-DURATION: record(forDuration:) stops by itself at the exact frame and tells the delegate")
    func forDurationExact() throws {
        let device = try SimulatedDevice(seed: 32)
        try Self.launchRecorderApp(device)
        device.attachInputSource("Built-In Microphone", .sine(frequency: 440, amplitude: 0.5))
        device.answerRecordPermission("Memo", granted: true)
        let url = try Self.recordingURL("timed")
        let recorder = try device.run(as: "Memo") { try AVAudioRecorder(url: url, settings: Self.settings(rate: 44_100)) }
        let log = Log(device)
        recorder.delegate = log
        device.advance(to: .milliseconds(300))
        #expect(device.run(as: "Memo") { recorder.record(forDuration: 0.75) })
        device.advance(to: .milliseconds(1040))
        #expect(recorder.isRecording)
        device.advance(to: .milliseconds(1060))
        #expect(!recorder.isRecording)
        device.advance(to: .seconds(2))
        #expect(log.finishes.count == 1 && log.finishes.first?.successfully == true)
        let (samples, rate, _) = try Self.readBack(url)
        // 0.75 s = 36,000 frames at 48 kHz = 33,075 frames at 44.1 kHz.
        #expect(rate == 44_100 && samples.count == 33_075, "\(samples.count) frames")
        try #require(samples.count == 33_075)
        let tone = Self.toneAmplitude(samples[4_410..<30_870], frequency: 440, rate: 44_100)
        #expect(abs(tone - 0.5) < 0.01, "tone \(tone)")
    }

    @Test("RECORDER-SETTINGS-DICTIONARY: linear PCM settings are accepted; AAC is refused with Apple's 'fmt?' error")
    func settingsValidation() throws {
        let url = try Self.recordingURL("settings")
        let recorder = try AVAudioRecorder(url: url, settings: Self.settings(rate: 22_050, channels: 2))
        #expect(recorder.format.sampleRate == 22_050 && recorder.format.channelCount == 2 && recorder.url == url)
        #expect(recorder.channelAssignments == nil)
        do {
            _ = try AVAudioRecorder(url: url, settings: [AVFormatIDKey: kAudioFormatMPEG4AAC, AVSampleRateKey: 44_100.0,
                                                         AVNumberOfChannelsKey: 2])
            Issue.record("AAC was accepted")
        } catch let error as NSError {
            #expect(error.code == Int(kAudioFileUnsupportedDataFormatError))
        }
    }

    @Test("SESSION-INTERRUPT-PLAYERS-PAUSE: an incoming call stops the recorder without a finish callback")
    func interruptionStops() throws {
        let device = try SimulatedDevice(seed: 33)
        try Self.launchRecorderApp(device)
        device.answerRecordPermission("Memo", granted: true)
        let url = try Self.recordingURL("call")
        let recorder = try device.run(as: "Memo") { try AVAudioRecorder(url: url, settings: Self.settings()) }
        let log = Log(device)
        recorder.delegate = log
        device.run(as: "Memo") { _ = recorder.record() }
        device.advance(to: .seconds(1))
        try device.perform(.incomingCall(caller: "Mum"))
        #expect(!recorder.isRecording)
        device.advance(to: .seconds(3))
        #expect(log.finishes.isEmpty)
    }

    @Test("RECORDER-STOP-CLOSES-FILE: deleteRecording needs a stopped recorder and removes the file")
    func deleteRecording() throws {
        let device = try SimulatedDevice(seed: 34)
        try Self.launchRecorderApp(device)
        let url = try Self.recordingURL("delete")
        let recorder = try device.run(as: "Memo") { try AVAudioRecorder(url: url, settings: Self.settings()) }
        device.run(as: "Memo") { _ = recorder.record() }
        device.advance(to: .milliseconds(500))
        #expect(!recorder.deleteRecording())
        device.run(as: "Memo") { recorder.stop() }
        device.advance(to: .seconds(1))
        #expect(FileManager.default.fileExists(atPath: url.path))
        #expect(recorder.deleteRecording())
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }

    @Test("SESSION-RESET-ZOMBIES: after a media-services reset a recorder made before it cannot record")
    func zombieRecorder() throws {
        let device = try SimulatedDevice(seed: 35)
        try Self.launchRecorderApp(device)
        let recorder = try device.run(as: "Memo") { try AVAudioRecorder(url: try Self.recordingURL("zombie"), settings: Self.settings()) }
        device.run(as: "Memo") { _ = recorder.record() }
        device.advance(to: .seconds(1))
        try device.perform(.mediaServerCrash(restartDelay: .milliseconds(500)))
        device.advance(to: .seconds(2))
        #expect(!recorder.isRecording)
        try device.run(as: "Memo") {
            try AVAudioSession.sharedInstance().setCategory(.playAndRecord)
            try AVAudioSession.sharedInstance().setActive(true)
        }
        #expect(device.run(as: "Memo") { recorder.record() } == false)
        #expect(!recorder.prepareToRecord())
        recorder.stop()
    }
    @Test("MULTICHANNEL-SELECTION-PLAYER-RECORDER: record(atTime:) with channelAssignments records the chosen USB input channel from that instant")
    func atTimeOnSecondChannel() throws {
        let device = try SimulatedDevice(seed: 36)
        try device.attach("usb-interface:2x2")
        try Self.launchRecorderApp(device)
        device.answerRecordPermission("Memo", granted: true)
        let usb = try device.run(as: "Memo") {
            try #require(AVAudioSession.sharedInstance().availableInputs?.first { $0.portType == .usbAudio })
        }
        try device.run(as: "Memo") { try AVAudioSession.sharedInstance().setPreferredInput(usb) }
        device.attachInputSource(usb.uid, channel: 1, .sine(frequency: 500, amplitude: 0.5))
        device.attachInputSource(usb.uid, channel: 2, .sine(frequency: 1500, amplitude: 0.25))
        let url = try Self.recordingURL("second")
        let recorder = try device.run(as: "Memo") { try AVAudioRecorder(url: url, settings: Self.settings()) }
        let second = try #require(usb.channels?.last)
        recorder.channelAssignments = [second]
        #expect(device.run(as: "Memo") { recorder.record(atTime: recorder.deviceCurrentTime + 0.5, forDuration: 1) })
        #expect(recorder.isRecording && recorder.currentTime == 0)
        device.advance(to: .seconds(3))
        let (samples, _, _) = try Self.readBack(url)
        try #require(samples.count == 48_000)
        #expect(abs(Self.toneAmplitude(samples[4_800..<43_200], frequency: 1500, rate: 48_000) - 0.25) < 0.01)
        #expect(Self.toneAmplitude(samples[4_800..<43_200], frequency: 500, rate: 48_000) < 0.01)
    }

    @Test("record() returns false when the session's category does not allow input")
    func needsInputCategory() throws {
        let device = try SimulatedDevice(seed: 37)
        try device.launch("Music", backgroundAudio: true) {
            try AVAudioSession.sharedInstance().setCategory(.playback)
            try AVAudioSession.sharedInstance().setActive(true)
        }
        let recorder = try device.run(as: "Music") { try AVAudioRecorder(url: try Self.recordingURL("no"), settings: Self.settings()) }
        #expect(device.run(as: "Music") { recorder.record() } == false)
        #expect(!recorder.isRecording)
    }
}
