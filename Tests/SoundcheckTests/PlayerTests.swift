import Foundation
import MediaServer
import OpenAVFAudio
import SimCore
import Soundcheck
import Testing
import VirtualDevices

/// AVAudioPlayer through the harness: app code written against the facade, checked on the port sinks.
@Suite("AVAudioPlayer through the media server")
struct PlayerTests {
    /// A sine file written with AVAudioFile (32-bit float WAV) in a fresh temporary folder.
    static func toneFile(_ name: String, frequency: Double = 1000, amplitude: Float = 0.5, seconds: Double = 3,
                         rate: Double = 44_100, channels: Int = 1) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("soundcheck-player-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("\(name).wav")
        let settings: [String: Any] = [AVFormatIDKey: kAudioFormatLinearPCM, AVSampleRateKey: rate,
                                       AVNumberOfChannelsKey: channels, AVLinearPCMBitDepthKey: 32, AVLinearPCMIsFloatKey: true]
        let file = try AVAudioFile(forWriting: url, settings: settings)
        let frames = AVAudioFrameCount(seconds * rate)
        let buffer = try #require(AVAudioPCMBuffer(pcmFormat: file.processingFormat, frameCapacity: frames))
        buffer.frameLength = frames
        let data = try #require(buffer.floatChannelData)
        for channel in 0..<channels {
            for frame in 0..<Int(frames) {
                data[channel][frame] = amplitude * Float(sin(2 * Double.pi * frequency * Double(frame) / rate))
            }
        }
        try file.write(from: buffer)
        file.close()
        return url
    }

    static func launch(_ device: SimulatedDevice, _ name: String, category: AVAudioSession.Category,
                       backgroundAudio: Bool = true) throws {
        try device.launch(name, backgroundAudio: backgroundAudio) {
            try AVAudioSession.sharedInstance().setCategory(category)
            try AVAudioSession.sharedInstance().setActive(true)
        }
    }

    static func makePlayer(_ device: SimulatedDevice, _ app: String, _ url: URL) throws -> AVAudioPlayer {
        try device.run(as: app) { try AVAudioPlayer(contentsOf: url) }
    }

    /// First sample index at or after `from` whose magnitude exceeds a small threshold.
    static func firstSound(_ samples: [Float], from: Int = 0) -> Int? {
        samples[from...].firstIndex { abs($0) > 1e-4 }
    }

    final class FinishLog: AVAudioPlayerDelegate {
        var finishes: [(time: HostTime, successfully: Bool, app: String?)] = []
        let device: SimulatedDevice
        init(_ device: SimulatedDevice) { self.device = device }
        func audioPlayerDidFinishPlaying(_ player: AVAudioPlayer, successfully flag: Bool) {
            finishes.append((device.now, flag, AppContext.current?.app.name))
        }
    }













    @Test("the same player and recorder scenario run twice gives a byte-identical trace and identical audio")
    func deterministic() throws {
        let url = try Self.toneFile("twice", seconds: 1, rate: 44_100)
        func runOnce() throws -> (String, [Float]) {
            let device = try SimulatedDevice(seed: 25)
            try Self.launch(device, "Player", category: .playAndRecord)
            let player = try Self.makePlayer(device, "Player", url)
            player.numberOfLoops = 2
            let recorder = try device.run(as: "Player") {
                try AVAudioRecorder(url: url.deletingLastPathComponent().appendingPathComponent("rec.wav"),
                                    settings: [AVFormatIDKey: kAudioFormatLinearPCM, AVSampleRateKey: 44_100.0, AVNumberOfChannelsKey: 1])
            }
            device.run(as: "Player") { _ = player.play(atTime: 0.123); _ = recorder.record(forDuration: 1.5) }
            device.advance(to: .milliseconds(700))
            player.currentTime = 0.25
            try device.perform(.incomingCall(caller: "Mum"))
            device.advance(to: .seconds(4))
            return (device.trace.contentHash, try #require(device.sink("Speaker")?.samples(channel: 1)))
        }
        let first = try runOnce()
        let second = try runOnce()
        #expect(first.0 == second.0)
        #expect(first.1 == second.1)
    }
}
