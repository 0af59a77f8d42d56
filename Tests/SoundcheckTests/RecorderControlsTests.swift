import Foundation
import OpenAVFAudio
import Soundcheck
import Testing

extension RecorderTests {
    @Test("RECORDER-CONTROLS: prepareToRecord creates the file; record, pause, record and stop keep only the recorded stretches; record(forDuration:) stops by itself")
    func controls() throws {
        let device = try SimulatedDevice(seed: 38)
        try Self.launchRecorderApp(device)
        device.answerRecordPermission("Memo", granted: true)
        device.attachInputSource("Built-In Microphone", .sine(frequency: 440, amplitude: 0.5))
        let url = try Self.recordingURL("controls")
        let recorder = try device.run(as: "Memo") { try AVAudioRecorder(url: url, settings: Self.settings()) }
        #expect(device.run(as: "Memo") { recorder.prepareToRecord() })
        #expect(FileManager.default.fileExists(atPath: url.path) && !recorder.isRecording)
        device.advance(to: .milliseconds(500))
        #expect(device.run(as: "Memo") { recorder.record() })
        device.advance(to: .milliseconds(1500))
        device.run(as: "Memo") { recorder.pause() }
        #expect(!recorder.isRecording)
        device.advance(to: .milliseconds(2500))
        #expect(device.run(as: "Memo") { recorder.record() })
        device.advance(to: .milliseconds(3000))
        device.run(as: "Memo") { recorder.stop() }
        #expect(!recorder.isRecording)
        device.advance(to: .seconds(4))

        // 1 s before the pause and 0.5 s after it: 72,000 frames at 48 kHz, all of the tone.
        let (samples, rate, _) = try Self.readBack(url)
        #expect(rate == 48_000 && abs(samples.count - 72_000) <= 1_024, "\(samples.count) frames")
        try #require(samples.count > 60_000)
        #expect(abs(Self.toneAmplitude(samples[2_400..<45_600], frequency: 440, rate: 48_000) - 0.5) < 0.01)
        #expect(abs(Self.toneAmplitude(samples[50_400..<69_600], frequency: 440, rate: 48_000) - 0.5) < 0.01)

        let timedURL = try Self.recordingURL("controls-timed")
        let timed = try device.run(as: "Memo") { try AVAudioRecorder(url: timedURL, settings: Self.settings()) }
        #expect(device.run(as: "Memo") { timed.record(forDuration: 0.5) })
        device.advance(to: .seconds(5))
        #expect(!timed.isRecording)
        #expect(try Self.readBack(timedURL).samples.count == 24_000)
    }
}
