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
