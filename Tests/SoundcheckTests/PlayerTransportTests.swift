import Foundation
import OpenAVFAudio
import SimCore
import Soundcheck
import Testing

extension PlayerTests {
    /// Mono 48 kHz, 0.5 amplitude: 440 Hz for the first 1.5 s, then 880 Hz to the end at 3 s, so
    /// what reaches the speaker tells which part of the file is playing.
    static func twoToneFile() throws -> URL {
        let url = try toneFile("two-tone", frequency: 440, seconds: 3, rate: 48_000)
        let file = try AVAudioFile(forReading: url)
        let buffer = try #require(AVAudioPCMBuffer(pcmFormat: file.processingFormat, frameCapacity: 144_000))
        try file.read(into: buffer)
        let data = try #require(buffer.floatChannelData)
        for frame in 72_000..<144_000 { data[0][frame] = 0.5 * Float(sin(2 * Double.pi * 880 * Double(frame) / 48_000)) }
        let rewritten = try AVAudioFile(forWriting: url, settings: file.fileFormat.settings)
        try rewritten.write(from: buffer)
        rewritten.close()
        return url
    }

    @Test("PLAYER-TRANSPORT: play, pause, seek, pan and stop are heard at the speaker, and play runs to the end of the file")
    func transport() throws {
        let device = try SimulatedDevice(seed: 23)
        try Self.launch(device, "Player", category: .playback)
        let player = try Self.makePlayer(device, "Player", try Self.twoToneFile())
        let log = FinishLog(device)
        player.delegate = log
        #expect(device.run(as: "Player") { player.play() })
        device.advance(to: .seconds(1))
        player.pause()
        #expect(!player.isPlaying && abs(player.currentTime - 1) < 0.001)
        device.advance(to: .seconds(2))
        player.currentTime = 1.5
        #expect(device.run(as: "Player") { player.play() })
        device.advance(to: .seconds(3))
        player.pan = -1
        device.advance(to: .milliseconds(3300))
        player.stop()
        #expect(!player.isPlaying && abs(player.currentTime - 2.8) < 0.001)
        device.advance(to: .milliseconds(3800))
        #expect(device.run(as: "Player") { player.play() })
        device.advance(to: .milliseconds(4500))

        let speaker = try #require(device.sink("Speaker"))
        func tone(_ hz: Double, _ channel: Int, _ from: Int, _ to: Int) throws -> Double {
            try #require(speaker.toneAmplitude(atFrequency: hz, channel: channel, from: .milliseconds(Int64(from)), to: .milliseconds(Int64(to))))
        }
        for channel in 1...2 {
            #expect(abs(try tone(440, channel, 100, 900) - 0.5) < 0.01, "play: the file's start")
            #expect(speaker.isSilent(channel: channel, from: .milliseconds(1050), to: .milliseconds(1950)), "paused")
            #expect(abs(try tone(880, channel, 2050, 2950) - 0.5) < 0.01, "seek to 1.5 s: the second tone")
            #expect(try tone(440, channel, 2050, 2950) < 0.01)
            #expect(speaker.isSilent(channel: channel, from: .milliseconds(3350), to: .milliseconds(3750)), "stopped")
            #expect(speaker.isSilent(channel: channel, from: .milliseconds(4050), to: .milliseconds(4500)), "ended")
        }
        #expect(abs(try tone(880, 1, 3050, 3250) - 0.5) < 0.01, "pan -1: full left")
        #expect(speaker.isSilent(channel: 2, from: .milliseconds(3050), to: .milliseconds(3250)), "pan -1: right silent")
        #expect(abs(try tone(880, 1, 3820, 3980) - 0.5) < 0.01, "play after stop resumes at the playhead")
        #expect(log.finishes.count == 1 && log.finishes.first?.successfully == true)
        let end = try #require(log.finishes.first?.time)
        #expect(abs(end.nanoseconds - 4_000_000_000) < 25_000_000, "finished at \(end)")
        #expect(!player.isPlaying)
    }
}
