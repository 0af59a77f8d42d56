import Foundation
import MediaServer
import AVFAudio
import SimCore
import Soundcheck
import Testing
import VirtualDevices

/// docs/architecture.md, The IO cycle: the same scenario gives bit-identical port audio at every IO buffer size.
@Suite("Audio block-size invariance")
struct AudioBlockSizeTests {
    /// Two apps, a tone, seeded noise and a 44.1 kHz buffer converted to 48 kHz; voices start,
    /// ramp, pan and stop at times that fall inside cycles at every size.
    static func render(ioFrames: Int) throws -> [[Float]] {
        let device = try SimulatedDevice(seed: 9)
        device.audioMixSettings.ioBufferFramesOverride = ioFrames
        try device.launch("A", backgroundAudio: true) {
            try AVAudioSession.sharedInstance().setCategory(.playback, options: .mixWithOthers)
            try AVAudioSession.sharedInstance().setActive(true)
        }
        try device.launch("B", backgroundAudio: true) {
            try AVAudioSession.sharedInstance().setCategory(.ambient)
            try AVAudioSession.sharedInstance().setActive(true)
        }
        let pcm = PCMBuffer(sampleRate: .hz44100, channels: [
            (0..<4410).map { Float(sin(Double($0) * 0.05)) * 0.3 }, (0..<4410).map { Float(cos(Double($0) * 0.031)) * 0.3 },
        ])
        try device.server.schedule("start", at: .milliseconds(3)) {
            device.play(.sine(frequency: 523.25, amplitude: 0.4), as: "A")
        }
        try device.server.schedule("noise", at: HostTime(nanoseconds: 17_123_457)) {
            let noise = device.play(.noise(seed: 5, amplitude: 0.2), as: "B")
            device.server.setPan(noise, -0.7, ramp: .milliseconds(33))
            try? device.server.schedule("stop noise", at: HostTime(nanoseconds: 401_000_001)) { device.stop(noise) }
        }
        try device.server.schedule("buffer", at: .milliseconds(51)) {
            let voice = device.play(.buffer(pcm, looping: true), as: "A", gain: 0.8)
            device.server.setGain(voice, 0.1, ramp: .milliseconds(123))
        }
        device.advance(to: .milliseconds(700))  // every size has rendered past 600 ms by then
        #expect(device.server.liveVoices.count == 2, "the stopped noise voice is freed")
        let speaker = try #require(device.sink("Speaker"))
        return [speaker.samples(channel: 1)!, speaker.samples(channel: 2)!].map { Array($0.prefix(28_800)) }
    }

    @Test("IO buffers of 64, 256, 1024, 441, 100 and 7 frames give bit-identical speaker samples")
    func blockSizeLaw() throws {
        let reference = try Self.render(ioFrames: 64)
        #expect(reference[0].count == 28_800)
        #expect(reference[0].contains { $0 != 0 } && reference[1].contains { $0 != 0 })
        for frames in [256, 1024, 441, 100, 7] {
            let other = try Self.render(ioFrames: frames)
            for channel in 0..<2 {
                let difference = other[channel].indices.first { other[channel][$0] != reference[channel][$0] }
                let maxError = zip(other[channel], reference[channel]).map { abs($0 - $1) }.max() ?? 0
                #expect(difference == nil && other[channel].count == reference[channel].count,
                        "\(frames) frames, channel \(channel + 1): first differing frame \(difference ?? -1), max error \(maxError)")
            }
        }
    }
}
